import CropVocabulary

/// Whether the host lets fingers reach the editor: not while it crops a confirmed photo, nor
/// after cancel, as a UIKit view that stops taking input cancels its gestures. A finger that
/// lands then is ignored until it lifts, so a failed crop resumes editing with no gesture
/// half-begun behind the editor's back.
///
/// The host decides from the flow it drives (the events it sent), not by asking the model: the
/// input stream then depends on the scenario alone, so two models see the same fingers and a
/// model over a pipe can be sent a whole gesture at once.
struct TouchGate {
    private(set) var open = true
    /// A confirm or retry was sent: from now on the backend answers the model.
    private(set) var flowStarted = false
    /// After confirm, until the crop's result.
    private var cropping = false
    /// The crop failed: editing again, and Retry confirms again (R11.2).
    private var cropFailed = false
    private var cancelled = false

    mutating func saw(_ event: EditorEvent) {
        switch event {
        case .confirm where open:
            flowStarted = true
            open = false
            cropping = true
            cropFailed = false
        case .retry where cropFailed && !cancelled:
            flowStarted = true
            open = false
            cropping = true
            cropFailed = false
        case .cancel where open:
            open = false
            cancelled = true
        case .cropFinished(let succeeded) where cropping:
            cropping = false
            if !succeeded {
                open = true
                cropFailed = true
            }
        case .confirm, .retry:
            flowStarted = true
        default:
            break
        }
    }
}
