import CWebP

/// libwebp's animation encoder (`WebPAnimEncoder`) with fixed settings, so the same frames give
/// the same bytes: lossy at `quality` with method 4 on one thread, key frames where libwebp's
/// defaults put them, looping forever. Frames go in one at a time as RGB; the encoder keeps
/// each compressed (and only the previous canvas uncompressed), so memory grows with the
/// compressed size of the animation, not with its pixels. A frame identical to the one before
/// only lengthens that one: the file may hold fewer frames than were added, never a different
/// timeline.
final class WebPAnimationEncoder {
    let width: Int
    let height: Int
    private let encoder: OpaquePointer
    private var config = WebPConfig()

    init(width: Int, height: Int, quality: Float) throws(AnimationError) {
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw AnimationError("libwebp's version does not match its headers")
        }
        options.anim_params.loop_count = 0
        options.allow_mixed = 0
        options.minimize_size = 0
        config.lossless = 0
        config.quality = quality
        config.method = 4
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else { throw AnimationError("libwebp refused the encoder settings") }
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw AnimationError("libwebp cannot start an animation of \(width)×\(height)")
        }
        self.width = width
        self.height = height
        self.encoder = encoder
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    /// Adds a frame of `width`×`height` packed RGB pixels that starts at `milliseconds`.
    func add(rgb pixels: [UInt8], at milliseconds: Int) throws(AnimationError) {
        precondition(pixels.count == width * height * 3, "a frame of the wrong size")
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw AnimationError("libwebp's version does not match its headers")
        }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        let imported = pixels.withUnsafeBufferPointer {
            WebPPictureImportRGB(&picture, $0.baseAddress, Int32(width * 3))
        }
        guard imported != 0 else { throw AnimationError("out of memory for a \(width)×\(height) frame") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0 else { throw lastError() }
    }

    /// Ends the last frame at `milliseconds` and returns the animated WebP file.
    func finish(at milliseconds: Int) throws(AnimationError) -> [UInt8] {
        guard WebPAnimEncoderAdd(encoder, nil, Int32(milliseconds), nil) != 0 else { throw lastError() }
        var data = WebPData()
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else { throw lastError() }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    private func lastError() -> AnimationError {
        AnimationError(
            "libwebp: " + (WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "the encoder failed"))
    }
}
