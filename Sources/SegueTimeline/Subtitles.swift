import Foundation
import SegueExport

/// Subtitles read from an SRT file (SubRip: numbered cues, `00:00:01,000 --> 00:00:04,000`,
/// text lines, a blank line), checked whole before anything renders: a malformed file is
/// refused with the line it goes wrong on.
public struct SubtitleTrack: Equatable, Sendable {
    public struct Cue: Equatable, Sendable {
        /// Seconds from the edit's start.
        public let start: Double
        public let end: Double
        /// The text, lines joined by "\n", as the file gives it (tags kept for a soft track).
        public let text: String
        /// The cue's first line in the file (its number's), for messages.
        public let line: Int

        /// The text without SRT's markup (`<i>`, `</b>`, `<font ...>`, `{\an8}`): what is burned in.
        public var plainText: String {
            text.replacingOccurrences(of: #"<[^>]*>|\{\\[^}]*\}"#, with: "", options: .regularExpression)
        }

        /// The edit's frames it shows on, within `0..<limit`.
        func frames(fps: FrameRate, limit: Int) -> Range<Int> {
            // Cue times are at most `maxHours` (checked when read), so they convert; past the edit is `limit`.
            let first = min(limit, SpecNumber.integer(fps.frames(inSeconds: start)) ?? limit)
            let last = min(limit, SpecNumber.integer(fps.frames(inSeconds: end)) ?? limit)
            return first..<max(first, last)
        }
    }

    /// The file, resolved.
    public let path: String
    /// Muxed as a track of its own rather than burned in.
    public let soft: Bool
    /// ISO 639-2, for a soft track.
    public let language: String
    public let cues: [Cue]

    /// The largest SRT file read (a feature film's subtitles are about 100 KB) and the most cues.
    public static let maxBytes = 4 << 20
    public static let maxCues = 20_000

    /// Parses SRT `text`; `name` is the file as the spec gives it, for messages.
    public static func parse(_ data: Data, name: String) throws -> [Cue] {
        guard data.count <= maxBytes else { throw SubtitleError(file: name, line: nil, "is \(data.count) bytes; an SRT file is at most \(maxBytes) bytes (4 MiB)") }
        guard var text = String(data: data, encoding: .utf8) else { throw SubtitleError(file: name, line: nil, "is not UTF-8 text") }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        var cues: [Cue] = []
        var index = 0
        while index < lines.count {
            if lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
                index += 1
                continue
            }
            let first = index + 1
            guard Int(lines[index].trimmingCharacters(in: .whitespaces)) != nil else {
                // Nothing of a file that is not recognisably SRT is quoted (a spec could name any
                // readable file, whose first line would otherwise be printed).
                let found = cues.isEmpty ? " (the file does not look like SRT)" : ", found '\(lines[index].prefix(60))'"
                throw SubtitleError(file: name, line: first, "expected a cue's number" + found)
            }
            if index + 1 < lines.count, hoursOutOfRange(lines[index + 1]) {
                throw SubtitleError(file: name, line: first + 1, "the cue's hours are out of range: 0...\(maxHours)")
            }
            guard index + 1 < lines.count, let (start, end) = times(lines[index + 1]) else {
                throw SubtitleError(file: name, line: first + 1, "expected the cue's times, such as 00:00:01,000 --> 00:00:04,000")
            }
            guard end > start else { throw SubtitleError(file: name, line: first + 1, "the cue ends (\(end) s) at or before it starts (\(start) s)") }
            index += 2
            var body: [String] = []
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
                body.append(lines[index])
                index += 1
            }
            guard !body.isEmpty else { throw SubtitleError(file: name, line: first + 2, "the cue has no text") }
            cues.append(Cue(start: start, end: end, text: body.joined(separator: "\n"), line: first))
            guard cues.count <= maxCues else { throw SubtitleError(file: name, line: first, "more than \(maxCues) cues") }
        }
        guard !cues.isEmpty else { throw SubtitleError(file: name, line: nil, "has no cues") }
        return cues
    }

    /// `HH:MM:SS,mmm --> HH:MM:SS,mmm` (a dot for the comma accepted, position settings after ignored).
    static func times(_ line: String) -> (Double, Double)? {
        let parts = line.components(separatedBy: "-->")
        guard parts.count == 2, let start = time(parts[0]),
              let end = time(String(parts[1].trimmingCharacters(in: .whitespaces).prefix { !$0.isWhitespace })) else { return nil }
        return (start, end)
    }

    static func time(_ text: String) -> Double? {
        let fields = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".").split(separator: ":")
        guard fields.count == 3, let hours = Int(fields[0]), let minutes = Int(fields[1]), let seconds = Double(fields[2]),
              (0...maxHours).contains(hours), (0..<60).contains(minutes), seconds >= 0, seconds < 60, fields[2].count >= 2 else { return nil }
        return Double(hours * 3600 + minutes * 60) + seconds
    }

    /// The most hours a cue's time may give: far past any edit (24 hours at most), and checked
    /// before the hours become seconds, where a 20-digit hour would overflow.
    static let maxHours = 9_999

    /// Whether a times line has hours written as digits that are past `maxHours`.
    static func hoursOutOfRange(_ line: String) -> Bool {
        line.components(separatedBy: "-->").contains { side in
            let hours = side.trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }
            return !hours.isEmpty && hours.allSatisfy(\.isASCII) && hours.allSatisfy(\.isNumber) && Int(hours).map { $0 > maxHours } ?? true
        }
    }

    /// The cues within `frames` of the edit, shifted to start there, as SRT text (what a soft
    /// track is muxed from), flattened (`flattened`) so no two cues share a start or overlap.
    func srt(frames: Range<Int>, fps: FrameRate) -> String {
        let (from, to) = (fps.seconds(frames.lowerBound), fps.seconds(frames.upperBound))
        func millis(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }
        func stamp(_ millis: Int) -> String {
            String(format: "%02d:%02d:%02d,%03d", millis / 3_600_000, millis / 60_000 % 60, millis / 1000 % 60, millis % 1000)
        }
        let spans = cues.map { cue in (start: millis(max(cue.start, from) - from), end: millis(min(cue.end, to) - from), text: cue.text) }
        return Self.flattened(spans).enumerated().map { number, cue in
            "\(number + 1)\n\(stamp(cue.start)) --> \(stamp(cue.end))\n\(cue.text)\n"
        }.joined(separator: "\n")
    }
}

