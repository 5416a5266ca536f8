import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// `VideoJoiner` against a whole render of the same edit (issue 32): the joined sound lines up
/// with the whole render's to the sample at every junction, and chunks that are not the edit's
/// frames once each, in order, of one spec and settings, are refused with the chunk named.
@Suite("Join: sound in sync, chunks checked", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct JoinChunkTests {
    /// A 3 s edit (90 frames at 30 fps) of one picture over music: a rising chirp switched on a
    /// quarter second after each second, so every junction is followed by a beep's onset and a
    /// signal whose cross-correlation has one peak.
    static func edit() throws -> (dir: URL, plan: EditPlan) {
        let dir = try temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("p.png").path)
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi",
            "-i", "aevalsrc=exprs=0.5*sin(2*PI*(300+500*mod(t\\,1))*t)*gte(mod(t\\,1)\\,0.25):s=48000:d=3:c=stereo",
            "-c:a", "pcm_s16le", dir.appendingPathComponent("beeps.wav").path,
        ])
        let spec = #"{"size": "64x36", "fps": 30, "items": [{"picture": "p.png", "duration": 3}], "audio": {"music": "beeps.wav"}}"#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        return (dir, try EditPlan.load(specAt: dir.appendingPathComponent("edit.json").path, tools: try FFmpegTools.locate()))
    }

    /// Renders `plan`'s frames in `range` (all when nil) to `name` in `dir`.
    static func render(_ plan: EditPlan, _ range: Range<Int>?, _ name: String, in dir: URL, crf: Int? = nil) throws -> String {
        let path = dir.appendingPathComponent(name).path
        _ = try withDevice { device in try TimelineExporter(device: device, plan: plan, format: .mp4, crf: crf).export(to: path, frames: range) }
        return path
    }

    /// The lag (in samples, within ±`reach`) at which `other` best matches `reference` over `window`.
    static func lag(_ reference: [Float], _ other: [Float], window: Range<Int>, reach: Int) -> Int {
        var best = (lag: 0, score: -Double.infinity)
        for lag in -reach...reach {
            var score = 0.0
            for index in window where other.indices.contains(index + lag) { score += Double(reference[index]) * Double(other[index + lag]) }
            if score > best.score { best = (lag, score) }
        }
        return best.lag
    }

    /// The first sample from `start` louder than `level`.
    static func onset(_ samples: [Float], from start: Int, level: Float = 0.25) -> Int? {
        samples[start...].firstIndex { abs($0) > level }
    }

    @Test func joinedSoundIsTheWholeRendersToTheSample() throws {
        let (dir, plan) = try Self.edit()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Self.render(plan, nil, "whole.mp4", in: dir)
        let chunks = try [0..<30, 30..<60, 60..<90].enumerated().map { try Self.render(plan, $1, "c\($0).mp4", in: dir) }
        let joined = dir.appendingPathComponent("joined.mp4").path
        try VideoJoiner.join(chunks, to: joined)
        let (reference, sound) = (try TimelineMedia.samples(whole), try TimelineMedia.samples(joined))
        // As long as the whole render's (both end padded alike by one AAC encoder), not a codec
        // frame longer per junction.
        #expect(abs(sound.count - reference.count) < 64, "joined \(sound.count) samples, whole \(reference.count)")
        for second in 1...2 {
            let junction = second * 48_000
            let found = Self.lag(reference, sound, window: junction + 13_000..<junction + 17_800, reach: 1_200)
            #expect(abs(found) <= 1, "after junction \(second): joined sound lags by \(found) samples")
            let (expected, heard) = (Self.onset(reference, from: junction + 9_600), Self.onset(sound, from: junction + 9_600))
            #expect(expected != nil && heard != nil && abs((heard ?? 0) - (expected ?? 0)) <= 1,
                    "beep after junction \(second): whole at \(expected ?? -1), joined at \(heard ?? -1)")
        }
    }
}

/// Chunks a join must refuse, each named (issue 32 defect 9): before, all of these were joined.
@Suite("Join: chunks of one edit only", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct JoinChunkIdentityTests {
    @Test func missingRepeatedForeignAndRenamedChunksAreRefusedByName() throws {
        let (dir, plan) = try JoinChunkTests.edit()
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = try [0..<30, 30..<60, 60..<90].enumerated().map { try JoinChunkTests.render(plan, $1, "c\($0).mp4", in: dir) }
        let otherSpec = #"{"size": "64x36", "fps": 30, "items": [{"picture": "p.png", "duration": 3}], "audio": {"music": "beeps.wav", "volume": 0.5}}"#
        try Data(otherSpec.utf8).write(to: dir.appendingPathComponent("other.json"))
        let other = try EditPlan.load(specAt: dir.appendingPathComponent("other.json").path, tools: try FFmpegTools.locate())
        let foreign = try JoinChunkTests.render(other, 30..<60, "foreign.mp4", in: dir)
        let otherCRF = try JoinChunkTests.render(plan, 30..<60, "crf.mp4", in: dir, crf: 30)
        // A WebM chunk of the same edit renamed .mp4, and an MP4 that no Segue render made.
        let webm = dir.appendingPathComponent("c1.webm").path
        _ = try withDevice { device in try TimelineExporter(device: device, plan: plan, format: .webm).export(to: webm, frames: 30..<60) }
        let renamed = dir.appendingPathComponent("renamed.mp4").path
        try FileManager.default.moveItem(atPath: webm, toPath: renamed)
        let plain = dir.appendingPathComponent("plain.mp4").path
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=64x36:r=30:d=1",
                                           "-f", "lavfi", "-i", "sine=d=1", "-shortest", plain])
        let cases: [(chunks: [String], error: ExportError)] = [
            ([c[0], c[2]], .joinChunksMissing(frames: 30..<60, after: c[0])),
            ([c[1], c[2]], .joinChunksMissing(frames: 0..<30, after: nil)),
            ([c[0], c[1]], .joinChunksMissing(frames: 60..<90, after: c[1])),
            ([c[0], c[0], c[1], c[2]], .joinChunkOutOfOrder(chunk: c[0], frames: 0..<30, expected: 30)),
            ([c[0], c[2], c[1]], .joinChunksMissing(frames: 30..<60, after: c[0])),
        ]
        for (chunks, error) in cases {
            #expect(throws: error) { try VideoJoiner.join(chunks, to: dir.appendingPathComponent("out.mp4").path) }
        }
        let foreignCases: [(chunk: String, says: String)] = [
            (foreign, "rendered from another spec"), (otherCRF, "encoded as mp4-crf30-standard, the first as mp4-crfdefault-standard"),
            (renamed, "encoded as webm"), (plain, "no Segue chunk tag"),
        ]
        for (chunk, says) in foreignCases {
            let error = #expect(throws: ExportError.self) { try VideoJoiner.join([c[0], chunk, c[2]], to: dir.appendingPathComponent("out.mp4").path) }
            let named: String? = if case let .joinChunkForeign(named, _) = error { named } else { nil }
            #expect(named == chunk && (error?.description.contains(says) ?? false), "\(String(describing: error))")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.mp4").path))
        // The chunks in order still join, into a video that is itself the whole edit.
        try VideoJoiner.join(c, to: dir.appendingPathComponent("out.mp4").path)
        #expect(try VideoReader.info(dir.appendingPathComponent("out.mp4").path).frames == 90)
    }
}
