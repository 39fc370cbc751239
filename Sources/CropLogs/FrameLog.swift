import CropScenario
import CropSim
import CropText
import CropVocabulary

/// The deterministic per-scenario logs: `frames.jsonl`, `haptics.jsonl` and `effects.jsonl`.
/// Keys are in a fixed order and numbers use `formatNumber`, so the same run gives the same bytes.
public enum FrameLog {
    public static func frames(_ frames: [FrameRecord]) -> String {
        var out = ""
        out.reserveCapacity(frames.count * 420)
        for f in frames {
            out += "{\"tick\":\(f.tick),\"t\":\(formatNumber(f.time)),\"scale\":\(formatNumber(f.pose.scale))"
            out += ",\"tx\":\(formatNumber(f.pose.translation.x)),\"ty\":\(formatNumber(f.pose.translation.y))"
            out += ",\"sMin\":\(formatNumber(f.sMin)),\"sMax\":\(formatNumber(f.sMax))"
            out += ",\"maskDiameter\":\(formatNumber(f.maskDiameter))"
            out += ",\"maxTx\":\(formatNumber(f.panLimit.x)),\"maxTy\":\(formatNumber(f.panLimit.y))"
            out += ",\"viewWidth\":\(formatNumber(f.view.width)),\"viewHeight\":\(formatNumber(f.view.height))"
            out += ",\"phase\":\"\(f.phase)\",\"animating\":\(f.animating),\"session\":\"\(f.session.rawValue)\""
            out += ",\"gridVisible\":\(f.gridVisible),\"instructionVisible\":\(f.instructionsVisible)"
            out += ",\"sliderPercent\":\(formatNumber(f.sliderPercent))"
            out += ",\"clampZoomMin\":\(f.cut.contains(.zoomMin)),\"clampZoomMax\":\(f.cut.contains(.zoomMax))"
            out += ",\"clampPanX\":\(!f.cut.isDisjoint(with: .panX)),\"clampPanY\":\(!f.cut.isDisjoint(with: .panY))"
            if f.rotationAllowed {
                out += ",\"angle\":\(formatNumber(f.pose.angle)),\"angleGuide\":\(f.angleGuideVisible)"
                out += ",\"clampRotation\":\(!f.cut.isDisjoint(with: .tilt))"
            }
            out += ",\"engaged\":[\(reasons(f.engaged))]"
            out +=
                ",\"touches\":[\(f.touches.map { "[\(formatNumber($0.x)),\(formatNumber($0.y))]" }.joined(separator: ","))]}\n"
        }
        return out
    }

    public static func haptics(_ effects: [TimedEffect]) -> String {
        var out = ""
        for e in effects {
            guard case .haptic(let h) = e.effect else { continue }
            let reason = h.reason.map { "\"\($0.rawValue)\"" } ?? "null"
            out += "{\"tick\":\(e.tick),\"t\":\(formatNumber(e.time)),\"kind\":\"\(h.kind)\",\"reason\":\(reason)}\n"
        }
        return out
    }

    /// Tips, announcements, crop requests and telemetry, one per line.
    public static func effects(_ effects: [TimedEffect]) -> String {
        var out = ""
        for e in effects {
            let head = "{\"tick\":\(e.tick),\"t\":\(formatNumber(e.time)),"
            switch e.effect {
            case .haptic:
                continue
            case .show(let m):
                out += head + "\"type\":\"show\",\"message\":\"\(m.rawValue)\",\"text\":\(jsonString(m.text))}\n"
            case .announce(let m):
                out += head + "\"type\":\"announce\",\"message\":\"\(m.rawValue)\",\"text\":\(jsonString(m.text))}\n"
            case .crop(let r):
                out += head + "\"type\":\"crop\",\"rect\":\(rect(r.rect)),\"storedRect\":\(rect(r.storedRect))"
                if r.angle != 0 { out += ",\"angle\":\(formatNumber(r.angle))" }
                out +=
                    ",\"orientation\":\(r.orientation.rawValue),\"outputSize\":\(r.outputSize),\"fromThumbnail\":\(r.fromThumbnail)}\n"
            case .telemetry(let t):
                out +=
                    head + "\"type\":\"telemetry\",\"sourceWidth\":\(t.sourceWidth),\"sourceHeight\":\(t.sourceHeight)"
                out += ",\"thumbnailWidth\":\(t.thumbnailWidth),\"thumbnailHeight\":\(t.thumbnailHeight)"
                out +=
                    ",\"sMin\":\(formatNumber(t.sMin)),\"sMax\":\(formatNumber(t.sMax)),\"scale\":\(formatNumber(t.scale))"
                out +=
                    ",\"qualityClampEngaged\":\(t.qualityClampEngaged),\"zoomLimited\":\(t.zoomLimited),\"lowDensity\":\(t.lowDensity)"
                out +=
                    ",\"outputSize\":\(t.outputSize),\"outputIsJPEG\":\(t.outputIsJPEG),\"jpegQuality\":\(formatNumber(t.jpegQuality))"
                out +=
                    ",\"memoryFallback\":\(t.memoryFallback),\"cropLatencyMs\":\(formatNumber(t.cropLatencyMs)),\"cropSucceeded\":\(t.cropSucceeded)}\n"
            case .alert(let m):
                out += head + "\"type\":\"alert\",\"message\":\"\(m.rawValue)\",\"text\":\(jsonString(m.text))}\n"
            case .offerRetry:
                out += head + "\"type\":\"offerRetry\"}\n"
            case .upload(let r):
                out +=
                    head
                    + "\"type\":\"upload\",\"attempt\":\(r.attempt),\"bucket\":\(jsonString(r.bucket)),\"key\":\(jsonString(r.key)),\"contentType\":\(jsonString(r.contentType)),\"upsert\":\(r.upsert)}\n"
            case .updateProfile(let u):
                out +=
                    head
                    + "\"type\":\"updateProfile\",\"avatarPath\":\(jsonString(u.avatarPath)),\"avatarVersion\":\(u.avatarVersion)}\n"
            case .uploadTelemetry:
                continue
            }
        }
        return out
    }

