import Foundation
import SegueImage
import SegueOutput

extension SampleImages {
    /// The two generated sample pictures as `from.png` and `to.png` (and, with `lumaMaps`, every
    /// built-in luma map as `luma-NAME.png`, which a gl-transition's sampler2D takes by name) in
    /// the folder at `path`, written whole or not at all (`OutputDirectory`). Returns the two
    /// pictures' paths.
    public static func write(
        size: FrameSize, toFolder path: String, lumaMaps: Bool = false, onWaitingForLock: ((URL) -> Void)? = nil
    ) throws -> (from: String, to: String) {
        let owns: (String) -> Bool = { $0 == "from.png" || $0 == "to.png" || (lumaMaps && $0.hasPrefix("luma-") && $0.hasSuffix(".png")) }
        return try OutputDirectory.produce(at: path, ownsFile: owns, onWaitingForLock: onWaitingForLock) { output in
            try PNGCodec.write(from(width: size.width, height: size.height), to: output.stagedPath("from.png"))
            try PNGCodec.write(to(width: size.width, height: size.height), to: output.stagedPath("to.png"))
            for map in lumaMaps ? LumaMap.allCases : [] {
                try PNGCodec.write(map.image(width: size.width, height: size.height), to: output.stagedPath("luma-\(map.rawValue).png"))
            }
            return (output.finalPath("from.png"), output.finalPath("to.png"))
        }
    }
}
