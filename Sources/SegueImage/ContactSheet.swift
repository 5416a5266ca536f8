/// Lays frames out in a labelled grid so a person can see a whole transition
/// in one picture.
public enum ContactSheet {
    /// Space around and between cells, in pixels.
    public static let margin = 8
    /// Space between a thumbnail and its label.
    public static let labelGap = 4
    static let background = SIMD4<UInt8>(24, 24, 28, 255)
    static let labelColor = SIMD4<UInt8>(210, 210, 215, 255)
    static let titleColor = SIMD4<UInt8>(255, 255, 255, 255)

    /// Font scale of the labels: 1 below 240 px thumbnails, 2 from 240, 3 from 360.
    public static func labelScale(thumbnailWidth: Int) -> Int {
        min(max(thumbnailWidth / 120, 1), 3)
    }

    /// A labelled grid: dark background, optional title line at the top, each
    /// frame scaled (aspect preserved) to `thumbnailWidth` with its label
    /// (e.g. "#3  p=0.25") under it. Labels too long for a cell are cut.
    ///
    /// Layout, with `cols = min(columns, frames.count)`, `rows = ceil(count / cols)`,
    /// `s = labelScale(thumbnailWidth:)` and each thumbnail `round(thumbnailWidth * h / w)` high:
    /// - cell height = tallest thumbnail + `labelGap` + `text.lineHeight(scale: s)`
    /// - width  = `margin + cols * (thumbnailWidth + margin)`
    /// - height = `margin + titleBlock + rows * (cellHeight + margin)`, where
    ///   titleBlock is `text.lineHeight(scale: s + 1) + margin` when the title
    ///   is non-empty, else 0. The title is drawn at scale `s + 1`.
    public static func make(frames: [(image: RGBAImage, label: String)], columns: Int,
                            thumbnailWidth: Int, title: String?,
                            text: any ContactSheetTextRenderer = BitmapFontSheetText()) throws(ImageError) -> RGBAImage {
        guard !frames.isEmpty else {
            throw .invalidSize(width: 0, height: 0, reason: "a contact sheet needs at least one frame")
        }
        guard columns >= 1 else {
            throw .invalidSize(width: 0, height: 0, reason: "a contact sheet needs at least one column, got \(columns)")
        }
        try RGBAImage.validate(width: thumbnailWidth, height: 1)

        let labelScale = labelScale(thumbnailWidth: thumbnailWidth)
        let titleScale = labelScale + 1
        var thumbnails: [RGBAImage] = []
        for frame in frames {
            let aspectHeight = Double(thumbnailWidth) * Double(frame.image.height) / Double(frame.image.width)
            let thumbnailHeight = max(Int(aspectHeight.rounded()), 1)
            thumbnails.append(try frame.image.scaledToCover(width: thumbnailWidth, height: thumbnailHeight))
        }

        let columnCount = min(columns, frames.count)
        let rowCount = (frames.count + columnCount - 1) / columnCount
        let labelHeight = text.lineHeight(scale: labelScale)
        let cellHeight = (thumbnails.map(\.height).max() ?? 1) + labelGap + labelHeight
        let titleText = title ?? ""
        let titleBlock = titleText.isEmpty ? 0 : text.lineHeight(scale: titleScale) + margin
        let width = margin + columnCount * (thumbnailWidth + margin)
        let height = margin + titleBlock + rowCount * (cellHeight + margin)

        var sheet = try RGBAImage(width: width, height: height, fill: background)
        if !titleText.isEmpty {
            text.draw(titleText, into: &sheet, x: margin, y: margin, maxWidth: width - 2 * margin, scale: titleScale, color: titleColor)
        }
        for (index, thumbnail) in thumbnails.enumerated() {
            let cellX = margin + (index % columnCount) * (thumbnailWidth + margin)
            let cellY = margin + titleBlock + (index / columnCount) * (cellHeight + margin)
            sheet.draw(thumbnail, atX: cellX, y: cellY)
            text.draw(frames[index].label, into: &sheet, x: cellX, y: cellY + cellHeight - labelHeight,
                      maxWidth: thumbnailWidth, scale: labelScale, color: labelColor)
        }
        return sheet
    }

    /// The longest prefix of `text` that fits in `width` pixels, so a long
    /// label does not run into the neighbouring cell.
    static func fit(_ text: String, width: Int, scale: Int) -> String {
        let maxCharacters = max(width, 0) / (BitmapFont.glyphWidth * scale)
        return String(text.prefix(maxCharacters))
    }
}
