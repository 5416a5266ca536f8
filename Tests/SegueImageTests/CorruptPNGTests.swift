import Foundation
import Testing
import SegueTesting
import SegueImage
import SegueTiming

/// Damaged or non-PNG input must give a typed error naming the file, never a
/// crash or a half-filled image.
@Suite(.tags(.pure)) struct CorruptPNGTests {
    private func validPNG() throws -> [UInt8] {
        try PNGCodec.encode(patternImage(width: 40, height: 30))
    }

    private func expectCorrupt(_ bytes: [UInt8], name: String = "broken.png", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            _ = try PNGCodec.decode(bytes, name: name)
        } throws: { error in
            guard case let .corrupt(path, reason) = error as? ImageError else { return false }
            return path == name && !reason.isEmpty
        }
    }

    @Test(arguments: [0.6, 0.1, 0.9, 0.99])
    func truncatedData(fraction: Double) throws {
        let png = try validPNG()
        expectCorrupt(Array(png.prefix(Int(Double(png.count) * fraction))))
    }

    @Test func truncatedAnywhereAfterTheSignature() throws {
        let png = try validPNG()
        for length in stride(from: 8, to: png.count, by: 7) {
            expectCorrupt(Array(png.prefix(length)))
        }
        expectCorrupt(Array(png.dropLast()))
    }

    @Test func missingEndChunk() {
        expectCorrupt(TestPNGFixtures.rgb8MissingIEND)
    }

    @Test func badChecksum() {
        expectCorrupt(TestPNGFixtures.rgb8BadCRC)
    }

    @Test func randomBytes() {
        var generator = SplitMix64(seed: 42)
        expectCorrupt((0..<2000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        // Random bytes behind a genuine signature too.
        expectCorrupt([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<500).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    }

    @Test func emptyAndTextInput() {
        expectCorrupt([])
        expectCorrupt(Array("just some text, not a picture\n".utf8))
    }

    @Test func filesOnDisk() throws {
        try withTemporaryDirectory { directory in
            let png = try validPNG()
            let cases: [(String, [UInt8])] = [
                ("truncated.png", Array(png.prefix(png.count * 6 / 10))),
                ("empty.png", []),
                ("notes.txt", Array("hello\n".utf8)),
            ]
            for (name, bytes) in cases {
                let path = directory + "/" + name
                #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
                #expect {
                    _ = try PNGCodec.read(path: path)
                } throws: { error in
                    guard case let .corrupt(failedPath, _) = error as? ImageError else { return false }
                    return failedPath == path && (error as? ImageError)?.description.contains(path) == true
                }
            }
        }
    }

    @Test func missingFileAndDirectoryCannotBeOpened() throws {
        try withTemporaryDirectory { directory in
            for path in [directory + "/nope.png", directory] {
                #expect {
                    _ = try PNGCodec.read(path: path)
                } throws: { error in
                    guard case let .cannotOpen(failedPath, reason) = error as? ImageError else { return false }
                    return failedPath == path && !reason.isEmpty
                }
            }
        }
    }

    @Test func oversizedHeaderIsRejectedBeforeAllocating() throws {
        // Patch a valid 1x1 PNG's IHDR to claim 20000x20000 (and fix the CRC).
        var png = try PNGCodec.encode(RGBAImage(width: 1, height: 1, fill: SIMD4(0, 0, 0, 255)))
        for (offset, value) in [(16, 20000), (20, 20000)] {
            png[offset..<(offset + 4)] = [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        let crc = crc32(Array(png[12..<29]))
        png[29..<33] = [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        #expect {
            _ = try PNGCodec.decode(png, name: "huge.png")
        } throws: { error in
            guard case let .unsupported(path, _) = error as? ImageError else { return false }
            return path == "huge.png"
        }
    }
}

/// PNG's CRC-32 (same polynomial as zlib).
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
