import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueGL
import SegueImage

/// The frames of one item, in order, at the edit's size: a picture fitted once on the CPU, or a
/// clip decoded by ffmpeg from its `from` point, in its own Y'CbCr, and converted on the GPU
/// (`YCbCrInputStage`: its matrix and range, HDR tone-mapped) to RGBA.
final class TimelineItemReader {
    let frames: Int
    let place: String
    /// A picture's (or a freeze item's) one frame, fitted and converted once.
    let still: StillFrame?
    /// A Ken Burns picture's moving window.
    private let kenBurns: KenBurnsFrames?
    /// The clip's decoder, read ahead on a thread of its own.
    private let clip: ClipReadAhead?
    /// A planar clip's GPU conversion and the buffer its planes are read into.
    private var input: (stage: YCbCrInputStage, planes: UnsafeMutableRawBufferPointer)?
    private var delivered = 0
    /// The clip's newest frame near its end, held to repeat when the decoder stops one frame
    /// short of the planned count (containers often round their duration up).
    private var lastFrame: [UInt8] = []
    /// The same for frames read as planes (`readPlanes`).
    private var lastPlanes: [UInt8] = []

    /// Frames the clip's decoder was started past (`skipping`): `pass` counts them off unread.
    private var skipped = 0

    var isStill: Bool { still != nil }

    /// `skipping` frames of a clip are seeked past (its decoder starts that much later) and
    /// then passed over by `pass` without decoding. `needing` (all when nil) is how many frames
    /// from there a render will read: the decoder stops after them rather than decoding ahead
    /// into frames no one reads (a smart render's segment ends a group of pictures into a clip).
    init(_ item: EditPlan.Item, plan: EditPlan, tools: FFmpegTools, device: GLDevice, stills: StillCache, skipping: Int = 0,
         needing: Int? = nil) throws {
        frames = item.frames
        place = item.place
        switch item.source {
        case let .picture(path):
            if item.motion == nil {
                // A still picture is fitted once per file for every item that shows it (`StillCache`).
                still = try stills.still(for: path) { try Self.pictureFrames(item, path: path, plan: plan).0! }
                kenBurns = nil
            } else {
                (still, kenBurns) = try Self.pictureFrames(item, path: path, plan: plan)
            }
            clip = nil
            input = nil
        case let .clip(path, start, _, _) where item.timing.freeze:
            (still, kenBurns) = (try Self.frozenFrame(path: path, start: start, plan: plan, tools: tools, device: device), nil)
            clip = nil
            input = nil
        case let .clip(path, start, _, _):
            (still, kenBurns) = (nil, nil)
            skipped = min(max(0, skipping), item.frames - 1)
            let decoder = try ClipDecoder(
                path: path, tools: tools, width: plan.width, height: plan.height, frameRate: plan.frameRate,
                fit: plan.resize, start: start + plan.frameRate.seconds(skipped), frameLimit: max(1, min(item.frames - skipped, needing ?? .max)),
                planar: true, timing: item.timing, span: item.timing.isPlain ? nil : item.timing.sourceSeconds(frames: item.frames, rate: plan.frameRate),
                backdrop: plan.blurredBackdrop)
            if let layout = decoder.planes {
                do {
                    let stage = try YCbCrInputStage(
                        device: device, layout: layout, color: plan.inputColor(decoder.info.color), toneMap: plan.toneMap,
                        hlgReferenceWhite: plan.hlgReferenceWhite)
                    input = (stage, .allocate(byteCount: layout.frameBytes, alignment: 64))
                } catch {
                    decoder.close()
                    throw error
                }
            } else {
                input = nil
            }
            clip = ClipReadAhead(decoder, frameBytes: decoder.planes?.frameBytes ?? plan.width * plan.height * 4)
        case let .title(background):
            still = StillFrame(try background.render(width: plan.width, height: plan.height, resize: plan.resize).premultipliedAlpha().pixels)
            kenBurns = nil
            clip = nil
            input = nil
        }
    }

