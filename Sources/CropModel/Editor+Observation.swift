import CropVocabulary

extension Editor {
    /// Inlinable, so that the simulator's per-tick read loads the fields it needs instead of
    /// copying the whole editor into the call.
    @inlinable @inline(__always) public var observation: Observation {
        let crop = cropRect
        return Observation(
            pose: pose, cropRect: crop, storedCropRect: geometry.storedRect(of: crop), gridVisible: gridVisible,
            instructionsVisible: instructionsVisible, session: session, animating: isAnimating,
            angleGuideVisible: angleGuideVisible)
    }
}
