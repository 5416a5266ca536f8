import ArgumentParser
import SegueExport
import SegueTimeline

/// `segue join a.mp4 b.mp4 --out whole.mp4`: chunks of one edit put together without re-encoding.
struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join encoded chunks of one edit (segue edit --frames A..B, same spec and settings) without re-encoding the pictures (the sound is encoded once more as one stream).")

    @Argument(help: "The chunks, in order (.mp4 or .webm, all alike).") var chunks: [String]
    @Option(help: "The joined video, of the chunks' format.") var out: String
    @Flag(help: "Print nothing but errors.") var quiet = false

    func validate() throws {
        guard !chunks.isEmpty else { throw ValidationError("give the chunks to join") }
    }

    func run() throws {
        // An interrupt kills ffmpeg and removes the partial video and the join's own files.
        InterruptHandling.install()
        let tools = try VideoRender.tools()
        try VideoJoiner.join(chunks, to: out, tools: tools)
        if !quiet { print("joined \(chunks.count) chunks into \(out)") }
    }
}
