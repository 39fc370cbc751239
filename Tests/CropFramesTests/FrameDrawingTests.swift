@testable import CropFrames
import CropTestSupport
import Testing

/// `cropsimDrawFrame`, the script the report's scrubber and the studio's page both redraw frames
/// with, is the file in `Resources/` and draws as the rasters do.
@Suite struct FrameDrawingTests {
    @Test func theScriptIsTheFileUnchanged() throws {
        #expect(FrameDrawing.script == (try Repository.text("Sources/CropFrames/Resources/frame-drawing.js")))
        #expect(FrameDrawing.script.hasSuffix("\n"), "a script can follow it")
    }

    /// The scrubber draws fingertips as `FrameScene` does.
    @Test func touchesHaveTheRasterRadius() {
        #expect(FrameDrawing.script.contains("r:\(FrameScene.touchRadius)}"))
    }
}
