import SegueUIKit
import Testing
import SegueTesting

@Suite("Color", .tags(.pure))
struct ColorTests {
    @Test func hexInitReadsRRGGBBAA() {
        let color = Color(rgba8: 0xFF80_00CC)
        #expect(color.red == 1)
        #expect(color.green == 128.0 / 255.0)
        #expect(color.blue == 0)
        #expect(color.alpha == 204.0 / 255.0)
        #expect(Color(rgba8: 0x0000_00FF) == .black)
        #expect(Color(rgba8: 0xFFFF_FFFF) == .white)
        #expect(Color(rgba8: 0x0000_0000) == .clear)
        #expect(Color(rgba8: 0x00FF_FFFF) == .cyan)
    }

    @Test func initializers() {
        #expect(Color(red: 0.1, green: 0.2, blue: 0.3).alpha == 1)
        #expect(Color(white: 0.25) == Color(red: 0.25, green: 0.25, blue: 0.25, alpha: 1))
        #expect(Color(white: 0.25, alpha: 0.5).alpha == 0.5)
    }

    @Test func premultiplied() {
        let color = Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.5)
        #expect(color.premultiplied == SIMD4<Float>(0.5, 0.25, 0.125, 0.5))
        #expect(Color.red.premultiplied == SIMD4<Float>(1, 0, 0, 1))
        #expect(Color.clear.premultiplied == SIMD4<Float>(0, 0, 0, 0))
        #expect(Color(red: 1, green: 1, blue: 1, alpha: 0).premultiplied == SIMD4<Float>(0, 0, 0, 0))
        // Out-of-range components (spring overshoot) are clamped for the GPU.
        #expect(Color(red: 1.5, green: -0.5, blue: 1, alpha: 1.2).premultiplied == SIMD4<Float>(1, 0, 1, 1))
    }

    @Test func namedColorsMatchUIKit() {
        #expect(Color.clear == Color(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(Color.black == Color(red: 0, green: 0, blue: 0))
        #expect(Color.white == Color(red: 1, green: 1, blue: 1))
        #expect(Color.red == Color(red: 1, green: 0, blue: 0))
        #expect(Color.green == Color(red: 0, green: 1, blue: 0))
        #expect(Color.blue == Color(red: 0, green: 0, blue: 1))
        #expect(Color.gray == Color(white: 0.5))
        #expect(Color.darkGray == Color(white: 1.0 / 3.0))
        #expect(Color.lightGray == Color(white: 2.0 / 3.0))
        #expect(Color.yellow == Color(red: 1, green: 1, blue: 0))
        #expect(Color.orange == Color(red: 1, green: 0.5, blue: 0))
        #expect(Color.purple == Color(red: 0.5, green: 0, blue: 0.5))
        #expect(Color.cyan == Color(red: 0, green: 1, blue: 1))
    }

    @Test func interpolate() {
        let from = Color(red: 0, green: 1, blue: 0.5, alpha: 0)
        let to = Color(red: 1, green: 0, blue: 0.5, alpha: 1)
        #expect(Color.interpolate(from, to, 0) == from)
        #expect(Color.interpolate(from, to, 1) == to)
        #expect(Color.interpolate(from, to, 0.5) == Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))
        #expect(Color.interpolate(from, to, 1.5) == Color(red: 1.5, green: -0.5, blue: 0.5, alpha: 1.5))
    }
}
