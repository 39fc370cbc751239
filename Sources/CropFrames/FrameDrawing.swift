import CropImaging
import CropSim
import CropVocabulary

/// The editor frame as the report's filmstrip draws it, for other pages (the studio): the photo
/// symbol, one frame's SVG with its `f-…` classes, and the script that redraws that SVG for any
/// frame. The report's scrubber calls the same script, so the two pages cannot drift apart.
public enum FrameDrawing {
    /// The photo as an SVG symbol (display thumbnail, or the test pattern) in a zero-size SVG.
    public static func photoDefinitions(id: String, result: RunResult, thumbnail: RGBImage?) -> String {
        Filmstrip.photoDefinitions(id: id, result: result, thumbnail: thumbnail)
    }

    /// One frame as SVG in view points, `width` CSS pixels wide; nil when the editor never opened.
    public static func frame(_ frame: FrameRecord, result: RunResult, photo: String, width: Double) -> String? {
        FrameScene.imagePoints(result).map {
            Filmstrip.frame(FrameScene(frame, imagePoints: $0), photo: photo, width: width)
        }
    }

    /// `cropsimDrawFrame(svg, f, width)` moves the elements `Filmstrip.frame` drew to frame `f`:
    /// `{vw, vh, r, img: [w, h] (photo points at scale 1), scale, tx, ty, grid, instr, touches:
    /// [x0, y0, x1, y1, …], angle, guide, label}` (the last three for rotation), with the SVG
    /// `width` CSS pixels wide. Same math as `FrameScene`; the fingertips' radius is
    /// `FrameScene.touchRadius`. Ends with a newline, so a script can follow it.
    public static let script = String(decoding: PackageResources.frame_drawing_js, as: UTF8.self)
}
