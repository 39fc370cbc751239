import CropModel

/// The metamorphic mirror: a trace reflected left-to-right must end in the reflected state.
///
/// Every touch's x becomes `W − x` in the view of its moment, and the photo's EXIF orientation
/// becomes its mirror image (1↔2, 3↔4, 5↔6, 7↔8: the upright size, which is all the zoom math
/// sees, is unchanged). The editor is then expected to end with the same scale and ty and the
/// negated tx. Not for traces that resize (`Trace.resizes`).
extension Trace {
    public var mirrored: Trace {
        var m = self
        let raw = photo.orientation.rawValue
        m.photo.orientation = Orientation(rawValue: raw % 2 == 1 ? raw + 1 : raw - 1)!
        let resizes = steps.compactMap { step -> (start: Int, size: Size)? in
            if case .resize(let size) = step.action { (step.start, size) } else { nil }
        }
        func width(at ms: Int) -> Double { (resizes.last { $0.start <= ms }?.size ?? view).width }
        m.steps = steps.map { step in
            guard case .touches(let fingers) = step.action else { return step }
            var s = step
            s.action = .touches(fingers.map { f in
                FingerTrack(samples: f.samples.map { sample in
                    var p = sample.point
                    p.x = width(at: step.start + sample.time) - p.x + 0
                    return TouchSample(time: sample.time, point: p, phase: sample.phase)
                })
            })
            return s
        }
        return m
    }
}

enum MirrorCheck {
    /// Relative tolerance for the final pose of a trace and its mirror image.
    static let tolerance = 1e-6

    /// Nil when `mirrored` is `pose` reflected; otherwise what differs.
    static func difference(_ pose: Pose, _ mirrored: Pose) -> String? {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance * max(1, abs(a), abs(b)) }
        var problems: [String] = []
        if !close(pose.scale, mirrored.scale) { problems.append("scale \(pose.scale) vs \(mirrored.scale)") }
        if !close(pose.translation.x, -mirrored.translation.x) {
            problems.append("tx \(pose.translation.x) vs −(\(mirrored.translation.x))")
        }
        if !close(pose.translation.y, mirrored.translation.y) { problems.append("ty \(pose.translation.y) vs \(mirrored.translation.y)") }
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }
}
