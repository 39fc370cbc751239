import Glibc

// cropsim-reference-model: the reference editor (CropModel) behind the model protocol, on
// standard input and output (docs/model-protocol.md). `cropsim run --model
// .build/release/cropsim-reference-model` must give the same logs as `cropsim run`.
var server = ReferenceServer()
var reader = LineReader(fd: 0)
while let line = reader.next() {
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
