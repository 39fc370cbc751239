import CropText
import CropVocabulary

/// What the tables share: a step's layout, and the gestures' points, sizes and fingers.
extension ScenarioEncoder {
    /// `{ "at": …, "note": …, "<action>": … }`, the action in its shortest form.
    static func step(_ s: Step) -> String { ScenarioFormat.stepTable.encode(s) }

    /// Raw samples one per line under their step: a recorded finger holds hundreds, which a
    /// reader scans (and trims) line by line.
    static func sampleLines(_ samples: [RawSample]) -> String {
        guard !samples.isEmpty else { return "[]" }
        var text = "[", separator = "\n        "
        for sample in samples {
            text += separator
            text += ScenarioFormat.sampleTable.encode(sample)
            separator = ",\n        "
        }
        return text + "\n      ]"
    }

    static func pointerAction(_ a: PointerAction) -> String {
        let (kind, draft): (PointerActionKind, PointerDraft) =
            switch a {
            case .down(let p): (.down, PointerDraft(at: p))
            case .move(let p, let duration): (.move, PointerDraft(at: p, duration: duration))
            case .pause(let duration): (.pause, PointerDraft(duration: duration))
            case .up: (.up, PointerDraft())
            case .cancel: (.cancel, PointerDraft())
            }
        return ScenarioFormat.pointerTables[kind]!.encode(draft)
    }

    /// `[x, y]` in points or `"NN%"`; `"center"` for the view's center.
    static func point(_ p: ViewPoint) -> String {
        func coordinate(_ c: Coordinate) -> String {
            switch c {
            case .points(let v): number(v)
            case .percent(let v): jsonString(number(v) + "%")
            }
        }
        return p == .center ? "\"center\"" : "[" + coordinate(p.x) + ", " + coordinate(p.y) + "]"
    }

    static func size(_ s: Size) -> String { array([number(s.width), number(s.height)]) }
}
