import Foundation
import SegueEffects
import SegueExport

/// A transition computed in the encoder's planes (`PlaneBlendTransition`) and how its two sides
/// move on each frame: a clip's decoded planes uploaded as they are, a still's frame — as the
/// encoder takes it, converted once — uploaded once for the whole transition.
final class PlaneBlendPass {
    let transition: PlaneBlendTransition
    /// The stills' planes, owned here and released with the pass.
    private let stillPlanes: [YCbCrInputStage]
    private let fromIsStill: Bool
    private let toIsStill: Bool

    init(transition: PlaneBlendTransition, stillPlanes: [YCbCrInputStage], fromIsStill: Bool, toIsStill: Bool) {
        (self.transition, self.stillPlanes, self.fromIsStill, self.toIsStill) = (transition, stillPlanes, fromIsStill, toIsStill)
    }

    /// Both sides' next frame into the planes the transition reads.
    func advance(from: TimelineItemReader, to: TimelineItemReader) throws {
        if fromIsStill { from.skipStillFrame() } else { try from.readUploaded() }
        if toIsStill { to.skipStillFrame() } else { try to.readUploaded() }
    }

    func release() { stillPlanes.forEach { $0.release() } }
}

extension TimelineRenderer {
    /// `effect` computed in the encoder's planes: two passes a changed frame from both sides'
    /// planes straight into the output stage's plane targets, no R'G'B' between. Each side is a
    /// clip already in the output's format (`EncoderInput.blendsPlanes`) or a still (a picture, a
    /// title, a frozen frame) in the encoder's layout, as its untouched frames are sent. Nil where
    /// the result would differ from the R'G'B' passes' beyond their rounding: another side, a blend
    /// in linear light, a transition that is not a mix of its sides, an item's own text drawn on a
    /// side during the transition. The edit's text over a frame is checked per frame.
    /// `SEGUE_TRANSITION_PLANES=0` in the environment keeps the R'G'B' passes: the peer that
    /// docs/Benchmarks.md measures this path against, in the same build.
    func planeBlendPass(
        _ effect: any TransitionEffect, from: TimelineItemReader, to: TimelineItemReader, item: Int, frames: Int
    ) throws -> PlaneBlendPass? {
        guard ProcessInfo.processInfo.environment["SEGUE_TRANSITION_PLANES"] != "0", input.convertsTextures,
              let effect = effect as? GLTransitionEffect, plan.blendSpace == .srgb, PlaneBlendTransition.blends(effect.source),
              isPlaneBlendSide(from), isPlaneBlendSide(to) else { return nil }
        if let text {
            let fromStart = plan.items[item].frames - frames
            for k in 0..<frames where !text.showing(.item(item), at: fromStart + k).isEmpty || !text.showing(.item(item + 1), at: k).isEmpty {
                return nil
            }
        }
        var stills: [YCbCrInputStage] = []
        do {
            func side(_ reader: TimelineItemReader) throws -> PlaneBlendSide? {
                guard let still = reader.still else { return reader.planeBlendSide }
                guard let planes = try input.stillPlanes(try encoded(still).bytes) else { return nil }
                stills.append(planes)
                return planes.planeBlendSide
            }
            guard let fromSide = try side(from), let toSide = try side(to),
                  let transition = try effect.planeBlend(from: fromSide, to: toSide) else {
                stills.forEach { $0.release() }
                return nil
            }
            return PlaneBlendPass(transition: transition, stillPlanes: stills, fromIsStill: from.isStill, toIsStill: to.isStill)
        } catch {
            stills.forEach { $0.release() }
            throw error
        }
    }

    /// A clip whose decoded planes are the output's format, or an opaque still (a mix of two
    /// pictures over black is the picture over black of their mix only where both are opaque).
    private func isPlaneBlendSide(_ reader: TimelineItemReader) -> Bool {
        if let still = reader.still { return Self.isOpaque(still) }
        guard let planes = reader.planes else { return false }
        return input.blendsPlanes(planes.layout, color: planes.color)
    }

    /// Every pixel's alpha is 1 (the still is RGBA8, premultiplied).
    static func isOpaque(_ still: StillFrame) -> Bool {
        let bytes = still.bytes
        var index = 3
        while index < bytes.count {
            if bytes[index] != 255 { return false }
            index += 4
        }
        return true
    }
}
