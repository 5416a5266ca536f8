import Foundation
import SegueEffects
import SegueExport
import SegueImage
@testable import SegueRenderJobs
import SegueTesting
import Testing

/// The gallery's cards, clips' edits and page, without rendering (the CLI's gallery tests render
/// them and play the page in a browser).
@Suite("Transition gallery cards and page", .tags(.pure))
struct TransitionGalleryTests {
    @Test func builtInsComeInTheOrderAskedOnceEach() throws {
        let gallery = try TransitionGallery(only: ["wipeleft", "fade", "wipeleft", "pixel-dissolve"], glslFiles: [])
        #expect(gallery.cards.map(\.effect) == ["wipeleft", "fade", "pixel-dissolve"])
        #expect(gallery.cards.map(\.clip) == ["wipeleft.webm", "fade.webm", "pixel-dissolve.webm"])
        let wipeleft = try #require(gallery.cards.first)
        #expect(wipeleft.parameters.contains { $0.hasSuffix(" (set by wipeleft)") }, "\(wipeleft.parameters)")
        #expect(gallery.cards[2].summary == TransitionListing.pixelDissolveSummary)
        #expect(try TransitionGallery(only: nil, glslFiles: []).cards.count == NamedTransition.builtInNames.count)
    }

    @Test func anUnknownNameIsRefusedWithTheBuiltIns() {
        #expect(throws: GalleryError.unknownTransition("fadee", known: NamedTransition.builtInNames)) {
            try TransitionGallery(only: ["fade", "fadee"], glslFiles: [])
        }
    }

    /// A user's file: a clip name of safe characters, unique; a sampler2D gets a luma map; a
    /// missing or broken file fails before anything renders.
    @Test func usersFilesGetSafeUniqueClipsAndALumaMap() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-gallery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("my iris.glsl").path
        try Data("""
            uniform sampler2D luma;
            vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), step(texture2D(luma, uv).r, progress)); }
            """.utf8).write(to: URL(fileURLWithPath: file))
        let gallery = try TransitionGallery(only: ["fade"], glslFiles: [file, file])
        #expect(gallery.cards.map(\.clip) == ["fade.webm", "glsl-my_iris.webm", "glsl-my_iris-2.webm"])
        let card = gallery.cards[1]
        #expect(card.title == "my iris.glsl" && card.userShader != nil && card.settings["luma"] == .text(LumaMap.allCases[0].rawValue))
        #expect(card.parameters == ["luma: sampler2D = \(LumaMap.allCases[0].rawValue) (a built-in luma map)"])
        // The page names the file, not where it lies on this machine (issue 32 item 12).
        let page = GalleryPage.html(cards: gallery.cards, from: "a.png", to: "b.png", width: 160, height: 90, duration: 1, hold: 0.5)
        #expect(page.contains("my iris.glsl") && !page.contains(folder.path), "\(card.summary)")
        let missing = folder.appendingPathComponent("none.glsl").path
        #expect(throws: GalleryError.unreadableTransitionFile(missing)) { try TransitionGallery(only: [], glslFiles: [missing]) }
    }

    /// A clip is from, the transition, to, the transition back: 2·(hold + duration) seconds.
    @Test func aClipIsAnEditThatLoops() throws {
        let card = try #require(try TransitionGallery(only: ["fade"], glslFiles: []).cards.first)
        let spec = TransitionGallery.spec(for: card, from: "/a.png", to: "/b.png", size: FrameSize(width: 160, height: 90), duration: 1, hold: 0.5)
        #expect(spec.size == "160x90" && spec.transitions?.count == 2 && spec.items.count == 3)
        #expect((spec.transitions ?? []).allSatisfy { $0.effect == "fade" && $0.duration == 1 })
    }

    @Test func thePageEscapesWhatItShows() {
        #expect(GalleryPage.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        let card = TransitionGallery.Card(
            effect: "/x/<b>.glsl", title: "<b>.glsl", clip: "glsl-_b_.webm", summary: "s & t", parameters: [], settings: [:])
        let page = GalleryPage.html(cards: [card], from: "a.png", to: "b.png", width: 160, height: 90, duration: 1.5, hold: 0.5)
        #expect(page.contains("<h3>&lt;b&gt;.glsl</h3>") && page.contains("from &lt;b&gt;.glsl.") && !page.contains("<b>"))
        #expect(page.contains("1 transitions") && page.contains("1.5 s each") && page.contains("no parameters"))
    }

    /// Every built-in card is worded for a video maker: a family, plain words (no GLSL, no uv,
    /// no parameter names in backticks), and a spec entry that is JSON naming it.
    @Test func everyBuiltInCardIsPlainAndCopiesAsJSON() throws {
        let gallery = try TransitionGallery(only: nil, glslFiles: [])
        #expect(Set(GLTransitionLibrary.entries.filter { !$0.isPreset }.map(\.file)).isSubset(of: Set(GalleryWording.files.keys)), "a built-in file without a family")
        for card in gallery.cards {
            let (family, words) = GalleryWording.describe(card)
            #expect(GalleryWording.families.dropLast().contains(family), "\(card.title): \(family)")
            for jargon in ["vec2", "uv", "`", "ffmpeg", "xfade", "uniform"] {
                #expect(!words.contains(jargon), "\(card.title): \(words)")
            }
            let entry = try #require(try JSONSerialization.jsonObject(with: Data(GalleryWording.snippet(card).utf8)) as? [String: Any])
            #expect(entry["effect"] as? String == card.effect && entry["duration"] as? Double == 1, "\(card.title)")
        }
        let wipes = gallery.cards.filter { $0.effect.hasPrefix("wipe") && $0.effect != "wipe" }.map { GalleryWording.describe($0).words }
        #expect(Set(wipes).count == wipes.count && wipes.contains { $0.contains("towards the top left corner") }, "\(wipes)")
    }
}
