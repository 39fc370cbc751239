import CropVocabulary

extension WireWriter {
    /// An effect as a reply carries it (docs/model-protocol.md#effects).
    public mutating func effect(_ e: EditorEffect) {
        switch e {
        case .haptic(let h):
            switch h {
            case .lightImpact(let reason):
                raw("{\"type\":\"haptic\",\"kind\":\"lightImpact\",\"reason\":")
                string(reason.rawValue)
            case .success: raw("{\"type\":\"haptic\",\"kind\":\"success\"")
            case .error: raw("{\"type\":\"haptic\",\"kind\":\"error\"")
            case .snap: raw("{\"type\":\"haptic\",\"kind\":\"snap\"")
            }
        case .show(let m): raw("{\"type\":\"show\",\"message\":"); string(m.rawValue)
        case .announce(let m): raw("{\"type\":\"announce\",\"message\":"); string(m.rawValue)
        case .alert(let m): raw("{\"type\":\"alert\",\"message\":"); string(m.rawValue)
        case .offerRetry: raw("{\"type\":\"offerRetry\"")
        case .crop(let r):
            raw("{\"type\":\"crop\",\"rect\":"); rect(r.rect.x, r.rect.y, r.rect.width, r.rect.height)
            raw(",\"storedRect\":"); rect(r.storedRect.x, r.storedRect.y, r.storedRect.width, r.storedRect.height)
            raw(",\"angle\":"); number(r.angle)
            raw(",\"orientation\":"); int(r.orientation.rawValue)
            raw(",\"outputSize\":"); int(r.outputSize)
            raw(",\"encoding\":"); encoding(r.encoding)
            raw(",\"fromThumbnail\":"); bool(r.fromThumbnail)
        case .telemetry(let t):
            raw("{\"type\":\"telemetry\",\"sourceWidth\":"); int(t.sourceWidth)
            raw(",\"sourceHeight\":"); int(t.sourceHeight)
            raw(",\"thumbnailWidth\":"); int(t.thumbnailWidth)
            raw(",\"thumbnailHeight\":"); int(t.thumbnailHeight)
            raw(",\"sMin\":"); number(t.sMin)
            raw(",\"sMax\":"); number(t.sMax)
            raw(",\"scale\":"); number(t.scale)
            raw(",\"qualityClampEngaged\":"); bool(t.qualityClampEngaged)
            raw(",\"zoomLimited\":"); bool(t.zoomLimited)
            raw(",\"lowDensity\":"); bool(t.lowDensity)
            raw(",\"outputSize\":"); int(t.outputSize)
            raw(",\"outputIsJPEG\":"); bool(t.outputIsJPEG)
            raw(",\"jpegQuality\":"); number(t.jpegQuality)
            raw(",\"memoryFallback\":"); bool(t.memoryFallback)
            raw(",\"cropLatencyMs\":"); number(t.cropLatencyMs)
            raw(",\"cropSucceeded\":"); bool(t.cropSucceeded)
        case .upload(let u):
            raw("{\"type\":\"upload\",\"bucket\":"); string(u.bucket)
            raw(",\"key\":"); string(u.key)
            raw(",\"contentType\":"); string(u.contentType)
            raw(",\"upsert\":"); bool(u.upsert)
            raw(",\"attempt\":"); int(u.attempt)
        case .updateProfile(let p):
            raw("{\"type\":\"updateProfile\",\"avatarPath\":"); string(p.avatarPath)
            raw(",\"avatarVersion\":"); int(p.avatarVersion)
        case .uploadTelemetry(let t):
            raw("{\"type\":\"uploadTelemetry\",\"attempt\":"); int(t.attempt)
            raw(",\"succeeded\":"); bool(t.succeeded)
            raw(",\"outcomeCode\":"); int(t.outcomeCode)
            raw(",\"retryable\":"); bool(t.retryable)
            raw(",\"backoffMs\":"); int(t.backoffMs)
            raw(",\"elapsedTicks\":"); int(t.elapsedTicks)
            raw(",\"finalAttempt\":"); bool(t.finalAttempt)
        }
        byte(UInt8(ascii: "}"))
    }

