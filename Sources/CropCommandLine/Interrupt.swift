import Dispatch
import Foundation
import Synchronization

/// A stop request from SIGINT or SIGTERM for commands that finish what they hold and then stop
/// (`photos`): the first signal sets the flag, a second one exits at once. Whatever was finished
/// is already on disk by then.
final class Interrupt: Sendable {
    private let received = Atomic<Int32>(0)
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    var requested: Bool { received.load(ordering: .relaxed) != 0 }
    /// The signal that stopped the work, if any.
    var signal: Int32? { let s = received.load(ordering: .relaxed); return s == 0 ? nil : s }

    static func install() -> Interrupt {
        let interrupt = Interrupt()
        for number in [SIGINT, SIGTERM] {
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if interrupt.received.compareExchange(expected: 0, desired: number, ordering: .relaxed).exchanged {
                    printToStandardError(
                        "\nnote: stopping after the photos in progress (again to stop now); results so far are kept")
                } else {
                    _exit(128 + number)
                }
            }
            source.resume()
            sources.append(source)
        }
        return interrupt
    }
}

/// Progress on standard error: a bar redrawn in place on a terminal, a plain line every ten
/// seconds otherwise (CI logs), and a last line at the end.
final class Progress: Sendable {
    struct State {
        var done = 0
        var failed = 0
        var lastPrint: ContinuousClock.Instant
    }

    let total: Int
    let terminal: Bool
    let start = ContinuousClock.now
    private let state: Mutex<State>

    init(total: Int, terminal: Bool) {
        self.total = total
        self.terminal = terminal
        state = Mutex(State(lastPrint: start))
    }

    func finished(refused: Bool) {
        state.withLock { s in
            s.done += 1
            if refused { s.failed += 1 }
            let now = ContinuousClock.now
            guard now - s.lastPrint >= (terminal ? .milliseconds(100) : .seconds(10)) else { return }
            s.lastPrint = now
            emit(s, final: false)
        }
    }

    func end() { state.withLock { emit($0, final: true) } }

    private func emit(_ s: State, final: Bool) {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = Double(s.done) / max(seconds, 1e-3)
        let text = "photos \(s.done)/\(total), \(String(format: "%.1f", rate))/s, \(s.failed) with findings"
        if terminal {
            let width = 24, filled = total == 0 ? width : s.done * width / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            FileHandle.standardError.write(Data("\r\(bar) \(text)\u{1B}[K\(final ? "\n" : "")".utf8))
        } else {
            printToStandardError(text)
        }
    }
}
