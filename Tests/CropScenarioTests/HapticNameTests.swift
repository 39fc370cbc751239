import CropScenario
import CropVocabulary
import Testing

/// The format's haptic names come from the model's `Haptic`: one name per haptic, spelled as
/// scenarios, logs and reports have always spelled them.
@Suite struct HapticNameTests {
    static let every: [Haptic] = LimitReason.allCases.map(Haptic.lightImpact) + [.success, .error, .snap]

    @Test func everyHapticHasItsOwnName() {
        let names = Self.every.map(HapticName.init)
        #expect(Set(names).count == Self.every.count)
        #expect(Set(names) == Set(HapticName.allCases))
        #expect(ScenarioFormat.hapticNames == HapticName.allCases.map(\.rawValue))
    }

    @Test func aNameIsTheLimitReasonOrTheKind() {
        for haptic in Self.every {
            #expect(haptic.name == (haptic.reason?.rawValue ?? haptic.kind), "\(haptic)")
        }
        #expect(Haptic.lightImpact(.panClampY).name == "panClampY" && Haptic.snap.name == "snap")
    }
}
