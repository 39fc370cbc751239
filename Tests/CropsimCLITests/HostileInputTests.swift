import CropTestSupport
import Foundation
import Testing

/// A hostile path or number: its exit code and the one line on standard error, run in a fresh
/// `Sandbox`. `{sandbox}` and `{tmp}` (the sandbox's parent) stand for the real paths.
struct HostileCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var exitCode: Int32
    var error: String
    /// A bash script that sets up the process and runs `"$0" "$@"` (cropsim and the arguments).
    var shell: String?

    init(_ arguments: String..., exit exitCode: Int32 = 2, says error: String, shell: String? = nil) {
        self.arguments = arguments
        self.exitCode = exitCode
        self.error = error
        self.shell = shell
    }

    var testDescription: String { arguments.map { $0.isEmpty ? "\"\"" : $0 }.joined(separator: " ") }
}

let notAReport = "names no report folder of its own; give one such as Reports/latest"
let containsWorkingDirectory = "is the working directory or contains it; give a report folder such as Reports/latest"
let notAName =
    "is not a scenario name: use parts like gestures/my-pinch (letters, digits, - _ ., no leading '.', no '..', not absolute)"

/// Nothing but an absent or empty folder or a previous report is ever replaced.
let reportFolders = [
    HostileCase("run", "S", "--report-dir", "", says: #"error: "": the report folder path is empty"#),
    HostileCase("run", "S", "--report-dir", ".", says: "error: .: \(notAReport)"),
    HostileCase("run", "S", "--report-dir", "/", says: "error: /: \(notAReport)"),
    HostileCase("run", "S", "--report-dir", "..", says: "error: ..: \(notAReport)"),
    HostileCase("run", "S", "--report-dir", "{sandbox}", says: "error: {sandbox}: \(containsWorkingDirectory)"),
    HostileCase("run", "S", "--report-dir", "../sandbox", says: "error: ../sandbox: \(containsWorkingDirectory)"),
    HostileCase("run", "S", "--report-dir", "{sandbox}/..", says: "error: {sandbox}/..: \(notAReport)"),
    HostileCase("run", "S", "--report-dir", "{tmp}", says: "error: {tmp}: \(containsWorkingDirectory)"),
    HostileCase(
        "run", "S", "--report-dir", "Reports",
        says: "error: Reports: is a folder cropsim did not write (it has no .cropsim-report); refusing to replace it"),
    HostileCase(
        "run", "S", "--report-dir", ".git",
        says: "error: .git: is a folder cropsim did not write (it has no .cropsim-report); refusing to replace it"),
    HostileCase("run", "S", "--report-dir", "notes.txt", says: "error: notes.txt: is a file, not a report folder"),
    HostileCase(
        "run", "S", "--report-dir", "link", says: "error: link: is a symbolic link; give the report folder itself"),
    HostileCase("run", "S", "--report-dir", "fifo", says: "error: fifo: is not a folder"),
    HostileCase(
        "run", "S", "--report-dir", "notes.txt/sub",
        says: "error: notes.txt/sub: a component of the path is not a folder"),
    HostileCase(
        "run", "S", "--report-dir", "/proc/cropsim-r", exit: 3,
        says: "error: /proc/cropsim-r: cannot create the lock file /proc/.cropsim-r.lock: No such file or directory"),
    // A failing scenario (1) and an unwritable report (3): the higher code wins.
    HostileCase(
        "run", "failing.json", "--report-dir", "/proc/cropsim-r", exit: 3,
        says: "error: /proc/cropsim-r: cannot create the lock file /proc/.cropsim-r.lock: No such file or directory")
]

/// A file the user names may be replaced; a folder, link or device may not.
let outputFiles = [
    HostileCase("run", "S", "--report-dir", "r/j", "--junit", "", says: #"error: "": the path is empty"#),
    HostileCase(
        "run", "S", "--report-dir", "r/j", "--junit", "empty-dir",
        says: "error: empty-dir: is a folder; give a file name"),
    HostileCase(
        "run", "S", "--report-dir", "r/j", "--junit", "link",
        says: "error: link: is a symbolic link; give the file itself"),
    HostileCase("run", "S", "--report-dir", "r/j", "--junit", "fifo", says: "error: fifo: is not a regular file"),
    HostileCase(
        "run", "S", "--report-dir", "r/j", "--junit", "no/such/j.xml",
        says: "error: no/such/j.xml: the folder no/such does not exist"),
    HostileCase(
        "run", "S", "--report-dir", "r/j", "--junit", "/proc/cropsim.xml", exit: 3,
        says: "error: /proc/cropsim.xml: cannot write: No such file or directory"),
    HostileCase(
        "crop", "--image", "empty-dir", "--out", "r/a.png", "--center",
        says: "error: empty-dir: is a folder, not a file"),
    HostileCase(
        "crop", "--image", "fifo", "--out", "r/a.png", "--center",
        says: "error: fifo: is a FIFO (named pipe), not a regular file"),
    HostileCase("crop", "--image", "", "--out", "r/a.png", "--center", says: #"error: "": no such file or folder"#),
    HostileCase("render", "fifo", "--out", "r/x.png", says: "error: fifo: is a FIFO (named pipe), not a regular file"),
    HostileCase("render", "S", "--out", "r/x.png", says: "error: S: is a folder, not a file"),
    HostileCase(
        "crop", "--image", Repository.path("Scenarios/photos/P3-sRGB-color-ring.jpg"), "--out", "empty-dir", "--center",
        says: "error: empty-dir: is a folder; give a file name"),
    HostileCase(
        "render", Repository.path("Scenarios/gestures/pinch-out-to-max.json"), "--out", "/proc/x.png", exit: 3,
        says: "error: /proc/x.png: cannot write: No such file or directory"),
    HostileCase(
        "oracle-doc", "--out", "notes.txt",
        says: "error: --out notes.txt: exists and is not a cropsim property reference; not replacing it"),
    HostileCase("oracle-doc", "--out", "empty-dir", says: "error: empty-dir: is a folder; give a file name"),
    HostileCase(
        geometry(), exit: 3, says: "error: standard output: cannot write: No space left on device",
        shell: #"exec "$0" "$@" >/dev/full"#),
    HostileCase(
        "run", "S", "--json", "--report-dir", "r/full-out", exit: 3,
        says: "error: standard output: cannot write: No space left on device", shell: #"exec "$0" "$@" >/dev/full"#)
]

/// Numbers are range-checked: never a trap, an overflow or a spin.
let numbers = [
    HostileCase(
        geometry(imageSize: "1e19x3000"),
        says: "error: --image-size must be whole numbers 1…1000000 per side, got 1e+19x3000"),
    HostileCase(
        geometry(imageSize: "0.5x3000"),
        says: "error: --image-size must be whole numbers 1…1000000 per side, got 0.5x3000"),
    HostileCase(
        geometry(imageSize: "nanx3000"), says: "error: The value 'nanx3000' is invalid for '--image-size <image-size>'"),
    HostileCase(geometry(view: "1e300x852"), says: "error: --view must be 100…4000 per side, got 1e+300x852"),
    HostileCase(geometry(screenScale: "inf"), says: "error: --screen-scale must be a number in 1…4, got inf"),
    HostileCase(geometry(screenScale: "-3"), says: "error: --screen-scale must be a number in 1…4, got -3"),
    HostileCase(geometry(screenScale: "0"), says: "error: --screen-scale must be a number in 1…4, got 0"),
    HostileCase(
        geometry() + ["--output-size", "9223372036854775807"],
        says: "error: --output-size must be 16…8192, got 9223372036854775807"),
    HostileCase(
        geometry() + ["--output-size", "18446744073709551616"],
        says: "error: The value '18446744073709551616' is invalid for '--output-size <output-size>'"),
    HostileCase(
        geometry() + ["--quality-multiplier", "nan"],
        says: "error: --quality-multiplier must be a number in 0.01…100, got nan"),
    HostileCase(
        geometry() + ["--mask-fraction", "0"], says: "error: --mask-fraction must be a number in 0.05…1, got 0"),
    HostileCase(
        geometry() + ["--orientation=-9223372036854775808"],
        says: "error: --orientation must be 1…8, got -9223372036854775808"),
    HostileCase(
        "crop", "--image", "x.jpg", "--out", "r/a.png", "--format", "jpeg", "--quality", "nan",
        says: "error: --quality must be a number in 0.01…1, got nan"),
    HostileCase(
        "crop", "--image", "x.jpg", "--out", "r/a.png", "--scale", "inf",
        says: "error: --scale must be a number in 1e-06…1000000, got inf"),
    HostileCase(
        "crop", "--image", "x.jpg", "--out", "r/a.png", "--scale", "1", "--tx", "1e300",
        says: "error: --tx must be a number in -1000000…1000000, got 1e+300"),
    HostileCase(
        "crop", "--image", "x.jpg", "--out", "r/a.png", "--angle", "1e9",
        says: "error: --angle must be a number in -360…360, got 1000000000"),
    HostileCase(
        "crop", "--image", "x.jpg", "--out", "r/a.png", "--angle", "nan",
        says: "error: --angle must be a number in -360…360, got nan"),
    HostileCase(
        "crop", "--image", "x.jpg", "--out", "r/a.png", "--scenario", "x.json", "--angle", "10",
        says:
            "error: --scenario sets the pose: it cannot be combined with --center, --scale, --tx, --ty, --angle or --memory-warning"
    ),
    HostileCase(
        "render", "x.json", "--out", "r/x.png", "--columns", "1000000000",
        says: "error: --columns must be 1…400, got 1000000000"),
    HostileCase(
        "render", "x.json", "--out", "r/x.png", "--every", "0", says: "error: --every must be at least 1, got 0"),
    HostileCase(
        "render", "x.json", "--out", "r/x.png", "--frame-width", "9223372036854775807",
        says: "error: --frame-width must be 16…2048, got 9223372036854775807"),
    HostileCase("bench", "--ticks", "0", says: "error: --ticks must be 1…10000000000, got 0"),
    HostileCase("run", "S", "--report-dir", "r/x", "--jobs", "0", says: "error: --jobs must be ≥ 1, got 0"),
    HostileCase(
        "run", "S", "--report-dir", "r/jobs", "--jobs", "9223372036854775807", exit: 0,
        says: "note: --jobs 9223372036854775807 capped at 256"),
    HostileCase("run", "S", "--shard", "1/0", says: "error: The value '1/0' is invalid for '--shard <shard>'"),
    HostileCase(
        "fuzz", "--shard", "1/4611686018427387904", "--out", "r/fz",
        says: "error: The value '1/4611686018427387904' is invalid for '--shard <shard>'"),
    HostileCase(
        "fuzz", "--shard", "0/3", "--out", "r/fz", says: "error: The value '0/3' is invalid for '--shard <shard>'"),
    HostileCase(
        "fuzz", "--jobs", "9223372036854775807", "--runs", "5", "--seed", "1", "--out", "r/fz", exit: 0,
        says: "note: --jobs 9223372036854775807 capped at 256"),
    HostileCase("fuzz", "--jobs=-1", "--out", "r/fz", says: "error: --jobs must be ≥ 1"),
    HostileCase("fuzz", "--runs=-1", "--out", "r/fz", says: "error: --runs must be ≥ 0"),
    HostileCase(
        "fuzz", "--max-seconds", "nan", "--out", "r/fz", says: "error: --max-seconds must be a positive number"),
    HostileCase("fuzz", "--max-seconds=-inf", "--out", "r/fz", says: "error: --max-seconds must be a positive number"),
    HostileCase("fuzz", "--max-steps", "0", "--out", "r/fz", says: "error: --max-steps must be 1…1000"),
    HostileCase(
        "fuzz", "--shrink-budget", "1000000000000", "--out", "r/fz",
        says: "error: --shrink-budget must be 0…1000000, got 1000000000000"),
    HostileCase("fuzz", "--max-failures", "0", "--out", "r/fz", says: "error: --max-failures must be ≥ 1"),
    HostileCase("fuzz", "--seed=-1", "--out", "r/fz", says: "error: The value '-1' is invalid for '--seed <seed>'")
]

/// Fuzz finds are never lost: `--out` is checked before the campaign.
let fuzzOutputs = [
    HostileCase(
        "fuzz", "--runs", "100000", "--out", "/proc/cropsim-fuzz", exit: 3,
        says: "error: /proc/cropsim-fuzz: cannot create /proc/cropsim-fuzz: No such file or directory"),
    HostileCase("fuzz", "--runs", "100000", "--out", "notes.txt", says: "error: notes.txt: is not a folder"),
    HostileCase("fuzz", "--runs", "100000", "--out", "", says: #"error: "": the folder path is empty"#),
    HostileCase(
        "fuzz", "--export-corpus", "/proc/cropsim-corpus", exit: 3,
        says: "error: /proc/cropsim-corpus: cannot create /proc/cropsim-corpus: No such file or directory")
]

/// `new`: names stay inside the suite folder.
let newNames =
    ["", "..", "../escape", "a/../../escape", "/etc/absolute", "a//b", ".hidden"].map {
        HostileCase("new", $0, "--dir", "r/suite", says: "error: \"\($0)\" \(notAName)")
    } + [
        HostileCase("new", "x", "--dir", "", says: "error: --dir is empty"),
        HostileCase("new", "x", "--dir", "notes.txt", says: "error: notes.txt/x.json: notes.txt is not a folder"),
        HostileCase(
            "new", "x", "--dir", "/proc", exit: 3, says: "error: /proc/x.json: cannot write: No such file or directory")
    ]

@Suite struct HostileInputTests {
    @Test(arguments: reportFolders) func reportFolder(_ hostile: HostileCase) throws { try check(hostile) }
    @Test(arguments: outputFiles) func outputFile(_ hostile: HostileCase) throws { try check(hostile) }
    @Test(arguments: numbers) func number(_ hostile: HostileCase) throws { try check(hostile) }
    @Test(arguments: fuzzOutputs) func fuzzOutput(_ hostile: HostileCase) throws { try check(hostile) }
    @Test(arguments: newNames) func newName(_ hostile: HostileCase) throws { try check(hostile) }

    /// Exactly the one line and the exit code, and every byte of the sandbox outside `r/` as it was.
    @discardableResult
    func check(_ hostile: HostileCase) throws -> Sandbox {
        let sandbox = try Sandbox()
        let before = try sandbox.snapshot()
        func expand(_ text: String) -> String {
            text.replacingOccurrences(of: "{sandbox}", with: sandbox.path).replacingOccurrences(
                of: "{tmp}", with: sandbox.parent.path)
        }
        let arguments = hostile.arguments.map(expand)
        let (executable, command) = hostile.shell.map { underShell($0, arguments) } ?? (Binaries.cropsim, arguments)
        try AssertExecuteCommand(
            command, executable: executable, in: sandbox.root, exitCode: hostile.exitCode, error: expand(hostile.error))
        let after = try sandbox.snapshot()
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        #expect(changed.isEmpty, "changed outside r/: \(changed)")
        return sandbox
    }

    /// The file-size limit stands in for a full disk.
    @Test func aFullDiskLeavesNoLitter() throws {
        let sandbox = try check(
            HostileCase(
                "run", "S", "--report-dir", "r/full", exit: 3, says: "error: r/full: cannot write: File too large",
                shell: #"trap "" XFSZ; ulimit -f 1; exec "$0" "$@""#))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("r")) == [".full.lock"])
    }
}

func geometry(imageSize: String = "4032x3024", view: String = "393x852", screenScale: String = "3") -> [String] {
    ["geometry", "--image-size", imageSize, "--view", view, "--screen-scale=\(screenScale)"]
}

extension HostileCase {
    init(_ arguments: [String], exit exitCode: Int32 = 2, says error: String, shell: String? = nil) {
        self.arguments = arguments
        self.exitCode = exitCode
        self.error = error
        self.shell = shell
    }
}
