import SegueEffects
import Testing

/// A parameter given twice (`--param direction=… --param direction=…`) is refused instead of the
/// last one winning silently (issue 32 defect 12).
@Suite("NamedTransition: a repeated setting", .tags(.pure))
struct RepeatedSettingTests {
    @Test func aParameterGivenTwiceIsRefused() throws {
        let error = #expect(throws: NamedTransitionError.self) {
            _ = try NamedTransition.named("halftone", settingTexts: ["dots=10", "dots=40"])
        }
        #expect(error == .repeatedSetting(name: "dots", first: "dots=10", second: "dots=40"), "\(String(describing: error))")
        _ = try NamedTransition.named("halftone", settingTexts: ["dots=10"])
    }
}
