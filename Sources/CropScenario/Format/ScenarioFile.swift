import CropFiles

/// Reads one scenario file without ever blocking or reading without bound (`ReadableFile`: opened
/// with `O_NONBLOCK`, checked with `fstat` on the descriptor, refused unless it is a regular file,
/// refused by size before a byte is read), with messages that speak of scenarios.
enum ScenarioFile {
    struct Refusal: Error {
        var message: String
    }

    static func contents(_ path: String, limit: Int = ScenarioBudget.maxFileBytes) throws(Refusal) -> (
        bytes: [UInt8], identity: Identity
    ) {
        do throws(ReadableFile.Refusal) {
            let file = try ReadableFile(path)
            guard file.size <= limit else {
                throw ReadableFile.Refusal(
                    reason:
                        "the file is \(file.size) bytes, over the budget of \(limit) bytes (\(limit >> 20) MiB) per scenario",
                    notRegular: false)
            }
            return (try file.readAll(limit: limit), file.identity)
        } catch {
            throw Refusal(
                message: error.reason.replacingOccurrences(
                    of: "is a folder, not a file", with: "is a folder, not a scenario file"))
        }
    }

    /// Which file this is, however it was named: the same file reached twice is loaded once.
    typealias Identity = FileIdentity

}
