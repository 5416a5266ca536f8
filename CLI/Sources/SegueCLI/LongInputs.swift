import ArgumentParser
import Foundation

/// Errors as the user reads them, with the user's own over-long words cut: a hostile 50 MB
/// argument or spec value was echoed whole on stderr. Any run of more than `longestRun`
/// characters without a space keeps its start and end and says how much was left out.
enum LongInputs {
    static let longestRun = 300
    static let kept = (head: 120, tail: 60)

    /// `text` with every run of non-space characters over `longestRun` shortened.
    static func shortened(_ text: String) -> String {
        guard text.utf8.count > longestRun else { return text }
        var result = "", run = Substring()
        var rest = Substring(text)
        while let index = rest.firstIndex(where: \.isWhitespace) {
            run = rest[..<index]
            result += shortenedRun(run) + String(rest[index])
            rest = rest[rest.index(after: index)...]
        }
        return result + shortenedRun(rest)
    }

    private static func shortenedRun(_ run: Substring) -> String {
        let count = run.count
        guard count > longestRun else { return String(run) }
        return run.prefix(kept.head) + "…[\(count - kept.head - kept.tail) characters left out]…" + run.suffix(kept.tail)
    }

    /// As ArgumentParser's `exit(withError:)`, with the message shortened; help and the version
    /// (a success) are printed as they are.
    static func exit(_ command: any ParsableCommand.Type, withError error: any Error) -> Never {
        let code = command.exitCode(for: error)
        guard code != .success else { command.exit(withError: error) }
        FileHandle.standardError.write(Data((shortened(command.fullMessage(for: error)) + "\n").utf8))
        Foundation.exit(code.rawValue)
    }
}
