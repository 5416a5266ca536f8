import ArgumentParser
import Foundation
import SegueEffects
import SegueImage
import SegueRenderJobs

/// Renders every filter of the effect library on one picture: a PNG each and a contact sheet.
struct FiltersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filters",
        abstract: "Render every filter of the effect library on a picture (PNG each + contact sheet).")

    @Option(help: "The picture (PNG, JPEG, WebP, HEIC or AVIF); the generated sample picture when omitted.") var input: String?
    @Option(help: "Frame size, WIDTHxHEIGHT (default 320x180). A picture of another size is scaled to cover it (on the GPU, bilinear).", transform: parseFrameSize)
    var size = FrameSize(width: 320, height: 180)
    @Option(help: "Output directory (<filter>.png ..., contact-sheet.png).") var out = "out/filters"
    @Option(help: "fused (one generated shader per pass) or onePassPerFilter.") var mode: ExecutionMode = .fused
    @Flag(help: "Print nothing but errors.") var quiet = false

    typealias Result = FilterSheet.Result

    func run() throws {
        InterruptHandling.install()
        let result = try Self.render(input: input, size: size, mode: mode, outputDirectory: out)
        guard !quiet else { return }
        for (name, passes) in result.passes {
            print("\(name): \(passes.count) pass\(passes.count == 1 ? "" : "es"): \(passes.joined(separator: " -> "))")
        }
        print("wrote \(result.passes.count) pictures to \(result.directory)")
        print("contact sheet: \(result.contactSheet)")
    }

    static func render(input: String?, size: FrameSize, mode: ExecutionMode, outputDirectory: String) throws -> Result {
        // The frame's budget first, then the picture: a bad one fails before anything is written.
        try FilterSheet.checkSize(size)
        let picture = try input.map { try PictureDecoder.read(path: $0) } ?? SampleImages.from(fitting: size)
        return try FilterSheet.render(picture, label: input ?? "the sample", size: size, mode: mode, at: outputDirectory,
                                      onReduced: PictureFitting.printNotice, onWaitingForLock: sayWaitingForLock)
    }
}
