import CropTestSupport
import Foundation
import Testing

/// `cropsim studio` serves from the one program: the process that prints the address is
/// `cropsim` itself and answers the page, and every option it refuses is exit 2 with one line,
/// before anything listens (docs/studio.md).
@Suite struct StudioCommandTests {
    @Test(arguments: [
        (["--port", "99999"], "99999"),
        (["--port=-1"], "-1"),
        (["--view", "-5x852"], "--view"),
        (["--view", "50x50"], "--view"),
        (["--screen-scale", "nan"], "--screen-scale"),
        (["--scenarios", "/nonexistent/.."], "/nonexistent/.."),
        (["--scenarios", "Package.swift"], "Package.swift"),
        (["--device", "nope"], "nope"),
        (["--device", "ipad", "--view", "393x852"], "conflicts"),
        (["--photo", "/dev/zero"], "/dev/zero"),
        (["--photo", "Scenarios"], "Scenarios"),
        (["--photo", "Package.swift"], "Package.swift"),
        (["--open", "no/such/scenario"], "no/such/scenario"),
        (["--open", "Scenarios/../Scenarios"], "Scenarios"),
        (["--model", "exit 3"], "--model"),
        (["--model", ""], "--model"),
        (["--model-timeout", "1e308"], "--model-timeout")
    ])
    func refusedOptionsAreExitTwoBeforeListening(_ options: [String], _ named: String) throws {
        try AssertExecuteCommand(
            ["studio", "--port", "0"] + options, exitCode: 2, errorContaining: named,
            deadline: .seconds(20))
    }

    /// One `cropsim` serves the page (the listening process runs the `cropsim` binary, no other
    /// program), and a second studio on its port is refused with exit 2. The studio runs under
    /// `timeout`: a process left behind would hold the test's pipes open. It is ended with
    /// SIGKILL: what the test runner starts inherits a signal mask blocking SIGTERM and SIGINT.
    @Test func theOneProgramServesThePageAndRefusesATakenPort() throws {
        let tmp = try TemporaryFolder()
        let script = #"""
            timeout -s KILL 90 "$0" studio --port 0 --scenarios "$1" >"$1/out" 2>"$1/err" &
            guard=$!
            trap 'kill -KILL $(pgrep -P $guard) $guard 2>/dev/null' EXIT
            for _ in $(seq 1200); do grep -q 'http://' "$1/out" && break; sleep 0.05; done
            port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$1/out")
            pid=$(pgrep -P $guard)
            echo "exe $(basename "$(readlink /proc/$pid/exe)")"
            exec 3<>"/dev/tcp/127.0.0.1/$port"
            printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$port" >&3
            echo "answer $(head -1 <&3 | tr -d '\r')"
            "$0" studio --port "$port" --scenarios "$1" 2>&1 >/dev/null; echo "second $?"
            kill -KILL $pid; wait $guard; echo "first $?"
            """#
        let shell = underShell(script, [tmp.path])
        let run = try execute(shell.arguments, executable: shell.executable, deadline: .seconds(120))
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "exe \(Binaries.cropsim.resolvingSymlinksInPath().lastPathComponent)", "\(run.stdout)")
        #expect(lines.contains("answer HTTP/1.1 200 OK"), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("error: --port ") && $0.contains("cannot listen") }, "\(run.stdout)")
        #expect(lines.contains("second 2"), "\(run.stdout)")
        #expect(lines.last == "first 137", "the studio was still serving: \(run.stdout)")
    }
}
