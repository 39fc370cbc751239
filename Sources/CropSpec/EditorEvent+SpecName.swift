import CropVocabulary

extension EditorEvent {
    /// The event's name, for messages.
    public var specName: String {
        switch self {
        case .panBegan: "panBegan"
        case .panChanged: "panChanged"
        case .panEnded: "panEnded"
        case .pinchBegan: "pinchBegan"
        case .pinchChanged: "pinchChanged"
        case .pinchEnded: "pinchEnded"
        case .twistChanged: "twistChanged"
        case .rotate90: "rotate90"
        case .gestureCancelled: "gestureCancelled"
        case .doubleTap: "doubleTap"
        case .setZoomSlider: "setZoomSlider"
        case .incrementZoom: "incrementZoom"
        case .decrementZoom: "decrementZoom"
        case .recenter: "recenter"
        case .resize: "resize"
        case .setReduceMotion: "setReduceMotion"
        case .memoryWarning: "memoryWarning"
        case .confirm: "confirm"
        case .cancel: "cancel"
        case .cropFinished: "cropFinished"
        case .uploadFinished: "uploadFinished"
        case .profileUpdated: "profileUpdated"
        case .retry: "retry"
        }
    }
}
