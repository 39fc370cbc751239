import CropTestSupport
import Foundation
import Testing

/// Progress on standard error: plain lines in a log (no carriage returns), one live line on a
/// terminal, nothing with `--quiet`. The hidden `--progress-interval` makes a short job print.
@Suite struct ProgressTests {
    static let run = ["run", "Scenarios/gestures", "--jobs", "2", "--progress-interval", "0.001"]
    static let fuzz = ["fuzz", "--seed", "1", "--runs", "60", "--jobs", "2", "--progress-interval", "0.001"]

    @Test func runPrintsPlainLinesInALogAndNothingWhenQuiet() throws {
        let tmp = try TemporaryFolder()
        let log = try AssertExecuteCommand(Self.run + ["--report-dir", tmp.path("r")])
        #expect(log.stderr.hasPrefix("run: ") && log.stderr.contains("report written in") && !log.stderr.contains("\r"))
        let quiet = try AssertExecuteCommand(Self.run + ["--report-dir", tmp.path("r"), "--quiet"])
        #expect(quiet.stderr.isEmpty)
    }

    @Test func fuzzPrintsPlainLinesInALogAndNothingWhenQuiet() throws {
        let tmp = try TemporaryFolder()
        let log = try AssertExecuteCommand(Self.fuzz + ["--out", tmp.path("fz")])
        #expect(
            log.stderr.hasPrefix("fuzz seed 1: ") && log.stderr.contains("failing, done") && !log.stderr.contains("\r"))
        let quiet = try AssertExecuteCommand(Self.fuzz + ["--out", tmp.path("fz"), "--quiet"])
        #expect(quiet.stderr.isEmpty)
    }

    @Test func aTerminalGetsOneLiveLine() throws {
        let tmp = try TemporaryFolder()
        #expect(try onTerminal(Self.run + ["--report-dir", tmp.path("r")]).contains("\r\u{1B}[Krun: "))
        #expect(try onTerminal(Self.fuzz + ["--out", tmp.path("fz")]).contains("\r\u{1B}[Kfuzz seed 1: "))
    }

    /// Runs cropsim with standard error on a new pseudo-terminal (as script(1) does) and returns
    /// what the terminal was sent.
    func onTerminal(_ arguments: [String]) throws -> String {
        // posix_openpt, unlockpt and ptsname, as Linux implements them (Glibc's module lacks them).
        let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        #expect(
            controller >= 0 && ioctl(controller, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0
                && ioctl(controller, 0x8004_5430 /* TIOCGPTN */, &number) == 0)
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        let screen = Drain(controller)
        let run = try execute(arguments, stderr: FileHandle(fileDescriptor: terminal, closeOnDealloc: false))
        close(terminal)  // with the program gone, the controller reads to its end
        let text = screen.text()
        close(controller)
        #expect(run.status == 0)
        return text
    }
}
