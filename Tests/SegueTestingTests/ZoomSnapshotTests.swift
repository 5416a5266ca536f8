import SegueImage
import SegueUIKit
import SegueTesting
import SegueTransitions
import Testing

/// Issue 28: iOS 18's zoom in the test kit: `TransitionSnapshots.transition(named:
/// "preferred-zoom")` pictures the push that grows the second screen out of the first screen's
/// thumbnail. Checked against the geometry the zoom promises (UIKit's: the zoomed screen covers
/// the source view's frame at the start, the window at the end, and at half-way — an ease-in-out
/// curve is at ½ there — the rectangle half-way between), on plain colours.
@Suite("The zoom transition in the test kit", .tags(.gl))
@MainActor
struct ZoomSnapshotTests {
    static let blue = SIMD4<UInt8>(40, 90, 200, 255), orange = SIMD4<UInt8>(250, 150, 30, 255)

    static func isNear(_ pixel: SIMD4<UInt8>, _ colour: SIMD4<UInt8>) -> Bool {
        (0..<3).allSatisfy { abs(Int(pixel[$0]) - Int(colour[$0])) <= 6 }
    }

    @Test func thePushedScreenGrowsOutOfTheThumbnail() throws {
        let (width, height) = (240, 160)
        let frames = try TransitionSnapshots.transition(
            named: "preferred-zoom", from: try RGBAImage(width: width, height: height, fill: Self.blue),
            to: try RGBAImage(width: width, height: height, fill: Self.orange), width: width, height: height, at: [0, 0.5, 1])
        let thumbnail = TransitionScenario.thumbnailFrame(in: Size(width: Double(width), height: Double(height)))
        func expect(_ frame: RGBAImage, covers rect: Rect, _ what: String) {
            let inside = [(rect.minX + 3, rect.minY + 3), (rect.maxX - 4, rect.maxY - 4), (rect.midX, rect.midY)]
            for (x, y) in inside {
                #expect(Self.isNear(frame[Int(x), Int(y)], Self.orange), "\(what): (\(x), \(y)) inside \(rect) is \(frame[Int(x), Int(y)])")
            }
            let outside = [(rect.minX - 4, rect.midY), (rect.maxX + 3, rect.midY), (rect.midX, rect.minY - 4)]
            for (x, y) in outside where x >= 0 && y >= 0 && x < Double(width) && y < Double(height) {
                #expect(!Self.isNear(frame[Int(x), Int(y)], Self.orange), "\(what): (\(x), \(y)) outside \(rect) is the zoomed screen")
            }
        }
        expect(frames[0], covers: thumbnail, "the start")
        let full = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let halfWay = Rect(
            x: thumbnail.minX / 2, y: thumbnail.minY / 2,
            width: (thumbnail.width + full.width) / 2, height: (thumbnail.height + full.height) / 2)
        expect(frames[1], covers: halfWay, "half-way")
        #expect((0..<width).allSatisfy { x in Self.isNear(frames[2][x, height / 2], Self.orange) }, "the end: the window is the pushed screen")
    }
}
