import CropVocabulary

extension Scenario {
    /// Why the scenario does not apply to the model: a capability it lacks. Nil when it applies.
    /// (A policy other than the one an expectation assumes leaves only that expectation
    /// unjudged: `ExpectationField.judge`.)
    package func unsupported(by identity: ModelIdentity) -> String? {
        if let file = image.file, image.source.storedWidth == 0, image.decodeFailure == nil {
            // Loaded without cropsim's image decoding (a team's tests in process): judging a 0×0
            // photo would give verdicts about nothing.
            return
                "the photo \(file) was not read (its size comes from cropsim's image decoding: run it with the cropsim command line)"
        }
        return unsupported(by: identity.capabilities)
    }

    /// Why the scenario cannot run against a model with `capabilities`: what it sets up (config,
    /// device, photo) and the kinds of step it takes. Events the recognizer makes of raw touches
    /// are checked as they are sent (`SimulationLoop`). Nil when nothing is missing.
    package func unsupported(by capabilities: Capabilities) -> String? {
        var needs = Capabilities()
        var why: [String] = []
        func need(_ c: Capabilities, _ reason: String) {
            if !capabilities.contains(c) {
                needs.insert(c)
                why.append(reason)
            }
        }
        // A scenario that turns the photo may expect it snapped, guided or turned a quarter: with
        // expectations or checkpoints it needs the whole of rotation. One judged by the oracle
        // alone (every fuzz trace) needs only the twist: the oracle judges the snap, the guide
        // and the quarter turn only for a model that declares them, so a twist-only editor's
        // turned photo is fuzzed too (its uncovered mask found), never refused as a whole.
        if config.allowRotation {
            need(expect == .none && checkpoints.isEmpty ? .twist : .rotation, "allowRotation")
        }
        if device.reduceMotion { need(.reduceMotion, "Reduce Motion at open") }
        if image.source.orientation != .up {
            need(.exifOrientations, "EXIF orientation \(image.source.orientation.rawValue)")
        }
        for step in steps {
            let c = step.action.capability
            if !c.isEmpty, !capabilities.isSuperset(of: c), !needs.isSuperset(of: c) {
                need(c, "a \(step.action.name) step (\(step.path))")
            }
        }
        // A confirm with someone signed in starts the upload the scenario scripts.
        if backend.user != nil, steps.contains(where: { $0.action == .confirm }), !needs.contains(.upload) {
            need(.upload, "a confirm with a signed-in user (the upload flow)")
        }
        guard !why.isEmpty else { return nil }
        return
            "the scenario sets \(why.joined(separator: ", ")), which needs \(needs.names.joined(separator: ", ")); the model does not declare it"
    }
}

extension Action {
    /// The capability a step needs of the model (docs/model-protocol.md#capabilities).
    var capability: Capabilities {
        switch self {
        case .drag, .pinch, .twoFingerDrag, .tap, .longTouch, .touches, .cancelTouches: []
        case .doubleTap: .doubleTap
        case .slider: .slider
        case .increment, .decrement: .voiceOverSteps
        case .recenter: .recenter
        case .rotate90: .rotate90
        case .resize: .resize
        case .reduceMotion: .reduceMotion
        case .memoryWarning: .memoryFallback
        case .confirm, .cancel: .confirm
        case .retry: .upload
        }
    }
}
