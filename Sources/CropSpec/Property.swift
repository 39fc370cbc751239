/// Every property the oracle judges, each a rule of the spec restated: its raw value is the
/// stable name used in reports, violation logs and regression file names (so never rename one),
/// and its row in `PropertyTable` holds the rest: its `kind`, the ids it `covers` (requirement ids
/// R1.1…R12.5, gesture-note rules G-… listed in docs/oracle.md, rotation rules ROT-…), what it
/// `needs`, the spec sentences it restates, the policies that change it and where it is checked.
///
/// To add one: a case with its doc comment quoting the spec, its row in `PropertyTable`, a check
/// in `Oracle` (or `StaticSpec`), a test that breaks it on purpose (`Tests/CropSpecTests`), and
/// `cropsim oracle-doc --out docs/properties.md`.
public enum Property: String, CaseIterable, Sendable, Codable {
    // MARK: Safety: nothing illegal is ever shown.

    /// Scale and translation are finite numbers. (R8.1: "image content at all times".)
    case finiteState
    /// s_min ≤ scale ≤ s_max. R8.2: "clamp zoom to [s_min, s_max] as defined in Zoom & Pan Math".
    case zoomInRange
    /// σ / scale ≥ minPixelPerPoint, unless the photo was accepted as low-density. R8.5: "minimum
    /// pixel density of 1.0 px/pt inside the circle".
    case density
    /// The mask circle lies inside the displayed image. R8.3: "clamp pan continuously so the mask
    /// stays fully covered".
    case maskCovered
    /// The output square under the mask lies inside the upright source, in pixels. R8.1: "no blank
    /// background".
    case outputSquareCovered
    /// The model's crop rect equals the one the spec's math gives, and its stored-grid version
    /// lies inside the stored image. R9.1: "normalize EXIF orientation to .up before any math".
    case cropRectInSource
    /// At confirm the crop holds outputSize × q pixels per side, or all the photo has, and the
    /// request is the mask's square. R5.5: "validate that the crop area contains at least
    /// (outputSize × qualityMultiplier) pixels per side … before allowing confirmation".
    case confirmable
    /// A light impact fires only at its limit and not again before the pose has left it. Notes:
    /// "It fires on the transition into the limit, not on every frame spent there."
    case hapticsEdgeTriggered
    /// R6.2: "WHEN a user begins gesture interaction … hide the grid"; R6.1: it shows otherwise.
    case gridHiddenDuringGestures
    /// R6.4: "Pinch to zoom, drag to move" … "auto-hides after first gesture".
    case instructionsHiddenAfterFirstGesture
    /// R8.4 "one-time tip", R11.3 "one-time notice": each tip or notice shows at most once.
    case tipsAtMostOnce
    /// Notes: "a second finger landing during a drag turns it into a pinch … without any jump".
    case handOverWithoutJump
    /// Notes (Recognition): "idle → touch down → recognized → active → ended → idle, with a
    /// cancelled exit": at most one gesture at a time, changes only inside it, a double-tap only
    /// when no gesture is active (multi-touch and drags win over taps).
    case gesturesWellFormed
    /// R10.3–10.4: "log only numeric metrics and boolean flags"; never paths or ids.
    case telemetryNumericOnly
    /// R12.1–12.2: `avatars` bucket, `users/{uid}/avatar_512.png`, upsert, the right content type.
    case uploadRequestValid
    /// R12.5: retries after 0.5 s, 1 s, 2 s exactly, only after retryable failures, at most four
    /// attempts, one at a time — and a retry that is due does start.
    case backoffAsSpecified
    /// R12.3: "update profiles.avatar_path and profiles.avatar_version atomically".
    case profileAtomic
    /// R11.2 "preserve user state", R11.5 "maintain crop state during error recovery".
    case editsKeptOnFailure
    /// R11.2 "IF cropping fails … preserve user state and offer a Retry action", R11.5 "maintain
    /// crop state during error recovery"; notes: confirm / cancel "finish, abandon, or retry". The
    /// session is the one the flow implies: editing until confirm or cancel, and editing again —
    /// the crop adjustable and confirmable — as soon as a crop fails; confirmed while cropping and
    /// uploading; cancelled for good after cancel. While it is not editing, a gesture or an
    /// accessibility action leaves the photo where it is ("after confirm or cancel, further input
    /// is ignored").
    case sessionFollowsFlow
    /// R1.4, R1.5, R9.3, R9.4: the crop request asks for outputSize × outputSize in the
    /// configured encoding (PNG by default), for this photo's orientation.
    case cropRequestMatchesConfig

    // MARK: Obligation: when X happens, Y follows.

