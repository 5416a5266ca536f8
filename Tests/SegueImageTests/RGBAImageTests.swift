import Testing
import SegueTesting
import SegueImage

@Suite(.tags(.pure)) struct RGBAImageTests {
    @Test func fillSetsEveryPixel() throws {
        let image = try RGBAImage(width: 3, height: 2, fill: SIMD4(1, 2, 3, 4))
        #expect(image.pixels.count == 24)
        #expect(image.pixels == [UInt8]([1, 2, 3, 4]).repeated(6))
    }

    @Test(arguments: [(0, 1), (1, 0), (-3, 5), (16385, 1), (1, 16385)])
    func invalidSizesThrow(size: (Int, Int)) {
        #expect {
            _ = try RGBAImage(width: size.0, height: size.1, fill: SIMD4(0, 0, 0, 0))
        } throws: { error in
            guard case let .invalidSize(width, height, _) = error as? ImageError else { return false }
            return width == size.0 && height == size.1
        }
    }

    @Test func pixelCountMustMatch() {
        #expect(throws: ImageError.self) { _ = try RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 15)) }
        #expect(throws: Never.self) { _ = try RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 16)) }
    }

    @Test func subscriptReadsAndWritesRowMajor() throws {
        var image = try RGBAImage(width: 3, height: 2, fill: SIMD4(0, 0, 0, 0))
        image[2, 1] = SIMD4(9, 8, 7, 6)
        #expect(image[2, 1] == SIMD4(9, 8, 7, 6))
        #expect(Array(image.pixels[20..<24]) == [9, 8, 7, 6])
        #expect(image[1, 1] == SIMD4(0, 0, 0, 0))
    }

    @Test func flippedVerticallyReversesRows() throws {
        let image = try patternImage(width: 4, height: 3)
        let flipped = image.flippedVertically()
        for y in 0..<3 {
            for x in 0..<4 { #expect(flipped[x, y] == image[x, 2 - y]) }
        }
        #expect(flipped.flippedVertically() == image)
    }

    @Test func differences() throws {
        let a = try RGBAImage(width: 2, height: 1, fill: SIMD4(10, 10, 10, 10))
        var b = a
        b[1, 0] = SIMD4(10, 30, 10, 0)
        #expect(RGBAImage.maxDifference(a, a) == 0)
        #expect(RGBAImage.maxDifference(a, b) == 20)
        #expect(RGBAImage.meanDifference(a, b) == 30.0 / 8.0)
    }

    @Test func errorDescriptionsNameFileAndReason() {
        let text = ImageError.corrupt(path: "/tmp/x.png", reason: "IDAT: CRC error").description
        #expect(text.contains("/tmp/x.png") && text.contains("IDAT: CRC error"))
        #expect(ImageError.writeFailed(path: "/a/b.png", reason: "No such file or directory").description.contains("/a/b.png"))
        #expect(ImageError.invalidSize(width: 0, height: 3, reason: "r").description.contains("0x3"))
    }
}

extension Array {
    func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}
