import CropScenario
import CropSim
import CropText
import CropVocabulary
import Foundation

/// `index.html` of a batch: every photo's 80×80 thumbnail in a grid with a badge per finding and
/// device, a histogram of zoom ranges, and filters (finding, device, text). With `--inset`, each
/// card shows the whole photo (the inset outlined on it) and the inset side by side instead of the
/// thumbnail. One self-contained page beside `thumbs/` and `insets/`; the same results give the
/// same bytes (photos in path order).
public enum PhotoSheet {
    /// Zoom-range bins: s_max / s_min from 1 (no zoom at all) up to the config's multiplier.
    /// Each label names both ends ("1.5–2×"), so none reads as a negative number.
    static let bins: [(label: String, upper: Double)] = [
        ("1× (none)", 1.0001), ("1–1.5×", 1.5), ("1.5–2×", 2), ("2–3×", 3), ("3–4×", 4.0001), ("over 4×", .infinity)
    ]

    public static func render(
        _ results: [PhotoResult], insets: [String: PhotoInsetResult] = [:], title: String = "cropsim photos"
    ) -> String {
        let byPath = Dictionary(grouping: results, by: \.path)
        let paths = byPath.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let devices = Array(Set(results.map(\.device))).sorted()
        let tally = PhotoTally(results)
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escapeMarkup(title))</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:16px;background:#fafafa;color:#222}
            h1{font-size:20px;margin:0 0 8px} .totals{margin:0 0 12px;color:#444}
            .filters{display:flex;gap:12px;flex-wrap:wrap;align-items:center;margin:8px 0 16px}
            .filters label{cursor:pointer} #shown{color:#666}
            .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(190px,1fr));gap:10px}
            .card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px;display:flex;gap:8px}
            .card[hidden]{display:none} .card img,.card .none{width:80px;height:80px;flex:none;border-radius:4px;background:#eee}
            .thumb{position:relative;flex:none;width:80px;height:80px;line-height:0}
            .thumb img{outline:1px solid #888;image-rendering:pixelated}
            .thumb svg{position:absolute;left:0;top:0;pointer-events:none}
            .thumb .tiny{position:absolute;left:2px;bottom:2px;line-height:1.2;font-size:10px;background:#222;color:#fff;padding:0 3px;border-radius:3px}
            .zoom{white-space:nowrap} .reason{color:#8e0000;font-size:11px;margin:2px 0 0;overflow-wrap:anywhere}
            .none{display:flex;align-items:center;justify-content:center;color:#999;font-size:11px;text-align:center}
            .meta{min-width:0;font-size:12px} .name{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
            .dev{margin-top:3px} .badge{display:inline-block;padding:0 5px;border-radius:8px;font-size:11px;margin:1px 2px 0 0;color:#fff}
            .refused{background:#c62828} .tip{background:#ef6c00} .lowdensity{background:#6a1b9a} .zoomlimited{background:#1565c0}
            .ok{background:#2e7d32} .avatarfailed{background:#000}
            svg text{font:11px system-ui,sans-serif}\(insets.isEmpty ? "" : insetStyle)
            </style></head><body>
            <h1>\(escapeMarkup(title))</h1>
            <p class="totals">\(tally.photos) photos × \(devices.count) device\(devices.count == 1 ? "" : "s"): \(tally.opened) opened, \(tally.refused) refused, \(tally.tips) with the quality tip, \(tally.lowDensity) low density, \(tally.zoomLimited) zoom limited, \(tally.avatarFailed) avatar failures</p>

            """
        html += histogram(results)
        html += """
            <div class="filters" role="group" aria-label="Filters">
            <label><input type="radio" name="finding" value="all" checked> all</label>
            <label><input type="radio" name="finding" value="refused"> refused</label>
            <label><input type="radio" name="finding" value="tip"> quality tip</label>
            <label><input type="radio" name="finding" value="lowdensity"> low density</label>
            <label><input type="radio" name="finding" value="zoomlimited"> zoom limited</label>
            <label><input type="radio" name="finding" value="ok"> no findings</label>
            <label>device <select id="device"><option value="">all</option>\(devices.map { "<option>\(escapeMarkup($0))</option>" }.joined())</select></label>
            <label>path <input id="search" type="search" placeholder="contains…"></label>
            <span id="shown"></span>
            </div>
            <div class="grid" id="grid">

            """
        for path in paths {
            html += card(
                path, rows: byPath[path]!.sorted { $0.device < $1.device }, inset: insets[path],
                showsInset: !insets.isEmpty)
        }
        html += pageEnd(devices: devices)
        return html
    }

    /// The page's end: the grid closes, and the script filters the cards by finding, device and
    /// path.
    private static func pageEnd(devices: [String]) -> String {
        """
        </div>
        <script>
        const devices = \(jsonArray(devices));
        function apply() {
          const finding = document.querySelector('input[name=finding]:checked').value;
          const device = document.getElementById('device').value;
          const text = document.getElementById('search').value.toLowerCase();
          let shown = 0;
          for (const card of document.querySelectorAll('.card')) {
            const byDevice = JSON.parse(card.dataset.findings);
            const lists = (device ? [device] : devices).map(d => byDevice[d]).filter(x => x !== undefined);
            const match = finding === 'all' ? lists.length > 0 : lists.some(l => l.split(' ').includes(finding));
            card.hidden = !(match && card.dataset.path.includes(text));
            if (!card.hidden) shown++;
          }
          document.getElementById('shown').textContent = shown + ' shown';
        }
        document.querySelectorAll('input[name=finding], #device').forEach(e => e.addEventListener('change', apply));
        document.getElementById('search').addEventListener('input', apply);
        apply();
        </script>
        </body></html>

        """
    }

    /// One photo's card: its thumbnail (or, with `--inset`, the whole photo beside its inset, which
    /// may be missing), its size and orientation, and a line of finding badges per device.
    static func card(_ path: String, rows: [PhotoResult], inset: PhotoInsetResult?, showsInset: Bool) -> String {
        let first = rows[0]
        let size =
            first.storedWidth.map { w in
                "\(w)×\(first.storedHeight ?? 0)" + (first.orientation.map { $0 == 1 ? "" : " o\($0)" } ?? "")
            } ?? "unreadable"
        let image = !showsInset ? thumb(rows) : pair(inset)
        var byDevice: [String] = []
        var lines = ""
        for r in rows {
            let findings = findings(r)
            byDevice.append("\(jsonString(r.device)):\(jsonString(findings.map(\.0).joined(separator: " ")))")
            let zoom =
                r.zoomRange.map { " · <span class=\"zoom\">zoom range 1–" + String(format: "%.2f", $0) + "×</span>" }
                ?? ""
            let badges = findings.map { "<span class=\"badge \($0.0)\" title=\"\(escapeMarkup($0.2))\">\($0.1)</span>" }
                .joined()
            lines += "<div class=\"dev\">\(escapeMarkup(r.device))\(zoom) \(badges)</div>"
            // Printed, not only a tooltip: hover shows nothing on a touch screen or on paper.
            // The card names the file already: a reason that starts with its path drops it.
            let because = r.refusedBecause.map {
                $0.hasPrefix(r.path + ": ") ? String($0.dropFirst(r.path.count + 2)) : $0
            }
            for reason in [
                r.refused.map { "refused: " + $0 + (because.map { " (\($0))" } ?? "") },
                r.avatarFailed.map { "avatar failed: " + $0 }
            ].compactMap({ $0 }) {
                lines += "<p class=\"reason\">\(escapeMarkup(reason))</p>"
            }
        }
        return
            "<div class=\"card\" data-path=\"\(escapeMarkup(path.lowercased()))\" data-findings=\"\(escapeMarkup("{" + byDevice.joined(separator: ",") + "}"))\">\(image)<div class=\"meta\"><div class=\"name\" title=\"\(escapeMarkup(path))\">\(escapeMarkup((path as NSString).lastPathComponent))</div><div>\(size)</div>\(lines)</div></div>\n"
    }

    /// The 80×80 center thumbnail in a frame (a photo of one flat color, or a 2×1 px one scaled
    /// up, is still a visible square), its stored size printed on it when it is smaller than the
    /// thumbnail, and the avatar's crop circle from the results' rectangle.
    static func thumb(_ rows: [PhotoResult]) -> String {
        let first = rows[0]
        guard let file = first.thumbnail else { return "<div class=\"none\">no thumbnail</div>" }
        var out =
            "<span class=\"thumb\"><img src=\"\(escapeMarkup(file))\" alt=\"\" loading=\"lazy\" width=\"80\" height=\"80\">"
        if let w = first.storedWidth, let h = first.storedHeight, min(w, h) < 80 {
            out += "<span class=\"tiny\">\(w)×\(h) px</span>"
        }
        out += cropCircles(rows)
        return out + "</span>"
    }

    /// Each distinct avatar crop of the photo's results as a circle over its thumbnail: the
    /// rectangle is in upright pixels, the thumbnail the largest centered square of the upright
    /// photo scaled to 80 px, so the circle is where the avatar would be cut.
    static func cropCircles(_ rows: [PhotoResult]) -> String {
        var circles: [String] = []
        for r in rows {
            guard let rect = r.avatar?.rect, let w = r.storedWidth, let h = r.storedHeight, w > 0, h > 0 else {
                continue
            }
            let (uw, uh) = (r.orientation ?? 1) >= 5 ? (Double(h), Double(w)) : (Double(w), Double(h))
            let side = min(uw, uh), k = 80 / side
            let cx = (rect.x + rect.width / 2 - (uw - side) / 2) * k,
                cy = (rect.y + rect.height / 2 - (uh - side) / 2) * k
            let radius = min(rect.width, rect.height) / 2 * k
            let circle = "<circle cx=\"\(svgNumber(cx))\" cy=\"\(svgNumber(cy))\" r=\"\(svgNumber(radius))\"/>"
            if !circles.contains(circle) { circles.append(circle) }
        }
        guard !circles.isEmpty else { return "" }
        return "<svg class=\"crop\" width=\"80\" height=\"80\" viewBox=\"0 0 80 80\" aria-label=\"avatar crop\">"
            + "<g fill=\"none\" stroke=\"#000\" stroke-width=\"3\" stroke-opacity=\"0.5\">\(circles.joined())</g>"
            + "<g fill=\"none\" stroke=\"#fff\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\">\(circles.joined())</g></svg>"
    }

    /// Two decimals, no "-0": the same results give the same bytes.
    static func svgNumber(_ x: Double) -> String {
        let s = String(format: "%.2f", x)
        return s == "-0.00" ? "0.00" : s
    }

    static let insetStyle = """

        .grid{grid-template-columns:repeat(auto-fill,minmax(520px,1fr))} .pair{display:flex;gap:8px;flex:none}
        .pair figure{margin:0;width:160px;text-align:center;font-size:11px;color:#555}
        .pair .frame{position:relative;display:inline-block;line-height:0}
        .card .pair img{width:auto;height:auto;max-width:160px;max-height:160px;border-radius:0}
        .pair .box{position:absolute;outline:2px dashed #fff;box-shadow:0 0 0 1px #000} .pair .none{width:160px;height:120px}
        """

    /// The whole photo with the inset outlined on it, beside the inset: both as 160 px previews.
    static func pair(_ inset: PhotoInsetResult?) -> String {
        guard let inset, inset.failed == nil, let original = inset.original, let preview = inset.preview,
            let rect = inset.rect, let w = inset.uprightWidth, let h = inset.uprightHeight
        else {
            let why = inset?.failed ?? "not made in this run"
            return "<div class=\"pair\"><div class=\"none\" title=\"\(escapeMarkup(why))\">no inset</div></div>"
        }
        func percent(_ part: Int, _ whole: Int) -> String {
            String(format: "%.4f%%", 100 * Double(part) / Double(whole))
        }
        let box =
            "left:\(percent(rect.x, w));top:\(percent(rect.y, h));width:\(percent(rect.width, w));height:\(percent(rect.height, h))"
        return
            "<div class=\"pair\"><figure class=\"original\"><span class=\"frame\"><img src=\"\(escapeMarkup(original))\" alt=\"original\" loading=\"lazy\">"
            + "<i class=\"box\" style=\"\(box)\"></i></span><figcaption>original \(w)×\(h)</figcaption></figure>"
            + "<figure class=\"inset\"><a href=\"\(escapeMarkup(inset.file ?? preview))\"><img src=\"\(escapeMarkup(preview))\" alt=\"inset \(escapeMarkup(inset.inset))\" loading=\"lazy\"></a>"
            + "<figcaption>inset \(escapeMarkup(inset.inset)) \(rect.width)×\(rect.height)</figcaption></figure></div>"
    }

    /// (class, label, tooltip) per finding; `ok` when there is none.
    static func findings(_ r: PhotoResult) -> [(String, String, String)] {
        var out: [(String, String, String)] = []
        if let refused = r.refused {
            out.append(("refused", "refused", refused + (r.refusedBecause.map { ": " + $0 } ?? "")))
        }
        if r.tip { out.append(("tip", "tip", "Zoom limited by photo quality")) }
        if r.lowDensity == true { out.append(("lowdensity", "low density", "σ / s_min under minPixelPerPoint")) }
        if r.zoomLimited == true { out.append(("zoomlimited", "zoom limited", "s_max = s_min")) }
        if let failed = r.avatarFailed { out.append(("avatarfailed", "avatar failed", failed)) }
        if out.isEmpty { out.append(("ok", "ok", "opens without findings")) }
        return out
    }

    static func histogram(_ results: [PhotoResult]) -> String {
        var counts = Array(repeating: 0, count: bins.count)
        for r in results {
            guard let z = r.zoomRange else { continue }
            counts[bins.firstIndex { z < $0.upper } ?? bins.count - 1] += 1
        }
        let top = max(1, counts.max() ?? 1)
        let barWidth = 70, height = 120
        var svg =
            "<figure><figcaption>How far each photo zooms in: the zoom range s_max / s_min (photo × device results that opened)</figcaption>"
        svg +=
            "<svg id=\"histogram\" width=\"\(bins.count * (barWidth + 10))\" height=\"\(height + 40)\" role=\"img\" aria-label=\"histogram of zoom ranges\">"
        for (i, bin) in bins.enumerated() {
            let h = counts[i] * height / top
            let x = i * (barWidth + 10)
            svg +=
                "<rect x=\"\(x)\" y=\"\(height - h + 14)\" width=\"\(barWidth)\" height=\"\(h)\" fill=\"#1565c0\"><title>\(counts[i])</title></rect>"
            svg += "<text x=\"\(x + barWidth / 2)\" y=\"\(height - h + 10)\" text-anchor=\"middle\">\(counts[i])</text>"
            svg +=
                "<text x=\"\(x + barWidth / 2)\" y=\"\(height + 30)\" text-anchor=\"middle\">\(escapeMarkup(bin.label))</text>"
        }
        return svg + "</svg></figure>\n"
    }

    static func jsonArray(_ items: [String]) -> String { "[" + items.map(jsonString).joined(separator: ",") + "]" }
}

/// Counts over a batch's results, for the sheet, `summary.json` and the closing line.
public struct PhotoTally: Codable, Sendable, Hashable {
    public var photos = 0
    public var results = 0
    public var opened = 0
    public var refused = 0
    public var tips = 0
    public var lowDensity = 0
    public var zoomLimited = 0
    public var avatarFailed = 0

    public init(_ results: [PhotoResult]) {
        photos = Set(results.map(\.path)).count
        self.results = results.count
        for r in results {
            if r.refused != nil { refused += 1 } else { opened += 1 }
            if r.tip { tips += 1 }
            if r.lowDensity == true { lowDensity += 1 }
            if r.zoomLimited == true { zoomLimited += 1 }
            if r.avatarFailed != nil { avatarFailed += 1 }
        }
    }
}
