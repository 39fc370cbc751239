import ArgumentParser
import CropFiles
import CropPhotos
import CropScenario
import CropSim
import CropVocabulary
import Dispatch
import Foundation
import Synchronization

/// `cropsim photos`: what the editor does with every photo of a corpus on each device, as JSON
/// Lines written as photos finish, an HTML contact sheet and a summary. Resumable: a rerun skips
/// photos whose bytes and config were already checked. See docs/photos.md.
struct PhotosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Check a folder of photos: refusals, tips, zoom ranges, avatars and 80×80 thumbnails per device.",
        discussion: """
            Results go to OUT/results.jsonl as each photo finishes (one line per photo and device), \
            thumbnails to OUT/thumbs/, the contact sheet to OUT/index.html and the counts to \
            OUT/summary.json. With --inset P%, each photo cropped by P from every edge (upright, sRGB) \
            goes to OUT/insets/ and the sheet shows it beside the original. OUT must be absent, empty \
            or a previous photos folder. A rerun skips photos already checked with the same bytes and \
            config, and insets already made at the same percentage. Exit code 1 when any photo is \
            refused or its avatar or inset cannot be made; 130/143 when interrupted (results so far kept).

            """ + ExitStatus.help
    )

    @Argument(help: "Photos and folders (searched recursively for .png, .jpg, .jpeg).") var paths: [String]
    @Option(help: "Devices, comma-separated preset names, or \"all\" (\(DevicePreset.names.joined(separator: ", "))).")
    var devices = "iphone-15"
    @Option(help: "Photos checked at once (default: all cores; at most \(Limits.maxJobs)).") var jobs: Int?
    @Option(help: "Output folder (absent, empty or a previous photos folder).") var out = "Reports/photos"
    @Option(help: "Check only shard i of n (1-based) of the sorted photos.") var shard: Shard?
    @Flag(help: "Also write each avatar to OUT/avatars/.") var avatars = false
    @Option(
        parsing: .unconditional,
        help: "Also write each photo cropped by this much from every edge, 5%…20% (12% or 12.5%), to OUT/insets/.")
    var inset: String?
    @Flag(help: "No progress output.") var quiet = false
    @OptionGroup var configOptions: ConfigOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be ≥ 1, got \(jobs)") }
        _ = try presets()
        _ = try insetCrop()
    }

    func insetCrop() throws -> PhotoInsetCrop? {
        guard let inset else { return nil }
        do { return PhotoInsetCrop(inset: try InsetPercent(inset)) } catch { throw ValidationError("--inset \(error)") }
    }

    func presets() throws -> [DevicePreset] {
        if devices == "all" { return DevicePreset.all }
        var list: [DevicePreset] = []
        for name in devices.split(separator: ",", omittingEmptySubsequences: false).map({
            $0.trimmingCharacters(in: .whitespaces)
        }) {
            guard let p = DevicePreset.named(name) else {
                throw ValidationError("--devices: \(DevicePreset.unknown(name))")
            }
            if !list.contains(p) { list.append(p) }
        }
        return list
    }

    /// The closing line's inset count for this run: the insets made, and those that could not be
    /// (an undecodable photo was counted as made, issue 34, while summary.json said `made: 0`).
    static func insetCount(_ insets: [PhotoInsetResult], _ inset: InsetPercent) -> String {
        let failed = insets.filter { $0.failed != nil }.count
        return ", \(insets.count - failed) insets at \(inset.text) made"
            + (failed > 0 ? ", \(failed) could not be made" : "")
    }

    func run() throws {
        let folder = try PhotoBatchFolder(out)
        var corpus: [String]
        do { corpus = try PhotoCorpus.collect(paths, excluding: folder.path) } catch {
            throw CommandLineInputError(description: error.description)
        }
        if let shard { corpus = corpus.enumerated().filter { shard.contains(position: $0.offset) }.map(\.element) }
        guard !corpus.isEmpty else {
            throw CommandLineInputError(
                description:
                    "no PNG or JPEG photos in \(paths.joined(separator: " "))\(shard.map { " (shard \($0.index)/\($0.count))" } ?? "")"
            )
        }
        var check = PhotoCheck(devices: try presets(), config: configOptions.config())
        check.keepAvatars = avatars
        let insetCrop = try insetCrop()
        try folder.prepare(avatars: avatars, insets: insetCrop != nil)
        let lock = try folder.lock(waiting: {
            printToStandardError("note: waiting for another cropsim photos run writing \(folder.path)")
        })
        defer { lock.release() }
        let journal = try PhotoJournal(folder: folder)
        if journal.dropped > 0, !quiet {
            printToStandardError(
                "note: \(folder.path)/\(PhotoJournal.fileName): dropped the torn last line of an interrupted run")
        }

        let batch = PhotoBatch(
            corpus: corpus, check: check, insetCrop: insetCrop, folder: folder, journal: journal,
            progress: quiet ? nil : Progress(total: corpus.count, terminal: isatty(STDERR_FILENO) != 0))
        let stop = Interrupt.install()
        let outcome = batch.run(jobs: Limits.jobs(jobs), stop: stop)

        // The sheet and summary cover this corpus and config only, whatever else the journal holds.
        let wanted = Set(corpus)
        let keys = Set(check.devices.map { check.configKey(for: $0) })
        var latest: [String: PhotoResult] = [:]
        for r in journal.previous + outcome.results where wanted.contains(r.path) && keys.contains(r.config) {
            latest[r.path + "\n" + r.device] = r
        }
        let results = latest.values.sorted { ($0.path, $0.device) < ($1.path, $1.device) }
        var insets: [String: PhotoInsetResult] = [:]
        for r in journal.previousInsets + outcome.insets where wanted.contains(r.path) && r.insetKey == insetCrop?.key {
            insets[r.path] = r
        }
        try folder.write(Array(PhotoSheet.render(results, insets: insets).utf8), to: "index.html")
        var summary = PhotoBatchSummary(results, devices: check.devices.map(\.name))
        if let insetCrop { summary.inset = .init(insetCrop.inset, insets.values) }
        try folder.write(Array(try summary.json().utf8), to: "summary.json")
        if let error = outcome.error { throw error }
        let tally = PhotoTally(results)
        print(
            "\(tally.photos) photos × \(check.devices.count) device\(check.devices.count == 1 ? "" : "s"): \(tally.opened) opened, \(tally.refused) refused, \(tally.tips) tips, \(tally.lowDensity) low density, \(tally.zoomLimited) zoom limited, \(tally.avatarFailed) avatar failures\(insetCrop.map { Self.insetCount(outcome.insets, $0.inset) } ?? "") (\(outcome.skipped) already done); sheet: \(folder.path)/index.html"
        )
        if let signal = stop.signal { throw ExitCode(128 + signal) }
        if results.contains(where: \.failed) || insets.values.contains(where: { $0.failed != nil }) {
            throw ExitCode.checkFailed
        }
    }
}

