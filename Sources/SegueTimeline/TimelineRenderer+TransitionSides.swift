import SegueEffects
import SegueGL

/// One side of a transition as the effect reads it: the texture its frames go into, and whether
/// a still's one frame is there already.
struct TransitionSide {
    let reader: TimelineItemReader
    /// The item's index in the plan (its text is drawn on its own frames).
    let item: Int
    let texture: Texture
    /// A still's frame was uploaded with no text on it: later frames of it need no upload.
    var stillUploaded = false
}

extension TimelineRenderer {
    /// The side's next frame into its texture, the fewest copies each kind allows: a planar
    /// clip converted by its input stage straight into the texture the effect reads (no
    /// read-back, no upload); a still uploaded once per transition; anything else, and any
    /// frame with its item's text drawn on it (on the CPU), read as RGBA and uploaded. The
    /// texture's contents are the same in every case, so the frame is bit-identical to the
    /// read-back path's.
    func show(_ side: inout TransitionSide, local: Int, staging: UnsafeMutableRawBufferPointer) throws {
        let itemText = (text.map { !$0.showing(.item(side.item), at: local).isEmpty } ?? false)
        if !itemText, side.reader.convertedTexture === side.texture {
            return try side.reader.readConverted()
        }
        if !itemText, side.reader.isStill, side.stillUploaded {
            return side.reader.skipStillFrame()
        }
        try read(side.reader, item: side.item, local: local, into: staging)
        try side.texture.upload(pixels: UnsafeRawBufferPointer(staging))
        side.stillUploaded = side.reader.isStill && !itemText
    }
}

extension TimelineRenderer {
    /// `effect` fused with both sides' input stages (`GLTransitionEffect.fused`): a changed frame
    /// then takes one pass from the two clips' uploaded planes to the frame, with no converted
    /// RGBA8 picture of each side between (so 10-bit clips blend above 8 bits). Nil, and the
    /// sides converted first, where either side is not a clip that program converts, where an
    /// item's own text is drawn on a side during the transition (on its RGBA, on the CPU), or
    /// where the effect does not look its sides up at its own uv alone.
    func fusedEffect(
        _ effect: any TransitionEffect, from: TimelineItemReader, to: TimelineItemReader, item: Int, frames: Int
    ) throws -> GLTransitionEffect? {
        guard let effect = effect as? GLTransitionEffect, let fromPlanes = from.planarSide, let toPlanes = to.planarSide else { return nil }
        if let text {
            let fromStart = plan.items[item].frames - frames
            for k in 0..<frames where !text.showing(.item(item), at: fromStart + k).isEmpty || !text.showing(.item(item + 1), at: k).isEmpty {
                return nil
            }
        }
        return try effect.fused(from: fromPlanes, to: toPlanes)
    }

    /// Whether the edit's own text (titles over the whole edit) shows over frame `frame`.
    func editTextShows(at frame: Int) -> Bool {
        guard let text else { return false }
        return !text.showing(.edit, at: frame).isEmpty
    }
}
