import SegueColor
import SegueEffects
import SegueGL
import SegueShaders

/// The layout of a decoded video frame as ffmpeg writes it on its pipe: planar Y'CbCr, 8-bit
/// or deeper samples (`yuv420p`, `yuv420p10le`, `yuva420p`, `yuv444p`…), planes one after another.
package struct PlaneLayout: Equatable {
    let width: Int
    let height: Int
    /// log2 of the chroma subsampling: (1, 1) for 4:2:0, (1, 0) for 4:2:2, (0, 0) for 4:4:4.
    let chromaShift: (x: Int, y: Int)
    /// Bits of each code (8, 10, 12 or 16); two bytes a sample above 8.
    let bitDepth: Int
    let hasAlpha: Bool

    var bytesPerSample: Int { bitDepth > 8 ? 2 : 1 }

    var chromaWidth: Int { (width + (1 << chromaShift.x) - 1) >> chromaShift.x }
    var chromaHeight: Int { (height + (1 << chromaShift.y) - 1) >> chromaShift.y }
    var lumaBytes: Int { width * height * bytesPerSample }
    var chromaBytes: Int { chromaWidth * chromaHeight * bytesPerSample }
    package var frameBytes: Int { lumaBytes * (hasAlpha ? 2 : 1) + 2 * chromaBytes }

    /// ffmpeg's name of the layout (`-pix_fmt`).
    var pixelFormat: String {
        let sampling = switch (chromaShift.x, chromaShift.y) {
        case (1, 1): "420"
        case (1, 0): "422"
        default: "444"
        }
        return (hasAlpha ? "yuva" : "yuv") + sampling + "p" + (bitDepth > 8 ? "\(bitDepth)le" : "")
    }

    /// The layout a clip is decoded in: its own chroma subsampling and bit depth (10 and 12 kept,
    /// others 8 or 16), and alpha when the clip has it or the fit pads.
    init(width: Int, height: Int, source: MediaInfo, alpha: Bool) {
        (self.width, self.height) = (width, height)
        let format = source.pixelFormat
        chromaShift = format.contains("444") ? (0, 0) : format.contains("422") ? (1, 0) : (1, 1)
        let depth = source.color.bitDepth
        bitDepth = depth <= 8 ? 8 : [10, 12, 16].first { $0 >= depth } ?? 16
        hasAlpha = alpha
    }

    init(width: Int, height: Int, chromaShift: (x: Int, y: Int), bitDepth: Int, hasAlpha: Bool) {
        (self.width, self.height, self.chromaShift, self.bitDepth, self.hasAlpha) = (width, height, chromaShift, bitDepth, hasAlpha)
    }

    package static func == (a: PlaneLayout, b: PlaneLayout) -> Bool {
        a.width == b.width && a.height == b.height && a.chromaShift == b.chromaShift
            && a.bitDepth == b.bitDepth && a.hasAlpha == b.hasAlpha
    }
}

