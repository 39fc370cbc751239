import CropModel
import CropVocabulary
import Glibc

// cropsim-reference-model: the reference editor (CropModel) behind the model protocol, on
// standard input and output (docs/model-protocol.md). `cropsim run --model
// .build/release/cropsim-reference-model` must give the same logs as `cropsim run`.
//
//   --capabilities a,b,…   declare only these (the editor still does everything): how cropsim
//                          reports scenarios not applicable and properties not judged
//   --policies k=v,…       declare other policies than the ones it follows: how the oracle holds
//                          an editor to the policies it declares
var identity = Editor.referenceIdentity
var arguments = CommandLine.arguments.dropFirst()
func usage(_ problem: String) -> Never {
    let text = "cropsim-reference-model: \(problem)\nusage: cropsim-reference-model [--capabilities a,b,…] [--policies name=value,…]\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress!, $0.count - 1) }
    exit(2)
}
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else { usage("\(flag) needs a value") }
    do {
        switch flag {
        case "--capabilities":
            identity.capabilities = try Capabilities(value.split(separator: ",").map { try Capabilities(name: String($0)) })
        case "--policies":
            for pair in value.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { usage("--policies takes name=value pairs, got \(pair)") }
                try identity.policies.set(String(parts[0]), to: String(parts[1]))
            }
        default:
            usage("unknown option \(flag)")
        }
    } catch {
        usage("\(flag): \(error)")
    }
}

var server = ReferenceServer(identity: identity)
var reader = LineReader(fd: 0)
func nextLine(_ reader: inout LineReader) -> [UInt8]? {
    do throws(LineReader.TooLong) { return try reader.next() } catch {
        let text = "cropsim-reference-model: a request line longer than \(LineReader.maxLine >> 20) MiB; the protocol's lines are shorter\n"
        _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress!, $0.count - 1) }
        exit(2)
    }
}
while let line = nextLine(&reader) {
    var reply = server.answer(line)
    reply.byte(0x0A)
    let ok = reply.bytes.withUnsafeBytes { buffer -> Bool in
        var done = 0
        while done < buffer.count {
            let n = write(1, buffer.baseAddress! + done, buffer.count - done)
            if n <= 0 { return false }
            done += n
        }
        return true
    }
    if !ok { exit(0) }
}
