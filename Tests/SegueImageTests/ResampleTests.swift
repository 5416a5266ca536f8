import Testing
import SegueTesting
import SegueImage

@Suite(.tags(.pure)) struct ResampleTests {
    static let red = SIMD4<UInt8>(255, 0, 0, 255)
    static let green = SIMD4<UInt8>(0, 255, 0, 255)
    static let blue = SIMD4<UInt8>(0, 0, 255, 255)
    static let white = SIMD4<UInt8>(255, 255, 255, 255)

    /// Vertical bands of equal width, left to right.
    private func bands(width: Int, height: Int, _ colors: [SIMD4<UInt8>]) throws -> RGBAImage {
        var image = try RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 0, 0))
        let bandWidth = width / colors.count
        for y in 0..<height {
            for x in 0..<width { image[x, y] = colors[x / bandWidth] }
        }
        return image
    }

    @Test func sameSizeIsAnExactCopy() throws {
        let image = try patternImage(width: 13, height: 7)
        #expect(try image.scaledToCover(width: 13, height: 7) == image)
    }

    @Test func halvingAveragesEachTwoByTwoBlock() throws {
        // 4x4 image; block (bx, by) holds base, base+4, base+8, base+12 per channel,
        // so its exact mean is base + 6.
        var image = try RGBAImage(width: 4, height: 4, fill: SIMD4(0, 0, 0, 255))
        func base(_ bx: Int, _ by: Int) -> SIMD4<Int> { SIMD4(10 + 60 * bx, 200 - 90 * by, 30 * (bx + by), 0) }
        for y in 0..<4 {
            for x in 0..<4 {
                let step = 4 * ((y % 2) * 2 + x % 2)
                let value = base(x / 2, y / 2) &+ SIMD4(step, step, step, 0)
                image[x, y] = SIMD4(UInt8(value.x), UInt8(value.y), UInt8(value.z), 255)
            }
        }
        let half = try image.scaledToCover(width: 2, height: 2)
        for by in 0..<2 {
            for bx in 0..<2 {
                let mean = base(bx, by) &+ SIMD4(6, 6, 6, 0)
                #expect(half[bx, by] == SIMD4(UInt8(mean.x), UInt8(mean.y), UInt8(mean.z), 255))
            }
        }
    }

    @Test func coverCropsTheCentreOfAWideImage() throws {
        // 200x100 in four 50 px bands; a 100x100 cover keeps x 50..<150: green then blue.
        let image = try bands(width: 200, height: 100, [Self.red, Self.green, Self.blue, Self.white])
        let square = try image.scaledToCover(width: 100, height: 100)
        #expect(square.width == 100 && square.height == 100)
        for y in [0, 50, 99] {
            for x in 0..<100 { #expect(square[x, y] == (x < 50 ? Self.green : Self.blue), "x \(x) y \(y)") }
        }
    }

    @Test func coverScalesDownThenCrops() throws {
        // 400x200 -> 100x100 scales by 1/2 (height limits) to 200x100, then keeps
        // source x 100..<300: bands green and blue, each 50 px wide.
        let image = try bands(width: 400, height: 200, [Self.red, Self.green, Self.blue, Self.white])
        let square = try image.scaledToCover(width: 100, height: 100)
        for x in 0..<100 { #expect(square[x, 42] == (x < 50 ? Self.green : Self.blue), "x \(x)") }
    }

    @Test func coverCropsTheCentreOfATallImage() throws {
        // 100x300 with red/green/blue horizontal thirds -> 100x100 is all green.
        var image = try RGBAImage(width: 100, height: 300, fill: Self.red)
        for y in 100..<300 {
            for x in 0..<100 { image[x, y] = y < 200 ? Self.green : Self.blue }
        }
        let square = try image.scaledToCover(width: 100, height: 100)
        #expect(square == (try RGBAImage(width: 100, height: 100, fill: Self.green)))
    }

    @Test func uniformImageStaysUniformAtAwkwardRatios() throws {
        let fill = SIMD4<UInt8>(97, 13, 201, 255)
        let image = try RGBAImage(width: 97, height: 53, fill: fill)
        for (width, height) in [(10, 7), (33, 80), (150, 151), (1, 1)] {
            let scaled = try image.scaledToCover(width: width, height: height)
            #expect(scaled == (try RGBAImage(width: width, height: height, fill: fill)), "\(width)x\(height)")
        }
    }

    @Test func enlargingIsBilinear() throws {
        // Black | white doubled: centres map to source -0.25, 0.25, 0.75, 1.25.
        let image = try RGBAImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 255])
        let wide = try image.scaledToCover(width: 4, height: 2)
        for y in 0..<2 {
            #expect([0, 1, 2, 3].map { wide[$0, y].x } == [0, 64, 191, 255])
        }
    }

    @Test func transparentPixelsDoNotBleedColour() throws {
        // A column of opaque red next to one of transparent blue averages to
        // half-transparent pure red.
        let image = try RGBAImage(width: 2, height: 2, pixels: [UInt8]([255, 0, 0, 255, 0, 0, 255, 0]).repeated(2))
        #expect(try image.scaledToCover(width: 1, height: 1)[0, 0] == SIMD4(255, 0, 0, 128))
    }

    @Test func invalidTargetSizeThrows() throws {
        let image = try patternImage(width: 4, height: 4)
        #expect(throws: ImageError.self) { _ = try image.scaledToCover(width: 0, height: 4) }
        #expect(throws: ImageError.self) { _ = try image.scaledToCover(width: 4, height: -1) }
    }

    /// A picture larger than the GPU holds is reduced keeping its aspect ratio, area-averaged:
    /// one-pixel stripes reduced 4:1 become their mean, not a sampled stripe.
    @Test func reducingToFitASideAveragesAndKeepsTheAspectRatio() throws {
        var stripes = try RGBAImage(width: 64, height: 16, fill: SIMD4(0, 0, 0, 255))
        for y in 0..<16 { for x in stride(from: 1, to: 64, by: 2) { stripes[x, y] = Self.white } }
        let reduced = try stripes.reduced(toFitSide: 16)
        #expect(reduced.width == 16 && reduced.height == 4)
        #expect(reduced.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 ? $0.element == 255 : abs(Int($0.element) - 128) <= 1 })
        #expect(try stripes.reduced(toFitSide: 64) == stripes, "a picture that fits is left alone")
        let tall = try RGBAImage(width: 3, height: 1000, fill: Self.red).reduced(toFitSide: 100)
        #expect(tall.width == 1 && tall.height == 100, "the short side keeps at least one pixel")
    }
}
