import ArgumentParser
@testable import CropCommandLine
import Testing

/// swift-argument-parser's `AssertParse`: arguments to a command value, in process, no binary.
func AssertParse<Command: ParsableCommand>(
    _ type: Command.Type, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation,
    _ check: (Command) throws -> Void
) throws {
    let parsed = try Cropsim.parseAsRoot(arguments)
    let command = try #require(
        parsed as? Command, "parsed as \(Swift.type(of: parsed))", sourceLocation: sourceLocation)
    try check(command)
}

/// The message and exit code `cropsim` gives for arguments that do not parse or validate.
func parseError(_ arguments: [String]) -> (message: String, code: ExitCode)? {
    do {
        _ = try Cropsim.parseAsRoot(arguments)
        return nil
    } catch {
        return (Cropsim.message(for: error), Cropsim.exitCode(for: error))
    }
}

@Suite struct ParseTests {
    @Test func runDefaultsToTheSuiteAndReportsLatest() throws {
        try AssertParse(RunCommand.self, ["run"]) { run in
            #expect(run.paths == ["Scenarios"])
            #expect(run.reportDir == "Reports/latest")
            #expect(run.junit == nil && run.filter == nil && run.shard == nil)
            #expect(!run.json && !run.quiet && !run.failSubPixel)
        }
    }

    /// `--fail-sub-pixel` on run and fuzz: sub-pixel target deviations fail (docs/oracle.md#sub-pixel).
    @Test func failSubPixelIsAFlagOfRunAndFuzz() throws {
        try AssertParse(RunCommand.self, ["run", "--fail-sub-pixel"]) { #expect($0.failSubPixel) }
        try AssertParse(FuzzCommand.self, ["fuzz", "--fail-sub-pixel"]) { #expect($0.failSubPixel) }
        try AssertParse(FuzzCommand.self, ["fuzz"]) { #expect(!$0.failSubPixel) }
    }

    @Test func runTakesPathsAndOptions() throws {
        try AssertParse(
            RunCommand.self,
            [
                "run", "a.json", "b", "--report-dir", "r", "--junit", "j.xml", "--filter", "pinch",
                "--shard", "2/3", "--jobs", "2", "--json", "--quiet"
            ]
        ) { run in
            #expect(run.paths == ["a.json", "b"])
            #expect(run.reportDir == "r" && run.junit == "j.xml" && run.filter == "pinch")
            #expect(run.shard?.index == 2 && run.shard?.count == 3)
            #expect(run.jobs == 2 && run.json && run.quiet)
        }
    }

    /// Shard i of n takes every n-th scenario: disjoint, and together the whole suite.
    @Test func shardsPartitionTheSuite() throws {
        var owners = [Int](repeating: 0, count: 50)
        for i in 1...3 {
            try AssertParse(RunCommand.self, ["run", "--shard", "\(i)/3"]) { run in
                let shard = try #require(run.shard)
                for k in owners.indices where shard.contains(position: k) { owners[k] += 1 }
            }
        }
        #expect(owners.allSatisfy { $0 == 1 })
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "1/4611686018427387904", "1", "1/2/3", "a/b", "2/-1"])
    func aShardOutsideOneToNIsAUsageError(_ shard: String) throws {
        let error = try #require(parseError(["run", "--shard", shard]))
        #expect(error.message == "The value '\(shard)' is invalid for '--shard <shard>'")
        #expect(error.code == .validationFailure)
    }

    @Test func validationErrorsNameTheOption() throws {
        #expect(parseError(["run", "--jobs", "0"])?.message == "--jobs must be ≥ 1, got 0")
        #expect(
            parseError([
                "geometry", "--image-size", "4032x3024", "--orientation", "9", "--view", "393x852", "--screen-scale",
                "3"
            ])?.message
                == "--orientation must be 1…8, got 9")
        #expect(
            parseError(["crop", "--image", "x.jpg", "--out", "a.png", "--center", "--scale", "2"])?.message
                == "--center cannot be combined with --scale, --tx or --ty")
        #expect(
            parseError(["crop", "--image", "x.jpg", "--out", "a.png", "--tx", "2"])?.message
                == "--tx and --ty need --scale")
        #expect(parseError(["run", "--progress-interval", "0"]) != nil)
    }

    /// Negative numbers are values, not options, where a number may be negative.
    @Test func cropTakesNegativeNumbers() throws {
        try AssertParse(
            CropCommand.self,
            ["crop", "--image", "x.jpg", "--out", "a.png", "--scale", "2", "--tx", "-3", "--angle", "-270"]
        ) { crop in
            #expect(crop.scale == 2 && crop.tx == -3 && crop.angle == -270)
            #expect(crop.scenario == nil && !crop.center)
        }
    }

    @Test func newDefaultsToAPinchInTheSuite() throws {
        try AssertParse(NewCommand.self, ["new", "gestures/mine"]) { new in
            #expect(new.name == "gestures/mine" && new.template == .pinch && new.dir == "Scenarios")
        }
        try AssertParse(NewCommand.self, ["new", "x", "--template", "hand-over"]) { new in
            #expect(new.template == .handOver)
        }
    }

    @Test func mergesAreSubcommandsWithTheirOwnDefaults() throws {
        try AssertParse(ReportMergeCommand.self, ["report", "merge", "s1", "s2"]) { merge in
            #expect(merge.shards == ["s1", "s2"] && merge.out == "Reports/merged")
        }
        try AssertParse(FuzzMergeCommand.self, ["fuzz", "merge", "c1"]) { merge in
            #expect(merge.campaigns == ["c1"] && merge.into == "Scenarios/regressions")
        }
    }

    @Test func unknownCommandsAndOptionsAreUsageErrors() throws {
        #expect(parseError(["frobnicate"])?.message.contains("frobnicate") == true)
        #expect(parseError(["run", "--no-such-option"])?.message == "Unknown option '--no-such-option'")
        #expect(parseError(["geometry", "--view", "393x852"])?.message.contains("--image-size") == true)
    }
}
