import Foundation
import SegueEffects
import SegueExport
import SegueGL
import SegueImage
import SegueHeadless
import SegueTesting

/// The effect every export test renders (the objc.io pixel dissolve).
func pixelDissolve(_ device: GLDevice, _ from: Texture, _ to: Texture) throws -> any TransitionEffect {
    try PixelDissolve(device: device, from: from, to: to)
}

/// A smooth clip that moves from frame to frame, made by ffmpeg's lavfi `gradients` source and
/// stored losslessly (FFV1), so the reference frames are exactly what the decoder gives back.
/// `colors` must name every colour (c0=…:c1=…): the source picks unnamed ones at random on each
/// run, whatever the seed, and the tests' thresholds were measured on these pictures.
func makeGradientClip(at path: String, seconds: Double, size: String, seed: Int, colors: String) throws {
    _ = try VideoReader.run("ffmpeg", [
        "-v", "error", "-nostdin", "-y", "-f", "lavfi",
        "-i", "gradients=s=\(size):r=30:d=\(seconds):speed=0.05:seed=\(seed):\(colors)",
        "-c:v", "ffv1", path,
    ])
}
