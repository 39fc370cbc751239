@testable import CropLogs
@testable import CropReport
import CropSim
import Foundation
import Testing

/// Times a reader sees in the report: an unmeasured time reads "—", never "0 ns" or "0 s" (issue
/// 35: with `--model` every p95 read "0 ns", and sub-millisecond runs read "wall 0 s"); the
/// frame-time histogram's axis spans the data, not the 16.67 ms budget.
@Suite struct ReportTimesTests {
    static let id = "gestures/pinch-past-both-limits"

    @Test func anUnmeasuredRunShowsNoZeroTimes() throws {
        var r = try #require(try Fixture.results([Self.id]).first)
        r.modelNanoseconds = r.modelNanoseconds.map { _ in 0 }  // an editor over the model protocol
        let page = try Page([r], wallSeconds: [Self.id: 0])
        #expect(!page.timings[0].contains("0 ns") && !page.timings[0].contains("chart histogram"))
        #expect(page.timings[0].contains("not measured") && page.timings[0].contains("wall — "))
        // timings.js leaves the scenario out, so the p95 column shows "—".
        #expect(!page.p95.contains(Self.id))
    }

    @Test(arguments: [(0.0004, "412 µs"), (0.0032, "3.2 ms"), (1.25, "1.25 s"), (0, "—")] as [(Double, String)])
    func wallTimeIsInTheUnitItIsReadIn(_ seconds: Double, _ label: String) {
        let shown = ScenarioSection.wallLabel(seconds == 0.0004 ? 0.000412 : seconds)
        #expect(shown == label)
    }

    @Test func theHistogramAxisSpansTheData() throws {
        // 2 µs … 40 µs: the axis runs 1 µs … 100 µs (half decades around the data), not to 100 ms.
        let samples: [Int64] = [2_000, 3_000, 5_000, 8_000, 40_000]
        let range = SVGChart.histogramRange(samples.map { Double($0) / 1000 })
        #expect(range.lowerBound <= log10(2) && range.lowerBound > log10(2) - 0.5)
        #expect(range.upperBound >= log10(40) && range.upperBound < log10(40) + 0.5)
        let svg = SVGChart.histogram(samples, stats: FrameTimingStatistics(samples))
        #expect(!svg.contains("class=\"stat-budget\""), "the budget is off this axis")
        #expect(svg.contains("budget: off the axis") && svg.contains("budget 16.67 ms is 417 × the slowest tick"))
        #expect(svg.contains(">2 µs<") && svg.contains(">50 µs<") && !svg.contains(">100 ms<"))
        // A slow run keeps its budget line on the axis.
        let slow: [Int64] = [5_000_000, 30_000_000]
        #expect(SVGChart.histogram(slow, stats: FrameTimingStatistics(slow)).contains("class=\"stat-budget\""))
    }
}