/// The input stage on the GPU (docs/MediaPipeline.md): a frame's planes uploaded as normalised
/// textures and converted by one shader to a blend-space RGBA texture, with the clip's matrix
/// and range (`YCbCrConversion`) and, for HDR clips, the tone mapping and gamut mapping of
/// `VideoToSDR`. One stage per clip; its GPU objects are released by `release()` on the GL thread.
package final class YCbCrInputStage {
    package let layout: PlaneLayout
    package let color: ColorDescription
    let toneMap: ToneMapOperator
    let hlgReferenceWhite: HLGReferenceWhite
    /// The converted frame (premultiplied, top row first): RGBA8 for 8-bit planes, half floats
    /// for deeper ones, so a 10-bit clip (an HLG clip kept HLG) is blended and handed to the
    /// output stage above 8 bits (a half's 11-bit mantissa holds every 10-bit code).
    package let target: OffscreenTarget
    private let device: GLDevice
    private let planes: [PlaneTexture]
    private let program: ShaderProgram
    /// The clip's constants and where they go, worked out once: the program is shared by every
    /// stage of its kind, so each frame sets them again, but never looks a uniform up by name.
    private let uniforms: InputUniforms

    package init(
        device: GLDevice, layout: PlaneLayout, color: ColorDescription, toneMap: ToneMapOperator = .hable,
        hlgReferenceWhite: HLGReferenceWhite = .ffmpeg
    ) throws {
        (self.device, self.layout, self.color, self.toneMap, self.hlgReferenceWhite) = (device, layout, color, toneMap, hlgReferenceWhite)
        // SDR and HDR clips get programs of their own: the tone mapping is compiled only where it runs.
        let hdr = color.transfer == .pq || color.transfer == .hlg
        program = try device.cachedProgram(key: hdr ? "segue.ycbcrInput.hdr" : "segue.ycbcrInput") {
            () throws(GLError) -> ShaderProgram in
            try device.makeFullscreenProgram(fragmentBody: (hdr ? "#define SEGUE_HDR 1\n" : "") + ShaderLibrary.planeChroma + ShaderLibrary.ycbcrInput)
        }
        var made: [PlaneTexture] = []
        do {
            let sizes = [(layout.width, layout.height), (layout.chromaWidth, layout.chromaHeight), (layout.chromaWidth, layout.chromaHeight)]
                + (layout.hasAlpha ? [(layout.width, layout.height)] : [])
            for (w, h) in sizes { made.append(try device.makePlaneTexture(width: w, height: h, bytesPerSample: layout.bytesPerSample)) }
            target = try device.makeOffscreenTarget(width: layout.width, height: layout.height,
                                                    format: layout.bitDepth > 8 ? .rgba16f : .rgba8)
        } catch {
            made.forEach { $0.release() }
            throw error
        }
        planes = made
        uniforms = InputUniforms(program: program, layout: layout, color: color, toneMap: toneMap, hlgReferenceWhite: hlgReferenceWhite)
    }

    /// Uploads one frame (`layout.frameBytes`: Y, Cb, Cr, then A) and converts it into `target`.
    package func convert(_ frame: UnsafeRawBufferPointer) throws {
        try upload(frame)
        device.bind(target)
        program.use()
        for (unit, plane) in planes.enumerated() {
            GL.activeTexture(unit: unit)
            GL.bindTexture(plane.name)
        }
        uniforms.set(planeCount: planes.count)
        device.drawFullscreen()
        GL.activeTexture(unit: 0)
        try device.debugCheckError("YCbCr input")
    }

    /// Uploads one frame's planes only: a fused transition (`planarSide`) converts them where it reads them.
    package func upload(_ frame: UnsafeRawBufferPointer) throws {
        var offset = 0
        for plane in planes {
            try plane.upload(UnsafeRawBufferPointer(rebasing: frame[offset..<(offset + plane.byteCount)]))
            offset += plane.byteCount
        }
    }

    /// The planes and constants a fused transition converts this clip's pixels with, as this
    /// stage's program does; nil where the stage does more than a matrix and range (tone mapping
    /// an HDR signal, alpha), which only its own program does.
    package var planarSide: PlanarTransitionSide? {
        guard !layout.hasAlpha, color.transfer != .pq, color.transfer != .hlg,
              let conversion = YCbCrConversion(matrix: color.matrix == .rgb ? .bt709 : color.matrix, range: color.range,
                                               bitDepth: layout.bitDepth) else { return nil }
        let m = conversion.toRGB
        return PlanarTransitionSide(
            planes: planes.prefix(3).map(\.name), toRGB: (0..<9).map { Float(m[($0 % 3) * 3 + $0 / 3]) },
            offset: conversion.toRGBOffset.map(Float.init),
            scale: Float(layout.bytesPerSample == 1 ? 255 : 65535) / Float((1 << layout.bitDepth) - 1),
            chromaShift: (Int32(layout.chromaShift.x), Int32(layout.chromaShift.y)), width: layout.width, height: layout.height)
    }

    /// The planes as a transition evaluated in the encoder's planes reads them
    /// (`PlaneBlendTransition`): the codes as uploaded, unconverted; nil for a clip with alpha.
    /// Whether they are in the output's format is `EncoderInput.blendsPlanes`'s to say.
    package var planeBlendSide: PlaneBlendSide? {
        guard !layout.hasAlpha, planes.count >= 3 else { return nil }
        return PlaneBlendSide(planes: planes.prefix(3).map(\.name), codeScale: layout.bytesPerSample == 1 ? 255 : 65535,
                              width: layout.width, height: layout.height)
    }

    package func release() {
        planes.forEach { $0.release() }
        target.release()
    }
}

