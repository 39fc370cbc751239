import CLCMS

/// The sRGB ICC profile embedded in every avatar (R9.2), made by Little CMS.
enum SRGBProfile {
    /// Little CMS stamps the profile header with the current time (bytes 24–35, dateTimeNumber);
    /// it is fixed here so that the same input gives the same avatar bytes. The profile carries
    /// no MD5 profile ID, so nothing else depends on those bytes.
    static let bytes: [UInt8] = {
        guard let profile = cmsCreate_sRGBProfile() else { return [] }
        defer { cmsCloseProfile(profile) }
        var length: UInt32 = 0
        guard cmsSaveProfileToMem(profile, nil, &length) != 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard cmsSaveProfileToMem(profile, &bytes, &length) != 0, bytes.count >= 36 else { return [] }
        let fixedDate: [UInt16] = [2000, 1, 1, 0, 0, 0]
        for (i, field) in fixedDate.enumerated() {
            bytes[24 + 2 * i] = UInt8(field >> 8)
            bytes[25 + 2 * i] = UInt8(field & 0xFF)
        }
        return bytes
    }()
}
