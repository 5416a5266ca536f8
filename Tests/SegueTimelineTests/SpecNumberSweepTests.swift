import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// Every number a spec holds, swept with values far outside any range (issue hardening-3): each
/// gives a typed error naming a place, or a valid plan, never a trap. JSON has no NaN or
/// infinity; huge exponents (1e400) and the edges of Int64 stand in for them. The plans run in
/// this process: a trap would end the test run.
@Suite("Edit spec numbers swept with hostile values", .tags(.ffmpeg), .requiresFFmpeg)
struct SpecNumberSweepTests {
    /// Specs that hold every numeric field between them, each valid; the clip, freeze, music and
    /// track are of unknown length (the branches where nothing bounds them but their own check).
    /// Files are probed only by the specs that sweep their numbers, which keeps the sweep short.
    static let specs = [
        ##"""
        {"size": "64x36", "fps": 30,
         "items": [
           {"picture": "p.png", "duration": 1, "zoom": "in", "pan": "left", "zoomAmount": 0.1,
            "text": {"content": "a", "size": 12, "start": 0.1, "end": 0.9, "position": {"x": 0.1, "y": 0.1, "width": 0.5, "height": 0.5}}},
           {"picture": "p.png", "duration": 1},
           {"title": "T", "duration": 1, "size": 10, "position": {"x": 0, "y": 0, "width": 1, "height": 1}},
           {"picture": "p.png", "duration": 1}, {"picture": "p.png", "duration": 1}
         ],
         "transitions": [
           {"effect": "fade", "duration": 0.2},
           {"effect": "ripple", "duration": 0.2, "params": {"amplitude": 50, "speed": 20}},
           {"effect": "pixelize", "duration": 0.2, "params": {"steps": 10, "squaresMin": [10, 10]}},
           {"effect": "wind", "duration": 0.2, "params": {"direction": [1, 0]}}
         ],
         "texts": [{"content": "b", "size": 12, "start": 0, "end": 1, "position": "bottom"}],
         "subtitles": {"file": "s.srt", "size": 10, "position": {"x": 0, "y": 0.5, "width": 1, "height": 0.5}}}
        """##,
        ##"""
        {"size": "64x36",
         "items": [
           {"clip": "u.mkv", "from": 0.1, "to": 0.9, "speed": 1, "volume": 0.5, "fadeIn": 0.1, "fadeOut": 0.1},
           {"clip": "c.mkv", "from": 0, "to": 1},
           {"freeze": "u.mkv", "at": 0.2, "duration": 1}
         ]}
        """##,
        ##"""
        {"size": "64x36", "items": [{"picture": "p.png", "duration": 1}],
         "audio": {"music": "s.mka", "volume": 0.5, "fadeIn": 0.1, "fadeOut": 0.1, "from": 0.1,
                   "tracks": [{"file": "s.mka", "start": 0.5, "volume": 0.5, "from": 0.1, "to": 0.5}],
                   "duck": {"amount": 0.5, "attack": 0.1, "release": 0.1}}}
        """##,
    ]

    /// The JSON path of every number in `value`, as keys and indices from the root.
    static func numberPaths(in value: Any, at path: [Any] = []) -> [[Any]] {
        switch value {
        case let object as [String: Any]: object.keys.sorted().flatMap { numberPaths(in: object[$0]!, at: path + [$0]) }
        case let array as [Any]: array.indices.flatMap { numberPaths(in: array[$0], at: path + [$0]) }
        case is NSNumber, is Double, is Int: [path]   // the base spec holds no boolean
        default: []
        }
    }

    /// `value` with the leaf at `path` replaced by `replacement`.
    static func replacing(_ value: Any, at path: ArraySlice<Any>, with replacement: Any) -> Any {
        guard let key = path.first else { return replacement }
        if var object = value as? [String: Any], let name = key as? String {
            object[name] = replacing(object[name]!, at: path.dropFirst(), with: replacement)
            return object
        }
        var array = value as! [Any]
        let index = key as! Int
        array[index] = replacing(array[index], at: path.dropFirst(), with: replacement)
        return array
    }

    @Test func theSpecsPlanAndHoldEveryKindOfNumber() throws {
        let dir = try HostileSpecTests.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plans = try Self.specs.map { try HostileSpecTests.plan($0, in: dir) }
        #expect(plans[0].items.count == 5 && plans[0].textOverlays.count >= 3 && plans[1].items.count == 3)
        #expect(plans[2].music != nil && plans[2].sound.tracks.count == 1 && plans[2].sound.duck != nil)
        let paths = try Self.specs.flatMap { Self.numberPaths(in: try JSONSerialization.jsonObject(with: Data($0.utf8))) }
        #expect(paths.count >= 50, "\(paths.count) numbers")
    }

    @Test(arguments: ["1e300", "-1e300", "1e19", "-1e19", "1e400", "-1e400", "9223372036854775808", "5e-324"])
    func everyNumberTakesAHostileValueWithoutATrap(hostile: String) throws {
        let dir = try HostileSpecTests.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        let marker = "@@hostile@@"
        for spec in Self.specs {
            let root = try JSONSerialization.jsonObject(with: Data(spec.utf8))
            for path in Self.numberPaths(in: root) {
                let swept = Self.replacing(root, at: path[...], with: marker)
                let text = String(decoding: try JSONSerialization.data(withJSONObject: swept, options: [.sortedKeys]), as: UTF8.self)
                    .replacingOccurrences(of: "\"\(marker)\"", with: hostile)
                let place = path.map { "\($0)" }.joined(separator: ".")
                do {
                    _ = try HostileSpecTests.plan(text, in: dir)
                } catch let error as EditSpecError {
                    #expect(!error.place.isEmpty && !error.message.isEmpty, "\(place) = \(hostile): \(error)")
                } catch {
                    Issue.record("\(place) = \(hostile): not a typed spec error: \(error)")
                }
            }
        }
    }
}
