import Testing
import SegueTesting
import SegueImage

@Suite(.tags(.pure)) struct ContactSheetTests {
    static let background = SIMD4<UInt8>(24, 24, 28, 255)

    private func frames(_ count: Int, width: Int, height: Int) throws -> [(image: RGBAImage, label: String)] {
        try (0..<count).map { index in
            let color = SIMD4<UInt8>(UInt8(40 * index % 256), 200, UInt8(255 - 30 * index), 255)
            return (try RGBAImage(width: width, height: height, fill: color), "#\(index)  p=0.\(index)")
        }
    }

    @Test func dimensionsFollowTheDocumentedLayout() throws {
        // 5 frames of 64x32 in 3 columns at 100 px: thumbnails 100x50, label scale 1,
        // cell 50 + 4 + 7 = 61 high, 2 rows; title at scale 2 adds 14 + 8.
        let sheet = try ContactSheet.make(frames: frames(5, width: 64, height: 32), columns: 3, thumbnailWidth: 100, title: "Fade")
        #expect(sheet.width == 8 + 3 * (100 + 8))
        #expect(sheet.height == 8 + (14 + 8) + 2 * (61 + 8))

        let untitled = try ContactSheet.make(frames: frames(5, width: 64, height: 32), columns: 3, thumbnailWidth: 100, title: nil)
        #expect(untitled.height == 8 + 2 * (61 + 8))
    }

    @Test func fewerFramesThanColumnsUsesOneRow() throws {
        // 2 frames of 40x40 at 240 px: label scale 2, cell 240 + 4 + 14.
        let sheet = try ContactSheet.make(frames: frames(2, width: 40, height: 40), columns: 8, thumbnailWidth: 240, title: "")
        #expect(ContactSheet.labelScale(thumbnailWidth: 240) == 2)
        #expect(sheet.width == 8 + 2 * (240 + 8))
        #expect(sheet.height == 8 + (240 + 4 + 14) + 8)
    }

    @Test func thumbnailsAndLabelsAreDrawn() throws {
        let input = try frames(4, width: 64, height: 32)
        let sheet = try ContactSheet.make(frames: input, columns: 2, thumbnailWidth: 100, title: "Wipe left")
        // Thumbnail of frame 3: column 1, row 1, below the 22 px title block.
        let cellX = 8 + 108, cellY = 8 + 22 + (61 + 8)
        #expect(sheet[cellX + 50, cellY + 25] == input[3].image[0, 0])
        // Label strip under that thumbnail holds light text pixels.
        var labelInk = 0
        for y in (cellY + 54)..<(cellY + 61) {
            for x in cellX..<(cellX + 100) where sheet[x, y] != Self.background { labelInk += 1 }
        }
        #expect(labelInk > 20)
        // The title line has ink; the gap between cells (below the title) does not.
        var titleInk = 0
        for y in 8..<22 {
            for x in 8..<(sheet.width - 8) where sheet[x, y] != Self.background { titleInk += 1 }
        }
        #expect(titleInk > 20)
        for y in 30..<sheet.height { #expect(sheet[8 + 100 + 4, y] == Self.background) }
    }

    @Test func mixedAspectsKeepTheirShape() throws {
        let wide = try RGBAImage(width: 200, height: 50, fill: SIMD4(255, 0, 0, 255))
        let square = try RGBAImage(width: 30, height: 30, fill: SIMD4(0, 0, 255, 255))
        let sheet = try ContactSheet.make(frames: [(wide, "wide"), (square, "square")], columns: 2, thumbnailWidth: 80, title: nil)
        // Cell height follows the tallest thumbnail (80); the wide one is 20 high.
        #expect(sheet.height == 8 + (80 + 4 + 7) + 8)
        #expect(sheet[8 + 40, 8 + 19] == SIMD4(255, 0, 0, 255))
        #expect(sheet[8 + 40, 8 + 21] == Self.background)
        #expect(sheet[8 + 88 + 40, 8 + 79] == SIMD4(0, 0, 255, 255))
    }

    @Test func invalidInputThrows() throws {
        #expect(throws: ImageError.self) { _ = try ContactSheet.make(frames: [], columns: 3, thumbnailWidth: 100, title: nil) }
        let some = try frames(2, width: 16, height: 16)
        #expect(throws: ImageError.self) { _ = try ContactSheet.make(frames: some, columns: 0, thumbnailWidth: 100, title: nil) }
        #expect(throws: ImageError.self) { _ = try ContactSheet.make(frames: some, columns: 2, thumbnailWidth: 0, title: nil) }
    }
}
