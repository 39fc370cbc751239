import CropVocabulary

extension Property {
    /// The capabilities a model must declare for this property to be judged on its runs: the
    /// inputs that exercise it and the observations it reads. A model without them is not
    /// wrong; the property is reported *not judged*, never as passed.
    public var needs: Capabilities {
        switch self {
        case .finiteState, .zoomInRange, .density, .maskCovered, .outputSquareCovered, .handOverWithoutJump,
             .gesturesWellFormed, .initialPose, .panFollowsFinger, .focalPointKept, .rotationOnlyWhenAllowed, .photoAcceptance:
            []
        // Judged on every frame's crop rectangle, or else on the crop request at confirm
        // (`isJudged(given:)`).
        case .cropRectInSource: []
        case .confirmable, .sessionFollowsFlow, .cropRequestMatchesConfig, .storedRectMapping, .cropTurnMatchesPose: .confirm
        case .hapticsEdgeTriggered, .limitHapticOnEntry: .haptics
        case .successHapticOnConfirm: [.haptics, .confirm]
        case .gridHiddenDuringGestures: .grid
        case .instructionsHiddenAfterFirstGesture, .tipsAtMostOnce, .zoomLimitedTipShown, .lowDensityNoticeShown:
            .notices
        case .voiceOverAnnounced: .announcement
        case .telemetryNumericOnly, .uploadRequestValid, .backoffAsSpecified, .profileAtomic, .editsKeptOnFailure,
             .failureReported, .uploadFollowsCrop, .profileUpdatedOnlyAfterUpload, .previousAvatarKept, .telemetryReported,
             .versionedURL:
            [.confirm, .upload]
        case .memoryFallbackUsesThumbnail: [.memoryFallback, .confirm]
        case .memoryFallbackNoticeShown: [.memoryFallback, .confirm, .notices]
        case .doubleTapRung: .doubleTap
        case .sliderTarget, .sliderReadsZoom: .slider
        case .incrementTarget: .voiceOverSteps
        case .recenterTarget: .recenter
        case .resizeKeepsCenter: .resize
        case .reduceMotionDiscrete: .reduceMotion
        case .springTiming, .animatedFramesValid: .animations
        case .tiltWithinLimit, .angleChangesOnlyByRotation, .twistFollowsFingers: .twist
        case .angleGuideShown: [.twist, .angleGuide]
        case .snapOnRelease: [.twist, .snap]
        case .rotate90Target: .rotate90
        case .snapHapticOnEntry: [.twist, .snap, .haptics]
        case .overlayStyle, .messagesVerbatim, .configDefaults, .outsideTheModel, .recognizerDefaults: []
        }
    }

    /// Whether a model with `capabilities` has what this property needs.
    public func isJudged(given capabilities: Capabilities) -> Bool {
        if self == .cropRectInSource { return !capabilities.isDisjoint(with: [.cropRect, .confirm]) }
        return capabilities.isSuperset(of: needs)
    }
}
