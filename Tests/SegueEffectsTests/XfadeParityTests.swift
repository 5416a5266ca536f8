import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SegueHeadless
import Testing
import SegueTesting
import SegueGLSL

/// The presets named after ffmpeg's xfade transitions, against Debian's ffmpeg 5.1's xfade on the
/// same two pictures (see `FFmpegXfade` for the frame ↔ progress mapping), and the names 5.1 lacks
/// against a CPU port of xfade's code. `make test` installs ffmpeg; without it the comparisons with
/// ffmpeg are skipped, except on CI or under `make test` (`FFmpegXfade.isRequired`), where that
/// fails. All 58 names are compared with ffmpeg 9 itself in `XfadeReferenceParityTests`.
@Suite("ffmpeg xfade parity (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct XfadeParityTests {
    /// Every transition ffmpeg 5.1's xfade has (its `custom` expression aside); the later ones
    /// are in `XfadeCPUReference.names`.
    static let ffmpegNames = [
        "fade", "wipeleft", "wiperight", "wipeup", "wipedown", "slideleft", "slideright", "slideup", "slidedown",
        "circlecrop", "rectcrop", "distance", "fadeblack", "fadewhite", "radial", "smoothleft", "smoothright",
        "smoothup", "smoothdown", "circleopen", "circleclose", "vertopen", "vertclose", "horzopen", "horzclose",
        "dissolve", "pixelize", "diagtl", "diagtr", "diagbl", "diagbr", "hlslice", "hrslice", "vuslice", "vdslice",
        "hblur", "fadegrays", "wipetl", "wipetr", "wipebl", "wipebr", "squeezeh", "squeezev", "zoomin",
        "fadefast", "fadeslow",
    ]
    /// Small pictures keep the run short: 16:9 so that the axes are told apart, and an odd-sized
    /// portrait one for xfade's integer halves and its use of the shorter side.
    static let sizes: [(width: Int, height: Int)] = [(160, 90), (91, 161)]

    /// The two sample pictures at each size.
    static func pictures() throws -> [(from: RGBAImage, to: RGBAImage)] {
        try sizes.map { (try SampleImages.from(width: $0.width, height: $0.height), try SampleImages.to(width: $0.width, height: $0.height)) }
    }
    static let compared: [(frame: Int, progress: Float)] = [(1, 0.25), (2, 0.5), (3, 0.75)]

    static var ffmpegAvailable: Bool { FFmpegXfade.executable != nil }

    /// `GLTransitionLibrary.xfadeNames` (what the documentation's count of xfade names is checked
    /// against) is exactly the names these tests compare with xfade.
    @Test func theLibrarysXfadeNamesAreTheOnesComparedHere() {
        #expect(Set(GLTransitionLibrary.xfadeNames) == Set(Self.ffmpegNames + XfadeCPUReference.names))
        #expect(GLTransitionLibrary.xfadeNames.count == Set(GLTransitionLibrary.xfadeNames).count)
    }

    @Test("ffmpeg is installed where the suite runs on CI or under make test")
    func ffmpegIsThereWhereRequired() {
        // `make test` installs it; elsewhere the comparisons with ffmpeg are skipped.
        if FFmpegXfade.isRequired {
            #expect(FFmpegXfade.executable != nil, "ffmpeg is missing; `make test` installs it (scripts/install-deps.sh ffmpeg)")
        }
    }

    /// The shaders are in the subset common to GLSL 3.30 core and ES 3.00: on an ES 3.0 context
    /// every xfade name renders what it renders on core GL.
    @Test func everyNameRendersTheSameOnGLES3() throws {
        let (from, to) = try Self.pictures()[0]
        let names = Self.ffmpegNames + XfadeCPUReference.names
        let progresses = Self.compared.map(\.progress)
        let core = try Self.render(names, from: from, to: to, at: progresses)
        let es = try Self.render(names, from: from, to: to, at: progresses, api: .openGLES3)
        for (name, (coreFrames, esFrames)) in zip(names, zip(core, es)) {
            for (progress, (a, b)) in zip(progresses, zip(coreFrames, esFrames)) {
                #expect(RGBAImage.maxDifference(a, b) <= 1, "\(name) at \(progress) on ES 3.0")
            }
        }
    }

    @Test("every xfade name is a built-in")
    func everyNameIsABuiltIn() {
        for name in Self.ffmpegNames + XfadeCPUReference.names {
            #expect(GLTransitionLibrary.entry(named: name) != nil, "\(name) is missing")
        }
    }

    /// Within `compare`'s bounds at progress .25, .5 and .75.
    @Test(.enabled(if: ffmpegAvailable), arguments: ffmpegNames.filter { $0 != "dissolve" && !XfadeCPUReference.names.contains($0) })
    func matchesFFmpeg(name: String) throws {
        for (from, to) in try Self.pictures() {
            let reference = try FFmpegXfade.frames(transition: name, from: from, to: to)
            try Self.compare(name, from: from, to: to, against: "ffmpeg's xfade") { reference[$0.frame] }
        }
    }

    /// The frame ↔ progress mapping itself, on the plain cross-fade: frame k is the pictures
    /// mixed k/4 of the way (within xfade's truncation to integers).
    @Test(.enabled(if: ffmpegAvailable))
    func frameKIsProgressKQuarters() throws {
        let (from, to) = try Self.pictures()[0]
        let reference = try FFmpegXfade.frames(transition: "fade", from: from, to: to)
        for (k, frame) in reference.enumerated() {
            let t = Float(k) / 4
            var worst = 0
            for i in stride(from: 0, to: frame.pixels.count, by: 4) {
                for c in 0..<3 {
                    let expected = Float(from.pixels[i + c]) * (1 - t) + Float(to.pixels[i + c]) * t
                    worst = max(worst, Int(abs(Float(frame.pixels[i + c]) - expected).rounded(.up)))
                }
            }
            #expect(worst <= 1, "ffmpeg's frame \(k) is not progress \(t): off by up to \(worst)")
        }
    }

    /// The names ffmpeg 5.1 lacks (or gets wrong in RGB, fadegrays), against a CPU port of later
    /// ffmpeg's code (`XfadeCPUReference`, itself checked against ffmpeg 9 in
    /// `XfadeReferenceParityTests`), within the same bounds. cover and reveal only shift
    /// whole pixels, which the GPU reproduces exactly (measured: no difference at all), so any
    /// channel more than one level off is a fault there.
    @Test(arguments: XfadeCPUReference.names)
    func matchesTheCPUPortOfXfade(name: String) throws {
        let shifts = name.hasPrefix("cover") || name.hasPrefix("reveal")
        for (from, to) in try Self.pictures() {
            try Self.compare(name, from: from, to: to, against: "xfade's code (CPU port)", maxDifference: shifts ? 1 : nil) {
                try XfadeCPUReference.frame(name, from: from, to: to, progress: $0.progress)
            }
        }
    }

    /// The probe of xfade's names (`FFmpegXfade.listedTransitions`, the reference ffmpeg's too): every one 5.1 has is listed.
    @Test(.enabled(if: ffmpegAvailable))
    func theProbeListsXfadesNames() {
        #expect(Set(Self.ffmpegNames).isSubset(of: FFmpegXfade.listedTransitions), "\(FFmpegXfade.listedTransitions.sorted())")
    }

    /// Channels more than this many levels off count as misplaced (an edge in the wrong column).
    static let farLevels = 8
    /// At most this share of the R, G and B channels may be misplaced. Measured with ffmpeg 5.1:
    /// none at all but rectcrop at .5, a few pixels along the rectangle's edge (0.01%). One
    /// column of a 160x90 frame is 0.63% of its channels (one row of 91x161, 0.62%), so an edge
    /// a pixel or more out of place fails this wherever the two pictures differ clearly.
    static let farShareLimit = 0.0025

    /// Renders `name` at the compared progress values and checks it against the reference at
    /// each, and prints the figures:
    /// - mean absolute RGB difference ≤ 2 (of 255): what remains is ffmpeg truncating its float
    ///   results to integers (about 0.5 on average) and GPU texture filtering's fixed-point weights;
    /// - at most `farShareLimit` of the channels more than `farLevels` off, which the mean alone
    ///   cannot see (one wrong column on 160x90 adds only about 0.6 to it);
    /// - where given, no channel more than `maxDifference` off.
    static func compare(
        _ name: String, from: RGBAImage, to: RGBAImage, against source: String, maxDifference: Int? = nil,
        reference: ((frame: Int, progress: Float)) throws -> RGBAImage
    ) throws {
        let rendered = try render(name, from: from, to: to, at: compared.map(\.progress))
        var figures: [String] = []
        for (point, image) in zip(compared, rendered) {
            let expected = try reference(point)
            let mean = FFmpegXfade.meanRGBDifference(image, expected)
            let far = FFmpegXfade.farRGBDifferences(image, expected, beyond: farLevels)
            figures.append(String(format: "%.2f (%.2f%% far, max %d)", mean, far.share * 100, far.max))
            let at = "\(name) \(from.width)x\(from.height) at progress \(point.progress)"
            #expect(mean <= 2, "\(at): mean difference \(mean) from \(source)")
            #expect(far.share <= farShareLimit, "\(at): \(far.share * 100)% of the channels more than \(farLevels) off \(source)")
            if let maxDifference { #expect(far.max <= maxDifference, "\(at): a channel \(far.max) off \(source)") }
        }
        print("xfade parity \(name) \(from.width)x\(from.height) against \(source): mean difference at .25/.5/.75 = \(figures.joined(separator: " / "))")
    }

    /// dissolve switches pixels at random moments; the noise may differ, the pace must not: the
    /// fraction of pixels already showing the second picture matches ffmpeg's within 2 points,
    /// and every pixel is one of the two pictures (here the noise itself agrees too, as far as the GPU's sin does).
    @Test(.enabled(if: ffmpegAvailable))
    func dissolveSwitchesAsManyPixelsAsFFmpeg() throws {
        let (from, to) = try Self.pictures()[0]
        let reference = try FFmpegXfade.frames(transition: "dissolve", from: from, to: to)
        let rendered = try Self.render("dissolve", from: from, to: to, at: Self.compared.map(\.progress))
        var figures: [String] = []
        for ((frame, progress), image) in zip(Self.compared, rendered) {
            let ours = try Self.switchedFraction(image, from: from, to: to)
            let theirs = try Self.switchedFraction(reference[frame], from: from, to: to)
            figures.append(String(format: "%.3f vs %.3f (mean difference %.1f)", ours, theirs, FFmpegXfade.meanRGBDifference(image, reference[frame])))
            #expect(abs(ours - theirs) <= 0.02, "dissolve at \(progress): \(ours) switched, ffmpeg \(theirs)")
        }
        print("xfade parity dissolve: switched fraction (Segue vs ffmpeg) at .25/.5/.75 = \(figures.joined(separator: " / "))")
    }

    /// Renders the built-in `name` with its preset parameters at each progress.
    static func render(_ name: String, from: RGBAImage, to: RGBAImage, at progresses: [Float]) throws -> [RGBAImage] {
        try render([name], from: from, to: to, at: progresses)[0]
    }

    /// Renders each of `names` at each progress on one context of the given API.
    static func render(
        _ names: [String], from: RGBAImage, to: RGBAImage, at progresses: [Float], api: HeadlessEGLContext.API = .automatic
    ) throws -> [[RGBAImage]] {
        let context = try HeadlessEGLContext(api: api)
        defer { context.release() }
        let device = try GLDevice(context: context)
        defer { device.release() }
        let fromTexture = try device.makeTexture(image: from, filter: .linear)
        let toTexture = try device.makeTexture(image: to, filter: .linear)
        let target = try device.makeOffscreenTarget(width: from.width, height: from.height)
        defer { target.release(); fromTexture.release(); toTexture.release() }
        return try names.map { name in
            let entry = try #require(GLTransitionLibrary.entry(named: name))
            let source = try GLTransitionSource.parse(entry.source, name: name)
            let effect = try GLTransitionEffect(device: device, source: source, from: fromTexture, to: toTexture)
            for parameter in entry.parameters {
                try effect.setParameter(parameter.name, parameter.value)
            }
            return try progresses.map { progress in
                effect.progress = progress
                try effect.render(into: target)
                return try target.readImage()
            }
        }
    }

    /// The share of pixels (among those where the pictures differ clearly) that show `to`;
    /// a pixel that is neither picture is an error.
    static func switchedFraction(_ image: RGBAImage, from: RGBAImage, to: RGBAImage) throws -> Double {
        var switched = 0, counted = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            func distance(_ other: RGBAImage) -> Int { (0..<3).map { abs(Int(image.pixels[i + $0]) - Int(other.pixels[i + $0])) }.max()! }
            let (dFrom, dTo) = (distance(from), distance(to))
            let separation = (0..<3).map { abs(Int(from.pixels[i + $0]) - Int(to.pixels[i + $0])) }.max()!
            guard separation > 16 else { continue }
            counted += 1
            if dTo <= 2 { switched += 1 } else if dFrom > 2 {
                throw FFmpegXfade.Failure(description: "pixel \(i / 4) is neither picture")
            }
        }
        return Double(switched) / Double(max(counted, 1))
    }
}
