/// A decoder that hands out rows top to bottom. Each row holds the columns `columns` of the
/// decoder's grid (the stored grid, or the DCT-scaled one for JPEG), so a crop reads only the
/// rows and, where the format allows, the columns it needs.
protocol RowDecoder: ~Copyable {
    var format: PixelFormat { get }
    var columns: Range<Int> { get }
    mutating func skipRows(_ count: Int) throws(ImagingError)
    /// Writes `columns.count × format.bytesPerPixel` bytes.
    mutating func readRow(into row: UnsafeMutableRawPointer) throws(ImagingError)
}
