/// What an editor implements and reports, beyond the core every editor has (open, pan, pinch,
/// tick, its pose). A model declares its capabilities once (in process, `EditorModel.identity`;
/// over a pipe, the handshake): the fuzzer draws only inputs it supports, a scenario that needs a
/// missing one is not applicable, and a property that needs one is not judged
/// (docs/bring-your-own-model.md#capabilities).
public struct Capabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `allowRotation`'s two-finger twist, held within the tilt limit.
    public static let twist = Capabilities(rawValue: 1 << 0)
    /// The 90° button (`rotate90`).
    public static let rotate90 = Capabilities(rawValue: 1 << 17)
    /// Snap windows: the snap haptic on entering one during a twist, and settling on the quarter
    /// turn when a twist is released inside one.
    public static let snap = Capabilities(rawValue: 1 << 18)
    /// The thin angle guide line while a twist holds the photo in a snap window (`angleGuide`).
    public static let angleGuide = Capabilities(rawValue: 1 << 19)
    /// Everything `allowRotation` means here: twist, the 90° button, snapping and the guide line.
    public static let rotation: Capabilities = [.twist, .rotate90, .snap, .angleGuide]
    /// The double-tap ladder (R2.3).
    public static let doubleTap = Capabilities(rawValue: 1 << 1)
    /// The accessibility zoom slider (R4.2): `setZoomSlider` and the slider's reading.
    public static let slider = Capabilities(rawValue: 1 << 2)
    /// VoiceOver's adjustable steps: `incrementZoom` and `decrementZoom`.
    public static let voiceOverSteps = Capabilities(rawValue: 1 << 3)
    /// The Recenter action.
    public static let recenter = Capabilities(rawValue: 1 << 4)
    /// Haptic effects: light impacts at limits, success, error, snap.
    public static let haptics = Capabilities(rawValue: 1 << 5)
    /// Discrete actions animate on a spring and the model reports `animating`; without it they
    /// land in one frame, as under Reduce Motion.
    public static let animations = Capabilities(rawValue: 1 << 6)
    /// Tips and notices (`show` effects) and the instructions' visibility.
    public static let notices = Capabilities(rawValue: 1 << 7)
    /// The VoiceOver announcement at open (R4.1, `announce` effects).
    public static let announcement = Capabilities(rawValue: 1 << 20)
    /// Tips, notices, the instructions and the VoiceOver announcement.
    public static let tips: Capabilities = [.notices, .announcement]
    /// The 2×2 grid's visibility (R6.1–6.2).
    public static let grid = Capabilities(rawValue: 1 << 8)
    /// `confirm` (the crop request and the success haptic) and `cancel`, with the session.
    public static let confirm = Capabilities(rawValue: 1 << 9)
    /// The flow after confirm: crop result, upload with retries, profile update, telemetry.
    public static let upload = Capabilities(rawValue: 1 << 10)
    /// `memoryWarning`: the crop falls back to the display thumbnail (R7.4).
    public static let memoryFallback = Capabilities(rawValue: 1 << 11)
    /// Photos whose EXIF orientation is not `.up` (R9.1).
    public static let exifOrientations = Capabilities(rawValue: 1 << 12)
    /// `resize`: the view changes size (rotation of the device, split view).
    public static let resize = Capabilities(rawValue: 1 << 13)
    /// `setReduceMotion` and opening with Reduce Motion on.
    public static let reduceMotion = Capabilities(rawValue: 1 << 14)
    /// The model reports its crop rectangle on every frame (`Observation.cropRect` and
    /// `storedCropRect`), not only in the crop request at confirm.
    public static let cropRect = Capabilities(rawValue: 1 << 15)
    /// The model reports its own limits, gesture, clamp and flow state (`Readout`), for logs and
    /// reports; the oracle never reads them.
    public static let readout = Capabilities(rawValue: 1 << 16)
    /// Driven at touch level: the model receives the touches cropsim synthesizes (pointer, phase,
    /// position, time) instead of recognized gestures, and recognizes them itself. A way of
    /// driving, not a feature of the editor: `all` leaves it out.
    public static let touches = Capabilities(rawValue: 1 << 21)

    /// Every capability, with the name the handshake and reports use, in a fixed order.
    public static let named: [(name: String, capability: Capabilities)] = [
        ("twist", .twist), ("rotate90", .rotate90), ("snap", .snap), ("angleGuide", .angleGuide),
        ("doubleTap", .doubleTap), ("slider", .slider), ("voiceOverSteps", .voiceOverSteps),
        ("recenter", .recenter), ("haptics", .haptics), ("animations", .animations), ("notices", .notices),
        ("announcement", .announcement), ("grid", .grid),
        ("confirm", .confirm), ("upload", .upload), ("memoryFallback", .memoryFallback),
        ("exifOrientations", .exifOrientations), ("resize", .resize), ("reduceMotion", .reduceMotion),
        ("cropRect", .cropRect), ("readout", .readout), ("touches", .touches)
    ]

    /// Names for several capabilities at once: protocol v1's coarse names, still accepted, and
    /// what reports print when a model has all of a group.
    public static let groups: [(name: String, capability: Capabilities)] = [("rotation", .rotation), ("tips", .tips)]

    /// Every feature an editor can have (the reference editor's set); `touches`, a way of
    /// driving, is not one of them.
    public static let all = Capabilities(named.map(\.capability)).subtracting(.touches)

    public init(name: String) throws(UnknownName) {
        guard let c = (Self.named + Self.groups).first(where: { $0.name == name }) else {
            throw UnknownName(kind: "capability", name: name)
        }
        self = c.capability
    }

    /// The names of the capabilities in this set, in `named` order; a whole group by its name,
    /// where its first member stands.
    public var names: [String] {
        var out: [String] = []
        for (name, capability) in Self.named where contains(capability) {
            if let group = Self.groups.first(where: { $0.capability.contains(capability) }), contains(group.capability)
            {
                if Self.leader(of: group.capability) == capability { out.append(group.name) }
            } else {
                out.append(name)
            }
        }
        return out
    }

    /// A group's member that comes first in `named`: where `names` prints the group.
    private static func leader(of group: Capabilities) -> Capabilities? {
        named.first { group.contains($0.capability) }?.capability
    }
}

/// A capability or policy name nobody defined: a handshake or a flag with a typo.
public struct UnknownName: Error, Hashable, Sendable, CustomStringConvertible {
    public var kind: String
    public var name: String

    public init(kind: String, name: String) {
        self.kind = kind
        self.name = name
    }

    public var description: String { "unknown \(kind) \"\(name)\"" }
}

extension EditorEvent {
    /// The capability an event belongs to: a model without it is never sent the event (a scenario
    /// that would send it is not applicable). Pans, pinches and cancelled gestures are core.
    public var capability: Capabilities {
        switch self {
        case .panBegan, .panChanged, .panEnded, .pinchBegan, .pinchChanged, .pinchEnded, .gestureCancelled: []
        case .twistChanged: .twist
        case .rotate90: .rotate90
        case .doubleTap: .doubleTap
        case .setZoomSlider: .slider
        case .incrementZoom, .decrementZoom: .voiceOverSteps
        case .recenter: .recenter
        case .resize: .resize
        case .setReduceMotion: .reduceMotion
        case .memoryWarning: .memoryFallback
        case .confirm, .cancel: .confirm
        case .cropFinished, .uploadFinished, .profileUpdated, .retry: .upload
        }
    }
}
