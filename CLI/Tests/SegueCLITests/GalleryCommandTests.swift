import Foundation
import SegueImage
import SegueTesting
import Testing

/// `segue gallery` run as a user would; its page loaded in headless Chromium (Debian's package),
/// which must play every clip.
@Suite("segue gallery (runs the built executable and Chromium)", .tags(.gl, .ffmpeg, .browser), .requiresFFmpeg, .requiresChromium)
struct GalleryCommandTests {
    /// A user's gl-transitions file with a float, a vec2 and a sampler2D.
    static let userTransition = """
        // my-iris: an iris through a luma map
        uniform float softness; // = 0.2
        uniform vec2 center; // = vec2(0.5, 0.5)
        uniform sampler2D luma;
        vec4 transition(vec2 uv) {
          float d = distance(uv, center) + texture2D(luma, uv).r * 0.1;
          return mix(getToColor(uv), getFromColor(uv), smoothstep(progress - softness, progress, d * 0.8));
        }
        """

    static func workspace() throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 320, height: 180), to: dir.appendingPathComponent("from.png").path)
        try PNGCodec.write(try SampleImages.to(width: 240, height: 240), to: dir.appendingPathComponent("to.png").path)
        try Data(userTransition.utf8).write(to: dir.appendingPathComponent("my iris.glsl"))
        return dir
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Playback: Decodable {
        let src: String
        let readyState: Int
        let first, second: Double
        let error: Int
        let plays: Bool
    }

    /// What Chromium's `<video>` elements did with the page (scripts/gallery/check_playback.py,
    /// over the DevTools pipe, in real time): for each clip, whether it plays (has data to show,
    /// no error, its time moved between two looks 0.7 s apart), with what was seen.
    static func playback(ofPageIn folder: URL) throws -> [String: Playback] {
        guard let chromium = ChromiumRequirement.executable else { throw SetupFailure("chromium is not on PATH") }
        let result = try ExternalProgram.run(URL(fileURLWithPath: "/usr/bin/env"), [
            "python3", repository.appendingPathComponent("scripts/gallery/check_playback.py").path,
            folder.appendingPathComponent("index.html").path, "--chromium", chromium.path,
        ])
        guard result.status == 0 || result.status == 1 else {
            throw SetupFailure("check_playback.py could not check the page (status \(result.status)): \(result.stderr)")
        }
        var report: [String: Playback] = [:]
        for line in result.stdout.split(separator: "\n") {
            let clip = try JSONDecoder().decode(Playback.self, from: Data(line.utf8))
            report[clip.src] = clip
        }
        #expect((result.status == 0) == report.values.allSatisfy(\.plays), "exit status \(result.status) for \(report)")
        return report
    }

    @Test func theGalleryPlaysInChromiumAndABrokenClipIsCaught() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CommandRunner.run("segue", [
            "gallery", "--from", "from.png", "--to", "to.png", "--out", "gallery", "--only", "fade,wipeleft,pixel-dissolve",
            "--glsl", "my iris.glsl", "--size", "160x90", "--duration", "0.5", "--hold", "0.3",
        ], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("gallery: [4/4] my iris.glsl"), "\(result.stderr)")
        let gallery = dir.appendingPathComponent("gallery")
        let clips = ["fade.webm", "wipeleft.webm", "pixel-dissolve.webm", "glsl-my_iris.webm"]
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: gallery.path)) == Set(clips + ["index.html", ".segue-output"]))
        for clip in clips {
            // from 0.3 s, 0.5 s there, to 0.3 s, 0.5 s back: 1.6 s at 30 fps.
            let info = try VideoReader.info(gallery.appendingPathComponent(clip).path)
            #expect(info.codec == "vp9" && info.frames == 48 && info.width == 160 && info.height == 90, "\(clip): \(info)")
        }
        // The clip loops: its last frame is on the way back to its first.
        let frames = try VideoReader.frames(gallery.appendingPathComponent("fade.webm").path, width: 160, height: 90)
        #expect(VideoReader.psnr(frames[0], frames[47]) > VideoReader.psnr(frames[0], frames[24]) + 10)

        let page = try String(contentsOf: gallery.appendingPathComponent("index.html"), encoding: .utf8)
        for needle in ["<h3>fade</h3>", "<h3>wipeleft</h3>", "<h3>pixel-dissolve</h3>", "<h3>my iris.glsl</h3>",
                       "direction: vec2 = vec2(-1.0, 0.0) (set by wipeleft)", "softness: float = 0.2", "center: vec2 = vec2(0.5, 0.5)",
                       "luma: sampler2D = bilinear-lateral", "src=\"glsl-my_iris.webm\"", "autoplay muted loop playsinline"] {
            #expect(page.contains(needle), "index.html lacks \(needle)")
        }

        let report = try Self.playback(ofPageIn: gallery)
        #expect(Set(report.keys) == Set(clips), "\(report)")
        for clip in clips { #expect(report[clip]?.plays == true, "\(clip): \(String(describing: report[clip]))") }
        try Self.checkSearchSnippetsAndLargerClips(in: gallery, workspace: dir)

        // A clip whose header is damaged, and one that is not a video: the check names both.
        var fade = try Data(contentsOf: gallery.appendingPathComponent("fade.webm"))
        fade.replaceSubrange(0..<64, with: Data(repeating: 0, count: 64))
        try fade.write(to: gallery.appendingPathComponent("fade.webm"))
        try Data("not a video".utf8).write(to: gallery.appendingPathComponent("wipeleft.webm"))
        let broken = try Self.playback(ofPageIn: gallery)
        #expect(broken["fade.webm"]?.plays == false && broken["wipeleft.webm"]?.plays == false, "\(broken)")
        #expect(broken["pixel-dissolve.webm"]?.plays == true, "\(broken)")
    }

    struct PageReport: Decodable {
        struct Card: Decodable { let clip, family, snippet: String; let copy, shown: Bool }
        let cards: [Card]
        let shownAfterSearch: [String]
        let largerWidth, normalWidth: Double
        let allShownAgain: Bool
    }

    /// The page as a video maker uses it (scripts/gallery/check_page.py): "left" typed into the
    /// search box leaves only wipeleft; each card's spec entry is JSON naming its transition, and
    /// pasted into a spec of the user's pictures it plans; a click shows a clip larger.
    static func checkSearchSnippetsAndLargerClips(in gallery: URL, workspace: URL) throws {
        guard let chromium = ChromiumRequirement.executable else { throw SetupFailure("chromium is not on PATH") }
        let result = try ExternalProgram.run(URL(fileURLWithPath: "/usr/bin/env"), [
            "python3", repository.appendingPathComponent("scripts/gallery/check_page.py").path,
            gallery.appendingPathComponent("index.html").path, "--search", "left", "--chromium", chromium.path,
        ])
        guard result.status == 0 else { throw SetupFailure("check_page.py failed (status \(result.status)): \(result.stderr)") }
        let page = try JSONDecoder().decode(PageReport.self, from: Data(result.stdout.utf8))
        #expect(page.shownAfterSearch == ["wipeleft.webm"] && page.allShownAgain, "\(page)")
        #expect(page.largerWidth > page.normalWidth * 1.5, "\(page.largerWidth) against \(page.normalWidth)")
        let families = Dictionary(uniqueKeysWithValues: page.cards.map { ($0.clip, $0.family) })
        #expect(families["wipeleft.webm"] == "Wipes and reveals" && families["glsl-my_iris.webm"] == "Your own", "\(families)")
        var names: [String] = []
        for card in page.cards {
            #expect(card.copy, "\(card.clip) has no copy button")
            let entry = try #require(try JSONSerialization.jsonObject(with: Data(card.snippet.utf8)) as? [String: Any], "\(card.snippet)")
            names.append(try #require(entry["effect"] as? String))
            let spec = """
                {"size": "64x36", "fps": 10, "items": [{"picture": "from.png", "duration": 2}, {"picture": "to.png", "duration": 2}],
                 "transitions": [\(card.snippet)]}
                """
            try Data(spec.utf8).write(to: workspace.appendingPathComponent("pasted.json"))
            let planned = try CommandRunner.run("segue", ["edit", "pasted.json", "--plan", "json"], in: workspace)
            #expect(planned.status == 0, "\(card.snippet): \(planned.stderr)")
        }
        #expect(Set(names) == ["fade", "wipeleft", "pixel-dissolve", "my iris.glsl"], "\(names)")
    }

    @Test func badInputIsNamedAndLeavesNoGallery() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not a picture".utf8).write(to: dir.appendingPathComponent("broken.png"))
        try Data("vec4 transition(vec2 uv) { return no_such_thing; }".utf8).write(to: dir.appendingPathComponent("bad.glsl"))
        let base = ["gallery", "--out", "gallery", "--size", "64x36", "--duration", "0.2", "--hold", "0"]
        for (arguments, message) in [
            (["--from", "missing.png", "--to", "to.png", "--only", "fade"], "--from missing.png:"),
            (["--from", "from.png", "--to", "broken.png", "--only", "fade"], "--to broken.png:"),
            (["--from", "from.png", "--to", "to.png", "--only", "fade,no-such-effect"], "unknown transition 'no-such-effect'"),
            // An empty name in the list is refused with the others, as --sizes' and --sections' are.
            (["--from", "from.png", "--to", "to.png", "--only", "fade,,wipeleft"], "--only: '' is not a transition's name"),
            // Within the compile budget, but not GLSL: fails at its clip, after fade's was made.
            (["--from", "from.png", "--to", "to.png", "--only", "fade", "--glsl", "bad.glsl"],
             "the clip of bad.glsl failed: The fragment shader did not compile"),
        ] {
            let result = try CommandRunner.run("segue", base + arguments, in: dir)
            #expect(result.status != 0 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            #expect(!left.contains("gallery") && !left.contains { $0.hasPrefix(".gallery") }, "\(arguments): \(left)")
        }
    }

    /// An encoder that fails at the second clip, after the first was made: the run fails naming
    /// the clip, and leaves no gallery and no staging folder.
    @Test func aFailureMidwayLeavesNoGallery() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tools = dir.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        guard let ffmpeg = FFmpegRequirement.executable else { throw SetupFailure("ffmpeg is not on PATH") }
        let calls = dir.appendingPathComponent("calls")
        let wrapper = """
            #!/bin/sh
            echo call >> '\(calls.path)'
            [ "$(wc -l < '\(calls.path)')" -ge 2 ] && { echo 'encoder gave up' >&2; exit 1; }
            exec '\(ffmpeg.path)' "$@"

            """
        try ExecutableScript.write(wrapper, to: tools.appendingPathComponent("ffmpeg"))
        // ffprobe beside it, as Debian's package has them: each finished clip is read back with it.
        try FileManager.default.createSymbolicLink(
            at: tools.appendingPathComponent("ffprobe"), withDestinationURL: ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe"))
        let path = tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try CommandRunner.run("segue", [
            "gallery", "--from", "from.png", "--to", "to.png", "--out", "gallery", "--only", "fade,wipeleft,slideup",
            "--size", "64x36", "--duration", "0.2", "--hold", "0",
        ], in: dir, environment: ["PATH": path])
        #expect(result.status != 0, "\(result.stderr)")
        #expect(result.stderr.contains("gallery: [1/3] fade") && result.stderr.contains("the clip of wipeleft failed"), "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(!left.contains("gallery") && !left.contains { $0.hasPrefix(".gallery") }, "\(left)")
    }

    /// An existing gallery is kept unless --force; with it, replaced whole (a shorter gallery
    /// leaves no clip of the longer one behind).
    @Test func anExistingGalleryIsReplacedOnlyWithForce() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = ["gallery", "--from", "from.png", "--to", "to.png", "--out", "gallery", "--size", "64x36", "--duration", "0.2",
                    "--hold", "0", "--quiet"]
        #expect(try CommandRunner.run("segue", base + ["--only", "fade,wipeleft"], in: dir).status == 0)
        let refused = try CommandRunner.run("segue", base + ["--only", "fade"], in: dir)
        #expect(refused.status != 0 && refused.stderr.contains("--force"), "\(refused.stderr)")
        let gallery = dir.appendingPathComponent("gallery").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: gallery).contains("wipeleft.webm"))
        let forced = try CommandRunner.run("segue", base + ["--only", "fade", "--force"], in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: gallery)) == ["fade.webm", "index.html", ".segue-output"])
    }
}
