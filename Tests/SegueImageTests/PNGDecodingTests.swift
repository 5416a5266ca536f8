import Testing
import SegueTesting
import SegueImage

/// Every PNG colour type and bit depth must arrive as exact RGBA8.
@Suite(.tags(.pure)) struct PNGDecodingTests {
    private func decode(_ bytes: [UInt8]) throws -> RGBAImage {
        try PNGCodec.decode(bytes, name: "fixture")
    }

    private func expect(_ image: RGBAImage, width: Int, height: Int, _ pixels: [SIMD4<UInt8>]) {
        #expect(image.width == width && image.height == height)
        guard image.width == width, image.height == height else { return }
        for (index, pixel) in pixels.enumerated() {
            #expect(image[index % width, index / width] == pixel, "pixel \(index)")
        }
    }

    @Test func gray8() throws {
        // 3x2, gray 0 128 255 / 10 20 30.
        expect(try decode(TestPNGFixtures.gray8), width: 3, height: 2, [
            SIMD4(0, 0, 0, 255), SIMD4(128, 128, 128, 255), SIMD4(255, 255, 255, 255),
            SIMD4(10, 10, 10, 255), SIMD4(20, 20, 20, 255), SIMD4(30, 30, 30, 255),
        ])
    }

    @Test func grayAlpha8() throws {
        // 2x2, (gray, alpha): (0,255) (100,128) / (200,0) (255,64).
        expect(try decode(TestPNGFixtures.grayAlpha8), width: 2, height: 2, [
            SIMD4(0, 0, 0, 255), SIMD4(100, 100, 100, 128),
            SIMD4(200, 200, 200, 0), SIMD4(255, 255, 255, 64),
        ])
    }

    @Test func rgb8() throws {
        expect(try decode(TestPNGFixtures.rgb8), width: 2, height: 2, [
            SIMD4(255, 0, 0, 255), SIMD4(0, 255, 0, 255),
            SIMD4(0, 0, 255, 255), SIMD4(12, 34, 56, 255),
        ])
    }

    @Test func rgb8WithColourKeyTransparency() throws {
        // tRNS makes exactly (0,0,0) transparent.
        expect(try decode(TestPNGFixtures.rgb8ColorKey), width: 2, height: 1, [
            SIMD4(0, 0, 0, 0), SIMD4(9, 8, 7, 255),
        ])
    }

    @Test func palette8WithTransparency() throws {
        // PLTE red green blue white; tRNS 255 128 0 (white has no entry: opaque).
        expect(try decode(TestPNGFixtures.palette8), width: 4, height: 1, [
            SIMD4(255, 0, 0, 255), SIMD4(0, 255, 0, 128), SIMD4(0, 0, 255, 0), SIMD4(255, 255, 255, 255),
        ])
    }

    @Test func packedTwoBitPalette() throws {
        // Same palette, 5x2, indices 3 2 1 0 3 / 0 0 1 1 2 (rows padded to a byte).
        let red = SIMD4<UInt8>(255, 0, 0, 255), green = SIMD4<UInt8>(0, 255, 0, 128)
        let blue = SIMD4<UInt8>(0, 0, 255, 0), white = SIMD4<UInt8>(255, 255, 255, 255)
        expect(try decode(TestPNGFixtures.palette2), width: 5, height: 2, [
            white, blue, green, red, white,
            red, red, green, green, blue,
        ])
    }

    @Test func sixteenBitGray() throws {
        // 0xFFFF -> 255, 0x1234 -> round(4660 / 257) = 18.
        expect(try decode(TestPNGFixtures.gray16), width: 2, height: 1, [
            SIMD4(255, 255, 255, 255), SIMD4(18, 18, 18, 255),
        ])
    }

    @Test func sixteenBitRGB() throws {
        // 16-bit samples become round(v / 257): 0x8080 -> 128, 0xABCD -> 171, 0x0101 -> 1.
        expect(try decode(TestPNGFixtures.rgb16), width: 2, height: 1, [
            SIMD4(255, 0, 128, 255), SIMD4(18, 171, 1, 255),
        ])
    }

    @Test func sixteenBitRGBAKeepsStraightAlpha() throws {
        // (FFFF 8080 0000 FFFF), (1234 ABCD 0101 8080): colour is not premultiplied.
        expect(try decode(TestPNGFixtures.rgba16), width: 2, height: 1, [
            SIMD4(255, 128, 0, 255), SIMD4(18, 171, 1, 128),
        ])
    }

    @Test func adam7Interlaced() throws {
        // 5x5 RGB, pixel (x, y) = (50x, 50y, 20(x + y)).
        let image = try decode(TestPNGFixtures.rgb8Interlaced)
        #expect(image.width == 5 && image.height == 5)
        for y in 0..<5 {
            for x in 0..<5 {
                #expect(image[x, y] == SIMD4(UInt8(50 * x), UInt8(50 * y), UInt8(20 * (x + y)), 255))
            }
        }
    }
}