    public mutating func encoding(_ e: AvatarCropperConfig.Encoding) {
        switch e {
        case .pngSRGB: raw("{\"format\":\"png\"}")
        case .jpegSRGB(let q): raw("{\"format\":\"jpeg\",\"quality\":"); number(q); byte(UInt8(ascii: "}"))
        }
    }
}

extension WireReader {
    /// An effect from a model's reply.
    public mutating func effect() throws(WireError) -> EditorEffect {
        var f = EffectFields()
        try beginObject()
        while let key = try nextName() {
            let name = text(key)
            if ["type", "kind", "reason", "message", "text", "bucket", "key", "contentType", "avatarPath"].contains(
                name)
            {
                f.strings[name] = try string()
            } else if ["rect", "storedRect"].contains(name) {
                f.rects[name] = try rect()
            } else if name == "encoding" {
                f.encoding = try encoding()
            } else if [
                "qualityClampEngaged", "zoomLimited", "lowDensity", "outputIsJPEG", "memoryFallback", "cropSucceeded",
                "fromThumbnail", "upsert", "succeeded", "retryable", "finalAttempt"
            ].contains(name) {
                f.flags[name] = try bool()
            } else {
                f.numbers[name] = try number()
            }
        }
        return try f.effect()
    }

    public mutating func rect() throws(WireError) -> Rect {
        var r = Rect(x: .nan, y: .nan, width: .nan, height: .nan), seen = 0
        try beginObject()
        while let key = try nextName() {
            if self.is(key, "x") {
                r.x = try number()
            } else if self.is(key, "y") {
                r.y = try number()
            } else if self.is(key, "width") {
                r.width = try number()
            } else if self.is(key, "height") {
                r.height = try number()
            } else {
                throw WireError("a rect has no field \"\(text(key))\"", violation: true)
            }
            seen += 1
        }
        guard seen == 4 else { throw WireError("a rect needs x, y, width and height", violation: true) }
        return r
    }

    public mutating func encoding() throws(WireError) -> AvatarCropperConfig.Encoding {
        var format: String?, quality: Double?
        try beginObject()
        while let key = try nextKey() {
            if key.is("format") {
                format = try string()
            } else if key.is("quality") {
                quality = try number()
            } else {
                throw WireError("an encoding has no field \"\(key.name)\"", violation: true)
            }
        }
        switch format {
        case "png": return .pngSRGB
        case "jpeg": return .jpegSRGB(quality: quality ?? 0.9)
        default: throw WireError("encoding format must be \"png\" or \"jpeg\"", violation: true)
        }
    }
}

/// An effect's members as read, in any order, then checked and built.
private struct EffectFields {
    var strings: [String: String] = [:]
    var numbers: [String: Double] = [:]
    var flags: [String: Bool] = [:]
    var rects: [String: Rect] = [:]
    var encoding: AvatarCropperConfig.Encoding?

    var type: String { strings["type"] ?? "" }

    func missing(_ name: String) -> WireError { WireError("a \(type) effect needs \"\(name)\"", violation: true) }
    func s(_ name: String) throws(WireError) -> String {
        guard let v = strings[name] else { throw missing(name) }; return v
    }
    func n(_ name: String) throws(WireError) -> Double {
        guard let v = numbers[name] else { throw missing(name) }; return v
    }
    func b(_ name: String) throws(WireError) -> Bool {
        guard let v = flags[name] else { throw missing(name) }; return v
    }

    func i(_ name: String) throws(WireError) -> Int {
        let v = try n(name)
        guard v.isFinite, v == v.rounded(), abs(v) <= 1e15 else {
            throw WireError("\(type).\(name) must be an integer, got \(v)", violation: true)
        }
        return Int(v)
    }

    func message() throws(WireError) -> Message {
        let name = try s("message")
        guard let m = Message(rawValue: name) else { throw WireError("unknown message \"\(name)\"", violation: true) }
        return m
    }

    /// Every member must belong to the effect: a misspelt one would otherwise pass unseen.
    func only(_ allowed: Set<String>) throws(WireError) {
        let present = Set(strings.keys).union(numbers.keys).union(flags.keys).union(rects.keys).union(
            encoding == nil ? [] : ["encoding"])
        if let extra = present.subtracting(allowed).subtracting(["type"]).sorted().first {
            throw WireError("a \(type) effect has no field \"\(extra)\"", violation: true)
        }
    }

