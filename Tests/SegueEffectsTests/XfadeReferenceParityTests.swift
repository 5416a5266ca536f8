import Foundation
import SegueEffects
import SegueImage
import SegueTesting
import Testing

/// The ffmpeg every one of xfade's 58 names is compared with: the static ffmpeg 9 of PyPI's
/// imageio-ffmpeg wheel (pinned), which scripts/xfade/install-reference-ffmpeg.sh puts in a venv of
/// its own, `.build/reference-ffmpeg-venv` (`SEGUE_REFERENCE_FFMPEG_VENV` elsewhere), as its
/// bin/ffmpeg; `SEGUE_REFERENCE_FFMPEG` names an ffmpeg directly. Debian's ffmpeg 5.1 has 46 of the
/// names, one of them (fadegrays) wrong in RGB. Same rule as `FFmpegRequirement`: without it the
/// comparisons are skipped on a developer's machine, and fail on CI (`CI` set) and under `make test`,
/// which installs it and sets SEGUE_REQUIRE_REFERENCE_FFMPEG.
enum ReferenceFFmpeg {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let executable: URL? = {
        let environment = ProcessInfo.processInfo.environment
        let candidate = environment["SEGUE_REFERENCE_FFMPEG"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["SEGUE_REFERENCE_FFMPEG_VENV"] ?? root.appendingPathComponent(".build/reference-ffmpeg-venv").path)
                .appendingPathComponent("bin/ffmpeg")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["CI"] != nil || environment["SEGUE_REQUIRE_REFERENCE_FFMPEG"] != nil
    }

    static var runs: Bool { executable != nil || isRequired }

    /// The reference's path, or a failure that says how to get it.
    static func path() throws -> String {
        guard let executable else {
            throw FFmpegXfade.Failure(description: "the reference ffmpeg is missing: `bash scripts/xfade/install-reference-ffmpeg.sh` installs it (make test does)")
        }
        return executable.path
    }

    /// What its xfade lists.
    static let listedTransitions: Set<String> = executable.map { FFmpegXfade.listedTransitions(ffmpeg: $0.path) } ?? []
}

extension Trait where Self == ConditionTrait {
    static var requiresReferenceFFmpeg: Self {
        .enabled(if: ReferenceFFmpeg.runs,
                 "no reference ffmpeg (scripts/xfade/install-reference-ffmpeg.sh installs it; CI and SEGUE_REQUIRE_REFERENCE_FFMPEG=1 fail instead of skipping)")
    }
}

/// Every xfade name against the reference ffmpeg's xfade, on the pictures, progress points and
/// within the bounds `XfadeParityTests` holds the names of Debian's ffmpeg to (`XfadeParityTests.compare`).
@Suite("ffmpeg 9 xfade parity, all 58 names (headless GL + reference ffmpeg)", .tags(.gl, .ffmpeg), .requiresReferenceFFmpeg)
struct XfadeReferenceParityTests {
    /// Debian's 46 and the 12 it lacks (fadegrays is in both lists).
    static let names = XfadeParityTests.ffmpegNames + XfadeCPUReference.names.filter { !XfadeParityTests.ffmpegNames.contains($0) }

    @Test("the reference ffmpeg is there where required, and its xfade has all 58 names")
    func theReferenceListsEveryName() throws {
        #expect(Self.names.count == 58 && Set(Self.names) == Set(GLTransitionLibrary.xfadeNames))
        _ = try ReferenceFFmpeg.path()
        let missing = Set(Self.names).subtracting(ReferenceFFmpeg.listedTransitions)
        #expect(missing.isEmpty, "the reference ffmpeg's xfade lacks \(missing.sorted())")
    }

    /// Within `compare`'s bounds at progress .25, .5 and .75; dissolve's noise too, which the
    /// shader computes as ffmpeg does.
    @Test(arguments: names)
    func matchesTheReferenceFFmpeg(name: String) throws {
        let ffmpeg = try ReferenceFFmpeg.path()
        for (from, to) in try XfadeParityTests.pictures() {
            let reference = try FFmpegXfade.frames(transition: name, from: from, to: to, ffmpeg: ffmpeg)
            try XfadeParityTests.compare(name, from: from, to: to, against: "ffmpeg 9's xfade") { reference[$0.frame] }
        }
    }

    /// The CPU port that stands in for ffmpeg where the reference is missing computes what ffmpeg 9
    /// computes: every channel within a level (ffmpeg's float arithmetic against the port's).
    @Test(arguments: XfadeCPUReference.names)
    func theCPUPortIsTheReferenceFFmpeg(name: String) throws {
        let ffmpeg = try ReferenceFFmpeg.path()
        for (from, to) in try XfadeParityTests.pictures() {
            let reference = try FFmpegXfade.frames(transition: name, from: from, to: to, ffmpeg: ffmpeg)
            for (frame, progress) in XfadeParityTests.compared {
                let port = try XfadeCPUReference.frame(name, from: from, to: to, progress: progress)
                let far = FFmpegXfade.farRGBDifferences(port, reference[frame], beyond: 1)
                #expect(far.share == 0, "\(name) \(from.width)x\(from.height) at \(progress): the CPU port is up to \(far.max) off ffmpeg 9")
            }
        }
    }
}
