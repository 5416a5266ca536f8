import Testing
import SegueTesting
import SegueImage

@Suite(.tags(.pure)) struct BitmapFontTests {
    static let black = SIMD4<UInt8>(0, 0, 0, 255)
    static let white = SIMD4<UInt8>(255, 255, 255, 255)

    @Test func sizeIsAdvanceTimesCharacters() {
        #expect(BitmapFont.size(of: "#3  p=0.25", scale: 1) == (10 * BitmapFont.glyphWidth, BitmapFont.glyphHeight))
        #expect(BitmapFont.size(of: "AB", scale: 3) == (2 * BitmapFont.glyphWidth * 3, BitmapFont.glyphHeight * 3))
        #expect(BitmapFont.size(of: "", scale: 2).width == 0)
    }

    @Test func drawingStaysInsideTheMeasuredBox() throws {
        let text = "Segue 640x360 (50%) #3: p=0.25, a_b/c;d+e-f"
        let scale = 2
        let size = BitmapFont.size(of: text, scale: scale)
        var image = try RGBAImage(width: size.width + 20, height: size.height + 20, fill: Self.black)
        BitmapFont.draw(text, into: &image, x: 10, y: 10, scale: scale, color: Self.white)
        var inked = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != Self.black {
                inked += 1
                #expect(x >= 10 && x < 10 + size.width && y >= 10 && y < 10 + size.height)
            }
        }
        #expect(inked > 200)
    }

    @Test func everySupportedCharacterHasInkAndSpaceHasNone() throws {
        for character in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.,:;=-+_/()%#x" {
            var image = try RGBAImage(width: 8, height: 9, fill: Self.black)
            BitmapFont.draw(String(character), into: &image, x: 1, y: 1, scale: 1, color: Self.white)
            #expect(countPixels(in: image, differingFrom: Self.black) > 0, "\(character)")
        }
        var image = try RGBAImage(width: 8, height: 9, fill: Self.black)
        BitmapFont.draw(" ", into: &image, x: 1, y: 1, scale: 1, color: Self.white)
        #expect(countPixels(in: image, differingFrom: Self.black) == 0)
    }

    @Test func distinctCharactersLookDistinct() throws {
        func render(_ text: String) throws -> RGBAImage {
            var image = try RGBAImage(width: 8, height: 9, fill: Self.black)
            BitmapFont.draw(text, into: &image, x: 1, y: 1, scale: 1, color: Self.white)
            return image
        }
        let glyphs = try "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.,:;=-+_/()%#x".map { try render(String($0)) }
        #expect(Set(glyphs.map(\.pixels)).count == glyphs.count)
        #expect(try render("a") == render("A"))
    }

    @Test func unknownCharacterIsABox() throws {
        var image = try RGBAImage(width: 7, height: 9, fill: Self.black)
        BitmapFont.draw("€", into: &image, x: 1, y: 1, scale: 1, color: Self.white)
        // A 5x7 outline: 2 * 5 + 2 * 5 = 20 pixels.
        #expect(countPixels(in: image, differingFrom: Self.black) == 20)
        #expect(image[1, 1] == Self.white && image[5, 7] == Self.white && image[3, 4] == Self.black)
    }

    @Test func clipsAtEveryEdgeWithoutCrashing() throws {
        var image = try RGBAImage(width: 20, height: 10, fill: Self.black)
        for (x, y) in [(-7, -3), (15, 5), (-100, 0), (0, 100), (19, 9), (-3, 8)] {
            BitmapFont.draw("WXYZ 123", into: &image, x: x, y: y, scale: 3, color: Self.white)
        }
        #expect(countPixels(in: image, differingFrom: Self.black) > 0)
        #expect(image.width == 20 && image.pixels.count == 20 * 10 * 4)
    }

    @Test func translucentColourBlends() throws {
        var image = try RGBAImage(width: 8, height: 9, fill: Self.black)
        BitmapFont.draw("I", into: &image, x: 1, y: 1, scale: 1, color: SIMD4(255, 255, 255, 128))
        #expect(image[3, 4] == SIMD4(128, 128, 128, 255))
    }
}
