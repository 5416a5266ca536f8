import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueRenderJobs
import SegueTesting
import Testing

/// Pictures larger than the frame shows them, against a CPU area average of the picture
/// (`AreaAverageReference`) over the window the fit shows, worked out here from the fits'
/// definitions: cover scales by the larger of the two ratios frame / picture and crops the centre,
/// contain by the smaller with transparent bars, stretch each axis on its own. Before the
/// prefilter the transitions sampled such a picture bilinearly at the frame's pixels: 1-pixel
/// lines came and went (tens of levels off the average).
@Suite("Pictures reduced to the frame: area-averaged (headless GL)", .tags(.gl))
@MainActor
struct PicturePrefilterTests {
    static let (width, height) = (160, 90)

    /// The reference frame for a `w` x `h` picture fitted by `mode`.
    static func reference(_ picture: RGBAImage, mode: ResizeMode) -> [SIMD4<Double>] {
        let (w, h) = (Double(picture.width), Double(picture.height))
        let (ratioX, ratioY) = (w / Double(width), h / Double(height))
        let (stepX, stepY) = switch mode {
        case .cover: (min(ratioX, ratioY), min(ratioX, ratioY))
        case .contain: (max(ratioX, ratioY), max(ratioX, ratioY))
        case .stretch: (ratioX, ratioY)
        }
        return AreaAverageReference.reduce(
            picture, left: (w - Double(width) * stepX) / 2, top: (h - Double(height) * stepY) / 2,
            stepX: stepX, stepY: stepY, width: width, height: height)
    }

    /// `fade` at 0 and 1 shows each picture as the frame shows it, and `wipeleft` half way each
    /// half: every channel within a level of the area average, for each fit, at reductions of 2.5
    /// (cover, a 400x300 picture cropped top and bottom), 4 (contain, 320x360 between bars) and
    /// 2.5 by 1.5 (stretch, 400x135).
    @Test(arguments: [(ResizeMode.cover, 400, 300), (.contain, 320, 360), (.stretch, 400, 135)])
    func aGridIsItsAreaAverage(mode: ResizeMode, pictureWidth: Int, pictureHeight: Int) throws {
        let from = try AreaAverageReference.grid(width: pictureWidth, height: pictureHeight, period: 5)
        let to = try AreaAverageReference.grid(width: pictureWidth, height: pictureHeight, period: 3)
        let (a, b) = (Self.reference(from, mode: mode), Self.reference(to, mode: mode))
        let fade = try TransitionRenderer(named: "fade", width: Self.width, height: Self.height, resize: mode)
            .frames(from: from, to: to, at: [0, 1])
        let wipe = try TransitionRenderer(named: "wipeleft", width: Self.width, height: Self.height, resize: mode)
            .frames(from: from, to: to, at: [0.5])[0]
        // wipeleft half way: columns 0...80 show the first picture, the rest the second (xfade's
        // wipeleft: a column shows the second picture once it is past width × progress).
        let halves = (0..<(Self.width * Self.height)).map { $0 % Self.width <= Self.width / 2 ? a[$0] : b[$0] }
        let figures = [("fade at 0", fade[0], a), ("fade at 1", fade[1], b), ("wipeleft at .5", wipe, halves)].map { name, frame, expected in
            let worst = AreaAverageReference.maxDifference(frame, expected)
            #expect(worst <= 1, "\(mode.name) \(pictureWidth)x\(pictureHeight), \(name): a channel \(worst) off the area average")
            return String(format: "%@ %.1f", name, worst)
        }
        print("prefilter \(mode.name) \(pictureWidth)x\(pictureHeight) → \(Self.width)x\(Self.height), most off the area average: \(figures.joined(separator: ", "))")
    }

    /// A view-controller transition's screens are the pictures as the frame shows them too: the
    /// first frame of `cube` (the first screen, whole) against the area average over black.
    @Test func aScenarioScreenIsItsAreaAverage() throws {
        let from = try AreaAverageReference.grid(width: 400, height: 300, period: 5)
        let frame = try TransitionRenderer(named: "cube-push", width: Self.width, height: Self.height)
            .frames(from: from, to: from, at: [0])[0]
        let worst = AreaAverageReference.maxDifference(frame, Self.reference(from, mode: .cover))
        #expect(worst <= 1, "a channel \(worst) off the area average")
    }

    /// `segue render --from a.png --to b.png --out v.mp4` (`TransitionVideo`) reduces them too: a
    /// lossless H.264 fade's first frame, decoded by ffmpeg, within 3 levels of the area average
    /// (what Y'CbCr at 8 bits keeps of grey; 92 off before the prefilter).
    @Test(.tags(.ffmpeg), .requiresFFmpeg)
    func aVideoOfPicturesIsTheirAreaAverage() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let picture = try AreaAverageReference.grid(width: 400, height: 300, period: 5)
        let (a, b, out) = (dir.appendingPathComponent("a.png").path, dir.appendingPathComponent("b.png").path,
                           dir.appendingPathComponent("v.mp4").path)
        try PNGCodec.write(picture, to: a)
        try PNGCodec.write(picture, to: b)
        let settings = ExportSettings(format: .mp4, width: Self.width, height: Self.height, crf: 0, dither: .none)
        _ = try TransitionVideo(from: a, to: b, transition: .named("fade"), settings: settings, transitionFrames: 3, tools: FFmpegTools.locate())
            .export(to: out)
        let frame = try VideoReader.frames(out, width: Self.width, height: Self.height)[0]
        let worst = AreaAverageReference.maxDifference(frame, Self.reference(picture, mode: .cover))
        #expect(worst <= 3, "a channel \(worst) off the area average")
    }
}
