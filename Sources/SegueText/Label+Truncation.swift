extension Label {
    /// UILabel's default line break mode (`byTruncatingTail`): when text is left out (more lines
    /// than `numberOfLines`, or a single line wider than the label) the last line shown ends in
    /// "…", keeping as many of its characters as fit. A binary search over the line's length:
    /// a handful of layouts of one line, once per drawing.
    func truncatingTail(_ layout: TextLayout, boxWidth: Double, scale: Double) throws(TextError) -> TextLayout {
        guard truncatesTail, let last = layout.lines.last, layout.isTruncated || last.width > boxWidth + 1e-9 else { return layout }
        let characters = Array(last.text)
        func candidate(_ count: Int) throws(TextError) -> TextLayout {
            var kept = String(characters.prefix(count))
            while kept.last?.isWhitespace == true { kept.removeLast() }
            return try TextLayout(text: kept + "…", font: font, scale: scale)
        }
        var low = 0, high = characters.count, best = try candidate(0)
        // The largest prefix whose line with the ellipsis fits (the ellipsis alone if none does).
        while low < high {
            let middle = (low + high + 1) / 2
            let attempt = try candidate(middle)
            if attempt.width <= boxWidth + 1e-9 {
                best = attempt
                low = middle
            } else {
                high = middle - 1
            }
        }
        return layout.replacingLastLine(with: best)
    }
}
