import Foundation
import Synchronization

/// The progress of long work (`run`, `fuzz`) on standard error. On a terminal it is one line
/// rewritten in place twice a second; otherwise (a CI log, a file) a plain line every few
/// seconds, so a log shows the job is alive without filling up. `--quiet` turns it off. A plain
/// job that printed progress ends with a last line; a short one prints nothing.
final class ProgressLine: Sendable {
    enum Mode: Sendable { case off, live, plain }

    let mode: Mode
    /// Seconds between lines.
    let interval: Double
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let state = Mutex<(last: Double, printed: Bool)>((0, false))

    init(quiet: Bool, interval: Double? = nil) {
        mode = quiet ? .off : isatty(STDERR_FILENO) != 0 ? .live : .plain
        self.interval = interval ?? (mode == .live ? 0.5 : 5)
        start = clock.now
    }

    var seconds: Double {
        let d = clock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// Prints `text()` if a line is due.
    func update(_ text: () -> String) {
        guard mode != .off else { return }
        let now = seconds
        let due = state.withLock { s -> Bool in
            guard now - s.last >= interval else { return false }
            s.last = now
            s.printed = true
            return true
        }
        if due { write(text()) }
    }

    /// The last line: rewritten and ended on a terminal, printed in a log that had progress.
    func finish(_ text: String) {
        switch mode {
        case .off: return
        case .live: FileHandle.standardError.write(Data("\r\u{1B}[K\(text)\n".utf8))
        case .plain: if state.withLock({ $0.printed }) { write(text) }
        }
    }

    /// What a message printed while the line is shown starts with: clearing the live line.
    var messagePrefix: String { mode == .live ? "\r\u{1B}[K" : "" }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data((mode == .live ? "\r\u{1B}[K\(text)" : "\(text)\n").utf8))
    }
}
