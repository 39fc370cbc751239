/// The clock every editor runs on: the gesture notes' 60 Hz ticks. Scenario times, spring
/// frames, upload backoff and logs all count in these ticks.
public enum TickClock {
    public static let ticksPerSecond = 60
    public static let tickDuration = 1.0 / Double(ticksPerSecond)
}
