import CropVocabulary

extension SourceImage {
    public var orientedWidth: Int {
        orientation.orientedSize(storedWidth: storedWidth, storedHeight: storedHeight).width
    }
    public var orientedHeight: Int {
        orientation.orientedSize(storedWidth: storedWidth, storedHeight: storedHeight).height
    }

    /// R1.3 / R11.1: a photo whose short side is under 320 px is refused with the spec's message.
    public func validate() throws(SourceRejection) {
        guard storedWidth > 0, storedHeight > 0 else { throw .invalidSize(width: storedWidth, height: storedHeight) }
        guard shortSide >= Self.minimumShortSide else { throw .tooSmall(shortSide: shortSide) }
    }
}

/// Why a photo cannot be edited.
public enum SourceRejection: Error, Hashable, Sendable, CustomStringConvertible {
    case tooSmall(shortSide: Int)
    case invalidSize(width: Int, height: Int)

    /// The text the user sees; for `tooSmall` exactly the spec's friendly error (R11.1).
    public var description: String {
        switch self {
        case .tooSmall: Message.photoTooSmall.text
        case .invalidSize(let w, let h): "image size must be positive, got \(w)x\(h)"
        }
    }
}