/// Runs the checks on `jobs` threads, each taking the next photo when it finishes one, so at most
/// `jobs` photos are decoded at once whatever the corpus size.
struct PhotoBatch: Sendable {
    var corpus: [String]
    var check: PhotoCheck
    /// With `--inset`: the crop each photo also gets, kept apart from the device checks.
    var insetCrop: PhotoInsetCrop?
    var folder: PhotoBatchFolder
    var journal: PhotoJournal
    var progress: Progress?

    struct Outcome {
        var results: [PhotoResult]
        var insets: [PhotoInsetResult]
        var skipped: Int
        var error: (any Error)?
    }

    /// What earlier runs did, by path and key (skip) and by key alone (the same bytes elsewhere).
    struct Done: Sendable {
        var results: [String: PhotoResult] = [:], resultsByKey: [String: PhotoResult] = [:]
        var insets: [String: PhotoInsetResult] = [:], insetsByKey: [String: PhotoInsetResult] = [:]

        init(_ journal: PhotoJournal) {
            for r in journal.previous {
                results[r.path + "\n" + r.key] = r
                resultsByKey[r.key] = r
            }
            for r in journal.previousInsets {
                insets[r.path + "\n" + r.key] = r
                insetsByKey[r.key] = r
            }
        }
    }

    /// One photo's new lines.
    struct Lines {
        var results: [PhotoResult] = []
        var insets: [PhotoInsetResult] = []
        var isEmpty: Bool { results.isEmpty && insets.isEmpty }
    }

