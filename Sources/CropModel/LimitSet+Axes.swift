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
    /// Calls `body` with every reason whose sides meet `sides`, in declaration order (stable logs).
    /// Written out case by case: walking `allCases` builds an array, and a `static let` copy of it
    /// is read through a once-check on every clamp that cuts.
    @inline(__always) public static func forEach(meeting sides: LimitSet, _ body: (LimitReason) -> Void) {
        if !sides.isDisjoint(with: LimitReason.zoomMin.limit) { body(.zoomMin) }
        if !sides.isDisjoint(with: LimitReason.zoomMax.limit) { body(.zoomMax) }
        if !sides.isDisjoint(with: LimitReason.panClampX.limit) { body(.panClampX) }
        if !sides.isDisjoint(with: LimitReason.panClampY.limit) { body(.panClampY) }
        if !sides.isDisjoint(with: LimitReason.rotationLimit.limit) { body(.rotationLimit) }
    }

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
