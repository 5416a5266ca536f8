import SegueColor
import SegueEffects
import SegueGL
import SegueShaders

/// The output stage of the media pipeline (docs/MediaPipeline.md): a blend-space frame (a
/// texture of premultiplied R'G'B', the picture over black for an opaque output) converted on
/// the GPU into the encoder's planar Y'CbCr — 4:2:0, BT.709 and limited range unless told
/// otherwise, chroma sited left as ffmpeg's default and filtered as zscale's bilinear —
/// quantised with a `Dither`, and only those planes read back: `yuv420p` (1.5 bytes a pixel)
/// or `yuv420p10le` (3 bytes a pixel), in the layout ffmpeg's rawvideo demuxer reads (Y, then
/// Cb, then Cr, rows packed).
///
/// Each plane is drawn four samples to a texel (RGBA8, or RGBA16 for 10 bits) into a target a
/// quarter as wide and read back in that RGBA layout: on a software rasteriser (llvmpipe) a
/// quarter of the fragments and a read-back with no format conversion; a plane whose width is
/// not a multiple of four is read into scratch memory and its rows packed. Two passes a frame:
/// Y with a program of its own (no chroma filter in it: llvmpipe runs both sides of a branch),
/// then Cb and Cr together into two targets at once (`TargetPair`), filtering the frame once.
///
/// The matrix and range come from `YCbCrConversion`, the thresholds from `Dither`; one owner
/// releases it on the GL thread.
public final class YCbCrOutput {
    public let width: Int
    public let height: Int
    /// 8 (`yuv420p`) or 10 (`yuv420p10le`).
    public let bitDepth: Int
    public let dither: Dither
    public let color: ColorDescription
    private let device: GLDevice
    private let lumaProgram: ShaderProgram
    private let chromaProgram: ShaderProgram
    private let planes: [FormattedTarget]
    /// The Cb and Cr targets as one framebuffer, drawn by one pass.
    private let chromaPair: TargetPair
    /// Each plane's width and height in samples (its target is a quarter as wide, rounded up).
    private let planeSizes: [(width: Int, height: Int)]
    private var scratch: [UInt8] = []
    /// Per plane: code = dot(rgb, xyz) + w.
    private let coefficients: [[Float]]
    private var upload: Texture?
    private let lumaLocations: OutputLocations
    private let chromaLocations: OutputLocations
    private let coefficientsCrLocation: Int32
    /// The dither's thresholds as the programs take them.
    private let thresholds: [Float]

    private var bytesPerSample: Int { bitDepth == 8 ? 1 : 2 }
    /// The planes' bytes: what one frame takes in the encoder's pipe.
    public var frameBytes: Int { planeSizes.reduce(0) { $0 + $1.width * $1.height } * bytesPerSample }
    /// ffmpeg's name of the planes' layout (`-pix_fmt` of the raw input).
    public var pixelFormat: String { bitDepth == 8 ? "yuv420p" : "yuv420p10le" }

