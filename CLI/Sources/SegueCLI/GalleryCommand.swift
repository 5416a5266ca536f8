import ArgumentParser
import Foundation
import SegueExport
import SegueGL
import SegueHeadless
import SegueImage
import SegueOutput

/// `segue gallery --from A --to B --out DIR`: every built-in transition (and any `.glsl` files
/// named) as a short looping WebM clip of the user's own pictures, with an `index.html` that
/// shows them with their names and parameters, for choosing one. Each clip is an edit
/// (`TransitionGallery.spec`) rendered by `TimelineExporter`; the folder appears whole or not
/// at all (`OutputDirectory`).
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every transition as a short looping clip of your two pictures, with an index.html to choose from.",
        discussion: "Clips are WebM (VP9), which browsers play muted and looping on their own. The folder is written whole "
            + "or not at all; an existing gallery is replaced only with --force.")

    @Option(help: "The first picture (PNG, JPEG or WebP).") var from: String
    @Option(help: "The second picture.") var to: String
    @Option(help: "The gallery's folder (index.html and one .webm a transition).") var out: String
    @Option(help: "Only these built-ins, comma-separated, in this order (default: all; `segue render --list` lists them).",
            transform: { $0.split(separator: ",").map(String.init) })
    var only: [String]?
    @Option(parsing: .upToNextOption, help: "gl-transitions files to show after the built-ins.") var glsl: [String] = []
    @Option(help: "The clips' size, WIDTHxHEIGHT.") var size = FrameSize(width: 320, height: 180)
    @Option(help: "Each transition's length in seconds.") var duration = 1.5
    @Option(help: "How long each picture is held between the transitions, in seconds.") var hold = 0.5
    @Flag(help: "Replace the gallery (or the folder's earlier segue outputs) at --out.") var force = false
    @Flag(help: "Print nothing but errors.") var quiet = false

    func validate() throws {
        guard duration > 0, duration <= 10 else { throw ValidationError("--duration must be above 0 and at most 10 seconds") }
        guard hold >= 0, hold <= 10 else { throw ValidationError("--hold must be 0...10 seconds") }
        if let only, only.isEmpty { throw ValidationError("--only takes one or more names") }
    }

    func run() throws {
        InterruptHandling.install()
        var tools = try FFmpegTools.locate()
        if let timeout = VideoRender.stallTimeout { tools.stallTimeout = timeout }
        let gallery = try TransitionGallery(only: only, glslFiles: glsl)
        // A user's file is compiled first in a child process under a budget, as `segue render` does.
        for card in gallery.cards {
            guard let shader = card.userShader else { continue }
            do { try ShaderCompileProbe.check(text: shader, name: card.title) } catch {
                throw GalleryError.invalidTransitionFile(card.title, reason: "\(error)")
            }
        }
        let fromPath = try Self.checkedPicture(from, option: "--from")
        let toPath = try Self.checkedPicture(to, option: "--to")
        if !force, Self.holdsFiles(out) { throw GalleryError.outputExists(out) }

        let context = try HeadlessEGLContext()
        defer { context.release() }
        let device = try GLDevice(context: context)
        defer { device.release() }
        let start = DispatchTime.now()
        let folder = try OutputDirectory.produce(at: out, ownsFile: Self.isGalleryFile, onWaitingForLock: sayWaitingForLock) { output in
            for (index, card) in gallery.cards.enumerated() {
                let spec = TransitionGallery.spec(for: card, from: fromPath, to: toPath, size: size, duration: duration, hold: hold)
                do {
                    let plan = try EditPlan(spec: spec, folder: URL(fileURLWithPath: "/"), tools: tools)
                    let exporter = try TimelineExporter(device: device, plan: plan, format: .webm, speedFirst: true, tools: tools)
                    _ = try exporter.export(to: output.stagedPath(card.clip))
                } catch {
                    throw GalleryError.clipFailed(title: card.title, reason: "\(error)")
                }
                if !quiet { say("gallery: [\(index + 1)/\(gallery.cards.count)] \(card.title)") }
            }
            let page = GalleryPage.html(cards: gallery.cards, from: URL(fileURLWithPath: from).lastPathComponent,
                                        to: URL(fileURLWithPath: to).lastPathComponent, width: size.width, height: size.height,
                                        duration: duration, hold: hold)
            let index = URL(fileURLWithPath: output.stagedPath("index.html"))
            do { try Data(page.utf8).write(to: index) } catch {
                throw OutputError("write", path: index.path, reason: error.localizedDescription)
            }
            return output.destination.path
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        if !quiet {
            print("wrote \(gallery.cards.count) clips and \(folder)/index.html in " + String(format: "%.1f", elapsed) + " s")
        }
    }

    /// The picture decoded whole now, so a missing or damaged one is named before anything renders.
    static func checkedPicture(_ path: String, option: String) throws(GalleryError) -> String {
        do { _ = try PictureDecoder.read(path: path) } catch {
            throw .unreadablePicture(option: option, path: path, reason: "\(error)")
        }
        return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// A folder with anything in it (hidden files aside).
    static func holdsFiles(_ path: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.contains { !$0.hasPrefix(".") } || names.contains(OutputDirectory.manifestName)
    }

    /// What a gallery writes, and so may replace in its folder.
    static func isGalleryFile(_ name: String) -> Bool { name == "index.html" || name.hasSuffix(".webm") }

    private func say(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
