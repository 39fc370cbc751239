import CropTestSupport
import Foundation
import Testing

/// `scripts/compare-logs` (behaviour unchanged between two binaries): the same binary twice is
/// identical; a binary whose run changes one effect line is caught, naming the file; bad usage is 2.
@Suite struct CompareLogsTests {
    static let bash = URL(fileURLWithPath: "/bin/bash")

    @Test func theSameBinaryTwiceIsIdentical() throws {
        try AssertExecuteCommand(
            ["scripts/compare-logs", Binaries.cropsim.path, Binaries.cropsim.path, "--scenarios", "Scenarios/gestures"],
            executable: Self.bash, stdout: "0 differ")
    }

    @Test func aChangedEffectLineIsFoundByFile() throws {
        let tmp = try TemporaryFolder()
        try tmp.write(
            """
            #!/bin/sh
            "\(Binaries.cropsim.path)" "$@"; rc=$?
            f=$(find "$5" -name effects.jsonl | sort | head -1)
            echo tampered >>"$f"
            exit $rc

            """, to: "tamper")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tmp.path("tamper"))
        try AssertExecuteCommand(
            ["scripts/compare-logs", tmp.path("tamper"), Binaries.cropsim.path, "--scenarios", "Scenarios/gestures"],
            executable: Self.bash, exitCode: 1, stdout: "differs: scenarios/")
    }

    @Test func badUsageIsExitTwo() throws {
        let tmp = try TemporaryFolder()
        try AssertExecuteCommand(["scripts/compare-logs"], executable: Self.bash, exitCode: 2)
        try AssertExecuteCommand(
            ["scripts/compare-logs", tmp.path("nope"), Binaries.cropsim.path], executable: Self.bash, exitCode: 2)
        try AssertExecuteCommand(
            ["scripts/compare-logs", Binaries.cropsim.path, Binaries.cropsim.path, "--scenarios", tmp.path("nope")],
            executable: Self.bash, exitCode: 2)
    }
}
