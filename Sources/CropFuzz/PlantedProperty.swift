import CropSim
import CropVocabulary

extension ExtraProperty {
    /// "No light impact, ever": broken by any trace that reaches a zoom or pan limit by hand, so
    /// nearly every campaign finds it within a few runs and its finds shrink to one gesture. A
    /// failure that needs no model bug, for checking the campaign's own machinery (saving,
    /// grouping, shrinking, sharding, the database) in tests and with `cropsim fuzz --plant`.
    public static let plantedNoLightImpact = ExtraProperty(name: "plantedNoLightImpact") { result in
        result.haptics.first { $0.haptic.reason != nil }.map { ($0.tick, "light impact \($0.haptic.reason!.rawValue)") }
    }
}