    /// `telemetry.jsonl`: every telemetry record (confirm and each upload attempt), numbers and
    /// booleans only.
    public static func telemetry(_ effects: [TimedEffect]) -> String {
        var out = ""
        for e in effects {
            let head = "{\"tick\":\(e.tick),\"t\":\(formatNumber(e.time)),"
            switch e.effect {
            case .telemetry(let t):
                out +=
                    head
                    + "\"event\":\"crop\",\"sourceWidth\":\(t.sourceWidth),\"sourceHeight\":\(t.sourceHeight),\"thumbnailWidth\":\(t.thumbnailWidth),\"thumbnailHeight\":\(t.thumbnailHeight),\"sMin\":\(formatNumber(t.sMin)),\"sMax\":\(formatNumber(t.sMax)),\"qualityClampEngaged\":\(t.qualityClampEngaged),\"outputIsJPEG\":\(t.outputIsJPEG),\"jpegQuality\":\(formatNumber(t.jpegQuality)),\"cropLatencyMs\":\(formatNumber(t.cropLatencyMs)),\"cropSucceeded\":\(t.cropSucceeded)}\n"
            case .uploadTelemetry(let u):
                out +=
                    head
                    + "\"event\":\"uploadAttempt\",\"attempt\":\(u.attempt),\"succeeded\":\(u.succeeded),\"outcomeCode\":\(u.outcomeCode),\"retryable\":\(u.retryable),\"backoffMs\":\(u.backoffMs),\"elapsedTicks\":\(u.elapsedTicks),\"finalAttempt\":\(u.finalAttempt)}\n"
            default:
                continue
            }
        }
        return out
    }

    /// `upload.jsonl`: each storage write the backend saw and how it ended.
    public static func uploads(_ backend: Backend?) -> String {
        guard let backend else { return "" }
        return backend.uploads.map { u in
            "{\"tick\":\(u.tick),\"t\":\(formatNumber(Double(u.tick) / 60)),\"attempt\":\(u.request.attempt),\"bucket\":\(jsonString(u.request.bucket)),\"key\":\(jsonString(u.request.key)),\"contentType\":\(jsonString(u.request.contentType)),\"upsert\":\(u.request.upsert),\"outcomeCode\":\(u.outcome.code)}\n"
        }.joined()
    }

    /// The engaged sides as the light impacts' reasons name them (an axis's two pan sides share
    /// one), quoted and in a fixed order.
    static func reasons(_ sides: LimitSet) -> String {
        guard !sides.isEmpty else { return "" }
        let named: [(LimitSet, LimitReason)] = [
            (.zoomMin, .zoomMin), (.zoomMax, .zoomMax), (.panX, .panClampX),
            (.panY, .panClampY), (.tilt, .rotationLimit)
        ]
        return named.filter { !sides.isDisjoint(with: $0.0) }.map { "\"\($0.1.rawValue)\"" }.joined(separator: ",")
    }

    static func rect(_ r: Rect) -> String {
        "{\"x\":\(formatNumber(r.x)),\"y\":\(formatNumber(r.y)),\"width\":\(formatNumber(r.width)),\"height\":\(formatNumber(r.height))}"
    }
}
