import Foundation
import SegueExport
import SegueTimeline
import Testing

/// An edit spec's mistakes said as what they are (issue 32 defect 6): `"fps": 29.97` read "not
/// valid JSON", and trailing commas passed silently.
@Suite("Edit spec: messages that say what is wrong", .tags(.pure))
struct EditSpecMessageTests {
    /// 29.97 is read (as NTSC's 30000/1001 by the plan, EditFrameRateTests); a rate that is
    /// none is said to be one with what is accepted, never "not valid JSON".
    @Test func aFractionalRateIsReadAndANonRateIsSaidToBeOne() throws {
        #expect(try EditPlan.decode(Data(#"{"size": "64x36", "fps": 29.97, "items": []}"#.utf8)).fps == 29.97)
        let error = #expect(throws: EditSpecError.self) {
            _ = try EditPlan.decode(Data(#"{"size": "64x36", "fps": [30], "items": []}"#.utf8))
        }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("fps: expected a whole number 1...240") && !text.contains("not valid JSON"), "\(text)")
        #expect(try EditPlan.decode(Data(#"{"size": "64x36", "fps": 25.0, "items": []}"#.utf8)).fps == 25)
    }

    @Test func trailingCommasAreRefusedWithTheirPlace() throws {
        let cases: [(json: String, at: String)] = [
            ("{\"size\": \"64x36\", \"items\": [],\n}", "line 1, column 30"),
            ("{\"size\": \"64x36\",\n \"items\": [{\"picture\": \"a,].png\", \"duration\": 1},  ]}", "line 2, column 49"),
        ]
        for (json, at) in cases {
            let error = #expect(throws: EditSpecError.self) { _ = try EditPlan.decode(Data(json.utf8)) }
            #expect(error?.description.contains("a trailing comma at \(at)") == true, "\(String(describing: error))")
        }
        // A comma inside a string is no trailing comma.
        #expect(try EditPlan.decode(Data(#"{"size": "64x36", "items": [{"picture": "a,].png", "duration": 1}]}"#.utf8)).items.count == 1)
    }

    /// A NUL in a path cut it short: `small.png\u0000.jpg` opened `small.png` (issue 32 item 12).
    @Test func aNULInAStringIsRefusedWithItsPlace() throws {
        let json = "{\"size\": \"64x36\",\n \"items\": [{\"picture\": \"a.png\\u0000.jpg\", \"duration\": 1}]}"
        let error = #expect(throws: EditSpecError.self) { _ = try EditPlan.decode(Data(json.utf8)) }
        #expect(error?.description.contains("NUL character") == true && error?.description.contains("line 2, column 30") == true,
                "\(String(describing: error))")
        // An escaped backslash followed by u0000 is text, not a NUL.
        #expect(try EditPlan.decode(Data(#"{"size": "64x36", "items": [{"picture": "a\\u0000.png", "duration": 1}]}"#.utf8)).items.count == 1)
    }
}
