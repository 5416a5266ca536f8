import Foundation
import SegueImage
import Testing
import SegueTesting

/// `render --resize cover|contain|stretch` against gl-transitions' definitions, computed here
/// from the geometry alone: pictures of 5-pixel cells of distinct colours, a square frame, and
/// for each frame pixel the picture position it must show (or a bar). The pictures, enlarged here,
/// reach the GPU at their own size and are sampled bilinearly there, so only the flat interiors of
/// the cells are checked, where the blend of equal texels is the cell's colour.
@Suite("segue render --resize (runs the built executable)", .tags(.gl))
struct ResizeModeCommandTests {
    static let frame = 40
    static let cell = 5
    /// A wide picture (4x2 cells) at progress 0 and a tall one (2x4 cells) at progress 1.
    static let from = grid(columns: 4, rows: 2, seed: 0)
    static let to = grid(columns: 2, rows: 4, seed: 8)

    static func color(_ index: Int) -> SIMD4<UInt8> {
        // Sixteen colours at least 60 apart on some channel.
        let levels: [UInt8] = [0, 80, 160, 240]
        return SIMD4(levels[index % 4], levels[(index / 4) % 4], levels[(index * 3 + 1) % 4], 255)
    }

    static func grid(columns: Int, rows: Int, seed: Int) -> RGBAImage {
        var image = try! RGBAImage(width: columns * cell, height: rows * cell, fill: SIMD4(0, 0, 0, 255))
        for y in 0..<image.height {
            for x in 0..<image.width { image[x, y] = color(seed + (y / cell) * columns + x / cell) }
        }
        return image
    }

    /// The picture position shown at the centre of frame pixel (x, y).
    static func pictureLocation(x: Int, y: Int, picture: RGBAImage, mode: String) -> (u: Double, v: Double) {
        let frame = Double(Self.frame), w = Double(picture.width), h = Double(picture.height)
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        if mode == "stretch" { return (px * w / frame, py * h / frame) }
        let scale = mode == "cover" ? max(frame / w, frame / h) : min(frame / w, frame / h)
        return ((px - frame / 2) / scale + w / 2, (py - frame / 2) / scale + h / 2)
    }

    enum Expectation { case color(SIMD4<UInt8>), bar, unsure }

    /// What frame pixel (x, y) must be. Pixels within a picture pixel of a cell edge or of the
    /// picture's border are `unsure`: bilinear sampling blends within half a picture pixel of a
    /// cell edge, and the other half leaves room for the filter's fixed-point coordinates.
    static func expected(x: Int, y: Int, picture: RGBAImage, mode: String) -> Expectation {
        let (u, v) = pictureLocation(x: x, y: y, picture: picture, mode: mode)
        let w = Double(picture.width), h = Double(picture.height)
        if u < -1 || v < -1 || u > w + 1 || v > h + 1 { return .bar }
        func nearEdge(_ value: Double, _ limit: Double) -> Bool {
            let inCell = value.truncatingRemainder(dividingBy: Double(cell))
            return value < 1 || value > limit - 1 || inCell < 1 || inCell > Double(cell) - 1
        }
        if nearEdge(u, w) || nearEdge(v, h) { return .unsure }
        return .color(picture[Int(u), Int(v)])
    }