    /// R3.2 "WHEN a user reaches zoom limits … light haptic feedback"; notes: "the start of a pan
    /// clamp on either axis". A user request (pan, pinch, an increment at the end) that pushes past
    /// a limit side not engaged gets a light impact naming that axis in the same event.
    case limitHapticOnEntry
    /// R3.3: "WHEN a user confirms … success haptic feedback" — in the confirm event.
    case successHapticOnConfirm
    /// R11.2, R11.4, R12.5; notes: "Error: three quick light impacts (e.g. a crop or upload that
    /// finally failed)". A final failure gives the error haptic, its specific alert and Retry, in
    /// the same event.
    case failureReported
    /// R4.1: announce "Avatar editor. Circular crop. Drag to move, pinch to zoom" when it opens.
    case voiceOverAnnounced
    /// R8.4, R5.2: whenever s_max = s_min, the "Zoom limited by photo quality" tip has been shown.
    case zoomLimitedTipShown
    /// Zoom & Pan Math: "Require σ / s_min ≥ 1.0 (warn/limit if violated)": whenever the photo is
    /// below the density at s_min, the low-resolution notice has been shown.
    case lowDensityNoticeShown
    /// R7.4 "IF memory pressure occurs … fall back to cropping the Display_Thumbnail", R7.2
    /// "retain original image data … for final … crop": the request uses the thumbnail exactly when
    /// a memory warning came before confirm.
    case memoryFallbackUsesThumbnail
    /// R11.3: "IF memory fallback occurs … show one-time notice" — at the confirm that falls back,
    /// and never without a fallback.
    case memoryFallbackNoticeShown
    /// R12.1: a crop that succeeded for a signed-in user is uploaded at once (attempt 1).
    case uploadFollowsCrop
    /// R12.3: "update … atomically after successful upload": the profile update is asked for only
    /// when the in-flight attempt succeeded, pointing at the new key and the next version.
    case profileUpdatedOnlyAfterUpload
    /// R12.5: "preserve previous avatar on total failure": after a final upload failure the
    /// profile is exactly as it was.
    case previousAvatarKept
    /// R10.1, R10.2, R10.5, R5.4, R7.1: the crop's telemetry carries the source size, thumbnail
    /// size (≈2560–3000 px long edge, never enlarged), s_min, s_max, quality clamp, format; each
    /// upload attempt reports its outcome.
    case telemetryReported
    /// R10.1 "total crop latency", R10.5, R12.5: the telemetry's numbers agree with the trace's
    /// clock and the backend's replies: the crop's latency is the ticks from its request to its
    /// result; each attempt's outcome code, retryability, backoff (0.5 s, 1 s, 2 s, or 0 when no
    /// attempt follows) and elapsed ticks are what the oracle saw.
    case telemetryMatchesTrace
    /// R12.4: the avatar URL carries `?v={avatar_version}`.
    case versionedURL

    // MARK: Target: a discrete action ends where the spec says.

    /// R1.1 and UX polish "Initial pose: Start at s_min × 1.05, centered" (at most s_max).
    case initialPose
    /// R2.1, notes "pan 1:1 with the finger, clamped every tick".
    case panFollowsFinger
    /// R2.2, notes: "zoom by span ratio, anchored at the centroid"; the image point under the
    /// centroid stays there at the clamped scale while the translation is not clamped.
    case focalPointKept
    /// R2.3, notes: "next zoom step (1.0× → 1.5× → 2.0× → s_max → back to 1.0×, relative to
    /// s_min), anchored at the tap", from the current zoom.
    case doubleTapRung
    /// R4.2, notes: "0–100 % maps onto [s_min, s_max]" (logarithmically, docs/editor-model.md),
    /// anchored at the mask center.
    case sliderTarget
    /// R4.2: the slider reads the zoom: percent = 100·log(s/s_min)/log(s_max/s_min).
    case sliderReadsZoom
    /// Notes: "increment / decrement: one slider step up or down" (±10 %).
    case incrementTarget
    /// Notes: "recenter: translation back to the center at the current zoom".
    case recenterTarget
    /// Notes: "resize: mask, s_min and s_max are recomputed"; the image point under the mask
    /// center and the zoom relative to s_min are kept, then clamped.
    case resizeKeepsCenter
    /// Notes: "Reduce Motion: no springy overscroll; transitions are discrete (one frame)".
    case reduceMotionDiscrete

    // MARK: Timing: transitions follow the documented spring.

    /// Notes (Motion): "Springs (Hooke's law, integrated at 60 Hz)"; docs/editor-model.md: k 100,
    /// ζ 0.8, m 1. Each frame's progress matches the closed-form oscillator within the stated
    /// tolerance.
    case springTiming
    /// Every transition settles within the spring's settle bound (and no frame animates under
    /// Reduce Motion); a recenter of a photo at rest and centered starts none.
    case animatedFramesValid
    /// Notes (Motion): "Springs (Hooke's law, integrated at 60 Hz)". A frame's progress stays in
    /// the declared spring's closed-form envelope: a critically damped move never turns back or
    /// overshoots; an underdamped one stays within e^{−ζω₀t}/√(1 − ζ²) of its target.
    case springEnvelope
    /// R2.3 "anchored at the tap location to preserve focal point": on the way to its target an
    /// anchored move keeps the anchor's image point where the anchored path or a linear pan puts
    /// it, unless a clamp holds the frame; a turn (the 90° button, a snap) keeps the image point
    /// under the mask center so ("about the mask center", ROT-90, ROT-release).
    case anchorKept

