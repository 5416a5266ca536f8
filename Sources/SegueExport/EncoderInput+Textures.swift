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