    public init(
        device: GLDevice, width: Int, height: Int, bitDepth: Int = 8, dither: Dither = .ordered,
        color: ColorDescription = .bt709Video
    ) throws {
        guard bitDepth == 8 || bitDepth == 10 else { throw ExportError.bitDepthUnsupported(bitDepth, format: nil) }
        guard let conversion = YCbCrConversion(matrix: color.matrix, range: color.range, bitDepth: bitDepth) else {
            throw ExportError.outputMatrixUnsupported(color.description)
        }
        (self.device, self.width, self.height, self.bitDepth, self.dither) = (device, width, height, bitDepth, dither)
        self.color = color
        thresholds = dither.thresholds.map(Float.init)
        // The forward map is affine: its offset is black's codes, its columns the primaries' codes less that.
        let black = conversion.codes(red: 0, green: 0, blue: 0)
        let columns = [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)].map { conversion.codes(red: $0.0, green: $0.1, blue: $0.2) }
        coefficients = [
            columns.map { Float($0.y - black.y) } + [Float(black.y)],
            columns.map { Float($0.cb - black.cb) } + [Float(black.cb)],
            columns.map { Float($0.cr - black.cr) } + [Float(black.cr)],
        ]
        lumaProgram = try device.cachedProgram(key: "segue.ycbcr-output.luma") { () throws(GLError) in
            try device.makeFullscreenProgram(fragmentBody: ShaderLibrary.ycbcrOutput)
        }
        chromaProgram = try device.cachedProgram(key: "segue.ycbcr-output.chroma") { () throws(GLError) in
            try device.makeFullscreenProgram(fragmentBody: "#define SEGUE_CHROMA 1\n" + ShaderLibrary.ycbcrOutput)
        }
        (lumaLocations, chromaLocations) = (OutputLocations(lumaProgram), OutputLocations(chromaProgram))
        coefficientsCrLocation = chromaProgram.uniformLocation("coefficientsCr")
        let format: TargetFormat = bitDepth == 8 ? .rgba8 : .rgba16
        let (chromaWidth, chromaHeight) = ((width + 1) / 2, (height + 1) / 2)
        planeSizes = [(width, height), (chromaWidth, chromaHeight), (chromaWidth, chromaHeight)]
        var made: [FormattedTarget] = []
        do {
            for size in planeSizes {
                made.append(try device.makeTarget(width: (size.width + 3) / 4, height: size.height, format: format))
            }
            chromaPair = try TargetPair(device: device, first: made[1], second: made[2])
        } catch {
            made.forEach { $0.release() }
            throw error
        }
        planes = made
    }

    /// Converts the frame in `texture` (a texture name of `width` × `height`, top row first)
    /// into `buffer`, which must hold `frameBytes`.
    public func convert(texture: TextureName, into buffer: UnsafeMutableRawBufferPointer) throws {
        guard buffer.count >= frameBytes else {
            throw GLError.invalidPixelData(expectedBytes: frameBytes, actualBytes: buffer.count)
        }
        GL.disable(GL.blend)
        GL.activeTexture(unit: 0)
        GL.bindTexture(texture)
        lumaProgram.use()
        setCommon(lumaLocations, coefficients: coefficients[0], planeWidth: planeSizes[0].width)
        device.bind(planes[0])
        device.drawFullscreen()
        chromaProgram.use()
        setCommon(chromaLocations, coefficients: coefficients[1], planeWidth: planeSizes[1].width)
        let cr = coefficients[2]
        GL.uniform4f(coefficientsCrLocation, cr[0], cr[1], cr[2], cr[3])
        device.bind(chromaPair)
        device.drawFullscreen()
        try readPlanes(into: buffer)
    }

    /// The planes drawn by `transition` itself (a transition evaluated in the encoder's planes,
    /// its sides already in this output's format): its Y pass into the Y target, its Cb + Cr pass
    /// into the pair, quantised as `convert(texture:into:)` quantises, then read back into `buffer`.
    package func convert(planeBlend transition: PlaneBlendTransition, into buffer: UnsafeMutableRawBufferPointer) throws {
        guard buffer.count >= frameBytes else {
            throw GLError.invalidPixelData(expectedBytes: frameBytes, actualBytes: buffer.count)
        }
        GL.disable(GL.blend)
        let quantisation = PlaneQuantisation(maxCode: Float((1 << bitDepth) - 1), storageScale: bitDepth == 8 ? 1 / 255 : 1 / 65535,
                                             thresholds: thresholds)
        device.bind(planes[0])
        try transition.draw(chroma: false, planeWidth: planeSizes[0].width, frameWidth: width, frameHeight: height,
                            quantisation: quantisation, device: device)
        device.bind(chromaPair)
        try transition.draw(chroma: true, planeWidth: planeSizes[1].width, frameWidth: width, frameHeight: height,
                            quantisation: quantisation, device: device)
        try readPlanes(into: buffer)
    }

    /// The three planes' samples, rows packed, one after another (Y, Cb, Cr).
    private func readPlanes(into buffer: UnsafeMutableRawBufferPointer) throws {
        var offset = 0
        for (index, plane) in planes.enumerated() {
            let bytes = planeSizes[index].width * planeSizes[index].height * bytesPerSample
            try read(plane, samplesWide: planeSizes[index].width, into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + bytes)]))
            offset += bytes
        }
    }

    /// The uniforms both programs share, for the bound one.
    private func setCommon(_ locations: OutputLocations, coefficients c: [Float], planeWidth: Int) {
        GL.uniform1i(locations.source, 0)
        GL.uniform1f(locations.maxCode, Float((1 << bitDepth) - 1))
        GL.uniform1f(locations.scale, bitDepth == 8 ? 1 / 255 : 1 / 65535)
        GL.uniformFloats(locations.thresholds, thresholds)
        GL.uniform1i(locations.planeWidth, Int32(planeWidth))
        GL.uniform4f(locations.coefficients, c[0], c[1], c[2], c[3])
    }

    /// A plane's samples, rows packed: straight into `buffer` when its target's rows are exactly
    /// the plane's (a width that is a multiple of four), else through scratch memory.
    private func read(_ plane: FormattedTarget, samplesWide: Int, into buffer: UnsafeMutableRawBufferPointer) throws {
        let row = samplesWide * bytesPerSample, paddedRow = plane.width * plane.format.bytesPerTexel
        if row == paddedRow { return try plane.readPixels(into: buffer) }
        if scratch.count < plane.byteCount { scratch = [UInt8](repeating: 0, count: plane.byteCount) }
        try scratch.withUnsafeMutableBytes { padded in
            try plane.readPixels(into: padded)
            for y in 0..<plane.height {
                buffer.baseAddress!.advanced(by: y * row).copyMemory(from: padded.baseAddress!.advanced(by: y * paddedRow), byteCount: row)
            }
        }
    }

    /// Converts an RGBA8 frame from memory (a decoded clip frame or a still picture that skips
    /// the effects): uploaded, then converted as a rendered frame is.
    public func convert(rgba: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer) throws {
        if upload == nil { upload = try device.makeTexture(width: width, height: height, pixels: nil) }
        guard let upload else { return }
        try upload.upload(pixels: rgba)
        try convert(texture: upload.name, into: buffer)
    }

    /// Releases the planes and the upload texture (the program is the device's, cached).
    public func release() {
        chromaPair.release()
        planes.forEach { $0.release() }
        upload?.release()
        upload = nil
    }
}

/// Where an output program's shared uniforms are, looked up once.
private struct OutputLocations {
    let source: Int32, coefficients: Int32, planeWidth: Int32, maxCode: Int32, scale: Int32, thresholds: Int32

    init(_ program: ShaderProgram) {
        (source, coefficients, planeWidth) = (program.uniformLocation("source"), program.uniformLocation("coefficients"),
                                              program.uniformLocation("planeWidth"))
        (maxCode, scale, thresholds) = (program.uniformLocation("maxCode"), program.uniformLocation("storageScale"),
                                        program.uniformLocation("thresholds"))
    }
}
