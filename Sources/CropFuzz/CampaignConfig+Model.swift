import CropSim

extension CampaignConfig {
    /// A campaign against one editor, as a team's own tests start it (`Examples/swift`): inputs
    /// drawn only from what the model declares, every check `cropsim fuzz` makes, each failure
    /// shrunk and saved as a scenario in `out`. The files already in `out` are replayed first, so
    /// a fixed find stays fixed.
    public static func fuzzing(
        _ model: ModelRunner, seed: UInt64 = 1, runs: Int? = 1000, maxSeconds: Double? = nil,
        jobs: Int = 1, profile: FuzzProfile = .default, maxFailures: Int? = nil,
        out: String
    ) -> CampaignConfig {
        CampaignConfig(
            seed: seed, runs: runs, maxSeconds: maxSeconds, jobs: jobs,
            generator: Generator(profile: profile, capabilities: model.identity.capabilities),
            oracle: TraceJudge(model: model), database: RegressionDatabase(directory: out), maxFailures: maxFailures)
    }
}
