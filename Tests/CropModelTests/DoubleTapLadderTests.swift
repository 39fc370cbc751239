import CropModel
import CropVocabulary
import PropertyBased
import Testing

/// The ladder walks its four rungs in a tuple (no arrays per tap); these pin it to the array
/// version it replaced, written out here: map, append s_max, clamp, sort, merge near-equal levels.
@Suite struct DoubleTapLadderTests {
    static func arrayLevels(in g: ZoomGeometry) -> [Double] {
        var out: [Double] = []
        for s in ([1.0, 1.5, 2.0].map { g.sMin * $0 } + [g.sMax]).map({ min(max($0, g.sMin), g.sMax) }).sorted()
        where out.last.map({ s > $0 * (1 + 1e-6) }) ?? true {
            out.append(s)
        }
        return out
    }

    static func arrayNext(after scale: Double, in g: ZoomGeometry) -> Double {
        let all = arrayLevels(in: g)
        return all.first { $0 > scale * (1 + 1e-6) } ?? all[0]
    }

    /// Every geometry, turned or not, and scales on, near and between the rungs: the same levels
    /// and the same next rung, bit for bit.
    @Test func sameLadderAsTheArrays() async {
        let turn = Gen.double(in: -45...45)
        await propertyCheck(count: 500, input: Arbitrary.source, Arbitrary.viewport, Arbitrary.config, turn) { source, viewport, config, turn in
            var config = config
            config.allowRotation = true
            let g = ZoomGeometry(source: source, viewport: viewport, config: config).turned(to: turn)
            let levels = Self.arrayLevels(in: g)
            #expect(DoubleTapLadder.levels(in: g) == levels)
            var scales = [g.sMin * 0.5, g.sMax * 2]
            for level in levels {
                scales += [level, level * (1 + 1e-6), level * (1 + 2e-6), level * (1 - 1e-9), level.nextDown, level.nextUp]
            }
            for s in scales {
                #expect(DoubleTapLadder.next(after: s, in: g) == Self.arrayNext(after: s, in: g), "scale \(s)")
            }
        }
    }

    /// Rungs that merge: s_max at 1.8× (three levels), at 1× (one), and within the merge
    /// tolerance of 2× (three, the last s_max's).
    @Test func mergedRungs() {
        let phone = Viewport(width: 393, height: 852, screenScale: 3)
        let photo = SourceImage(storedWidth: 4032, storedHeight: 3024)
        for multiplier in [1.8, 1.0, 2.0 * (1 + 1e-7), 2.0, 4.0] {
            var config = AvatarCropperConfig()
            config.maxZoomMultiplier = multiplier
            let g = ZoomGeometry(source: photo, viewport: phone, config: config)
            #expect(DoubleTapLadder.levels(in: g) == Self.arrayLevels(in: g), "×\(multiplier)")
            for s in Self.arrayLevels(in: g) + [g.sMin * 1.2, g.sMin * 1.7] {
                #expect(DoubleTapLadder.next(after: s, in: g) == Self.arrayNext(after: s, in: g), "×\(multiplier) at \(s)")
            }
        }
        var config = AvatarCropperConfig()
        config.maxZoomMultiplier = 1
        #expect(DoubleTapLadder.levels(in: ZoomGeometry(source: photo, viewport: phone, config: config)).count == 1)
    }
}