    // MARK: Mapping

    /// R9.1: the crop request's stored rect is the EXIF transform of the upright crop: its four
    /// corners and center are the reference images of the upright crop's.
    case storedRectMapping

    // MARK: Rotation (allowRotation; docs/rotation.md, ids ROT-…)

    /// ROT-off: without `allowRotation` the photo never turns; twists and the 90° button do nothing.
    case rotationOnlyWhenAllowed
    /// ROT-limit: the turn stays within the tilt the photo's zoom range allows (s_min(θ) ≤ s_max),
    /// so rotation never zooms past the quality and density caps.
    case tiltWithinLimit
    /// ROT-continuous: the angle changes only while two fingers twist it, or along a snap or a
    /// 90° turn (animated, or in one frame).
    case angleChangesOnlyByRotation
    /// ROT-twist: the angle is kept in (−180°, 180°], as the angle label shows it and the model
    /// protocol's state says (docs/rotation.md): a twist carried past a half turn reads −170°, not
    /// 190°. The same picture either way, so it has no size on the glass.
    case angleInRange
    /// ROT-twist: a twist turns the photo by the fingers' turn since it was recognized, about the
    /// centroid (the image point under it stays under it), within the tilt limit, zoom and pan
    /// clamped at the new angle; the angle it leaves is kept in (−180°, 180°].
    case twistFollowsFingers
    /// ROT-snap: entering a snap window (within 5° of 0°, 90°, 180°, 270°) during a twist is one
    /// light haptic; no snap haptic otherwise.
    case snapHapticOnEntry
    /// ROT-guide: the thin angle guide line shows exactly while a twist holds the photo within a
    /// snap window.
    case angleGuideShown
    /// ROT-release: a twist released within a snap window settles on the quarter turn, about the
    /// mask center.
    case snapOnRelease
    /// ROT-90: the rotate button turns a quarter turn clockwise about the mask center, the zoom
    /// kept in range; animated (without Reduce Motion) exactly where every angle on the way is
    /// allowed; a move it starts turns the photo by less than a whole turn and the spring's
    /// overshoot (its heading is at most three quarter turns ahead).
    case rotate90Target
    /// ROT-crop: the crop request carries the photo's turn: the output square is the crop square
    /// turned by −θ, its four corners inside the upright photo.
    case cropTurnMatchesPose

    // MARK: Opening

    /// R1.2, R1.3, R11.1, R11.4, R1.1: a photo with a short side ≥ 320 px opens the editor; a
    /// smaller one is refused with "This photo is too small for a profile picture"; an
    /// undecodable one with the decode message.
    case photoAcceptance

    // MARK: Static: values the model exposes but no trace exercises (checked by `StaticSpec`).

    /// R6.1, R6.3, R6.5: a 2×2 grid, 90–94 % dimming, a thin (≤ 2 pt, > 0) white stroke.
    case overlayStyle
    /// R4.1, R6.4, R8.4, R11.1, R11.3: the spec's sentences, verbatim.
    case messagesVerbatim
    /// API Configuration, R1.4, R3.4, R5.1, R9.3: the config's defaults are the spec's.
    case configDefaults
    /// R3.1, R3.4, R3.5, R4.3, R4.4, R4.5, R7.3, R7.5, R9.2, R9.5: host and renderer duties the
    /// editor model cannot show. Documented in docs/oracle.md with where each is checked instead.
    case outsideTheModel
    /// Notes (Recognition) defaults: drag after 10 pt, double-tap ≤ 0.3 s and ≤ 40 pt, 60 Hz ticks.
    case recognizerDefaults

    public enum Kind: String, Sendable, CaseIterable {
        case safety, obligation, target, timing, mapping, opening, `static`
    }
}

/// One broken property, with where and the numbers.
public struct Violation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var property: Property
    public var tick: Int
    /// Simulated seconds.
    public var time: Double
    public var message: String
    /// Its size on the glass, for a geometric property (`Property.measured`); the message says it
    /// too. Optional in logs: those written before it existed still decode.
    public var magnitude: Magnitude?

    public init(property: Property, tick: Int, time: Double, message: String, magnitude: Magnitude? = nil) {
        self.property = property
        self.tick = tick
        self.time = time
        self.message = message
        self.magnitude = magnitude
    }

    /// `invariant` is the key logs and reports have always used; it stays, so they stay readable.
    enum CodingKeys: String, CodingKey {
        case property = "invariant", tick, time, message, magnitude
    }

    public var description: String {
        "\(property.rawValue) at tick \(tick) (t=\(formatSeconds(time)) s): \(message)"
    }
}

/// Seconds with three decimals, as every violation message prints them.
public func formatSeconds(_ t: Double) -> String {
    let ms = Int((t * 1000).rounded())
    let frac = String(ms % 1000)
    return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
}
