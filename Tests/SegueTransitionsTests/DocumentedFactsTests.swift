import Foundation
import SegueEffects
import SegueTesting
import SegueTransitions
import Testing

/// What the documentation says of the built-ins and of `import Segue`, against the code: every
/// count of the built-in transitions stated in README.md, python/README.md, docs/, segue.h and the
/// DocC catalogs is the catalog's (`TransitionCatalog.builtIn`, `GLTransitionLibrary`), and the
/// module lists of `import Segue` are `Sources/Segue/Segue.swift`'s `@_exported import`s.
@Suite("Documented counts and module lists", .tags(.pure))
struct DocumentedFactsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The counts a text may state, each after its number in these words (longest first where one
    /// begins another), from the catalog.
    static var facts: [(words: String, count: Int)] {
        let entries = TransitionCatalog.builtIn.entries, library = GLTransitionLibrary.entries
        return [
            ("built-in transitions", entries.count),
            ("built-ins", entries.count),
            ("transitions between two pictures", entries.filter { $0.kind != .scenario }.count),
            ("files in the gl-transitions format", library.filter { !$0.isPreset }.count),
            ("gl-transitions", entries.filter { $0.kind == .glTransition }.count),
            ("presets", library.filter(\.isPreset).count),
            ("xfade names", GLTransitionLibrary.xfadeNames.count),
            ("view-controller scenarios", entries.filter { $0.kind == .scenario }.count),
        ]
    }

    /// Numbers beside those words that count something else.
    static let notCounts = [
        "19 transitions of 2 s",      // a slideshow's (docs/Benchmarks.md)
        "19 transitions (`fade`",     // the benchmark's slideshow (docs/Benchmarks.md)
        "19 transitions of 1 s",      // the 1080p slideshow benchmark's (docs/Benchmarks.md)
        "10,000 mixed transitions",   // the soak's run (SegueUIKit's Porting UIKit code)
        "10,000 transitions",
        "35,651,584 in all",          // a video's pixels (docs/Export.md)
    ]

    /// A number (not part of a decimal or a name), up to three words, then a word of counting
    /// transitions; or "N in all".
    static let net = try! NSRegularExpression(pattern:
        #"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?![\w.,]\d)(?:(?:\s+[A-Za-z'’-]+){0,3}?\s+(?:transitions|gl-transitions|built-ins?|scenarios|xfade|presets)\b|\s+in\s+all\b)"#)

    static var documents: [URL] {
        let manager = FileManager.default
        var files = ["README.md", "python/README.md", "CLI/Sources/CSegue/include/segue.h"].map { root.appendingPathComponent($0) }
        let docs = root.appendingPathComponent("docs")
        files += ((try? manager.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
            .map { docs.appendingPathComponent($0) }
        let sources = root.appendingPathComponent("Sources")
        for module in ((try? manager.contentsOfDirectory(atPath: sources.path)) ?? []).sorted() {
            let catalog = sources.appendingPathComponent(module).appendingPathComponent(module + ".docc")
            guard let walker = manager.enumerator(atPath: catalog.path) else { continue }
            files += walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted().map { catalog.appendingPathComponent($0) }
        }
        return files
    }

    @Test func theCountsAreConsistentInTheCode() {
        let pictures = Self.facts.first { $0.words == "transitions between two pictures" }?.count
        #expect(pictures == NamedTransition.builtInNames.count, "the C API, frei0r and Python offer NamedTransition.builtInNames")
        #expect(Set(GLTransitionLibrary.xfadeNames).count == GLTransitionLibrary.xfadeNames.count)
        for name in GLTransitionLibrary.xfadeNames {
            #expect(GLTransitionLibrary.entry(named: name) != nil, "xfade's \(name) is not a built-in")
        }
        #expect(Self.documents.count > 20, "the documents were not found under \(Self.root.path)")
    }

    @Test func everyStatedCountOfTheBuiltInsIsTheCatalogs() throws {
        let facts = Self.facts.sorted { $0.words.count > $1.words.count }
        var checked = 0
        for file in Self.documents {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = String(file.path.dropFirst(Self.root.path.count + 1))
            for match in Self.net.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let start = Range(match.range, in: text)!.lowerBound
                let said = text[start...].prefix(80).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if Self.notCounts.contains(where: { said.hasPrefix($0) }) { continue }
                let number = Int(text[Range(match.range(at: 1), in: text)!].replacingOccurrences(of: ",", with: ""))!
                let words = said.drop { !$0.isWhitespace }.dropFirst().lowercased()
                guard let fact = facts.first(where: { words.hasPrefix($0.words) }) else {
                    let known = facts.map { "N \($0.words)" }.joined(separator: ", ")
                    let message = "\(name): '\(said.prefix(60))…' states a count in words the test does not know; say it as "
                        + known + ", or add it to notCounts if it counts something else"
                    Issue.record(Comment(rawValue: message))
                    continue
                }
                #expect(number == fact.count, "\(name): '\(said.prefix(60))…' says \(number), the catalog has \(fact.count) \(fact.words)")
                checked += 1
            }
        }
        #expect(checked >= 10, "only \(checked) counts were found: has the wording changed?")
    }

    /// `Sources/Segue/Segue.swift`'s `@_exported import`s.
    static func exportedModules() throws -> Set<String> {
        let source = try String(contentsOf: root.appendingPathComponent("Sources/Segue/Segue.swift"), encoding: .utf8)
        return Set(source.split(separator: "\n").compactMap { line in
            line.hasPrefix("@_exported import ") ? String(line.dropFirst("@_exported import ".count)).trimmingCharacters(in: .whitespaces) : nil
        })
    }

    /// The modules named in backticks from `start` to the end of its sentence (or of its line: a table's row).
    static func modules(in text: String, after start: String, lineOnly: Bool = false) throws -> Set<String> {
        let from = try #require(text.range(of: start), "no '\(start)'")
        let rest = text[from.upperBound...]
        let end = lineOnly ? #"\n"# : #"\.(\s|$)"#
        let sentence = rest[..<(rest.range(of: end, options: .regularExpression)?.lowerBound ?? rest.endIndex)]
        let names = try NSRegularExpression(pattern: "`(Segue[A-Za-z]*)`")
        let found = String(sentence)
        return Set(names.matches(in: found, range: NSRange(found.startIndex..., in: found)).map {
            String(found[Range($0.range(at: 1), in: found)!])
        })
    }

    @Test func theLandingPageListsEveryModuleThatImportSegueBringsIn() throws {
        let exported = try Self.exportedModules()
        #expect(exported.count >= 17)
        let page = try String(contentsOf: Self.root.appendingPathComponent("Sources/Segue/Segue.docc/Segue.md"), encoding: .utf8)
        let listed = try Self.modules(in: page, after: "`import Segue` brings in")
        #expect(listed == exported, "Segue.md misses \(exported.subtracting(listed).sorted()), names \(listed.subtracting(exported).sorted()) too many")
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let row = try Self.modules(in: readme, after: "| `Segue` | one import for everything below but windows:", lineOnly: true)
        #expect(row == exported, "README.md's `Segue` row misses \(exported.subtracting(row).sorted()), names \(row.subtracting(exported).sorted()) too many")
    }
}
