import CropFrames

/// The page's fixed CSS, scripts and footer. The CSS and scripts are files in `Resources/`, so
/// they can be read and linted as what they are (`PageAssetsTests` runs `node --check`), and
/// SwiftPM embeds them in the binary (`.embedInCode`): the report must open from disk with no
/// network and nothing but its own folder, and a copied `cropsim` needs no bundle beside it.
enum PageAssets {
    static let css = text(PackageResources.report_css)

    /// First script on the page: records every uncaught error (and those a scrubber catches so the
    /// others still work) on `<html data-js-errors>` and in `#js-status`, which
    /// `scripts/check-report` reads from the dumped DOM.
    static let errorTrap = text(PackageResources.error_trap_js)

    /// The summary's controls and its empty table, which the script fills from the `rows` block.
    static let summaryShell = """
        <section class="summary"><h2>Summary</h2>
        <form class="filters" id="filters" onsubmit="return false">
        <label>Result <select name="result"><option value="">all</option><option value="fail">failed</option><option value="pass">passed</option><option value="na">not applicable</option></select></label>
        <label>Group <select name="group"><option value="">all</option></select></label>
        <label>Requirement <select name="req"><option value="">all</option></select></label>
        <label>Invariant <select name="inv"><option value="">all</option></select></label>
        <label>Search <input type="search" name="q" placeholder="id, name, R-id, invariant"></label>
        <span id="shown" class="muted"></span> <button type="button" id="more" hidden>Show more</button></form>
        <table id="summary"><thead><tr><th data-sort="pass">Result</th><th data-sort="id">Scenario</th><th data-sort="g">Group</th>\
        <th class="num" data-sort="ticks">Ticks</th><th class="num" data-sort="v">Violations</th><th data-sort="h">Haptics</th>\
        <th class="num" data-sort="p95">p95 model time / tick</th><th>Problems</th></tr></thead><tbody></tbody></table></section>

        """

    /// The summary table, at most 200 rows at a time ("Show more" adds 200: a browser lays out a
    /// 5,000-row table slowly, and nobody reads one) — sort by a column header, filter by the
    /// form; the state lives in the
    /// URL's hash, e.g. `#result=fail&group=gestures&open=gestures/pinch-out-to-max`, so a link
    /// reopens the same view; `open=*` opens every shown row) and the details: opening a row
    /// adds `<script src="scenarios/<id>/detail.js">`, which calls `cropsimDetail(id, html)`, and
    /// `…/timing.js`, which calls `cropsimTiming(id, html)` with the measured part (the frame-time
    /// histogram), put into the section's `.timing` box whichever arrives first. The p95 column
    /// comes from `timings.js` (`cropsimTimings`), loaded before this script.
    /// Scrubbers redraw the frame SVG at any tick from the section's data block, move the
    /// timeline cursors, play at 60 Hz, and jump to a filmstrip frame when it is clicked. A
    /// scrubber or detail that fails is reported; the others still work.
    static let script = FrameDrawing.script + text(PackageResources.report_js)

    static let footer = """
        <p>Timelines: the line is the editor's value each tick; the blue band is the range the model allows (zoom within [s_min, s_max], \
        translation within ±maxTx / ±maxTy); the strip above the plot shows pans in yellow and pinches in green; ▼ marks a haptic, a red × and dashed line a \
        violation, a ◇ on the time axis a checkpoint met and a red ◆ one failed; the dotted line follows the scrubber. Frames show the photo (or a test pattern with an "F" in its top-left corner), \
        92 % dimming outside the mask, the grid while it is visible, the instruction text until the first gesture, and fingertips in orange.</p>
        <p>Model time per tick is measured and differs between runs: it comes from <code>timings.js</code> (the p95 column) and \
        <code>scenarios/&lt;id&gt;/timing.js</code> (the frame-time histograms); everything else on this page is deterministic. \
        Open a scenario to load its details (<code>scenarios/&lt;id&gt;/detail.js</code>); \
        the logs behind them are in the same folders next to this file; a failed scenario's <code>trace.json</code> opens in ui.perfetto.dev. See docs/reports.md.</p>
        """

    /// A resource file's text without the newline that ends the file.
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == 0x0a ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}
