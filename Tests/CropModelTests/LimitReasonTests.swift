import CropModel
import CropVocabulary
import Testing

/// `LimitReason.forEach(meeting:)` is written out case by case; these hold it to `allCases`.
@Suite struct LimitReasonTests {
    @Test func everyReasonInDeclarationOrder() {
        var seen: [LimitReason] = []
        LimitReason.forEach(meeting: [.zoom, .panX, .panY, .tilt]) { seen.append($0) }
        #expect(seen == LimitReason.allCases)
    }

    /// Each set of sides names exactly the reasons whose sides it meets, in order.
    @Test func theReasonsASetOfSidesMeets() {
        let sides: [LimitSet] = [.zoomMin, .zoomMax, .panMinX, .panMaxX, .panMinY, .panMaxY, .tiltMin, .tiltMax]
        for mask in 0..<(1 << sides.count) {
            var set = LimitSet()
            for (i, side) in sides.enumerated() where mask & (1 << i) != 0 { set.formUnion(side) }
            var seen: [LimitReason] = []
            LimitReason.forEach(meeting: set) { seen.append($0) }
            #expect(seen == LimitReason.allCases.filter { !set.isDisjoint(with: $0.limit) }, "sides \(set.rawValue)")
        }
    }
}
