// The smallest complete use of Segue's library: make a headless context, upload two
// pictures once, and render the pixel dissolve at a few progress values to PNG files.
//
//     swift run PixelDissolveExample [output-directory]
import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SegueHeadless

let directory = CommandLine.arguments.dropFirst().first ?? "out/example"
let (width, height) = (320, 180)

do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    // The platform layer makes the context; the renderer is only handed it.
    try HeadlessEGLContext.withDevice { device in

        // Snapshots go to the GPU once.
        let from = try device.makeTexture(image: SampleImages.from(width: width, height: height))
        let to = try device.makeTexture(image: SampleImages.to(width: width, height: height))
        let target = try device.makeOffscreenTarget(width: width, height: height)
        let dissolve = try PixelDissolve(device: device, from: from, to: to)

        // Each frame only changes the progress (three uniforms).
        for progress in [0, 0.25, 0.5, 0.75, 1] as [Float] {
            dissolve.progress = progress
            try dissolve.render(into: target)
            let path = "\(directory)/pixel-dissolve-\(Int(progress * 100)).png"
            try PNGCodec.write(target.readImage(), to: path)
            print(path)
        }

        // GPU objects are released explicitly, on this thread, while the context is current.
        dissolve.release()
        target.release()
        from.release()
        to.release()
    }
} catch {
    print("error: \(error)")
    exit(1)
}
