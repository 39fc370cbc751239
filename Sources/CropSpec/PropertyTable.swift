/// Every property's facts, one row each, in `Property.allCases` order. The rows are declared by
/// group in the `PropertyTable+…` files; `Property.kind`, `.covers`, `.needs` and
/// `.isJudged(given:)` read them here.
public enum PropertyTable {
    /// One row per property, at its case's position: a lookup is an array index, never a hash
    /// of the raw value (a `String`-backed enum hashes its name). Built once; a missing or
    /// repeated row stops the program at first use, and `PropertyTableTests` at once.
    public static let rows: [PropertySpec] = {
        let rows = (safety + obligations + moves + cropAndOpening + rotation + statics).sorted {
            $0.property.ordinal < $1.property.ordinal
        }
        precondition(rows.map(\.property) == Property.allCases, "PropertyTable: every property needs exactly one row")
        return rows
    }()

    public static subscript(_ property: Property) -> PropertySpec { rows[property.ordinal] }
}

extension Property {
    /// The case's position in `allCases`. A case without payload is stored as its declaration
    /// index (the Swift type layout), so this is a load, where `firstIndex(of:)` would search
    /// and a dictionary would hash the name; `PropertyTableTests` checks the two agree.
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    public var kind: Kind { PropertyTable[self].kind }

    /// The requirement ids and gesture-note rule ids this property checks.
    public var covers: [String] { PropertyTable[self].covers }
}

/// Documents that record a choice the spec leaves open and the oracle holds every editor to
/// (until an editor makes another legally, and it becomes a policy).
enum Decision {
    /// docs/oracle.md's table of decisions held for every editor.
    static let heldForEveryEditor = "docs/oracle.md#capabilities-policies-and-what-is-not-judged"
    /// When an obligation is due: the spec names none.
    static let deadlines = "docs/oracle.md#obligations-and-their-deadlines"
    /// Where a discrete action is judged, and what interrupts it.
    static let targets = "docs/oracle.md#targets"
    /// The settle bound and how a frame's progress is read.
    static let timing = "docs/oracle.md#timing"
    /// The geometry the spec's formulas leave open (the initial pose's cap, the low-density notice).
    static let geometry = "docs/editor-model.md#geometry-zoomgeometry"
    /// R1.2 against R5.5: a photo of 320–639 px is accepted and confirmable.
    static let smallPhotos = "docs/editor-model.md#r12-vs-r55-photos-whose-short-side-is-320639-px"
    /// The rotation rules, from the design documents the spec's `allowRotation` came from.
    static let rotation = "docs/rotation.md#rules-the-oracle-checks"
}
