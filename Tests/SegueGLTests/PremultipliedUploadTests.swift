import SegueGL
import SegueHeadless
import SegueImage
import Testing
import SegueTesting

/// A picture premultiplied strip by strip on its way to the GPU (`makePremultipliedTexture`, which
/// keeps no premultiplied copy of the whole picture) gives the texture the whole-picture
/// premultiply and upload gave, bit for bit.
@Suite("GL device: premultiplied upload in strips", .tags(.gl))
struct PremultipliedUploadTests {
    /// Every byte of the texture, top row first, through a texel-fetch copy.
    private func texels(of texture: Texture, device: GLDevice) throws -> [UInt8] {
        let target = try device.makeOffscreenTarget(width: texture.width, height: texture.height)
        defer { target.release() }
        let program = try device.makeFullscreenProgram(fragmentBody: """
            uniform sampler2D image;
            out vec4 color;
            void main() { color = texelFetch(image, ivec2(gl_FragCoord.xy), 0); }
            """)
        defer { program.release() }
        device.bind(target)
        program.use()
        GL.activeTexture(unit: 0)
        GL.bindTexture(texture.name)
        GL.uniform1i(program.uniformLocation("image"), 0)
        device.drawFullscreen()
        return try target.readPixels()
    }

    /// 1500 pixels a row: 4 MiB strips of 699 rows, so 800 rows take two strips, the last short.
    @Test func stripsEqualTheWholePicturePremultiplied() throws {
        var state: UInt32 = 12345
        let (width, height) = (1500, 800)
        let pixels = (0..<(width * height * 4)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let picture = try RGBAImage(width: width, height: height, pixels: pixels)
        try withDevice { device in
            let whole = try device.makeTexture(image: picture.premultipliedAlpha())
            defer { whole.release() }
            let strips = try device.makePremultipliedTexture(image: picture)
            defer { strips.release() }
            let expected = try texels(of: whole, device: device)
            #expect(expected != pixels, "the picture's alpha changed nothing: the test could not fail")
            #expect(try texels(of: strips, device: device) == expected)
        }
    }

    /// A random straight-alpha picture, as a PNG file (RGBA8, through libpng's writer).
    private func randomPNG(width: Int, height: Int) throws -> (RGBAImage, [UInt8]) {
        var state: UInt32 = 987_654
        let pixels = (0..<(width * height * 4)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let picture = try RGBAImage(width: width, height: height, pixels: pixels)
        return (picture, try PNGCodec.encode(picture))
    }

    /// A PNG decoded a strip at a time straight into its texture (`makePremultipliedTexture(picture:)`
    /// with `.strips`) gives the texture its whole decode and upload gives (the reference), with
    /// strips of one row, of 7 rows (the last short) and the default 4 MiB.
    @Test func aPNGDecodedInStripsEqualsItsWholeDecodeUploaded() throws {
        let (width, height) = (301, 150)
        let (_, png) = try randomPNG(width: width, height: height)
        let source = try PictureDecoder.source(png, name: "x.png")
        guard case .strips = source else {
            Issue.record("a plain PNG was decoded whole")
            return
        }
        try withDevice { device in
            let whole = try device.makePremultipliedTexture(image: PictureDecoder.decode(png, name: "x.png"))
            defer { whole.release() }
            let expected = try texels(of: whole, device: device)
            for stripBytes in [1, width * 4 * 7, GLDevice.uploadStripBytes] {
                let strips = try device.makePremultipliedTexture(picture: source, stripBytes: stripBytes)
                defer { strips.release() }
                #expect(try texels(of: strips, device: device) == expected, "\(stripBytes)-byte strips")
            }
        }
    }

    /// A PNG cut short fails with the whole decode's error once its strips run out, and the
    /// texture its first rows went into is released, not returned.
    @Test func aTruncatedPNGFailsAndLeavesNoTexture() throws {
        let (_, png) = try randomPNG(width: 301, height: 150)
        let cut = Array(png.prefix(png.count * 2 / 3))
        var expected: ImageError?
        do { _ = try PictureDecoder.decode(cut, name: "cut.png") } catch { expected = error }
        let reference = try #require(expected)
        let source = try PictureDecoder.source(cut, name: "cut.png")
        try withDevice { device in
            let live = device.liveObjects
            #expect(throws: reference) { _ = try device.makePremultipliedTexture(picture: source, stripBytes: 301 * 4 * 7) }
            #expect(device.liveObjects == live)
        }
    }
}
