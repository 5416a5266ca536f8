import Foundation
import SegueEffects
import SegueImage
import SegueRenderJobs
import SegueTesting
import SegueText
import Testing

/// `TransitionRenderer` against references that are not Segue: the pictures themselves at the
/// ends, a crossfade computed on the CPU in the middle, and typed errors for bad requests.
@Suite("TransitionRenderer (headless GL)", .tags(.gl))
@MainActor
struct TransitionRendererTests {
    static let (width, height) = (64, 36)
    static func pictures() throws -> (RGBAImage, RGBAImage) {
        (try SampleImages.from(width: width, height: height), try SampleImages.to(width: width, height: height))
    }

    /// gl-transitions' `fade` is mix(from, to, progress): the CPU's mix of the two pictures.
    @Test func fadeByNameIsTheCrossfadeOfThePictures() throws {
        let (from, to) = try Self.pictures()
        let renderer = try TransitionRenderer(named: "fade", width: Self.width, height: Self.height)
        let progress = [0, 0.25, 0.5, 1.0]
        let frames = try renderer.frames(from: from, to: to, at: progress)
        #expect(frames.count == 4)
        for (picture, p) in zip(frames, progress) {
            var expected = from
            for i in expected.pixels.indices {
                let mixed = Double(from.pixels[i]) * (1 - p) + Double(to.pixels[i]) * p
                expected.pixels[i] = UInt8(mixed.rounded())
            }
            #expect(RGBAImage.maxDifference(picture, expected) <= 1, "progress \(p)")
        }
    }

    /// A preset's typed settings apply: `wipeleft` at 0 and 1 is each picture, and half way
    /// each half of the frame shows one of them.
    @Test func presetWipesLeftBetweenThePictures() throws {
        let (from, to) = try Self.pictures()
        let frames = try TransitionRenderer(named: "wipeleft", width: Self.width, height: Self.height)
            .frames(from: from, to: to, count: 3)
        #expect(RGBAImage.maxDifference(frames[0], from) <= 1)
        #expect(RGBAImage.maxDifference(frames[2], to) <= 1)
        // ffmpeg's xfade wipeleft (vf_xfade.c, progress running from 1 to 0): x > width * progress
        // shows the second input, so half way the right half shows the to-picture.
        let middle = frames[1]
        func close(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>) -> Bool {
            (0..<4).allSatisfy { abs(Int(a[$0]) - Int(b[$0])) <= 1 }
        }
        #expect(close(middle[4, 18], from[4, 18]) && close(middle[24, 18], from[24, 18]))
        #expect(close(middle[40, 18], to[40, 18]) && close(middle[60, 18], to[60, 18]))
        #expect(!close(from[4, 18], to[4, 18]) || !close(from[60, 18], to[60, 18]), "the pictures differ where it is checked")
    }

    @Test func writesNumberedPNGs() throws {
        let (from, to) = try Self.pictures()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-renderer-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try TransitionRenderer(named: "pixel-dissolve", width: Self.width, height: Self.height)
            .writePNGs(from: from, to: to, count: 3, into: directory)
        #expect(paths.map { ($0 as NSString).lastPathComponent } == ["frame-0000.png", "frame-0001.png", "frame-0002.png"])
        #expect(RGBAImage.maxDifference(try PNGCodec.read(path: paths[0]), from) <= 1)
    }

    /// A view-controller scenario: the from screen at the start, the to screen at the end.
    @Test func scenarioByNameStartsOnFromAndEndsOnTo() throws {
        let (from, to) = try Self.pictures()
        let frames = try TransitionRenderer(named: "zoom-push", width: Self.width, height: Self.height)
            .frames(from: from, to: to, count: 2)
        #expect(RGBAImage.maxDifference(frames[0], from) <= 1)
        #expect(RGBAImage.maxDifference(frames[1], to) <= 1)
    }

    @Test func badRequestsAreTypedErrors() throws {
        #expect {
            try TransitionRenderer(named: "nope")
        } throws: { error in
            guard case .effect(.unknownName("nope", let known)) = error as? TransitionRenderError else { return false }
            return known.contains("wipeleft") && known.contains("zoom-push") && known.contains("pixel-dissolve")
        }
        #expect(throws: TransitionRenderError.effect(.settingsNotTaken(transition: "pixel-dissolve"))) {
            try TransitionRenderer(named: "pixel-dissolve", settings: ["x=1"])
        }
        #expect(throws: TransitionRenderError.effect(.transition(.notASetting(file: "wipeleft", text: "direction")))) {
            try TransitionRenderer(named: "wipeleft", settings: ["direction"])
        }
        #expect(throws: TransitionRenderError.badSize(width: 0, height: 10)) {
            try TransitionRenderer(named: "fade", width: 0, height: 10)
        }
        #expect {
            try TransitionRenderer(named: "/nonexistent/x.glsl")
        } throws: { error in
            if case .effect(.unreadableFile(path: "/nonexistent/x.glsl", _)) = error as? TransitionRenderError { return true }
            return false
        }
        let (from, to) = try Self.pictures()
        let fade = try TransitionRenderer(named: "fade", width: 8, height: 8)
        #expect(throws: TransitionRenderError.badFrameCount(0)) { try fade.frames(from: from, to: to, count: 0) }
        #expect(throws: TransitionRenderError.badProgress(1.5)) { try fade.frames(from: from, to: to, at: [0, 1.5]) }
    }

    /// A sampler2D parameter must be given a texture; a luma map's name is one.
    @Test func samplerParametersNeedATexture() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("segue-luma-\(UUID().uuidString).glsl")
        defer { try? FileManager.default.removeItem(at: file) }
        try "uniform sampler2D luma;\nvec4 transition(vec2 uv) {\n  return mix(getFromColor(uv), getToColor(uv), step(texture(luma, uv).r, progress));\n}\n"
            .write(to: file, atomically: true, encoding: .utf8)
        #expect {
            try TransitionRenderer(named: file.path)
        } throws: { error in
            if case .effect(.transition(.badTexture(_, "luma", _))) = error as? TransitionRenderError { return true }
            return false
        }
        let (from, to) = try Self.pictures()
        let frames = try TransitionRenderer(named: file.path, settings: ["luma=spiral-1"], width: Self.width, height: Self.height)
            .frames(from: from, to: to, at: [0, 1])
        #expect(RGBAImage.maxDifference(frames[1], to) <= 1)
    }
}

extension TransitionRendererTests {
    /// A sheet of 3 frames: 2 columns (the ceiling of √3) of 64-pixel thumbnails, the first
    /// thumbnail the from-picture and the last the to-picture.
    @Test func contactSheetShowsTheFramesInColumns() throws {
        let (from, to) = try Self.pictures()
        let sheet = try TransitionRenderer(named: "fade", width: Self.width, height: Self.height)
            .contactSheet(from: from, to: to, count: 3)
        let plain = try ContactSheet.make(
            frames: [(from, "#0 p=0.00"), (from, "#1 p=0.50"), (to, "#2 p=1.00")], columns: 2, thumbnailWidth: 64,
            title: "fade  64x36  3 frames  (x)", text: FontSheetText())  // the library letters sheets with a real font
        #expect(sheet.width == plain.width && sheet.height == plain.height)
    }
}