    func run(jobs: Int, stop: Interrupt) -> Outcome {
        let done = Done(journal)
        let collected = Mutex<(outcome: Outcome, error: (any Error)?)>(
            (Outcome(results: [], insets: [], skipped: 0), nil))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(jobs, corpus.count)) { _ in
            while !stop.requested, collected.withLock({ $0.error == nil }) {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < corpus.count else { return }
                do {
                    let lines = try checkOne(corpus[i], done: done)
                    try journal.append(lines.results, insets: lines.insets)
                    collected.withLock {
                        $0.outcome.results += lines.results
                        $0.outcome.insets += lines.insets
                        $0.outcome.skipped += lines.isEmpty ? 1 : 0
                    }
                    progress?.finished(
                        refused: lines.results.contains(where: \.failed) || lines.insets.contains { $0.failed != nil })
                } catch {
                    collected.withLock { $0.error = $0.error ?? error }
                }
            }
        }
        progress?.end()
        return collected.withLock {
            var o = $0.outcome; o.error = $0.error; return o
        }
    }

    /// Whether an earlier result still stands as it is: its thumbnail is on disk and, when this
    /// run keeps avatars, its avatar too (a rerun that adds `--avatars` renders what is missing).
    private func stands(_ r: PhotoResult) -> Bool {
        guard present(r.thumbnail) else { return false }
        guard check.keepAvatars, r.avatar != nil else { return true }
        return r.avatar?.file != nil && present(r.avatar?.file)
    }

    /// Whether an earlier inset still stands: every file it names is one of `insets/`'s, on disk
    /// (a journal is untrusted: a line naming a file elsewhere is made again, never linked to).
    private func stands(_ r: PhotoInsetResult) -> Bool {
        r.files.allSatisfy {
            $0.hasPrefix("insets/") && !$0.dropFirst(7).contains("/") && !$0.hasPrefix("insets/.") && present($0)
        }
    }

    private func present(_ file: String?) -> Bool { file.map { access(folder.path + "/" + $0, F_OK) == 0 } ?? true }

    /// The photo's lines still missing from the journal (none when it is done).
    private func checkOne(_ path: String, done: Done) throws(OutputError) -> Lines {
        let hash: String
        do { hash = try ContentHash.file(path) } catch {
            // Unreadable (gone, no permission): a refusal like any other, never a stop.
            return Lines(
                results: check.unreadable(path: path, because: error.description),
                insets: insetCrop.map { [$0.unreadable(path: path, because: error.description)] } ?? [])
        }
        var lines = Lines()
        guard let insetCrop else {
            lines.results = try checkDevices(path, hash, done: done, alongside: nil)
            return lines
        }
        let key = "\(hash) \(insetCrop.key)"
        let needed = done.insets[path + "\n" + key].map(stands) != true
        let earlier = done.insetsByKey[key].flatMap { stands($0) ? $0 : nil }
        // An inset still to make rides on the check's pass over the photo, when there is one.
        let ride =
            needed && earlier == nil && insetCrop.limits == check.limits
            ? insetCrop.alongside(path: path, haveOriginal: present(PhotoInsetCrop.originalFile(hash))) : nil
        lines.results = try checkDevices(path, hash, done: done, alongside: ride)
        if needed { lines.insets = [try crop(path, hash, insetCrop, reusing: earlier, rode: ride)] }
        return lines
    }

    /// The device lines still missing: none when done, an earlier verdict for the same bytes
    /// under another name, or a new check.
    private func checkDevices(_ path: String, _ hash: String, done: Done, alongside: PhotoInsetCrop.Ride?)
        throws(OutputError) -> [PhotoResult]
    {
        let missing = check.devices.filter { d in
            done.results[path + "\n" + "\(hash) \(check.configKey(for: d)) \(d.name)"].map(stands) != true
        }
        guard !missing.isEmpty else { return [] }
        // The same bytes under another name: reuse the verdict, it depends on the bytes alone.
        let reused = missing.compactMap { d in done.resultsByKey["\(hash) \(check.configKey(for: d)) \(d.name)"] }
        if reused.count == missing.count, reused.allSatisfy(stands) {
            return reused.map { $0.renamed(to: path) }
        }
        let outcome = check.check(path: path, sha256: hash, devices: missing, alongside: alongside?.crop)
        if let png = outcome.thumbnail {
            try folder.add(png, at: PhotoCheck.thumbnailFile(hash, side: check.thumbnailSide))
        }
        for (file, bytes) in outcome.avatars.sorted(by: { $0.key < $1.key }) { try folder.add(bytes, at: file) }
        return outcome.results
    }

    /// The inset line: an earlier one for the same bytes under another name, or a new crop.
    private func crop(
        _ path: String, _ hash: String, _ insetCrop: PhotoInsetCrop, reusing earlier: PhotoInsetResult?,
        rode: PhotoInsetCrop.Ride?
    ) throws(OutputError) -> PhotoInsetResult {
        if let earlier { return earlier.renamed(to: path) }
        let outcome = insetCrop.crop(
            path: path, sha256: hash, haveOriginal: present(PhotoInsetCrop.originalFile(hash)), rode: rode)
        for (file, bytes) in outcome.files.sorted(by: { $0.key < $1.key }) { try folder.add(bytes, at: file) }
        return outcome.result
    }
}
