extension CheckedEditor {
    /// The model itself, for calls on its session as a whole that are not events to judge (a
    /// pipe model's snapshots, which the studio's live run keeps as checkpoints). A copy: a model
    /// in this process is a value, one over a pipe shares its process with this copy.
    public var session: Model { model }
}
