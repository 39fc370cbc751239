import CropModel
import CropPipe
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
//   --offer 2              offer protocol version 2 (binary) in the handshake; cropsim then
//                          speaks it (docs/model-protocol.md#version-2-binary)
//   --snapshots on         declare the snapshot messages (docs/model-protocol.md#snapshots): the
//                          studio then keeps one live process per recording
var identity = Editor.referenceIdentity
var offersBinary = false
var keepsSnapshots = false
var arguments = CommandLine.arguments.dropFirst()
func usage(_ problem: String) -> Never {
    let text =
        "cropsim-reference-model: \(problem)\nusage: cropsim-reference-model [--capabilities a,b,…] [--policies name=value,…] [--offer 2] [--snapshots on]\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress!, $0.count - 1) }
    exit(2)
}
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else { usage("\(flag) needs a value") }
    do {
        switch flag {
        case "--capabilities":
            identity.capabilities = try Capabilities(
                value.split(separator: ",").map { try Capabilities(name: String($0)) })
        case "--policies":
            for pair in value.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { usage("--policies takes name=value pairs, got \(pair)") }
                try identity.policies.set(String(parts[0]), to: String(parts[1]))
            }
        case "--offer":
            guard value == "2" else { usage("--offer takes 2, the one version offered besides 1") }
            offersBinary = true
        case "--snapshots":
            guard value == "on" else { usage("--snapshots takes on") }
            keepsSnapshots = true
        default:
            usage("unknown option \(flag)")
        }
    } catch {
        usage("\(flag): \(error)")
    }
}

var server = ReferenceServer(identity: identity, offersBinary: offersBinary, keepsSnapshots: keepsSnapshots)
var reader = LineReader(fd: 0)
func nextRequest(_ reader: inout LineReader) -> LineReader.Request? {
    do throws(LineReader.Refused) { return try reader.next() } catch {
        let text = "cropsim-reference-model: \(error.message)\n"
        _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress!, $0.count - 1) }
        exit(2)
    }
}
while let request = nextRequest(&reader) {
    var reply: WireWriter
    if let kind = request.kind {
        reply = server.answer(kind, request.bytes)
    } else {
        reply = server.answer(request.bytes)
        reply.byte(0x0A)
    }
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