    func effect() throws(WireError) -> EditorEffect {
        switch type {
        case "haptic":
            try only(["kind", "reason"])
            switch try s("kind") {
            case "lightImpact":
                let name = try s("reason")
                guard let reason = LimitReason(rawValue: name) else {
                    throw WireError("unknown haptic reason \"\(name)\"", violation: true)
                }
                return .haptic(.lightImpact(reason))
            case "success": return .haptic(.success)
            case "error": return .haptic(.error)
            case "snap": return .haptic(.snap)
            case let kind: throw WireError("unknown haptic kind \"\(kind)\"", violation: true)
            }
        case "show": try only(["message", "text"]); return .show(try message())
        case "announce": try only(["message", "text"]); return .announce(try message())
        case "alert": try only(["message", "text"]); return .alert(try message())
        case "offerRetry": try only([]); return .offerRetry
        case "crop": return try crop()
        case "telemetry": return try telemetry()
        case "upload":
            try only(["bucket", "key", "contentType", "upsert", "attempt"])
            return .upload(
                UploadRequest(
                    bucket: try s("bucket"), key: try s("key"), contentType: try s("contentType"),
                    upsert: try b("upsert"), attempt: try i("attempt")))
        case "updateProfile":
            try only(["avatarPath", "avatarVersion"])
            return .updateProfile(ProfileUpdate(avatarPath: try s("avatarPath"), avatarVersion: try i("avatarVersion")))
        case "uploadTelemetry":
            try only(["attempt", "succeeded", "outcomeCode", "retryable", "backoffMs", "elapsedTicks", "finalAttempt"])
            return .uploadTelemetry(
                UploadTelemetry(
                    attempt: try i("attempt"), succeeded: try b("succeeded"), outcomeCode: try i("outcomeCode"),
                    retryable: try b("retryable"),
                    backoffMs: try i("backoffMs"), elapsedTicks: try i("elapsedTicks"),
                    finalAttempt: try b("finalAttempt")))
        default:
            throw WireError("unknown effect \"\(type)\"", violation: true)
        }
    }

    func crop() throws(WireError) -> EditorEffect {
        try only(["rect", "storedRect", "angle", "orientation", "outputSize", "encoding", "fromThumbnail"])
        guard let rect = rects["rect"] else { throw missing("rect") }
        guard let stored = rects["storedRect"] else { throw missing("storedRect") }
        guard let encoding else { throw missing("encoding") }
        let o = try i("orientation")
        guard let orientation = Orientation(rawValue: o) else {
            throw WireError("crop.orientation must be 1…8, got \(o)", violation: true)
        }
        return .crop(
            CropRequest(
                rect: rect, angle: numbers["angle"] ?? 0, storedRect: stored, orientation: orientation,
                outputSize: try i("outputSize"), encoding: encoding, fromThumbnail: try b("fromThumbnail")))
    }

    func telemetry() throws(WireError) -> EditorEffect {
        try only([
            "sourceWidth", "sourceHeight", "thumbnailWidth", "thumbnailHeight", "sMin", "sMax", "scale",
            "qualityClampEngaged",
            "zoomLimited", "lowDensity", "outputSize", "outputIsJPEG", "jpegQuality", "memoryFallback", "cropLatencyMs",
            "cropSucceeded"
        ])
        return .telemetry(
            ConfirmTelemetry(
                sourceWidth: try i("sourceWidth"), sourceHeight: try i("sourceHeight"),
                thumbnailWidth: try i("thumbnailWidth"),
                thumbnailHeight: try i("thumbnailHeight"), sMin: try n("sMin"), sMax: try n("sMax"),
                scale: try n("scale"),
                qualityClampEngaged: try b("qualityClampEngaged"), zoomLimited: try b("zoomLimited"),
                lowDensity: try b("lowDensity"),
                outputSize: try i("outputSize"), outputIsJPEG: try b("outputIsJPEG"), jpegQuality: try n("jpegQuality"),
                memoryFallback: try b("memoryFallback"), cropLatencyMs: try n("cropLatencyMs"),
                cropSucceeded: try b("cropSucceeded")))
    }
}
