import CropVocabulary

/// R1.2, R1.3, R11.1, R11.4: whether a photo was rightly opened or refused, for photos the
/// harness refuses itself (undecodable) and for an editor's answer at opening.
public enum PhotoAcceptance {
    /// The violation of `photoAcceptance`, if the answer was wrong. `rejection` is the message
    /// the user saw, nil when the editor opened.
    public static func violation(source: SourceImage, undecodable: Bool, rejection: String?) -> Violation? {
        Oracle.judgeOpening(source: source, undecodable: undecodable, rejection: rejection)
            .map { Violation(property: .photoAcceptance, tick: 0, time: 0, message: $0) }
    }
}
