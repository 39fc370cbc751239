import Dispatch
import Foundation
import Synchronization

/// Removes a report being written when the run is interrupted (SIGINT, SIGTERM), then exits with
/// 128 + the signal (130, 143) as a shell would. SIGKILL cannot be caught: what it leaves is
/// removed by the next run (`ReportFolder.recover`).
///
/// The handler and the swap take the same lock, so the handler never deletes a half-swapped
/// state: it sees the new report still staged (and deletes it) or already in place (and deletes
/// the old one).
enum Interrupts {
    struct Paths {
        var staging: String?
        var trash = ""
        var also: [String] = []
    }

    private static let paths = Mutex(Paths())
    private static let installed = Mutex(false)
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    static func register(staging: String, trash: String, also: [String]) {
        install()
        paths.withLock { $0 = Paths(staging: staging, trash: trash, also: also) }
    }

    static func unregister() {
        paths.withLock { $0 = Paths() }
    }

    /// Runs `body` so that no interrupt is handled while it runs.
    static func exclusive<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try paths.withLock { _ throws(E) -> T in try body() }
    }

    private static func install() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { interrupted(by: signalNumber) }
                source.resume()
                sources.append(source)
            }
        }
    }

    private static func interrupted(by signalNumber: Int32) -> Never {
        paths.withLock { p -> Never in
            if let staging = p.staging {
                // Out of the writer's way first: its next write into the staging path fails.
                let victim = rename(staging, p.trash) == 0 ? p.trash : staging
                ReportFolder.removeReport(victim)
                for other in p.also + [p.trash] where access(other, F_OK) == 0 { ReportFolder.removeReport(other) }
            }
            _exit(128 + signalNumber)
        }
    }
}
