import CropTestSupport
import Foundation
import Testing

/// `cropsim studio` starts the server program next to it: without it, exit 3 and one line saying
/// how to build it. The server program alone refuses to start without cropsim's options.
@Suite struct StudioLaunchTests {
    @Test func withoutItsServerProgramStudioSaysHowToBuildIt() throws {
        let tmp = try TemporaryFolder()
        let alone = tmp.url("cropsim")
        try FileManager.default.copyItem(at: Binaries.cropsim, to: alone)
        try AssertExecuteCommand(["studio", "--port", "0"], executable: alone, exitCode: 3,
                                 errorContaining: "swift build --product cropsim-studio")
    }

    @Test func theServerProgramRefusesToStartOnItsOwn() throws {
        try AssertExecuteCommand([], executable: Binaries.studio, exitCode: 2)
        try AssertExecuteCommand([#"{"port": 1"#], executable: Binaries.studio, exitCode: 2)
    }

    @Test(arguments: [
        launch(view: -5),
        launch(scenarios: "/nonexistent/.."),
        launch(extra: #","device":"nope""#),
        launch(extra: #","photo":"/dev/zero""#),
    ])
    func theServerProgramRefusesBadOptions(_ options: String) throws {
        try AssertExecuteCommand([options], executable: Binaries.studio, exitCode: 2, deadline: .seconds(10))
    }
}

/// The options `cropsim studio` hands its server program.
func launch(view: Int = 393, scenarios: String = "Scenarios", extra: String = "") -> String {
    #"{"port":0,"viewWidth":\#(view),"viewHeight":852,"screenScale":3,"scenarios":"\#(scenarios)"\#(extra)}"#
}
