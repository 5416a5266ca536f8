import Foundation
import SegueExport
import SegueImage
import SegueTimeline
import Testing
import SegueTesting

/// docs/edit-spec.schema.json and the decoder take the same keys in every object: the decoder
/// accepts a spec using every property the schema lists, and names in its unknown-key error
/// exactly the schema's properties.
@Suite("Edit spec schema matches the decoder", .tags(.ffmpeg), .requiresFFmpeg)
struct EditSpecSchemaTests {
    static var schema: [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/edit-spec.schema.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }

    static func properties(_ object: Any?) -> Set<String> {
        Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    static var top: [String: Any] { schema }
    static var itemKinds: [[String: Any]] {
        (((top["properties"] as? [String: Any])?["items"] as? [String: Any])?["items"] as? [String: Any])?["oneOf"] as? [[String: Any]] ?? []
    }
    static var transition: Any? { (((top["properties"] as? [String: Any])?["transitions"] as? [String: Any])?["items"]) }
    static var audio: Any? { (top["properties"] as? [String: Any])?["audio"] }

    /// The keys the decoder says an object takes, from its unknown-key error for `json`.
    static func decoderKeys(_ json: String) -> Set<String> {
        do {
            _ = try EditPlan.decode(Data(json.utf8))
            return []
        } catch let error as EditSpecError {
            guard let list = error.message.components(separatedBy: "this object takes ").last else { return [] }
            return Set(list.components(separatedBy: ", ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) })
        } catch {
            return []
        }
    }

    @Test func everyObjectTakesTheSchemasKeys() throws {
        try #require(Self.itemKinds.count == 4)
        let item = #"{"picture": "p.png", "duration": 1}"#
        #expect(Self.decoderKeys(#"{"size": "2x2", "items": [], "bogus": 1}"#) == Self.properties(Self.top))
        #expect(Self.decoderKeys(#"{"size": "2x2", "items": [{"picture": "p", "duration": 1, "bogus": 1}]}"#) == Self.properties(Self.itemKinds[0]))
        #expect(Self.decoderKeys(#"{"size": "2x2", "items": [{"clip": "c", "bogus": 1}]}"#) == Self.properties(Self.itemKinds[1]))
        #expect(Self.decoderKeys(#"{"size": "2x2", "items": [{"freeze": "c", "duration": 1, "bogus": 1}]}"#) == Self.properties(Self.itemKinds[3]))
        #expect(Self.decoderKeys(#"{"size": "2x2", "items": [\#(item)], "transitions": [{"effect": "cut", "bogus": 1}]}"#)
            == Self.properties(Self.transition))
        #expect(Self.decoderKeys(#"{"size": "2x2", "items": [\#(item)], "audio": {"bogus": 1}}"#) == Self.properties(Self.audio))
        #expect(Self.decoderKeys(#"{"size": "2x2", "items": [{"title": "T", "duration": 1, "bogus": 1}]}"#) == Self.properties(Self.itemKinds[2]))
        let defs = Self.top["$defs"] as? [String: Any]
        #expect(Self.decoderKeys(#"{"size": "2x2", "items": [\#(item)], "texts": [{"content": "a", "bogus": 1}]}"#) == Self.properties(defs?["text"]))
        #expect(Self.decoderKeys(#"{"size": "2x2", "items": [\#(item)], "subtitles": {"file": "s.srt", "bogus": 1}}"#)
            == Self.properties((Self.top["properties"] as? [String: Any])?["subtitles"]))
    }

    /// A picture item's description names every format `PictureDecoder` reads (HEIF as HEIC,
    /// as phones name the files).
    @Test func thePictureItemNamesEveryDecodedFormat() throws {
        let picture = ((Self.itemKinds.first?["properties"] as? [String: Any])?["picture"] as? [String: Any])?["description"] as? String
        let text = try #require(picture)
        for type in PictureType.allCases where type.isDecodable {
            let name = type == .heif ? "HEIC" : type.rawValue
            #expect(text.contains(name), "\(name) in \(text)")
        }
    }

    @Test func aSpecUsingEveryPropertyDecodes() throws {
        let json = #"""
            {"size": "1280x720", "fps": 30, "resize": "cover", "background": "transparent",
             "items": [{"picture": "a.jpg", "duration": 3, "zoom": "in", "pan": "left", "zoomAmount": 0.2},
                       {"clip": "b.mp4", "from": 2.0, "to": 8.0, "speed": 0.5, "reverse": true}, {"freeze": "b.mp4", "at": 1, "duration": 2},
                       {"picture": "c.webp", "duration": 2.5}],
             "transitions": [{"effect": "fade", "duration": 1.0, "easing": "ease-in-out", "audio": "equal-power"},
                             {"effect": "effects/cube.glsl", "duration": 0.8, "easing": "cubic-bezier(0.2,0.8,0.2,1)", "params": {"persp": 0.7, "v": [1, 2], "on": true, "luma": "spiral-1"}}],
             "audio": {"music": "song.mp3", "volume": 0.6, "fadeIn": 1.0, "fadeOut": 2.0}}
            """#
        let spec = try EditPlan.decode(Data(json.utf8))
        #expect(spec.items.count == 4 && spec.transitions?.count == 2 && spec.audio?.volume == 0.6 && spec.background == "transparent")
        #expect(spec.transitions?[1].params?["v"] == .numbers([1, 2]) && spec.transitions?[1].params?["on"] == .bool(true))
        // The issue's example round-trips through the Codable type.
        #expect(try EditPlan.decode(JSONEncoder().encode(spec)) == spec)
    }

    /// Titles, items' text, the edit's texts and subtitles with every key decode, and round-trip
    /// through the Codable type (the items' text included: it is part of the spec's identity).
    @Test func textKeysDecodeAndRoundTrip() throws {
        let text = ##"{"content": "a", "font": "f.ttf", "size": 20, "color": "#fff", "position": {"x": 0, "y": 0.5, "width": 1, "height": 0.2}, "start": 0, "end": 1, "animation": "type-on"}"##
        let json = """
            {"size": "64x64", "items": [{"title": "T", "duration": 2, "background": {"gradient": ["#000", "#fff"]}, "font": "f.ttf", "size": 9, "color": "red", "position": "top", "animation": "fade"},
              {"picture": "p.png", "duration": 1, "text": [\(text), \(text)]}, {"clip": "c.mp4", "text": \(text)}],
             "texts": [\(text)], "subtitles": {"file": "s.srt", "mode": "burn", "language": "eng", "font": "f", "size": 10, "color": "#000", "position": "bottom"}}
            """
        let spec = try EditPlan.decode(Data(json.utf8))
        #expect(spec.itemTexts?.map(\.count) == [0, 2, 1])
        #expect(spec.texts?.first?.position == .box(x: 0, y: 0.5, width: 1, height: 0.2))
        #expect(try EditPlan.decode(JSONEncoder().encode(spec)) == spec)
    }
}
