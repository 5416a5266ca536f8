import CardTransitions
import Foundation
import Segue
import SeguePlayer
import SegueTesting
import Testing

/// A user's transitions registered the way the built-ins are (issue 26): the package's
/// gesture-driven corner reveal and a `.glsl` file of its own, found in the player's list, the
/// gallery and the gesture soak, which all take the user's catalog.
@Suite("A user's transitions in the catalog")
@MainActor
struct CatalogRegistrationTests {
    /// A gl-transitions file of the user's: a left-to-right wipe with a softness parameter.
    static func glslFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("card-wipe-\(getpid()).glsl").path
        let source = """
            // Author: the card package
            uniform float softness; // = 0.1
            vec4 transition(vec2 uv) {
              return mix(getFromColor(uv), getToColor(uv), smoothstep(uv.x - softness, uv.x, progress * (1.0 + softness)));
            }
            """
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func catalog() throws -> (TransitionCatalog, glsl: String) {
        var catalog = TransitionCatalog.builtIn
        try catalog.register(.scenario(.cornerReveal))
        let glsl = try glslFile()
        try catalog.register(glslFile: glsl)
        return (catalog, glsl)
    }

    @Test func registeredOnceLikeABuiltIn() throws {
        let (catalog, glsl) = try Self.catalog()
        defer { try? FileManager.default.removeItem(atPath: glsl) }
        let reveal = try #require(catalog.entry(named: "corner-reveal"))
        #expect(reveal.kind == .scenario && reveal.isInteractive)
        let wipe = try #require(catalog.entry(named: URL(fileURLWithPath: glsl).deletingPathExtension().lastPathComponent))
        #expect(wipe.kind == .glTransition && wipe.parameters.map(\.name) == ["softness"])
        #expect(catalog.listing.contains("corner-reveal  the card grows"))
        // A name means one transition.
        var again = catalog
        #expect(throws: TransitionCatalogError.duplicateName("corner-reveal")) { try again.register(.scenario(.cornerReveal)) }
        // The built-ins' catalog is untouched.
        #expect(TransitionCatalog.builtIn.entry(named: "corner-reveal") == nil)
    }

    @Test func appearsInThePlayersList() throws {
        let (catalog, glsl) = try Self.catalog()
        defer { try? FileManager.default.removeItem(atPath: glsl) }
        let picture = try RGBAImage(width: 4, height: 4, fill: SIMD4(0, 0, 0, 255))
        let configuration = PlayerWindow.Configuration(
            catalog: catalog, start: "corner-reveal", from: picture, to: picture, labels: ("a", "b"), resize: .cover,
            size: (64, 48))
        #expect(configuration.names.contains("corner-reveal"))
        #expect(configuration.names[configuration.startIndex] == "corner-reveal")
        #expect(configuration.catalog.entry(named: "corner-reveal")?.scenario?.gesture != nil)
        // The user's file is an effect the player makes by name; the scenario is not an effect.
        let wipeName = URL(fileURLWithPath: glsl).deletingPathExtension().lastPathComponent
        #expect(try configuration.makeTransition(wipeName, false)?.name == URL(fileURLWithPath: glsl).lastPathComponent)
        #expect(try configuration.makeTransition("corner-reveal", true) == nil)
    }

    @Test func theUsersFileAppearsInTheGallery() throws {
        let (catalog, glsl) = try Self.catalog()
        defer { try? FileManager.default.removeItem(atPath: glsl) }
        let gallery = try TransitionGallery(only: nil, glslFiles: [], catalog: catalog)
        #expect(gallery.cards.contains { $0.title == URL(fileURLWithPath: glsl).lastPathComponent })
        #expect(gallery.cards.count == (try TransitionGallery(only: nil, glslFiles: [])).cards.count + 1)
    }

    @Test func theGestureSoakPressesIt() throws {
        let (catalog, glsl) = try Self.catalog()
        defer { try? FileManager.default.removeItem(atPath: glsl) }
        let example = try #require(GestureStress.Example.all(in: catalog).first { $0.name == "corner-reveal" })
        let report = try HeadlessEGLContext.withDevice { device in
            let stress = try GestureStress(device: device)
            defer { stress.release() }
            return try stress.run(example, sequences: 30, seed: 7)
        }
        #expect(report.example == "corner-reveal")
        #expect(report.isClean, "\(report)")
        #expect((report.outcomes["finished"] ?? 0) > 0 && (report.outcomes["cancelled"] ?? 0) > 0, "\(report.outcomes)")
    }
}
