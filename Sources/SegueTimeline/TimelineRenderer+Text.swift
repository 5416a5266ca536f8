import SegueGL

/// The renderer's side of an edit's text: an item's text drawn on its own frames (so it moves
/// with the item through a transition), the whole edit's over the finished frame.
extension TimelineRenderer {
    func startText() throws {
        guard text == nil, !plan.textOverlays.isEmpty else { return }
        text = try TextOverlayRenderer(device: device, width: plan.width, height: plan.height, overlays: plan.textOverlays)
    }

    func stopText() {
        text?.release()
        text = nil
        spareTarget?.release()
        spareTarget = nil
    }

    /// Whether text shows on item `item`'s own frame `local` or over the edit's frame `frame`.
    func textShows(item: Int, local: Int, frame: Int) -> Bool {
        guard let text else { return false }
        return !text.showing(.item(item), at: local).isEmpty || !text.showing(.edit, at: frame).isEmpty
    }

    /// The reader's next frame into `buffer` (RGBA8) with its item's text at `local` and, when
    /// `frame` is given, the edit's text at that frame over it.
    func read(_ reader: TimelineItemReader, item: Int, local: Int, frame: Int? = nil, into buffer: UnsafeMutableRawBufferPointer) throws {
        try reader.read(into: buffer)
        guard let text else { return }
        try text.draw(.item(item), at: local, over: buffer)
        if let frame { try text.draw(.edit, at: frame, over: buffer) }
    }

    /// The edit's text at `frame` over a transition's rendered frame: `rendered` itself when none shows.
    func drawEditText(at frame: Int, over rendered: FormattedTarget) throws -> FormattedTarget {
        guard let text else { return rendered }
        return try text.draw(at: frame, over: rendered, into: &spareTarget) { try input.makeTarget() }
    }
}
