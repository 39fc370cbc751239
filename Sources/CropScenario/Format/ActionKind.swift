import CropVocabulary

/// The key a step names its action by, in the order the format lists them. `rotate` is a pinch
/// whose span stays; the others are `Action`'s own cases.
public enum ActionKind: String, CaseIterable, Sendable {
    case drag, pinch, rotate, twoFingerDrag, tap, doubleTap, longTouch, touches, slider, increment, decrement, recenter,
        rotate90, resize, reduceMotion, memoryWarning, cancelTouches, confirm, cancel, retry
}

/// The `type` of a finger's pointer action (`touches` with `actions`), W3C style.
public enum PointerActionKind: String, CaseIterable, Sendable {
    case down, move, pause, up, cancel
}
