import CropImaging
import Testing

/// Every shared data file: valid ones decode, broken ones give a clear error, nothing crashes.
@Suite struct FixtureDecodingTests {
    static let valid = ["pngsuite", "libpng-testpngs", "color"].flatMap(Fixtures.images(in:)).filter {
        !Fixtures.isBroken($0)
    }
    static let broken = ["pngsuite", "libpng-testpngs", "corrupt"].flatMap(Fixtures.images(in:)).filter(
        Fixtures.isBroken)

    @Test func fixturesArePresent() {
        #expect(Self.valid.count > 250)
        #expect(Self.broken.count > 40)
    }

    @Test(arguments: valid)
    func validFileDecodes(_ file: String) throws {
        let path = Fixtures.path(file)
        let image = try ImageFile.decode(path: path)
        let header = try ImageFile.header(path: path)
        #expect(image.width == header.orientedWidth && image.height == header.orientedHeight)
        #expect(image.pixels.count == image.width * image.height * 3)
    }

    @Test(arguments: broken)
    func brokenFileFailsCleanly(_ file: String) {
        let path = Fixtures.path(file)
        do {
            let image = try ImageFile.decode(path: path)
            Issue.record("\(file) decoded to \(image.width)x\(image.height)")
        } catch {
            #expect(error.description.hasPrefix(path + ": "))
            #expect(error.description.count > path.count + 10)
        }
    }
}
