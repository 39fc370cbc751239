import CropVocabulary

extension Property {
    /// The capabilities a model must declare for this property to be judged on its runs: the
    /// inputs that exercise it and the observations it reads. A model without them is not
    /// wrong; the property is reported *not judged*, never as passed.
    public var needs: Capabilities { PropertyTable[self].needs }

    /// Whether a model with `capabilities` has what this property needs: all of `needs`, and one
    /// of `needsOneOf` where the row names some. Called when an oracle starts, never per tick.
    public func isJudged(given capabilities: Capabilities) -> Bool {
        let row = PropertyTable[self]
        return capabilities.isSuperset(of: row.needs)
            && (row.needsOneOf.isEmpty || !capabilities.isDisjoint(with: row.needsOneOf))
    }
}
