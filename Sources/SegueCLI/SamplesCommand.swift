import ArgumentParser
import SegueImage

struct SamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "samples",
        abstract: "Write the two built-in sample pictures (from.png, to.png), generated, not downloaded.")

    @Option(help: "Picture size, WIDTHxHEIGHT.", transform: parseFrameSize)
    var size = FrameSize(width: 640, height: 360)
    @Option(help: "Output directory.") var out = "out/samples"

    func run() throws {
        let paths = try Self.write(size: size, directory: out)
        print("from: \(paths.from)")
        print("to:   \(paths.to)")
    }

    static func write(size: FrameSize, directory: String) throws -> (from: String, to: String) {
        return try OutputDirectory.produce(at: directory, ownsFile: { $0 == "from.png" || $0 == "to.png" }) { output in
            try PNGCodec.write(SampleImages.from(width: size.width, height: size.height), to: output.stagedPath("from.png"))
            try PNGCodec.write(SampleImages.to(width: size.width, height: size.height), to: output.stagedPath("to.png"))
            return (output.finalPath("from.png"), output.finalPath("to.png"))
        }
    }
}
