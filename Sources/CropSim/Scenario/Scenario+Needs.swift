import CropVocabulary

extension Scenario {
    /// Why the scenario cannot run against a model with `capabilities`, from what it sets up
    /// before the first input: the config, the device, the photo and the backend. Inputs the model
    /// lacks are found as they are sent (`SimulationLoop`); nil when nothing is missing so far.
    func unsupported(by capabilities: Capabilities) -> String? {
        var needs = Capabilities()
        var why: [String] = []
        func need(_ c: Capabilities, _ reason: String) {
            if !capabilities.contains(c) {
                needs.insert(c)
                why.append(reason)
            }
        }
        if config.allowRotation { need(.rotation, "allowRotation") }
        if device.reduceMotion { need(.reduceMotion, "Reduce Motion at open") }
        if image.source.orientation != .up { need(.exifOrientations, "EXIF orientation \(image.source.orientation.rawValue)") }
        guard !why.isEmpty else { return nil }
        return "the scenario sets \(why.joined(separator: ", ")), which needs \(needs.names.joined(separator: ", ")); the model does not declare it"
    }
}
