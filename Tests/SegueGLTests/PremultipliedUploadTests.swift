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
}
