/// One PNG row filter for every row (PNG specification, 9.2), instead of libpng's default: all
/// five tried on each row and the one with the smallest sum of residuals kept, five filters'
/// work for a file a few percent smaller. A filter changes a file's bytes, never its pixels. The
/// raw values are libpng's `PNG_FILTER_*` bits.
public enum PNGFilter: Int32, Sendable, CaseIterable {
    case none = 0x08
    case sub = 0x10
    case up = 0x20
    case average = 0x40
    case paeth = 0x80
}
