import Foundation
import SegueEffects
import SegueExport
import SegueGL

/// Plays an `EditPlan` frame by frame into a sink. Untouched spans go from the item's reader
/// (ffmpeg's decoder, or a fitted picture) into the sink's buffer through no effect: as they
/// are for RGBA, uploaded and converted by the output stage for an encoder's planes
/// (`EncoderInput`); a transition's clip sides are converted on the GPU where the effect reads
/// them (pictures uploaded), rendered and converted or read back. Every frame depends only
/// on the plan and its index, so a range rendered alone is bit-identical to the same frames of
/// the whole edit.
final class TimelineRenderer {
    let plan: EditPlan
    let device: GLDevice
    let tools: FFmpegTools
    /// Items whose decoder may seek to a range's first frame instead of decoding up to it:
    /// clips at the edit's constant rate starting on a frame (those smart rendering copies),
    /// where the seek lands on the very frames reading through would.
    var seekableItems: Set<Int> = []
    /// How frames reach the sink: the output stage's planes or RGBA.
    let input: EncoderInput
    /// The still on screen, as the encoder takes it: converted once, handed over for every frame.
    private var encodedStill: (source: StillFrame, encoded: StillFrame)?
    /// The edit's text on the GPU, while a render runs (see `TimelineRenderer+Text.swift`).
    var text: TextOverlayRenderer?
    /// A target of the output's format that the edit's text over a transition is drawn into.
    var spareTarget: FormattedTarget?

    /// Pictures already fitted, by path: one decode per distinct picture.
    let stills: StillCache

    init(plan: EditPlan, device: GLDevice, tools: FFmpegTools, input: EncoderInput, stills: StillCache? = nil) {
        (self.plan, self.device, self.tools, self.input) = (plan, device, tools, input)
        self.stills = stills ?? StillCache(frameBytes: plan.width * plan.height * 4)
    }

