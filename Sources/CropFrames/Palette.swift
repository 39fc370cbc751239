/// Okabe–Ito colors, told apart by readers with any common color-vision deficiency. Each role
/// keeps one color everywhere in the report; violations also get their own shape (×), so they
/// never depend on color alone.
package enum Palette {
    package static let value = "#0072B2"  // blue: the plotted quantity
    package static let band = "#56B4E9"  // sky blue: the allowed range
    package static let pan = "#F0E442"  // yellow: pan phase
    package static let pinch = "#009E73"  // bluish green: pinch phase
    package static let haptic = "#E69F00"  // orange: light impacts, fingertips
    package static let otherHaptic = "#CC79A7"  // reddish purple: success and error haptics
    package static let violation = "#D55E00"  // vermillion (Okabe–Ito red): violations, failures
    package static let guide = "#F0E442"  // yellow: the rotation guide line and snap windows
    package static let ink = "#000000"
    package static let grid = "#D9D9D9"
    package static let muted = "#555555"
}
