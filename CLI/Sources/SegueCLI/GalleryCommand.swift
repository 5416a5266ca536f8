import ArgumentParser
import Foundation
import SegueExport
import SegueImage
import SegueRenderJobs

/// `segue gallery --from A --to B --out DIR`: every built-in transition (and any `.glsl` files
/// named) as a short looping WebM clip of the user's own pictures, with an `index.html` that
/// shows them with their names and parameters, for choosing one. Each clip is an edit
/// (`TransitionGallery`, SegueRenderJobs).
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every transition as a short looping clip of your two pictures, with an index.html to choose from.",
        discussion: "Clips are WebM (VP9), which browsers play muted and looping on their own. The folder is written whole "
            + "or not at all; an existing gallery is replaced only with --force.")

    @Option(help: "The first picture (PNG, JPEG, WebP, HEIC or AVIF).") var from: String
    @Option(help: "The second picture.") var to: String
    @Option(help: "The gallery's folder (index.html and one .webm a transition).") var out: String
    @Option(help: "Only these built-ins, comma-separated, in this order (default: all; `segue render --list` lists them).",
            transform: CommaSeparated.parser("--only", "a transition's name"))
    var only: CommaSeparated<String>?
    @Option(parsing: .upToNextOption, help: "gl-transitions files to show after the built-ins.") var glsl: [String] = []
    @Option(help: "The clips' size, WIDTHxHEIGHT.") var size = FrameSize(width: 320, height: 180)
    @Option(help: "Each transition's length in seconds.") var duration = 1.5
    @Option(help: "How long each picture is held between the transitions, in seconds.") var hold = 0.5
    @Flag(help: "Replace the gallery (or the folder's earlier segue outputs) at --out.") var force = false
    @Flag(help: "Print nothing but errors.") var quiet = false

    func validate() throws {
        guard duration > 0, duration <= 10 else { throw ValidationError("--duration must be above 0 and at most 10 seconds") }
        guard hold >= 0, hold <= 10 else { throw ValidationError("--hold must be 0...10 seconds") }
    }

    func run() throws {
        InterruptHandling.install()
        let tools = try VideoRender.tools()
        let start = DispatchTime.now()
        let gallery: TransitionGallery
        let folder: String
        do {
            gallery = try TransitionGallery(only: only?.elements, glslFiles: glsl)
            folder = try gallery.render(
                from: from, to: to, at: out, settings: .init(size: size, duration: duration, hold: hold), tools: tools,
                replacing: force,
                onClip: { index, card in if !quiet { say("gallery: [\(index + 1)/\(gallery.cards.count)] \(card.title)") } },
                onWaitingForLock: sayWaitingForLock)
        } catch let error as GalleryError {
            throw CLIError(message(error))
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        if !quiet {
            print("wrote \(gallery.cards.count) clips and \(folder)/index.html in " + String(format: "%.1f", elapsed) + " s")
        }
    }

    /// The library's error in the words of this command's options.
    private func message(_ error: GalleryError) -> String {
        switch error {
        case let .unknownTransition(name, known): "unknown transition '\(name)' in --only; the built-ins are " + known.joined(separator: ", ")
        case let .unreadablePicture(path, reason): "\(path == from ? "--from" : "--to") \(path): \(reason)"
        case .unreadableTransitionFile, .invalidTransitionFile: "--glsl \(error)"
        case let .outputExists(path): "\(path) already holds files; give --force to replace the gallery there"
        case .clipFailed: "\(error)"
        }
    }

    private func say(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
