import CropVocabulary

/// The reference editor under the protocol every editor conforms to: in process, so it answers
/// at once; it implements every capability and its choices are the policies' defaults.
extension Editor: EditorModel {
    /// The name reports and finds give the reference editor; the version changes whenever its
    /// behaviour does.
    public static let referenceIdentity = ModelIdentity(name: "cropsim-reference", version: "1.0", capabilities: .all)

    public static func identity(in context: Void) -> ModelIdentity { referenceIdentity }

    public static func open(_ request: OpenRequest, in context: Void, effects: inout [EditorEffect]) throws(OpenRefusal)
        -> Editor
    {
        do {
            let opened = try open(
                source: request.source, viewport: request.viewport, config: request.config,
                reduceMotion: request.reduceMotion, user: request.user)
            effects += opened.effects
            return opened.editor
        } catch {
            throw OpenRefusal(message: error.description)
        }
    }

    public var readout: Readout {
        let g = zoomGeometry
        return Readout(
            sMin: g.sMin, sMax: g.sMax, maskDiameter: g.maskDiameter, panLimit: g.panLimit(scale: pose.scale),
            view: geometry.viewport.size, gesture: gesture.kind, cut: lastCut, engaged: engaged, upload: upload.phase,
            zoomLimited: g.zoomLimited, lowDensity: g.lowDensity, dimmingOpacity: OverlayStyle.dimmingOpacity)
    }
}
