import SegueColor
import SegueGL
import SegueImage

/// What an export pipes to its encoder and how each frame gets there: the output stage's
/// Y'CbCr planes (`YCbCrOutput`), or RGBA8 as read back (GIF, PNG frames and the `swscale`
/// reference). Rendered frames are drawn into `makeTarget()`'s target: half floats when the
/// output stage quantises them (with its dither), RGBA8 otherwise. Decoded frames (RGBA8 from a
/// clip's decoder or a still picture) that skip the effects are uploaded and converted by the
/// same stage, so every frame of a file is converted alike. One owner, on the GL thread.
///
/// Frames are premultiplied until here. RGBA leaves with straight alpha (un-premultiplied
/// here, once) for the formats that store alpha, or over black (alpha 1, the colour as it is)
/// for those that do not; the planes are the picture over black by construction.
package final class EncoderInput {
    /// What the RGBA read back becomes.
    enum RGBAAlpha {
        /// Straight alpha: PNG frames, `--alpha` outputs.
        case straight
        /// Opaque, the premultiplied colour as it is: the picture over black.
        case overBlack
    }

    let width: Int
    let height: Int
    let device: GLDevice
    let planes: YCbCrOutput?
    private let rgbaAlpha: RGBAAlpha
    private var staging: UnsafeMutableRawBufferPointer?

    /// Bytes of one frame in the encoder's pipe.
    package var frameBytes: Int { planes?.frameBytes ?? width * height * 4 }

    /// Planes when `settings` use the output stage, RGBA otherwise.
    init(device: GLDevice, settings: ExportSettings) throws {
        (self.device, width, height) = (device, settings.width, settings.height)
        planes = settings.usesOutputStage
            ? try YCbCrOutput(device: device, width: width, height: height, bitDepth: settings.bitDepth, dither: settings.dither,
                              color: settings.outputColor)
            : nil
        rgbaAlpha = settings.alpha ? .straight : .overBlack
    }

    /// RGBA frames of this size, with straight alpha (PNG frames).
    package init(rgbaFor device: GLDevice, width: Int, height: Int) {
        (self.device, self.width, self.height, planes, rgbaAlpha) = (device, width, height, nil, .straight)
    }

    deinit { staging?.deallocate() }

    /// The output stage for `settings` and a pipeline into `encoder` sized for its frames. When
    /// the stage cannot be made the encoder is stopped; the caller releases the stage.
    package static func pipeline(into encoder: FFmpegProcess, device: GLDevice, settings: ExportSettings) throws -> (EncoderInput, FramePipeline) {
        let input: EncoderInput
        do { input = try EncoderInput(device: device, settings: settings) } catch {
            encoder.stop()
            throw error
        }
        return (input, FramePipeline(encoder: encoder, frameBytes: input.frameBytes, depth: settings.pipelineDepth))
    }

    /// A target for the effects to draw a frame into.
    package func makeTarget() throws -> FormattedTarget {
        try device.makeTarget(width: width, height: height, format: planes == nil ? .rgba8 : .rgba16f)
    }

    /// The frame drawn into `target` (from `makeTarget`), into `buffer` of `frameBytes`.
    package func write(rendered target: FormattedTarget, into buffer: UnsafeMutableRawBufferPointer) throws {
        // Offscreen targets hold the picture top row first, as the encoder reads it.
        if let planes { return try planes.convert(texture: target.textureName, into: buffer) }
        try target.readPixels(into: buffer)
        finishRGBA(buffer)
    }

    /// The RGBA frame in `buffer`, premultiplied, made what the encoder stores.
    private func finishRGBA(_ buffer: UnsafeMutableRawBufferPointer) {
        let frame = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<(width * height * 4)])
        switch rgbaAlpha {
        case .straight: PremultipliedAlpha.unpremultiply(frame)
        case .overBlack: PremultipliedAlpha.flattenOverBlack(frame)
        }
    }

    /// A frame that `fill` writes as RGBA8, into `buffer` of `frameBytes`; false (nothing
    /// written) when `fill` says there was no frame.
    @discardableResult
    package func write(decoded fill: (UnsafeMutableRawBufferPointer) throws -> Bool, into buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
        guard let planes else {
            guard try fill(buffer) else { return false }
            finishRGBA(buffer)
            return true
        }
        if staging == nil { staging = .allocate(byteCount: width * height * 4, alignment: 64) }
        guard let staging, try fill(staging) else { return false }
        try planes.convert(rgba: UnsafeRawBufferPointer(staging), into: buffer)
        return true
    }

    /// Whether decoded planes of `layout` in `color` are already what the output stage would
    /// make of them: 4:2:0 of the frame's size at the output's bit depth (8-bit `yuv420p`, or
    /// 10-bit `yuv420p10le`, the encoder's own pipe format), no alpha, the output's matrix and
    /// range, SDR (the input stage keeps an SDR transfer as it is; an HLG or PQ clip kept as such
    /// reaches it as SDR of its matrix). Such a clip's untouched frames go to the encoder as
    /// decoded: no GPU round trip, no second chroma filtering (4:2:0 → RGB → 4:2:0) of what the
    /// camera recorded, and no clamping of codes outside the R'G'B' cube.
    package func takesPlanes(_ layout: PlaneLayout, color: ColorDescription) -> Bool {
        guard let planes, layout.bitDepth == planes.bitDepth, !layout.hasAlpha, rgbaAlpha == .overBlack,
              layout.chromaShift == (1, 1), layout.width == width, layout.height == height, layout.frameBytes == frameBytes else { return false }
        return color.matrix == planes.color.matrix && color.range == planes.color.range && !color.isHDR
    }

    package func release() { planes?.release() }
}
