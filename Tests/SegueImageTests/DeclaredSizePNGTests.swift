import Testing
@testable import SegueImage

/// A header that claims far more pixels than the file can hold is refused before the pixel
/// buffer is allocated (it used to zero-fill a gigabyte first).
@Suite struct DeclaredSizePNGTests {
    @Test func tinyFileClaimingAHugeImageIsCorrupt() throws {
        let png = HugeClaimPNG.bytes(width: 16000, height: 16000, totalSize: 570)
        #expect(png.count == 570)
        #expect {
            _ = try PNGCodec.decode(png, name: "liar.png")
        } throws: { error in
            guard case let .corrupt(path, reason) = error as? ImageError else { return false }
            return path == "liar.png" && reason.contains("16000x16000") && reason.contains("compressed")
        }
    }

    @Test func declaredSizeFollowsTheHeader() throws {
        let png = HugeClaimPNG.bytes(width: 16000, height: 16000, totalSize: 570)
        let declared = try #require(png.withUnsafeBytes { PNGDeclaredSize($0) })
        #expect(declared.width == 16000 && declared.height == 16000)
        #expect(declared.rawBytes == 16000 * (1 + 16000 * 3))  // RGB8: a filter byte per row
        #expect(declared.compressedBytes == 570 - 8 - 25 - 12 - 12)
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

/// A valid PNG signature and IHDR (RGB, 8 bits, correct CRCs) followed by an IDAT of
/// arbitrary bytes sized so the whole file is `totalSize` bytes, then IEND.
enum HugeClaimPNG {
    static func bytes(width: Int, height: Int, totalSize: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(data.count) + body + be32(Int(crc32(body)))
        }
        let header = chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        let idatLength = totalSize - 8 - header.count - 12 - 12
        // A zlib header, then a deflate stream that is all zero bytes (never completed).
        let idat = chunk("IDAT", [0x78, 0x9C] + [UInt8](repeating: 0, count: idatLength - 2))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + header + idat + chunk("IEND", [])
    }
}
