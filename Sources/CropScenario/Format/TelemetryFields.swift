import CropModel
import CropVocabulary

/// The confirm telemetry record as named numbers, for expectations (booleans as 0 and 1).
package enum TelemetryFields {
    package static let names = [
        "sourceWidth", "sourceHeight", "thumbnailWidth", "thumbnailHeight", "sMin", "sMax", "scale",
        "qualityClampEngaged", "zoomLimited", "lowDensity", "outputSize", "outputIsJPEG", "jpegQuality",
        "memoryFallback", "cropLatencyMs", "cropSucceeded"
    ]

    package static func values(_ t: ConfirmTelemetry) -> [String: Double] {
        func b(_ v: Bool) -> Double { v ? 1 : 0 }
        return [
            "sourceWidth": Double(t.sourceWidth), "sourceHeight": Double(t.sourceHeight),
            "thumbnailWidth": Double(t.thumbnailWidth), "thumbnailHeight": Double(t.thumbnailHeight),
            "sMin": t.sMin, "sMax": t.sMax, "scale": t.scale, "qualityClampEngaged": b(t.qualityClampEngaged),
            "zoomLimited": b(t.zoomLimited), "lowDensity": b(t.lowDensity), "outputSize": Double(t.outputSize),
            "outputIsJPEG": b(t.outputIsJPEG), "jpegQuality": t.jpegQuality, "memoryFallback": b(t.memoryFallback),
            "cropLatencyMs": t.cropLatencyMs, "cropSucceeded": b(t.cropSucceeded)
        ]
    }
}
