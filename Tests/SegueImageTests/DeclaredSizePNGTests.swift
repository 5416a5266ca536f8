import Testing
import SegueTesting
@testable import SegueImage

/// A header that claims far more pixels than the file can hold is refused before the pixel
/// buffer is allocated (it used to zero-fill a gigabyte first).
@Suite(.tags(.pure)) struct DeclaredSizePNGTests {
    @Test func tinyFileClaimingAHugeImageIsCorrupt() throws {
        let png = try HugeClaimPNG.bytes(width: 16000, height: 16000)
        #expect(png.count < 1000)
        #expect {
            _ = try PNGCodec.decode(png, name: "liar.png")
        } throws: { error in
            guard case let .corrupt(path, reason) = error as? ImageError else { return false }
            return path == "liar.png" && reason.contains("16000x16000") && reason.contains("compressed")
        }
    }

    @Test func declaredSizeFollowsTheHeader() throws {
        let png = try HugeClaimPNG.bytes(width: 16000, height: 16000)
        let declared = try #require(png.withUnsafeBytes { PNGDeclaredSize($0) })
        #expect(declared.width == 16000 && declared.height == 16000)
        #expect(declared.rawBytes == 16000 * (1 + 16000 * 4))  // RGBA8: a filter byte per row
        #expect(declared.compressedBytes > 0 && declared.compressedBytes < png.count - 45)
    }

    /// Real files, including highly compressible ones, stay well inside the bound.
    @Test func uniformImagesStillDecode() throws {
        for (width, height) in [(1, 1), (3000, 2000), (4096, 1)] {
            let image = try RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 0, 0))
            #expect(try PNGCodec.decode(PNGCodec.encode(image), name: "flat.png") == image)
        }
        for fixture in [TestPNGFixtures.gray8, TestPNGFixtures.palette2, TestPNGFixtures.gray16] {
            _ = try PNGCodec.decode(fixture, name: "fixture.png")
        }
    }
}

/// A real encoded PNG whose IHDR is patched (CRC fixed) to claim another size: the data that
/// follows is a few hundred bytes, as in the 570-byte file measured in the issue.
enum HugeClaimPNG {
    static func bytes(width: Int, height: Int) throws -> [UInt8] {
        var png = try PNGCodec.encode(RGBAImage(width: 16, height: 16, fill: SIMD4(20, 40, 60, 255)))
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        png[16..<24] = ArraySlice(be32(width) + be32(height))
        png[29..<33] = ArraySlice(be32(Int(crc32(Array(png[12..<29])))))
        return png
    }
}
