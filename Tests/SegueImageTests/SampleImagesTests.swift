import Testing
import SegueTesting
import SegueImage

@Suite(.tags(.pure)) struct SampleImagesTests {
    @Test(arguments: [(16, 16), (64, 48), (320, 180), (33, 200)])
    func sizeAndDeterminism(size: (Int, Int)) throws {
        let from = try SampleImages.from(width: size.0, height: size.1)
        let to = try SampleImages.to(width: size.0, height: size.1)
        #expect(from.width == size.0 && from.height == size.1)
        #expect(to.width == size.0 && to.height == size.1)
        #expect(try SampleImages.from(width: size.0, height: size.1) == from)
        #expect(try SampleImages.to(width: size.0, height: size.1) == to)
        #expect(from != to)
        // Different enough that a transition between them is obvious.
        #expect(RGBAImage.meanDifference(from, to) > 40)
    }

    @Test func picturesAreOpaqueAndColourful() throws {
        for image in [try SampleImages.from(width: 200, height: 120), try SampleImages.to(width: 200, height: 120)] {
            var colours = Set<SIMD4<UInt8>>()
            for y in stride(from: 0, to: image.height, by: 3) {
                for x in stride(from: 0, to: image.width, by: 3) {
                    colours.insert(image[x, y])
                    #expect(image[x, y].w == 255)
                }
            }
            #expect(colours.count > 50)
        }
    }

    @Test func fromIsWarmAndToIsCool() throws {
        func averageRedMinusBlue(_ image: RGBAImage) -> Double {
            var total = 0
            for y in 0..<image.height {
                for x in 0..<image.width { total += Int(image[x, y].x) - Int(image[x, y].z) }
            }
            return Double(total) / Double(image.width * image.height)
        }
        #expect(averageRedMinusBlue(try SampleImages.from(width: 160, height: 90)) > 50)
        #expect(averageRedMinusBlue(try SampleImages.to(width: 160, height: 90)) < -50)
    }

    @Test(arguments: [(15, 100), (100, 15), (0, 0), (-1, 50), (16385, 16)])
    func invalidSizesThrow(size: (Int, Int)) {
        #expect(throws: ImageError.self) { _ = try SampleImages.from(width: size.0, height: size.1) }
        #expect(throws: ImageError.self) { _ = try SampleImages.to(width: size.0, height: size.1) }
    }
}