    @Test(arguments: ["fade", "pixel-dissolve", "pixel-dissolve-present"], ["cover", "contain", "stretch"])
    func eachModeFitsThePicturesAsDefined(effect: String, mode: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(Self.from, to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(Self.to, to: dir.appendingPathComponent("b.png").path)
        let result = try CommandRunner.run("segue", [
            "render", "--from", "a.png", "--to", "b.png", "--effect", effect, "--resize", mode, "--frames", "2",
            "--size", "\(Self.frame)x\(Self.frame)", "--out", "frames", "--quiet",
        ], in: dir)
        try #require(result.status == 0, "stderr: \(result.stderr)")
        // Filter effects leave contain's bars transparent (gl-transitions); a view-controller
        // transition's screens are opaque, so theirs are black.
        let bar: SIMD4<UInt8> = effect == "pixel-dissolve-present" ? SIMD4(0, 0, 0, 255) : SIMD4(0, 0, 0, 0)
        for (index, picture) in [(0, Self.from), (1, Self.to)] {
            let output = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-000\(index).png").path)
            var checked = 0, bars = 0, wrong: [String] = []
            for y in 0..<Self.frame {
                for x in 0..<Self.frame {
                    let actual = output[x, y]
                    switch Self.expected(x: x, y: y, picture: picture, mode: mode) {
                    case .unsure: continue
                    case .bar:
                        bars += 1
                        if actual != bar { wrong.append("(\(x),\(y)) \(actual) not a bar") }
                    case .color(let color):
                        checked += 1
                        let difference = SIMD4<Int>(truncatingIfNeeded: actual) &- SIMD4<Int>(truncatingIfNeeded: color)
                        if (0..<4).contains(where: { abs(difference[$0]) > 2 }) { wrong.append("(\(x),\(y)) \(actual) != \(color)") }
                    }
                }
            }
            #expect(wrong.isEmpty, "\(effect) \(mode) frame \(index): \(wrong.prefix(6))")
            // The checks cannot pass vacuously: a good part of the frame is checked.
            #expect(checked >= 250, "\(checked) pixels checked")
            #expect(mode == "contain" ? bars >= 400 : bars == 0, "\(bars) bar pixels")
        }
    }

    /// The pictures reach the GPU at their own size, for every kind of effect: a 3x2 picture in a
    /// 300x200 frame is the smooth bilinear ramp between its texels (a CPU area-averaged
    /// enlargement would be 100-pixel blocks); a 900x200 picture of one-pixel stripes shrunk into
    /// it is reduced to the frame first, area-averaged: columns of 85 and 170 (a third and two
    /// thirds of each frame pixel's three stripes white), where bilinear lookups at the frame's
    /// pixels showed the stripe each landed on, columns of pure black or white.
    @Test(arguments: ["fade", "pixel-dissolve", "pixel-dissolve-present"])
    func enlargedPicturesAreBilinearAndReducedOnesAreaAveraged(effect: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tiny = try RGBAImage(width: 3, height: 2, pixels: [
            255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
            0, 0, 0, 255, 255, 255, 255, 255, 128, 64, 32, 255,
        ])
        var stripes = try RGBAImage(width: 900, height: 200, fill: SIMD4(0, 0, 0, 255))
        for y in 0..<200 { for x in stride(from: 1, to: 900, by: 2) { stripes[x, y] = SIMD4(255, 255, 255, 255) } }
        try PNGCodec.write(tiny, to: dir.appendingPathComponent("tiny.png").path)
        try PNGCodec.write(stripes, to: dir.appendingPathComponent("stripes.png").path)
        let result = try CommandRunner.run("segue", [
            "render", "--from", "tiny.png", "--to", "stripes.png", "--effect", effect, "--resize", "stretch",
            "--frames", "2", "--size", "300x200", "--out", "frames", "--quiet",
        ], in: dir)
        try #require(result.status == 0, "stderr: \(result.stderr)")
        let enlarged = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0000.png").path)
        let shrunk = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0001.png").path)
        // Within 2 levels of the references: llvmpipe's 8-bit filter weights, then one more rounding.
        let bilinear = try BilinearFitReference.frame(tiny, width: 300, height: 200, mode: "stretch", bar: .zero)
        #expect(RGBAImage.maxDifference(enlarged, bilinear) <= 2, "\(effect) enlarged")
        let averaged = try AreaFitReference.frame(stripes, width: 300, height: 200, mode: "stretch")
        #expect(RGBAImage.maxDifference(shrunk, averaged) <= 2, "\(effect) shrunk")
        // Red falls from 255 to 0 between the first two texel centres of the top row (x 50 to 150).
        #expect(Set((50..<150).map { enlarged[$0, 10].x }).count > 50, "\(effect): a ramp, not blocks")
        let columns = (0..<300).map { Int(shrunk[$0, 100].x) }
        #expect(columns.allSatisfy { abs($0 - 85) <= 1 || abs($0 - 170) <= 1 }, "\(effect): stripe columns \(columns.prefix(8))")
    }

    @Test func anUnknownModeIsRejected() throws {
        let result = try CommandRunner.run("segue", ["render", "--from", "a.png", "--to", "b.png", "--resize", "fill"])
        #expect(result.status != 0 && result.stderr.contains("resize"), "stderr: \(result.stderr)")
    }
}
