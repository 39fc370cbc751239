import CropVocabulary

/// The protocol's version, and the handshake and `open` messages (docs/model-protocol.md).
public enum WireProtocol {
    public static let version = 1
}

extension WireWriter {
    /// The `open` request's members after `type` and `id`.
    public mutating func open(_ r: OpenRequest) {
        raw(",\"source\":{\"width\":"); int(r.source.storedWidth)
        raw(",\"height\":"); int(r.source.storedHeight)
        raw(",\"orientation\":"); int(r.source.orientation.rawValue)
        raw("},\"view\":{\"width\":"); number(r.viewport.size.width)
        raw(",\"height\":"); number(r.viewport.size.height)
        raw(",\"scale\":"); number(r.viewport.screenScale)
        raw("},\"config\":"); config(r.config)
        raw(",\"reduceMotion\":"); bool(r.reduceMotion)
        raw(",\"user\":")
        if let u = r.user {
            raw("{\"uid\":"); string(u.uid)
            raw(",\"avatarPath\":")
            if let path = u.avatarPath { string(path) } else { raw("null") }
            raw(",\"avatarVersion\":"); int(u.avatarVersion)
            byte(UInt8(ascii: "}"))
        } else {
            raw("null")
        }
    }

    /// Every declared field (`AvatarCropperConfig.fields`), in the declaration's order.
    mutating func config(_ c: AvatarCropperConfig) {
        byte(UInt8(ascii: "{"))
        for (i, field) in AvatarCropperConfig.fields.enumerated() {
            if i > 0 { byte(UInt8(ascii: ",")) }
            string(field.key)
            byte(UInt8(ascii: ":"))
            switch field.kind {
            case .integer(let path, _): int(c[keyPath: path])
            case .number(let path, _): number(c[keyPath: path])
            case .flag(let path): bool(c[keyPath: path])
            case .encoding(let path): encoding(c[keyPath: path])
            }
        }
        byte(UInt8(ascii: "}"))
    }

    /// The handshake reply's members after `type` and `id`.
    public mutating func hello(_ identity: ModelIdentity) {
        raw(",\"protocol\":"); int(WireProtocol.version)
        raw(",\"model\":{\"name\":"); string(identity.name)
        raw(",\"version\":"); string(identity.version)
        raw("},\"capabilities\":[")
        for (i, name) in identity.capabilities.names.enumerated() {
            if i > 0 { byte(UInt8(ascii: ",")) }
            string(name)
        }
        raw("],\"policies\":{")
        for (i, policy) in identity.policies.values.enumerated() {
            if i > 0 { byte(UInt8(ascii: ",")) }
            string(policy.name)
            byte(UInt8(ascii: ":"))
            string(policy.value)
        }
        raw("}")
    }
}

extension WireReader {
    /// The handshake reply's model, capabilities and policies (the caller has read `type`, `id`
    /// and `protocol`; this reads the rest of the members).
    public mutating func identity(_ key: Key, into identity: inout ModelIdentity) throws(WireError) {
        if key.is("model") {
            try beginObject()
            while let k = try nextKey() {
                if k.is("name") {
                    identity.name = try label("model.name")
                } else if k.is("version") {
                    identity.version = try label("model.version")
                } else {
                    try skip()
                }
            }
        } else if key.is("capabilities") {
            try beginArray()
            while try nextElement() {
                let name = try string()
                do { identity.capabilities.insert(try Capabilities(name: name)) } catch {
                    throw WireError(error.description, violation: true)
                }
            }
        } else if key.is("policies") {
            try beginObject()
            while let k = try nextKey() {
                let value = try string()
                do { try identity.policies.set(k.name, to: value) } catch {
                    throw WireError(error.description, violation: true)
                }
            }
        } else {
            throw WireError("the handshake has no field \"\(key.name)\"", violation: true)
        }
    }

    /// A name or version: printable, at most 100 characters (reports and file names show it).
    private mutating func label(_ field: String) throws(WireError) -> String {
        let s = try string()
        guard !s.isEmpty, s.count <= 100, !s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            throw WireError("\(field) must be 1–100 printable characters", violation: true)
        }
        return s
    }

    /// The `open` request's members (for a model's server).
    public mutating func openRequest() throws(WireError) -> (id: Int, request: OpenRequest) {
        var id = 0
        var source = SourceImage(storedWidth: 0, storedHeight: 0)
        var viewport = Viewport(width: 0, height: 0, screenScale: 0)
        var config = AvatarCropperConfig()
        var reduceMotion = false
        var user: UserContext?
        try beginObject()
        while let key = try nextKey() {
            switch key.name {
            case "type": _ = try string()
            case "id": id = try int(in: 0...Int.max)
            case "source":
                try beginObject()
                while let k = try nextKey() {
                    switch k.name {
                    case "width": source.storedWidth = try int(in: 0...Int(Int32.max))
                    case "height": source.storedHeight = try int(in: 0...Int(Int32.max))
                    case "orientation": source.orientation = Orientation(rawValue: try int(in: 1...8))!
                    case let other: throw WireError("source has no field \"\(other)\"", violation: true)
                    }
                }
            case "view":
                try beginObject()
                while let k = try nextKey() {
                    switch k.name {
                    case "width": viewport.size.width = try number()
                    case "height": viewport.size.height = try number()
                    case "scale": viewport.screenScale = try number()
                    case let other: throw WireError("view has no field \"\(other)\"", violation: true)
                    }
                }
            case "config": config = try self.config()
            case "reduceMotion": reduceMotion = try bool()
            case "user": user = try self.user()
            case let other: throw WireError("open has no field \"\(other)\"", violation: true)
            }
        }
        return (
            id, OpenRequest(source: source, viewport: viewport, config: config, reduceMotion: reduceMotion, user: user)
        )
    }

    /// Any declared field, in any order; a missing one keeps its default. Numbers are not held to
    /// the declared ranges here (a model's own `validate()` judges them), integers only to
    /// 0…Int32.max.
    private mutating func config() throws(WireError) -> AvatarCropperConfig {
        var c = AvatarCropperConfig()
        try beginObject()
        while let key = try nextKey() {
            let name = key.name
            guard let field = AvatarCropperConfig.fields.first(where: { $0.key == name }) else {
                throw WireError("config has no field \"\(name)\"", violation: true)
            }
            switch field.kind {
            case .integer(let path, _): c[keyPath: path] = try int(in: 0...Int(Int32.max))
            case .number(let path, _): c[keyPath: path] = try number()
            case .flag(let path): c[keyPath: path] = try bool()
            case .encoding(let path): c[keyPath: path] = try encoding()
            }
        }
        return c
    }

    private mutating func user() throws(WireError) -> UserContext? {
        if null() { return nil }
        var u = UserContext(uid: "")
        try beginObject()
        while let key = try nextKey() {
            switch key.name {
            case "uid": u.uid = try string()
            case "avatarPath": u.avatarPath = null() ? nil : try string()
            case "avatarVersion": u.avatarVersion = try int(in: Int(Int32.min)...Int(Int32.max))
            case let other: throw WireError("user has no field \"\(other)\"", violation: true)
            }
        }
        return u
    }
}
