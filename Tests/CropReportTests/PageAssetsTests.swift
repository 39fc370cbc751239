@testable import CropReport
import CropTestSupport
import Foundation
import Testing

/// The page's CSS and scripts are real files (`Sources/CropReport/Resources`, and the frame
/// drawing script CropFrames shares with the studio), embedded in the binary; these tests lint
/// them and check the page carries them unchanged.
@Suite struct PageAssetsTests {
    static let folder = "Sources/CropReport/Resources"
    static let frameDrawing = "Sources/CropFrames/Resources/frame-drawing.js"
    static let scripts = ["\(folder)/error-trap.js", frameDrawing, "\(folder)/report.js"]
    static let node = ["/usr/bin/node", "/usr/local/bin/node"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: node != nil, "node is not installed"))
    func theScriptsParse() throws {
        for path in Self.scripts {
            let check = try execute(
                ["--check", Repository.path(path)],
                executable: URL(fileURLWithPath: try #require(Self.node)), deadline: .seconds(60))
            #expect(check.status == 0, "\(path): \(check.stderr)")
        }
    }

    /// No CSS linter ships with the toolchain; a brace out of place is the mistake that silently
    /// drops every rule after it.
    @Test func theStylesheetsBracesBalance() throws {
        var depth = 0
        for c in try Repository.text("\(Self.folder)/report.css") {
            depth += c == "{" ? 1 : c == "}" ? -1 : 0
            #expect(depth >= 0)
        }
        #expect(depth == 0)
    }

    @Test func thePageCarriesTheFilesUnchanged() throws {
        let page = HTMLReport.render(rows: [])
        let css = try Repository.text("\(Self.folder)/report.css")
        let trap = try Repository.text("\(Self.folder)/error-trap.js")
        let frame = try Repository.text(Self.frameDrawing)
        let report = try Repository.text("\(Self.folder)/report.js")
        #expect(page.contains("<style>\(css.dropLast())</style><script>\(trap.dropLast())</script></head>"))
        #expect(page.contains("<script>\(frame)\(report.dropLast())</script>\n</body>"))
    }
}
