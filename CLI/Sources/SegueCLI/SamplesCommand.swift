import ArgumentParser
import SegueImage
import SegueRenderJobs

struct SamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "samples",
        abstract: "Write the two built-in sample pictures (from.png, to.png), generated, not downloaded.",
        discussion: "--luma also writes the built-in luma maps (luma-NAME.png) that `--param luma=NAME` uses.")

    @Option(help: "Picture size, WIDTHxHEIGHT.", transform: parseFrameSize)
    var size = FrameSize(width: 640, height: 360)
    @Option(help: "Output directory.") var out = "out/samples"
    @Flag(help: "Also write the built-in luma maps for sampler2D parameters, luma-NAME.png.") var luma = false

    func validate() throws {
        guard size.width >= SampleImages.minimumSide, size.height >= SampleImages.minimumSide else {
            throw ValidationError("--size \(size) is too small for the sample pictures: at least "
                + "\(SampleImages.minimumSide)x\(SampleImages.minimumSide)")
        }
    }

    func run() throws {
        InterruptHandling.install()
        let paths = try Self.write(size: size, directory: out, lumaMaps: luma)
        print("from: \(paths.from)")
        print("to:   \(paths.to)")
        if luma { print("luma maps: \(LumaMap.allCases.map { "luma-\($0.rawValue).png" }.joined(separator: " "))") }
    }

    static func write(size: FrameSize, directory: String, lumaMaps: Bool = false) throws -> (from: String, to: String) {
        try SampleImages.write(size: size, toFolder: directory, lumaMaps: lumaMaps, onWaitingForLock: sayWaitingForLock)
    }
}
