import SegueColor
import SegueEffects
import SegueGL
import SegueImage

/// A clip's frames as RGBA at the export's size, decoded as an edit decodes its clips: in the
/// clip's own Y'CbCr planes (`ClipDecoder` with `planar`) and converted on the GPU by
/// `YCbCrInputStage`, with its matrix and range and, for HLG and PQ, tone-mapped to SDR; not by
/// swscale's fast RGBA conversion. RGB clips are read as RGBA. Used on the GL thread; `close()`
/// stops the decoder and releases the stage.
final class ClipFrames {
    let decoder: ClipDecoder
    private var input: (stage: YCbCrInputStage, planes: UnsafeMutableRawBufferPointer)?

    init(path: String, tools: FFmpegTools, device: GLDevice, width: Int, height: Int, framesPerSecond: Int, fit: ResizeMode,
         toneMap: ToneMapOperator = .hable) throws {
        decoder = try ClipDecoder(
            path: path, tools: tools, width: width, height: height, framesPerSecond: framesPerSecond, fit: fit, planar: true)
        guard let layout = decoder.planes else { return }
        do {
            let stage = try YCbCrInputStage(device: device, layout: layout, color: decoder.info.color, toneMap: toneMap)
            input = (stage, .allocate(byteCount: layout.frameBytes, alignment: 64))
        } catch {
            decoder.close()
            throw error
        }
    }

    var path: String { decoder.path }
    var estimatedFrames: Int? { decoder.estimatedFrames }
    var framesRead: Int { decoder.framesRead }

    /// The next frame into `buffer` (width × height × 4 bytes, premultiplied RGBA); false at the clip's end.
    func readFrame(into buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
        guard let input else {
            // An RGB clip with alpha is read straight: premultiplied here, as the GPU stage does for planes.
            guard try decoder.readFrame(into: buffer) else { return false }
            if decoder.info.color.alpha != .opaque { PremultipliedAlpha.premultiply(buffer) }
            return true
        }
        guard try decoder.readFrame(into: input.planes) else { return false }
        try input.stage.convert(UnsafeRawBufferPointer(input.planes))
        try input.stage.target.readPixels(into: buffer)
        return true
    }

    func close() {
        decoder.close()
        if let input {
            input.stage.release()
            input.planes.deallocate()
        }
        input = nil
    }
}