/// A malformed or oversized SRT file, with the line it goes wrong on.
public struct SubtitleError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let message: String

    init(file: String, line: Int?, _ message: String) { (self.file, self.line, self.message) = (file, line, message) }

    public var description: String { "'\(file)'" + (line.map { " line \($0)" } ?? "") + ": " + message }
}

extension EditPlanChecker {
    /// The spec's `subtitles`: the file read and parsed, every cue within the edit.
    func subtitles(_ subtitles: EditSubtitles, totalFrames: Int, fps: FrameRate) throws -> SubtitleTrack {
        let mode = subtitles.mode ?? "burn"
        guard ["burn", "soft"].contains(mode) else { throw EditSpecError("subtitles.mode", "'\(mode)' is not burn or soft") }
        let language = subtitles.language ?? "und"
        guard language.count == 3, language.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
            throw EditSpecError("subtitles.language", "'\(language)' is not an ISO 639-2 code of three letters, such as eng")
        }
        if mode == "soft", subtitles.font != nil || subtitles.size != nil || subtitles.color != nil || subtitles.position != nil {
            throw EditSpecError("subtitles.mode", "a soft track is styled by the player; font, size, color and position are for \"mode\": \"burn\"")
        }
        let resolved = resolve(subtitles.file)
        try requireRegularFile(resolved, named: subtitles.file, place: "subtitles.file")
        var info = stat()
        guard stat(resolved, &info) == 0, Int(info.st_size) <= SubtitleTrack.maxBytes else {
            throw EditSpecError("subtitles.file", "'\(subtitles.file)' is \(info.st_size) bytes; an SRT file is at most \(SubtitleTrack.maxBytes) bytes (4 MiB)")
        }
        guard let data = FileManager.default.contents(atPath: resolved) else {
            throw EditSpecError("subtitles.file", "cannot read '\(subtitles.file)'")
        }
        let cues: [SubtitleTrack.Cue]
        do { cues = try SubtitleTrack.parse(data, name: subtitles.file) } catch {
            throw EditSpecError("subtitles.file", "\(error)")
        }
        let length = fps.seconds(totalFrames)
        if let late = cues.first(where: { $0.start >= length }) {
            throw EditSpecError("subtitles.file", "'\(subtitles.file)' line \(late.line): the cue starts at \(Self.seconds(late.start)) s, "
                + "at or after the edit's end (\(Self.seconds(length)) s)")
        }
        let plain = mode == "soft" ? cues : cues.map { SubtitleTrack.Cue(start: $0.start, end: $0.end, text: $0.plainText, line: $0.line) }
        return SubtitleTrack(path: resolved, soft: mode == "soft", language: language, cues: plain)
    }
}
