import Foundation
import SegueImage
import SegueTesting
import Testing

/// The test kit's comparisons on pictures with known differences (the reference is arithmetic on
/// the bytes), its failure pictures and its orphan check. Recording is covered by
/// `make test-external`, which runs a package's tests with SEGUE_RECORD_GOLDENS=1.
@Suite("GoldenStore", .tags(.pure))
struct GoldenStoreTests {
    static func picture(_ value: UInt8 = 100) throws -> RGBAImage {
        try RGBAImage(width: 10, height: 10, fill: SIMD4(value, value, value, 255))
    }

    /// A store in a fresh folder holding `golden` as `NAME.png`, with failures written beside it.
    static func store(_ goldens: [String: RGBAImage]) throws -> (GoldenStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-goldens-\(UUID().uuidString)")
        var store = GoldenStore(directory: folder.appendingPathComponent("Goldens"))
        store.failureDirectory = folder.appendingPathComponent("failures")
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        for (name, image) in goldens { try PNGCodec.write(image, to: store.path(of: name)) }
        return (store, folder)
    }

    @Test func withinToleranceNothingIsWritten() throws {
        guard !GoldenStore.isRecording else { return }  // a recording run records instead
        let (store, folder) = try Self.store(["a": Self.picture()])
        defer { try? FileManager.default.removeItem(at: folder) }
        var near = try Self.picture()
        near.pixels[0] = 102  // 2 levels at one channel of one pixel
        #expect(store.compare(near, named: "a", tolerance: .crossDriver) == .passed)
        #expect(!FileManager.default.fileExists(atPath: store.failureDirectory.path))
    }

    @Test func aMismatchWritesTheActualAndADifferencePictureAndNamesThem() throws {
        guard !GoldenStore.isRecording else { return }
        let golden = try Self.picture()
        let (store, folder) = try Self.store(["a": golden])
        defer { try? FileManager.default.removeItem(at: folder) }
        var far = golden
        far.pixels[4 * 12] = 200  // pixel (2, 1), red channel: 100 levels
        guard case .failed(let message) = store.compare(far, named: "a", tolerance: .crossDriver) else {
            Issue.record("a 100-level difference passed")
            return
        }
        let actual = store.failureDirectory.appendingPathComponent("a.actual.png").path
        let diff = store.failureDirectory.appendingPathComponent("a.diff.png").path
        #expect(message.contains("max difference 100") && message.contains(actual) && message.contains(diff), "\(message)")
        #expect(try PNGCodec.read(path: actual) == far)
        let difference = try PNGCodec.read(path: diff)
        #expect(difference[2, 1] == SIMD4(228, 0, 0, 255), "the differing pixel is red, brighter by its difference")
        #expect(difference[0, 0] == SIMD4(33, 33, 33, 255), "an equal pixel is the golden, dimmed to grey")
    }

    @Test func missingGoldensAndOtherSizesFailWithTheActualPicture() throws {
        guard !GoldenStore.isRecording else { return }
        let (store, folder) = try Self.store(["small": try RGBAImage(width: 4, height: 4, fill: SIMD4(0, 0, 0, 255))])
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .failed(let missing) = store.compare(try Self.picture(), named: "absent", tolerance: .exact) else {
            Issue.record("a missing golden passed")
            return
        }
        #expect(missing.contains("missing golden") && missing.contains("SEGUE_RECORD_GOLDENS=1") && missing.contains("absent.actual.png"))
        guard case .failed(let resized) = store.compare(try Self.picture(), named: "small", tolerance: .exact) else {
            Issue.record("a picture of another size passed")
            return
        }
        #expect(resized.contains("size 10x10, golden 4x4"), "\(resized)")
    }

    /// Outliers: up to the fraction of pixels may exceed the max; the mean still bounds the rest.
    @Test func outlierFractionAllowsAFewFlippedPixels() throws {
        let golden = try Self.picture()
        var flipped = golden
        for pixel in 0..<3 { flipped.pixels[pixel * 4] = 255 }  // 3 of 100 pixels flip fully
        let tolerance = ImageTolerance(maxDifference: 2, meanDifference: 2, outlierFraction: 0.05)
        #expect(tolerance.mismatch(actual: flipped, expected: golden) == nil)
        #expect(ImageTolerance(maxDifference: 2, meanDifference: 2, outlierFraction: 0.02).mismatch(actual: flipped, expected: golden) != nil)
        #expect(ImageTolerance(maxDifference: 2, meanDifference: 0.5, outlierFraction: 0.05).mismatch(actual: flipped, expected: golden) != nil)
    }

    @Test func orphansAreGoldensNoTestAsksFor() throws {
        let (store, folder) = try Self.store(["kept-0": Self.picture(), "kept-1": Self.picture(), "renamed": Self.picture()])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(store.goldenNames() == ["kept-0", "kept-1", "renamed"])
        #expect(store.orphans(expected: GoldenStore.names("kept", count: 2)) == ["renamed"])
        #expect(store.orphans(expected: ["kept-0", "kept-1", "renamed"]).isEmpty)
    }
}
