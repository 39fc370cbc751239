/// Where the studio's server loop reads the time its deadlines are set and judged by. The studio
/// runs on `ContinuousClock`; a test hands the loop a clock it moves by hand, so a connection
/// reaches its deadline when the test advances the clock, never by the test waiting for it (as
/// swift-nio's `EmbeddedEventLoop` runs its scheduled tasks on virtual time).
protocol DeadlineClock: Sendable {
    associatedtype Instant: InstantProtocol where Instant.Duration == Duration
    var now: Instant { get }
}

extension ContinuousClock: DeadlineClock {}