/// The input shader's uniforms for one clip: locations looked up once, values computed once from
/// SegueColor for the codes at the bit depth the decoder writes.
private struct InputUniforms {
    let planeLocations: [Int32]
    let toRGB: (location: Int32, columns: [Float])
    let toRGBOffset: (location: Int32, value: [Float])
    let maxCode: (location: Int32, value: Float)
    let codeScale: (location: Int32, value: Float)
    let chromaShift: (location: Int32, value: [Int32])
    let hasAlpha: (location: Int32, value: Int32)
    let transfer: (location: Int32, value: Int32)
    let gamut: (location: Int32, columns: [Float])
    let toneMap: (location: Int32, value: Int32)
    let peak: (location: Int32, value: Float)
    let hlgScale: (location: Int32, value: Float)
    let gain: (location: Int32, value: Float)

    init(
        program: ShaderProgram, layout: PlaneLayout, color: ColorDescription, toneMap operator: ToneMapOperator,
        hlgReferenceWhite: HLGReferenceWhite
    ) {
        func at(_ name: String) -> Int32 { program.uniformLocation(name) }
        // Row-major to GLSL's column-major.
        func columns(_ m: [Double]) -> [Float] { (0..<9).map { Float(m[($0 % 3) * 3 + $0 / 3]) } }
        let storedBits = layout.bitDepth
        let conversion = YCbCrConversion(matrix: color.matrix == .rgb ? .bt709 : color.matrix, range: color.range, bitDepth: storedBits)
        planeLocations = ["segue_planeY", "segue_planeCb", "segue_planeCr", "segue_planeA"].map(at)
        toRGB = (at("segue_toRGB"), columns(conversion?.toRGB ?? [1, 0, 0, 0, 1, 0, 0, 0, 1]))
        toRGBOffset = (at("segue_toRGBOffset"), (conversion?.toRGBOffset ?? [0, 0, 0]).map(Float.init))
        maxCode = (at("segue_maxCode"), Float((1 << storedBits) - 1))
        codeScale = (at("segue_codeScale"), layout.bytesPerSample == 1 ? 255 : 65535)
        chromaShift = (at("segue_chromaShift"), [Int32(layout.chromaShift.x), Int32(layout.chromaShift.y)])
        hasAlpha = (at("segue_hasAlpha"), layout.hasAlpha ? 1 : 0)
        let transferCode: Int32 = switch color.transfer {
        case .pq: 1
        case .hlg: 2
        default: 0
        }
        transfer = (at("segue_transfer"), transferCode)
        gamut = (at("segue_gamut"), columns(GamutConversion(from: color.primaries, to: .bt709).matrix))
        toneMap = (at("segue_toneMap"), Int32(ToneMapOperator.allCases.firstIndex(of: `operator`) ?? 0))
        // HLG's reference white where `hlgReferenceWhite` puts it (VideoToSDR's arithmetic); PQ as ffmpeg's.
        let reference: HLGReferenceWhite = color.transfer == .hlg ? hlgReferenceWhite : .ffmpeg
        peak = (at("segue_peak"), Float(reference.peak))
        hlgScale = (at("segue_hlgScale"), Float(HLG.displayPeak / 100 * reference.lightScale))
        gain = (at("segue_gain"), Float(reference.gain(`operator`)))
    }

    /// Sets every uniform of the bound program: the plane samplers on units 0... (a missing
    /// alpha plane reads the last one) and the clip's constants.
    func set(planeCount: Int) {
        for (unit, location) in planeLocations.enumerated() { GL.uniform1i(location, Int32(min(unit, planeCount - 1))) }
        GL.uniformMatrix(toRGB.location, dimension: 3, toRGB.columns)
        GL.uniform3f(toRGBOffset.location, toRGBOffset.value[0], toRGBOffset.value[1], toRGBOffset.value[2])
        GL.uniform1f(maxCode.location, maxCode.value)
        GL.uniform1f(codeScale.location, codeScale.value)
        GL.uniformInts(chromaShift.location, chromaShift.value)
        GL.uniform1i(hasAlpha.location, hasAlpha.value)
        GL.uniform1i(transfer.location, transfer.value)
        GL.uniformMatrix(gamut.location, dimension: 3, gamut.columns)
        GL.uniform1i(toneMap.location, toneMap.value)
        GL.uniform1f(peak.location, peak.value)
        GL.uniform1f(hlgScale.location, hlgScale.value)
        GL.uniform1f(gain.location, gain.value)
    }
}
