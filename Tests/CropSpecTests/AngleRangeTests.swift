import CropModel
import CropSpec
import CropVocabulary
import Testing

/// `angleInRange`: the angle a twist leaves is kept in (−180°, 180°]; the same picture written
/// as 190° is a wrong reading of the state, not a wrong pose.
@Suite struct AngleRangeTests {
    @Test(arguments: [(-170.0, false), (190.0, true), (-180.0, true), (180.0, false)])
    func aTwistLeavesTheAngleInRange(shown: Double, broken: Bool) throws {
        var config = AvatarCropperConfig()
        config.allowRotation = true
        let tamper = Tamper()
        let request = OpenRequest(
            source: SourceImage(storedWidth: 4032, storedHeight: 4032),
            viewport: Viewport(width: 393, height: 852, screenScale: 3),
            config: config, reduceMotion: true)
        var m = try #require(CheckedEditor<Tampered>.opened(request, in: tamper))
        let center = Point(x: 196.5, y: 426)
        m.apply(.pinchBegan(focal: center), .twistChanged(scale: 1, rotation: 0, focal: center))
        var pose = m.observation.pose
        pose.angle = shown
        tamper.pose = pose
        m.apply(.twistChanged(scale: 1, rotation: 1, focal: center))
        #expect(m.properties.contains(.angleInRange) == broken, "\(m.violations)")
    }
}
