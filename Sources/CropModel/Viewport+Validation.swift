import CropVocabulary

extension Viewport {
    public func validate() throws(InvalidInput) {
        guard size.isFinite, size.width > 0, size.height > 0 else {
            throw InvalidInput(
                field: "view", reason: "must be a finite positive size, got \(size.width)x\(size.height)")
        }
        guard screenScale.isFinite, screenScale > 0 else {
            throw InvalidInput(field: "screenScale", reason: "must be a finite number > 0, got \(screenScale)")
        }
    }
}
