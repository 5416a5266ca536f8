/// The curve each side's sound follows under a transition, as ffmpeg's `afade` names them: the
/// outgoing side fades out and the incoming side fades in over the transition's frames.
enum AudioCrossfade {
    /// The spec's names for the usual curves; any other `afade` curve name is taken as it is.
    static let aliases = ["equal-power": "qsin", "linear": "tri"]
    static let ffmpegCurves: Set<String> = [
        "tri", "qsin", "hsin", "esin", "log", "ipar", "qua", "cub", "squ", "cbr", "par", "exp", "iqsin", "ihsin", "dese", "desi", "losi",
    ]

    /// The `afade` curve for the spec's `audio` value (default: equal power, sin/cos gains whose
    /// squares sum to 1, so the loudness holds through the junction).
    static func curve(_ text: String?, place: String) throws -> String {
        guard let text else { return "qsin" }
        if let alias = aliases[text] { return alias }
        guard ffmpegCurves.contains(text) else {
            throw EditSpecError(place, "'\(text)' is not a crossfade curve; use equal-power, linear or one of ffmpeg afade's: "
                + ffmpegCurves.sorted().joined(separator: ", "))
        }
        return text
    }
}
