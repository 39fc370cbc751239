import CropVocabulary
import Foundation

/// What the libFuzzer executables need when they were built without libFuzzer.
public enum LibFuzzerInputs {
    /// Runs each file (or every file in each folder) through the entry point once, as libFuzzer
    /// does when given files: crash inputs and corpora replay in an ordinary debug build.
    public static func replay(_ paths: some Sequence<String>, _ entry: (UnsafePointer<UInt8>?, Int) -> CInt) {
        var count = 0
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("\(path): no such file or folder\n".utf8))
                exit(2)
            }
            let files =
                isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                _ = Array(data).withUnsafeBufferPointer { entry($0.baseAddress, $0.count) }
                count += 1
            }
        }
        print("ran \(count) inputs (built without libFuzzer: build with -sanitize=fuzzer to fuzz; see docs/fuzzing.md)")
    }
}
