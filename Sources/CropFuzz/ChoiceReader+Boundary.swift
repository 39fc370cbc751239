/// Boundary-aware draws, as Hypothesis weights "nasty" values: a bug at a limit shows only on
/// the limit, or within rounding of it, and a smooth distribution almost never lands there.
extension ChoiceReader {
    /// `value` itself, one ulp either side, or one `tolerance` either side (0: the value itself,
    /// so a shrunk find keeps the exact special point).
    mutating func near(_ value: Double, tolerance: Double) -> Double {
        switch draw(below: 5) {
        case 0: value
        case 1: value.nextDown
        case 2: value.nextUp
        case 3: value - tolerance
        default: value + tolerance
        }
    }

    /// Like `near`, with the tolerance relative to the value (zoom: `SpecTolerance.zoom`).
    mutating func near(_ value: Double, relative: Double) -> Double {
        near(value, tolerance: relative * abs(value))
    }

    /// One of `specials`, drawn `near` it.
    mutating func special(_ specials: [Double], tolerance: Double) -> Double {
        near(pick(specials), tolerance: tolerance)
    }
}
