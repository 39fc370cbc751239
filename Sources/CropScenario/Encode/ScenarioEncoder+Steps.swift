import CropText
import CropVocabulary

/// What the tables share: a step's layout, and the gestures' points, sizes and fingers.
extension ScenarioEncoder {
    /// `{ "at": …, "note": …, "<action>": … }`, the action in its shortest form.
    static func step(_ s: Step) -> String { ScenarioFormat.stepTable.encode(s) }

    /// Raw samples one per line under their step: a recorded finger holds hundreds, which a
    /// reader scans (and trims) line by line.
    static func sampleLines(_ samples: [RawSample]) -> String {
        samples.isEmpty ? "[]" : "[\n        " + samples.map(ScenarioFormat.sampleTable.encode).joined(separator: ",\n        ") + "\n      ]"
    }

    static func pointerAction(_ a: PointerAction) -> String {
        let table = ScenarioFormat.pointerTable
        return switch a {
        case .down(let p): table(.down).encode(PointerDraft(at: p))
        case .move(let p, let duration): table(.move).encode(PointerDraft(at: p, duration: duration))
        case .pause(let duration): table(.pause).encode(PointerDraft(duration: duration))
        case .up: table(.up).encode(PointerDraft())
        case .cancel: table(.cancel).encode(PointerDraft())
        }
    }

    /// `[x, y]` in points or `"NN%"`; `"center"` for the view's center.
    static func point(_ p: ViewPoint) -> String {
        func coordinate(_ c: Coordinate) -> String {
            switch c {
            case .points(let v): number(v)
            case .percent(let v): jsonString(number(v) + "%")
            }
        }
        return p == .center ? "\"center\"" : array([coordinate(p.x), coordinate(p.y)])
    }

    static func size(_ s: Size) -> String { array([number(s.width), number(s.height)]) }
}
