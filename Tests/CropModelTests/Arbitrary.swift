import CropVocabulary
import PropertyBased

/// Generators for the property tests: the photos, devices, configs and event sequences the
/// issue names (short side 320–12000 px, aspect up to 1:40, all orientations, iPhone SE to iPad
/// Pro in both orientations, σ 1–3, maxZoomMultiplier down to 1).
enum Arbitrary {
    static let source = zip(Gen.int(in: 320...12000), Gen.double(in: 1...40), Gen.int(in: 1...8), Gen.bool)
        .map { short, aspect, orientation, tall in
            let long = min(Int((Double(short) * aspect).rounded()), 480_000)
            return SourceImage(
                storedWidth: tall ? short : long, storedHeight: tall ? long : short,
                orientation: Orientation(rawValue: orientation)!)
        }

    static let viewport = zip(Gen.double(in: 320...1024), Gen.double(in: 568...1366), Gen.bool, Gen.double(in: 1...3))
        .map { w, h, landscape, sigma in
            Viewport(width: landscape ? h : w, height: landscape ? w : h, screenScale: sigma)
        }

    static let config = zip(Gen.double(in: 1...6), Gen.double(in: 0.5...6), Gen.double(in: 0.5...1), Gen.bool)
        .map { zoom, quality, mask, unitZoom in
            var c = AvatarCropperConfig()
            c.maxZoomMultiplier = unitZoom ? 1 : zoom
            c.qualityMultiplier = quality
            c.maskDiameterFraction = mask
            return c
        }

    /// One event from a kind and three unit numbers, so shrinking works on plain values.
    static let event = zip(Gen.int(in: 0...15), Gen.double(in: -1...1), Gen.double(in: -1...1), Gen.double(in: 0...1))
        .map { kind, a, b, c in Step(kind: kind, a: a, b: b, c: c) }

    static let events = event.array(of: 1...40)

    struct Step: Sendable, CustomStringConvertible {
        var kind: Int
        var a: Double
        var b: Double
        var c: Double

        /// `ticks` frames are advanced after the event.
        var ticks: Int { Int(c * 20) }

        func event(in viewport: Viewport) -> EditorEvent {
            let p = Point(x: (a + 1) / 2 * viewport.size.width, y: (b + 1) / 2 * viewport.size.height)
            switch kind {
            case 0: return .panBegan
            case 1, 2: return .panChanged(delta: Point(x: a * 400, y: b * 400))
            case 3: return .panEnded
            case 4: return .pinchBegan(focal: p)
            case 5, 6: return .pinchChanged(scale: c * 12, focal: p)
            case 7: return .pinchEnded
            case 8: return .doubleTap(at: p)
            case 9: return .setZoomSlider(percent: c * 120 - 10, animated: a > 0)
            case 10: return a > 0 ? .incrementZoom : .decrementZoom
            case 11: return .recenter
            case 12: return .resize(Size(width: 320 + c * 1046, height: 320 + abs(a) * 1046))
            case 13: return .setReduceMotion(a > 0)
            case 14: return .memoryWarning
            default: return .gestureCancelled
            }
        }

        var description: String { "Step(\(kind), \(a), \(b), \(c))" }
    }
}