    /// The next frame into `buffer` (frame size × 4 bytes).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws {
        defer { delivered += 1 }
        if let still {
            buffer.copyMemory(from: still.bytes)
            return
        }
        if let kenBurns { return kenBurns.render(delivered, into: buffer) }
        guard let clip else { return }
        if try readClipFrame(clip, into: buffer) {
            if delivered >= frames - 2 { lastFrame = Array(UnsafeRawBufferPointer(buffer)) }
            return
        }
        guard delivered == frames - 1, lastFrame.count == buffer.count else {
            throw ExportError.clipTooShort(path: clip.decoder.path, frames: clip.decoder.framesRead, needed: frames)
        }
        lastFrame.withUnsafeBytes { buffer.copyMemory(from: $0) }
    }

    /// A planar clip's decoded layout and colour: what `readPlanes` gives (nil for other items).
    var planes: (layout: PlaneLayout, color: ColorDescription)? { input.map { ($0.stage.layout, $0.stage.color) } }

    /// The next frame's planes as the decoder wrote them, into `buffer` (`planes.layout.frameBytes`):
    /// an untouched frame whose planes the encoder takes as they are (`EncoderInput.takesPlanes`).
    func readPlanes(into buffer: UnsafeMutableRawBufferPointer) throws {
        defer { delivered += 1 }
        guard let clip else { return }
        if try clip.readFrame(into: buffer) {
            if delivered >= frames - 2 { lastPlanes = Array(UnsafeRawBufferPointer(buffer)) }
            return
        }
        guard delivered == frames - 1, lastPlanes.count == buffer.count else {
            throw ExportError.clipTooShort(path: clip.decoder.path, frames: clip.decoder.framesRead, needed: frames)
        }
        lastPlanes.withUnsafeBytes { buffer.copyMemory(from: $0) }
    }

    /// A clip's next frame as RGBA: straight from the decoder, or its planes through the GPU.
    private func readClipFrame(_ clip: ClipReadAhead, into buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
        guard let input else { return try clip.readFrame(into: buffer) }
        guard try clip.readFrame(into: input.planes) else { return false }
        // Kept as `readPlanes` keeps them, so a later `readConverted` can repeat the last frame.
        if delivered >= frames - 2 { lastPlanes = Array(UnsafeRawBufferPointer(input.planes)) }
        try input.stage.convert(UnsafeRawBufferPointer(input.planes))
        try input.stage.target.readPixels(into: buffer)
        return true
    }

    /// The texture a planar clip's frames are converted into (its input stage's target); nil
    /// for other items, which `read(into:)` gives as RGBA to upload.
    var convertedTexture: Texture? { input?.stage.target.texture }

    /// The next frame converted on the GPU into `convertedTexture`, where an effect reads it:
    /// no read-back and no upload of RGBA (a transition's frame used to read each side's
    /// converted frame back and upload it again into a texture of the same contents).
    func readConverted() throws {
        guard let input, try readStagePlanes() else { return }
        try input.stage.convert(UnsafeRawBufferPointer(input.planes))
    }

    /// The next frame's planes into the input stage's buffer (the last one again past the
    /// clip's end, as `readPlanes` gives it); false for items with no input stage.
    private func readStagePlanes() throws -> Bool {
        guard let clip, let input else { return false }
        defer { delivered += 1 }
        if try clip.readFrame(into: input.planes) {
            if delivered >= frames - 2 { lastPlanes = Array(UnsafeRawBufferPointer(input.planes)) }
        } else {
            guard delivered == frames - 1, lastPlanes.count == input.planes.count else {
                throw ExportError.clipTooShort(path: clip.decoder.path, frames: clip.decoder.framesRead, needed: frames)
            }
            lastPlanes.withUnsafeBytes { input.planes.copyMemory(from: $0) }
        }
        return true
    }

    /// The next frame's planes uploaded and left unconverted, for a fused transition that reads
    /// them through `planarSide` (the decoder moves on as `readConverted` moves it).
    func readUploaded() throws {
        guard let input, try readStagePlanes() else { return }
        try input.stage.upload(UnsafeRawBufferPointer(input.planes))
    }

    /// A planar clip's planes as a fused transition reads them; nil for other items and for
    /// clips only their input stage's own program converts (HDR tone mapping, alpha).
    var planarSide: PlanarTransitionSide? { input?.stage.planarSide }

    /// A planar clip's planes as a transition computed in the encoder's planes reads them (their
    /// codes as decoded, moved on by `readUploaded`); nil for other items.
    var planeBlendSide: PlaneBlendSide? { input?.stage.planeBlendSide }

    /// Moves past the next frame of a still, whose one frame a caller already holds.
    func skipStillFrame() {
        delivered += 1
    }

    /// Moves past the next frame: one seeked past is only counted, any other is read into
    /// `scratch` (a clip's decoder must move on).
    func pass(scratch: UnsafeMutableRawBufferPointer) throws {
        guard skipped > 0 || kenBurns != nil else { return try read(into: scratch) }
        guard skipped > 0 else { return delivered += 1 }
        skipped -= 1
        delivered += 1
    }

    /// Stops the decoder and releases the GPU stage (on the GL thread, as every reader is used).
    func close() {
        clip?.close()
        if let input {
            input.stage.release()
            input.planes.deallocate()
        }
        input = nil
    }

    deinit { clip?.close() }
}

/// Pictures fitted to the frame on the CPU, as ffmpeg fits clips (`ClipDecoder.fitFilters`):
/// their untouched frames then go to the encoder with no GPU round trip.
enum FittedPicture {
    /// The size a `width` x `height` picture is scaled to before any crop: the least a decoder
    /// must give for the fit to lose nothing.
    static func neededSize(width: Int, height: Int, mode: ResizeMode, frameWidth: Int, frameHeight: Int) -> (width: Int, height: Int) {
        mode.neededSize(width: width, height: height, frameWidth: frameWidth, frameHeight: frameHeight)
    }

    static func fit(_ picture: RGBAImage, mode: ResizeMode, width: Int, height: Int) throws -> RGBAImage {
        switch mode {
        case .cover:
            return try picture.scaledToCover(width: width, height: height)
        case .stretch:
            return try picture.scaled(toWidth: width, height: height)
        case .contain:
            let scale = min(Double(width) / Double(picture.width), Double(height) / Double(picture.height))
            let innerWidth = max(1, min(width, Int((Double(picture.width) * scale).rounded())))
            let innerHeight = max(1, min(height, Int((Double(picture.height) * scale).rounded())))
            let inner = try picture.scaled(toWidth: innerWidth, height: innerHeight)
            // Transparent black bars, as contain gives everywhere else.
            var canvas = try RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 0, 0))
            let (left, top) = ((width - innerWidth) / 2, (height - innerHeight) / 2)
            for y in 0..<innerHeight {
                let source = y * innerWidth * 4
                let target = ((top + y) * width + left) * 4
                canvas.pixels.replaceSubrange(target..<(target + innerWidth * 4), with: inner.pixels[source..<(source + innerWidth * 4)])
            }
            return canvas
        }
    }
}
