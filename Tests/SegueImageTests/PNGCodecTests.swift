import Foundation
import Testing
import SegueTesting
import SegueImage

@Suite(.tags(.pure)) struct PNGCodecTests {
    @Test(arguments: [(1, 1), (3, 2), (17, 9), (64, 64)])
    func encodeDecodeRoundTripKeepsEveryByte(size: (Int, Int)) throws {
        let image = try patternImage(width: size.0, height: size.1)
        let bytes = try PNGCodec.encode(image)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try PNGCodec.decode(bytes, name: "memory") == image)
    }

    @Test func fullyTransparentPixelsKeepTheirColour() throws {
        // Straight alpha: colour under alpha 0 must survive (no premultiplication).
        let image = try RGBAImage(width: 2, height: 1, pixels: [200, 100, 50, 0, 1, 2, 3, 255])
        #expect(try PNGCodec.decode(PNGCodec.encode(image), name: "m") == image)
    }

    @Test func writeThenReadThroughFiles() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/picture.png"
            let image = try patternImage(width: 31, height: 17)
            try PNGCodec.write(image, to: path)
            #expect(try PNGCodec.read(path: path) == image)

            // Overwriting replaces the file and leaves no temporary files.
            let second = try RGBAImage(width: 5, height: 5, fill: SIMD4(1, 2, 3, 4))
            try PNGCodec.write(second, to: path)
            #expect(try PNGCodec.read(path: path) == second)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["picture.png"])
        }
    }

    @Test func writeIntoMissingDirectoryFailsCleanly() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/missing/picture.png"
            let image = try RGBAImage(width: 2, height: 2, fill: SIMD4(1, 2, 3, 255))
            #expect {
                try PNGCodec.write(image, to: path)
            } throws: { error in
                guard case let .writeFailed(failedPath, reason) = error as? ImageError else { return false }
                return failedPath == path && !reason.isEmpty
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        }
    }

    @Test func writeOverADirectoryFailsAndRemovesTheTemporaryFile() throws {
        try withTemporaryDirectory { directory in
            // The temp file is created, but renaming it over a directory fails.
            let path = directory + "/taken"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            let image = try RGBAImage(width: 2, height: 2, fill: SIMD4(1, 2, 3, 255))
            #expect {
                try PNGCodec.write(image, to: path)
            } throws: { error in
                guard case let .writeFailed(failedPath, _) = error as? ImageError else { return false }
                return failedPath == path
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["taken"])
        }
    }
}
