import CropSim
import CropText
import CropVocabulary

/// A number for SVG coordinates and embedded data: fixed decimals, no "-0", so the same input
/// always gives the same bytes and the page stays small.
package func svgNumber(_ x: Double, decimals: Int = 2) -> String { formatFixed(x, decimals: decimals) }

/// Simulated seconds as people read them on axes and captions: "1.25 s".
package func secondsLabel(_ t: Double) -> String { svgNumber(t, decimals: 3) + " s" }
