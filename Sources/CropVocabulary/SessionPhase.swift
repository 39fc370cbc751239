/// Whether the user is still editing.
public enum SessionPhase: String, CaseIterable, Hashable, Sendable, Codable {
    case editing, confirmed, cancelled
}
