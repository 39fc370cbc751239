import CropVocabulary

extension LimitSet {
    /// Every side of every axis that has at least one side in this set. Written out axis by
    /// axis: a loop over an array of axes would retain and release the array on every clamp
    /// that cuts.
    @inlinable public var wholeAxes: LimitSet {
        var out = LimitSet()
        if !isDisjoint(with: .zoom) { out.formUnion(.zoom) }
        if !isDisjoint(with: .panX) { out.formUnion(.panX) }
        if !isDisjoint(with: .panY) { out.formUnion(.panY) }
        if !isDisjoint(with: .tilt) { out.formUnion(.tilt) }
        return out
    }
}

extension LimitReason {
    /// `allCases`, built once: per-tick code walks it without allocating.
    public static let ordered: [LimitReason] = allCases

    /// The sides this reason stands for.
    public var limit: LimitSet {
        switch self {
        case .zoomMin: .zoomMin
        case .zoomMax: .zoomMax
        case .panClampX: .panX
        case .panClampY: .panY
        case .rotationLimit: .tilt
        }
    }
}
