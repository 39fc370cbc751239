import CImagingShim

extension cis_message {
    /// The NUL-terminated text the shim wrote.
    var string: String {
        withUnsafeBytes(of: text) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }
}
