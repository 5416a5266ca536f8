import ArgumentParser
import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SeguePlatform

/// Renders every filter of the effect library on one picture: a PNG each and a contact sheet.
struct FiltersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filters",
        abstract: "Render every filter of the effect library on a picture (PNG each + contact sheet).")

    @Option(help: "The picture (PNG, JPEG or WebP); the generated sample picture when omitted.") var input: String?
    @Option(help: "Frame size, WIDTHxHEIGHT (default 320x180). A picture of another size is scaled to cover it (on the GPU, bilinear).", transform: parseFrameSize)
    var size = FrameSize(width: 320, height: 180)
    @Option(help: "Output directory (<filter>.png ..., contact-sheet.png).") var out = "out/filters"
    @Option(help: "fused (one generated shader per pass) or onePassPerFilter.") var mode: ExecutionMode = .fused
    @Flag(help: "Print nothing but errors.") var quiet = false

    struct Result {
        let directory: String
        let contactSheet: String
        /// Per filter: the passes a frame takes.
        let passes: [(name: String, passes: [String])]
    }

    func run() throws {
        let result = try Self.render(input: input, size: size, mode: mode, outputDirectory: out)
        guard !quiet else { return }
        for (name, passes) in result.passes {
            print("\(name): \(passes.count) pass\(passes.count == 1 ? "" : "es"): \(passes.joined(separator: " -> "))")
        }
        print("wrote \(result.passes.count) pictures to \(result.directory)")
        print("contact sheet: \(result.contactSheet)")
    }

    static func render(input: String?, size: FrameSize, mode: ExecutionMode, outputDirectory: String) throws -> Result {
        // Decode first: a bad picture fails before anything is written.
        let picture = try input.map { try PictureDecoder.read(path: $0) } ?? SampleImages.from(width: size.width, height: size.height)
        let owned: (String) -> Bool = { name in name == "contact-sheet.png" || FilterGallery.entries.contains { $0.name + ".png" == name } }
        return try OutputDirectory.produce(at: outputDirectory, ownsFile: owned) { output in
            let context = try HeadlessEGLContext()
            defer { context.release() }
            let device = try GLDevice(context: context)
            defer { device.release() }
            // At its own size: the graphs' source covers the frame (see `PictureFitting`).
            let texture = try PictureFitting.texture(picture, device: device, label: input ?? "the sample")
            defer { texture.release() }
            let source = ImageSource(texture, resize: .cover)
            let target = try device.makeOffscreenTarget(width: size.width, height: size.height)
            defer { target.release() }
            try EffectRenderer(device: device, output: source, mode: mode).render(into: target)
            var sheet: [(image: RGBAImage, label: String)] = [(try target.readImage(), "input")]
            var passes: [(name: String, passes: [String])] = []
            for entry in FilterGallery.entries {
                let renderer = try EffectRenderer(device: device, output: entry.build(source), mode: mode)
                try renderer.render(into: target)
                let image = try target.readImage()
                try PNGCodec.write(image, to: output.stagedPath(entry.name + ".png"))
                sheet.append((image, entry.name))
                passes.append((entry.name, renderer.passStructures))
            }
            let contact = try ContactSheet.make(
                frames: sheet, columns: 6, thumbnailWidth: min(240, size.width),
                title: "Segue filters  \(size)  (\(mode.rawValue), \(device.renderer))")
            try PNGCodec.write(contact, to: output.stagedPath("contact-sheet.png"))
            return Result(directory: output.destination.path, contactSheet: output.finalPath("contact-sheet.png"), passes: passes)
        }
    }
}
