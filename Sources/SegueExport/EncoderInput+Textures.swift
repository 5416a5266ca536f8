import SegueColor
import SegueEffects
import SegueGL

extension EncoderInput {
    /// Whether frames reach the encoder through the output stage (planes): then a frame already
    /// on the GPU is handed over as its texture (`write(converted:into:)`), not read back first.
    package var convertsTextures: Bool { planes != nil }

    /// The frame in `texture` (RGBA8, premultiplied, the frame's size, top row first: a clip's
    /// frame as its input stage converted it) converted by the output stage into `buffer`. The
    /// same planes `write(decoded:into:)` makes of the same pixels read back, without the
    /// read-back and the upload of them (two copies of 8.3 MB a 1080p frame).
    package func write(converted texture: Texture, into buffer: UnsafeMutableRawBufferPointer) throws {
        guard let planes else { throw GLError.invalidPixelData(expectedBytes: frameBytes, actualBytes: 0) }
        try planes.convert(texture: texture.name, into: buffer)
    }
}

extension EncoderInput {
    /// Whether a clip's decoded planes of `layout` in `color` are in exactly the format the output
    /// stage writes — 4:2:0 of the frame's size, its bit depth, no alpha, the same matrix and
    /// range, an SDR signal on both sides — so a transition that mixes two such clips can be
    /// computed on their codes (`PlaneBlendTransition`) and its result is already the encoder's
    /// planes. Primaries and an SDR transfer are not compared: the input stage converts an SDR
    /// clip's codes with its matrix and range alone (only HLG and PQ are converted, to SDR), and the
    /// output stage converts back with its own, so the R'G'B' passes give the same codes whatever
    /// the tags say. An untagged SD clip (BT.601 primaries by the size rule) in an untagged output,
    /// or an HLG clip in an HLG output (handed over as SDR of its matrix, `EditPlan.inputColor`), blends in its planes.
    package func blendsPlanes(_ layout: PlaneLayout, color: ColorDescription) -> Bool {
        guard let planes, layout.bitDepth == planes.bitDepth, !layout.hasAlpha, layout.chromaShift == (1, 1),
              layout.width == width, layout.height == height, layout.frameBytes == frameBytes else { return false }
        let output = planes.color
        return color.matrix == output.matrix && color.range == output.range && !color.isHDR && !output.isHDR
    }

    /// A still's frame as this input writes it to the encoder (`encoded`: `frameBytes` of the output
    /// stage's planes) uploaded into plane textures once, for a transition computed in the
    /// encoder's planes to read as one of its sides (`planeBlendSide`); nil without an output stage.
    /// The caller releases it.
    package func stillPlanes(_ encoded: UnsafeRawBufferPointer) throws -> YCbCrInputStage? {
        guard let planes, encoded.count == frameBytes else { return nil }
        let layout = PlaneLayout(width: width, height: height, chromaShift: (1, 1), bitDepth: planes.bitDepth, hasAlpha: false)
        let stage = try YCbCrInputStage(device: device, layout: layout, color: planes.color)
        do { try stage.upload(encoded) } catch {
            stage.release()
            throw error
        }
        return stage
    }

    /// `transition`'s frame, drawn by it into the output stage's plane targets, into `buffer` of
    /// `frameBytes`.
    package func write(planeBlend transition: PlaneBlendTransition, into buffer: UnsafeMutableRawBufferPointer) throws {
        guard let planes else { throw GLError.invalidPixelData(expectedBytes: frameBytes, actualBytes: 0) }
        try planes.convert(planeBlend: transition, into: buffer)
    }
}
