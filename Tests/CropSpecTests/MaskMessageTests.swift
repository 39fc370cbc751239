import CropModel
import CropSpec
import CropVocabulary
import Testing

/// `maskCovered` says how far the mask is uncovered, along the photo's own axes (issue 32): under
/// rotation the view-axis translation it used to print read as covered.
extension OracleTests {
    /// The photo turned 30° with its centre 10 pt past the room along its own y axis: the message
    /// names the turn, 10 pt and 30 device pixels (σ 3), and the offset along the photo's axes.
    @Test func maskCoveredSaysHowFarAlongThePhotosAxes() throws {
        var config = AvatarCropperConfig()
        config.allowRotation = true
        let g = ZoomGeometry(source: source, viewport: viewport, config: config)
        let s = g.initialPose.scale * 2
        let halfH = g.orientedHeight / viewport.screenScale * s / 2
        let along = Point(x: 0, y: halfH - g.maskDiameter / 2 + 10)
        let pose = Pose(scale: s, translation: Turn(degrees: 30).apply(along), angle: 30)
        var (m, script) = try puppet(config: config)
        script.steps = [PuppetScript.Step(observation: observation(pose, in: g), slider: percent(pose, in: g))]
        m.tick()
        let message = try #require(m.violations.first { $0.property == .maskCovered }?.message)
        let numbers = try #require(
            message.firstMatch(of: /uncovered ([0-9.e-]+) pt deep.*; uncovered by ([0-9.e-]+) device px/), "\(message)")
        let depth = try #require(Double(numbers.output.1)), pixels = try #require(Double(numbers.output.2))
        #expect(abs(depth - 10) < 1e-6 && abs(pixels - 30) < 1e-5, "\(message)")
        // As data too: 30 device px deep, all of it along the photo's y axis.
        let size = try #require(m.violations.first { $0.property == .maskCovered }?.magnitude)
        let axes = try #require(size.photoAxes)
        #expect(abs(size.devicePixels - 30) < 1e-5 && abs(axes.x) < 1e-6 && abs(axes.y - 30) < 1e-5, "\(size)")
        #expect(
            message.hasSuffix("; uncovered by 30.00 device px (0.00, 30.00 px along the photo's x, y)"), "\(message)")
        #expect(message.contains("along the photo's axes (turned 30.0°)") && !message.contains("\n"), "\(message)")
        let offset = try #require(message.firstMatch(of: /its centre is \(([0-9.e-]+), ([0-9.e-]+)\) pt/), "\(message)")
        let ux = try #require(Double(offset.output.1)), uy = try #require(Double(offset.output.2))
        #expect(abs(ux) < 1e-6 && abs(uy - along.y) < 1e-6, "\(message)")
    }
}
