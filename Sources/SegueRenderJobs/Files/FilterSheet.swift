import Foundation
import SegueEffects
import SegueGL
import SegueHeadless
import SegueImage
import SegueOutput
import SegueText

/// Every filter and graph of the effect library (`FilterCatalog`) on one picture, on a headless
/// GL context of its own: a PNG each (`<filter>.png`) and a contact sheet, written into a folder
/// that appears whole or not at all (`OutputDirectory`). What `segue filters` shows.
public enum FilterSheet {
    /// What was written, and how each filter ran.
    public struct Result: Sendable {
        public let directory: String
        public let contactSheet: String
        /// Per filter: the passes a frame takes (`EffectRenderer.passStructures`).
        public let passes: [(name: String, passes: [String])]
    }

    /// Renders `picture` (fitted to cover `size`, on the GPU) through every filter into the
    /// folder at `path`. `label` names the picture to `onReduced` when it had to be reduced to fit
    /// the GL's textures.
    public static func render(
        _ picture: RGBAImage, label: String, size: FrameSize, mode: ExecutionMode = .fused, at path: String,
        onReduced: (PictureReduction, String) -> Void = { _, _ in }, onWaitingForLock: ((URL) -> Void)? = nil
    ) throws -> Result {
        try checkSize(size)
        let owned: (String) -> Bool = { name in name == "contact-sheet.png" || FilterCatalog.entries.contains { $0.name + ".png" == name } }
        return try OutputDirectory.produce(at: path, ownsFile: owned, onWaitingForLock: onWaitingForLock) { output in
            return try HeadlessEGLContext.withDevice { device in
                // At its own size: the graphs' source covers the frame (see `PictureFitting`).
                let texture = try PictureFitting.texture(picture, device: device, label: label, onReduced: onReduced)
                defer { texture.release() }
                let source = ImageSource(texture, resize: .cover)
                let target = try device.makeOffscreenTarget(width: size.width, height: size.height)
                defer { target.release() }
                try EffectRenderer(device: device, output: source, mode: mode).render(into: target)
                var sheet: [(image: RGBAImage, label: String)] = [(try target.readImage(), "input")]
                var passes: [(name: String, passes: [String])] = []
                for entry in FilterCatalog.entries {
                    let renderer = try EffectRenderer(device: device, output: entry.build(source), mode: mode)
                    try renderer.render(into: target)
                    let image = try target.readImage()
                    try PNGCodec.write(image, to: output.stagedPath(entry.name + ".png"))
                    sheet.append((image, entry.name))
                    passes.append((entry.name, renderer.passStructures))
                }
                let contact = try ContactSheet.make(
                    frames: sheet, columns: 6, thumbnailWidth: min(240, size.width),
                    title: "Segue filters  \(size)  (\(mode.rawValue), \(device.renderer))", text: FontSheetText())
                try PNGCodec.write(contact, to: output.stagedPath("contact-sheet.png"))
                return Result(directory: output.destination.path, contactSheet: output.finalPath("contact-sheet.png"), passes: passes)
            }
        }
    }
}

extension FilterSheet {
    /// The largest frame a filter sheet renders: 4096x4096, 16,777,216 pixels (64 MiB of RGBA a
    /// frame). A sheet holds a few frames at once (the picture, the GL target, the read-back, the
    /// PNG being written), so its peak memory stays within a few hundred MB; 16384x16384 aborted
    /// at 6.3 GB before this budget.
    public static let maxPixels = 16_777_216

    /// Refuses a frame over `maxPixels` before anything is decoded, generated or allocated.
    public static func checkSize(_ size: FrameSize) throws(FilterSheetError) {
        guard size.width * size.height <= maxPixels else {
            throw .frameTooLarge(width: size.width, height: size.height, maxPixels: maxPixels)
        }
    }
}

/// Why a filter sheet was refused before it rendered.
public enum FilterSheetError: Error, Equatable, CustomStringConvertible {
    case frameTooLarge(width: Int, height: Int, maxPixels: Int)

    public var description: String {
        switch self {
        case let .frameTooLarge(width, height, maxPixels):
            "a \(width)x\(height) filter sheet is \(width * height) pixels; the filters render at most \(maxPixels) "
                + "(4096x4096, 64 MiB a frame)"
        }
    }
}
