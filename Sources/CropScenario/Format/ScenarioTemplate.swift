import Foundation

/// Starting points for `cropsim new`: small, valid scenarios a designer edits.
public enum ScenarioTemplate: String, CaseIterable, Sendable {
    case pinch, drag, doubleTap = "double-tap", slider, handOver = "hand-over", resize, touches

    /// The scenario text; `name` becomes its title.
    public func text(name: String) -> String {
        let head = """
        {
          "$schema": "SCHEMA",
          "name": \(jsonString(name)),
          "description": "DESCRIPTION",
          "covers": COVERS,
          "device": { "view": [393, 852], "screenScale": 3, "touchRate": 120 },
          "image": { "width": 4032, "height": 3024, "orientation": 1 },
        """
        let (description, covers, body): (String, String, String) = switch self {
        case .pinch: ("Pinch out past s_max around the center: zoom stops at s_max with one light haptic.", #"["R2.2", "R3.2", "R8.2"]"#, """
              "steps": [
                { "at": 0.1, "pinch": { "center": "center", "from": 80, "to": 600, "duration": 0.6, "easing": "easeInOut" } }
              ],
              "expect": { "scale": "sMax", "haptics": { "zoomMax": 1 }, "gridVisible": true, "instructionsVisible": false }
            """)
        case .drag: ("Drag far to the right: the image stops at the pan bound with one light haptic.", #"["R2.1", "R2.4", "R8.3"]"#, """
              "steps": [
                { "at": 0.1, "drag": { "from": ["50%", "50%"], "to": ["95%", "50%"], "duration": 0.4 } }
              ],
              "expect": { "tx": "maxTx", "ty": 0, "haptics": { "panClampX": 1 } }
            """)
        case .doubleTap: ("Double-tap right of center: zoom 1.5× s_min, anchored at the tap.", #"["R2.3"]"#, """
              "steps": [
                { "at": 0.1, "doubleTap": ["60%", "50%"] }
              ],
              "expect": { "scale": "1.5*sMin", "animating": false }
            """)
        case .slider: ("The accessibility slider jumps to 100 %, then VoiceOver decrements twice.", #"["R4.2"]"#, """
              "steps": [
                { "at": 0.1, "slider": 100 },
                { "at": 1.0, "decrement": 2 }
              ],
              "expect": { "sliderPercent": { "value": 80, "tolerance": 1e-6 } }
            """)
        case .handOver: ("A second finger lands mid-drag and lifts again: drag → pinch → drag, the image never jumps.", #"["R2.1", "R2.2"]"#, """
              "steps": [
                { "at": 0.1, "drag": { "from": ["40%", "50%"], "to": ["45%", "55%"], "duration": 1.0, "easing": "linear" } },
                { "at": 0.4, "touches": [ { "finger": "second", "actions": [
                  { "type": "down", "at": ["60%", "50%"] },
                  { "type": "move", "to": ["70%", "50%"], "duration": 0.3 },
                  { "type": "up" }
                ] } ] }
              ],
              "expect": { "phase": "idle" }
            """)
        case .resize: ("Rotate to landscape mid-drag: mask and limits follow, the center point stays.", #"["R8.1", "R8.2"]"#, """
              "steps": [
                { "at": 0.1, "drag": { "from": ["50%", "50%"], "to": ["55%", "50%"], "duration": 0.5 } },
                { "at": 0.3, "resize": [852, 393] }
              ]
            """)
        case .touches: ("Raw touch samples, as recorded from a device.", #"["R2.1"]"#, """
              "steps": [
                { "at": 0.1, "touches": [ { "finger": "A", "samples": [
                  { "t": 0.000, "at": [196, 426], "phase": "down" },
                  { "t": 0.050, "at": [210, 426], "phase": "move" },
                  { "t": 0.100, "at": [230, 430], "phase": "move" },
                  { "t": 0.150, "at": [230, 430], "phase": "up" }
                ] } ] }
              ]
            """)
        }
        return head.replacingOccurrences(of: "DESCRIPTION", with: description).replacingOccurrences(of: "COVERS", with: covers)
            + "\n" + body + "\n}\n"
    }
}