    /// `still` in the encoder's layout, converted by the output stage the first time it is shown.
    func encoded(_ still: StillFrame) throws -> StillFrame {
        if let encodedStill, encodedStill.source === still { return encodedStill.encoded }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: input.frameBytes, alignment: 64)
        defer { buffer.deallocate() }
        try input.write(decoded: { $0.copyMemory(from: still.bytes); return true }, into: buffer)
        let encoded = StillFrame(Array(UnsafeRawBufferPointer(buffer)))
        encodedStill = (still, encoded)
        return encoded
    }

    /// Renders the edit's frames in `range` (all when nil) into `sink`; `report` gets the number
    /// of frames done after each.
    func render(into sink: any FrameSink, range: Range<Int>? = nil, report: (Int) -> Void) throws {
        let (width, height) = (plan.width, plan.height)
        let wanted = range ?? 0..<plan.totalFrames
        let frameBytes = width * height * 4
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: frameBytes, alignment: 64)
        defer { scratch.deallocate() }
        let staging = UnsafeMutableRawBufferPointer.allocate(byteCount: frameBytes, alignment: 64)
        defer { staging.deallocate() }
        var textures: (from: Texture, to: Texture, target: FormattedTarget)?
        defer {
            textures?.from.release()
            textures?.to.release()
            textures?.target.release()
        }
        try startText()
        defer { stopText() }

        // Items that end before the range are not opened: no frame of theirs is wanted.
        var firstItem = 0
        while firstItem < plan.items.count - 1, plan.startFrame(ofItem: firstItem) + plan.items[firstItem].frames <= wanted.lowerBound {
            firstItem += 1
        }
        var index = plan.startFrame(ofItem: firstItem)  // the edit's frame
        var done = 0
        let skip = seekableItems.contains(firstItem) ? max(0, wanted.lowerBound - index) : 0
        var reader = try TimelineItemReader(plan.items[firstItem], plan: plan, tools: tools, device: device, stills: stills, skipping: skip,
                                            needing: wanted.upperBound - index - skip)
        defer { reader.close() }
        if firstItem > 0 {
            // The transition before it lies before the range; its frames are the reader's first.
            for _ in 0..<plan.transitions[firstItem - 1].frames { try reader.pass(scratch: scratch) }
            index += plan.transitions[firstItem - 1].frames
        }
        for itemIndex in plan.items.indices where itemIndex >= firstItem {
            guard index < wanted.upperBound else { break }
            let headUsed = itemIndex > 0 ? plan.transitions[itemIndex - 1].frames : 0
            let isLast = itemIndex == plan.items.count - 1
            let tailStart = plan.items[itemIndex].frames - (isLast ? 0 : plan.transitions[itemIndex].frames)
            for local in headUsed..<tailStart {
                guard index < wanted.upperBound else { break }
                if wanted.contains(index), textShows(item: itemIndex, local: local, frame: index) {
                    try sink.submitFrame { buffer in
                        try input.write(decoded: { try read(reader, item: itemIndex, local: local, frame: index, into: $0); return true }, into: buffer)
                    }
                    done += 1
                    report(done)
                } else if wanted.contains(index), let still = reader.still {
                    try sink.submitStill(try encoded(still))   // the same bytes as every frame of it: no copy
                    done += 1
                    report(done)
                } else if wanted.contains(index), let planes = reader.planes, input.takesPlanes(planes.layout, color: planes.color) {
                    try sink.submitFrame { buffer in try reader.readPlanes(into: buffer) }
                    done += 1
                    report(done)
                } else if wanted.contains(index), input.convertsTextures, let converted = reader.convertedTexture {
                    // Converted by the clip's input stage and handed to the output stage as a texture.
                    try sink.submitFrame { buffer in
                        try reader.readConverted()
                        try input.write(converted: converted, into: buffer)
                    }
                    done += 1
                    report(done)
                } else if wanted.contains(index) {
                    try sink.submitFrame { buffer in
                        try input.write(decoded: { try reader.read(into: $0); return true }, into: buffer)
                    }
                    done += 1
                    report(done)
                } else {
                    try reader.pass(scratch: scratch)
                }
                index += 1
            }
            guard !isLast, index < wanted.upperBound else { break }

            let next = try TimelineItemReader(plan.items[itemIndex + 1], plan: plan, tools: tools, device: device, stills: stills,
                                              needing: wanted.upperBound - plan.startFrame(ofItem: itemIndex + 1))
            do {
                try renderTransition(itemIndex, from: reader, to: next, textures: &textures, staging: staging,
                                     sink: sink, wanted: wanted, index: &index, done: &done, report: report)
            } catch {
                next.close()
                throw error
            }
            reader.close()
            reader = next
        }
    }

    /// The transition after item `itemIndex`: both sides read frame by frame (a clip's decoder
    /// must move on even where the frame is not wanted), rendered where wanted.
    private func renderTransition(
        _ itemIndex: Int, from reader: TimelineItemReader, to next: TimelineItemReader,
        textures: inout (from: Texture, to: Texture, target: FormattedTarget)?, staging: UnsafeMutableRawBufferPointer,
        sink: any FrameSink, wanted: Range<Int>, index: inout Int, done: inout Int, report: (Int) -> Void
    ) throws {
        let (width, height) = (plan.width, plan.height)
        let transition = plan.transitions[itemIndex]
        let make = transition.makeInSignal.map { $0(plan.blendSpace, plan.blendSignal) } ?? transition.make?(plan.blendSpace)
        guard let make, transition.frames > 0 else { return }
        if textures == nil {
            let from = try device.makeTexture(width: width, height: height, pixels: nil)
            let to: Texture, target: FormattedTarget
            do {
                to = try device.makeTexture(width: width, height: height, pixels: nil)
                do { target = try input.makeTarget() } catch {
                    to.release()
                    throw error
                }
            } catch {
                from.release()
                throw error
            }
            textures = (from, to, target)
        }
        guard let (from, to, target) = textures else { return }
        // A planar clip's side is read by the effect where its input stage converted it; other
        // sides (pictures, RGBA clips) are uploaded into the renderer's own textures.
        var fromSide = TransitionSide(reader: reader, item: itemIndex, texture: reader.convertedTexture ?? from)
        var toSide = TransitionSide(reader: next, item: itemIndex + 1, texture: next.convertedTexture ?? to)
        let effect = try make(device, fromSide.texture, toSide.texture)
        defer { effect.release() }
        // Two passes a frame in the encoder's own planes where the transition mixes two clips
        // already in the output's format; else one pass from both clips' planes where the effect
        // can read them itself (also for a frame with the edit's text over it).
        let planeBlend = try planeBlendPass(effect, from: reader, to: next, item: itemIndex, frames: transition.frames)
        defer { planeBlend?.release() }
        let fused = planeBlend == nil || text != nil ? try fusedEffect(effect, from: reader, to: next, item: itemIndex, frames: transition.frames) : nil
        defer { fused?.release() }
        for k in 0..<transition.frames {
            guard index < wanted.upperBound else { return }
            if let planeBlend, wanted.contains(index), !editTextShows(at: index) {
                try planeBlend.advance(from: reader, to: next)
                planeBlend.transition.progress = Float(transition.easing.value(at: Double(k) / Double(transition.frames)))
                try sink.submitFrame { try input.write(planeBlend: planeBlend.transition, into: $0) }
                done += 1
                report(done)
                index += 1
                continue
            }
            if let fused, wanted.contains(index) {
                try reader.readUploaded()
                try next.readUploaded()
                fused.progress = Float(transition.easing.value(at: Double(k) / Double(transition.frames)))
                try fused.render(into: target)
                let shown = try drawEditText(at: index, over: target)
                try sink.submitFrame { try input.write(rendered: shown, into: $0) }
                done += 1
                report(done)
                index += 1
                continue
            }
            // Both sides are read every frame (a clip's decoder must move on); a wanted frame is
            // rendered from its own two pictures alone, so its pixels never depend on where a
            // range started.
            let fromLocal = plan.items[itemIndex].frames - transition.frames + k
            try wanted.contains(index) ? show(&fromSide, local: fromLocal, staging: staging) : reader.pass(scratch: staging)
            try wanted.contains(index) ? show(&toSide, local: k, staging: staging) : next.read(into: staging)
            if wanted.contains(index) {
                effect.progress = Float(transition.easing.value(at: Double(k) / Double(transition.frames)))
                try effect.render(into: target)
                let shown = try drawEditText(at: index, over: target)
                try sink.submitFrame { try input.write(rendered: shown, into: $0) }
                done += 1
                report(done)
            }
            index += 1
        }
    }
}
