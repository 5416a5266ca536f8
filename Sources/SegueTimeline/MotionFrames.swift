import Foundation
import SegueEffects
import SegueExport
import SegueGL
import SegueImage

/// A Ken Burns picture's frames: the picture fitted once to a canvas `KenBurns.canvasScale`
/// times the frame's size, and each frame the window `KenBurns.window(at:)` of it resampled to the
/// frame by an area average (each frame pixel the mean of the canvas area it covers: a box
/// prefilter, so fine detail does not shimmer as the zoom changes; at the closest zoom, one canvas
/// pixel a frame pixel, it is bilinear). Progress runs over every frame the item shows, the
/// transitions into and out of it included, so the motion never stops under a transition.
final class KenBurnsFrames {
    let canvas: RGBAImage
    let motion: KenBurns
    let width: Int, height: Int
    let frames: Int

    init(canvas: RGBAImage, motion: KenBurns, width: Int, height: Int, frames: Int) {
        (self.canvas, self.motion, self.width, self.height, self.frames) = (canvas, motion, width, height, frames)
    }

    /// The item's frame `index` (0..<frames) into `buffer` (RGBA, the frame's size).
    func render(_ index: Int, into buffer: UnsafeMutableRawBufferPointer) {
        let progress = frames > 1 ? Double(index) / Double(frames - 1) : 0
        let (centerX, centerY, side) = motion.window(at: progress)
        let (canvasWidth, canvasHeight) = (Double(canvas.width), Double(canvas.height))
        // Canvas pixels per frame pixel, and the window's left/top edge in canvas pixels.
        let stepX = side * canvasWidth / Double(width), stepY = side * canvasHeight / Double(height)
        let left = (centerX - side / 2) * canvasWidth, top = (centerY - side / 2) * canvasHeight
        let columns = AreaWeights(start: left, step: stepX, count: width, limit: canvas.width)
        let rows = AreaWeights(start: top, step: stepY, count: height, limit: canvas.height)
        let rowBytes = canvas.width * 4
        canvas.pixels.withUnsafeBufferPointer { source in
            let target = buffer.bindMemory(to: UInt8.self)
            for y in 0..<height {
                let (firstRow, rowTaps) = rows.taps(y)
                for x in 0..<width {
                    let (firstColumn, columnTaps) = columns.taps(x)
                    var sum = SIMD4<Double>()
                    for (r, wy) in rowTaps.enumerated() {
                        var line = SIMD4<Double>()
                        var i = (firstRow + r) * rowBytes + firstColumn * 4
                        for wx in columnTaps {
                            line += wx * SIMD4(Double(source[i]), Double(source[i + 1]), Double(source[i + 2]), Double(source[i + 3]))
                            i += 4
                        }
                        sum += wy * line
                    }
                    let out = (y * width + x) * 4
                    let rounded = (sum.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))).rounded(.toNearestOrAwayFromZero)
                    for channel in 0..<4 { target[out + channel] = UInt8(rounded[channel]) }
                }
            }
        }
    }
}

/// Along one axis, for each of `count` frame pixels, the canvas pixels its footprint
/// [start + k·step, start + (k + 1)·step) covers and the share of the footprint each covers
/// (summing to 1), the footprint clamped to the canvas. A footprint narrower than a pixel
/// (enlarging) is widened to one, which makes the weights bilinear's.
struct AreaWeights {
    /// Per frame pixel: its first canvas pixel, and where its weights start in `weights`.
    private var first: [Int] = []
    private var offsets: [Int] = [0]
    private var weights: [Double] = []

    init(start: Double, step: Double, count: Int, limit: Int) {
        let width = max(step, 1)
        for k in 0..<count {
            // Centred on the footprint's centre, so a widened footprint samples where it should.
            let centre = start + (Double(k) + 0.5) * step
            let low = min(max(centre - width / 2, 0), max(0, Double(limit) - width))
            let high = low + width
            var i = max(0, Int(low.rounded(.down)))
            first.append(i)
            while Double(i) < high && i < limit {
                weights.append((min(high, Double(i + 1)) - max(low, Double(i))) / width)
                i += 1
            }
            offsets.append(weights.count)
        }
    }

    /// Frame pixel `k`'s first canvas pixel and the weights from there on.
    func taps(_ k: Int) -> (first: Int, weights: ArraySlice<Double>) {
        (first[k], weights[offsets[k]..<offsets[k + 1]])
    }
}

/// The picture's `contain-blur` on the CPU (a clip's is ffmpeg's: `ClipDecoder.containBlurFilters`).
extension BlurredBackdrop {
    static func fit(_ picture: RGBAImage, width: Int, height: Int) throws -> RGBAImage {
        let (smallWidth, smallHeight) = reducedSize(width: width, height: height)
        var small = try picture.scaledToCover(width: smallWidth, height: smallHeight)
        let radius = max(1, min(smallWidth, smallHeight) / 8)
        for _ in 0..<3 { small = boxBlurred(boxBlurred(small, radius: radius, horizontal: true), radius: radius, horizontal: false) }
        var canvas = try small.scaled(toWidth: width, height: height)
        let contained = try FittedPicture.fit(picture, mode: .contain, width: width, height: height)
        // Over: the contained picture (transparent bars) on the opaque backdrop.
        for i in stride(from: 0, to: canvas.pixels.count, by: 4) {
            let alpha = Int(contained.pixels[i + 3])
            for channel in 0..<3 {
                canvas.pixels[i + channel] = UInt8((Int(contained.pixels[i + channel]) * alpha + Int(canvas.pixels[i + channel]) * (255 - alpha) + 127) / 255)
            }
            canvas.pixels[i + 3] = 255
        }
        return canvas
    }

    /// A box blur of `radius` along one axis, edges clamped.
    static func boxBlurred(_ image: RGBAImage, radius: Int, horizontal: Bool) -> RGBAImage {
        var out = image
        let (lines, length) = horizontal ? (image.height, image.width) : (image.width, image.height)
        let span = Double(2 * radius + 1)
        for line in 0..<lines {
            func index(_ k: Int) -> Int {
                let clamped = min(max(k, 0), length - 1)
                return (horizontal ? line * image.width + clamped : clamped * image.width + line) * 4
            }
            for k in 0..<length {
                var sum = SIMD4<Double>()
                for offset in -radius...radius {
                    let i = index(k + offset)
                    sum += SIMD4(Double(image.pixels[i]), Double(image.pixels[i + 1]), Double(image.pixels[i + 2]), Double(image.pixels[i + 3]))
                }
                let o = index(k)
                for channel in 0..<4 { out.pixels[o + channel] = UInt8((sum[channel] / span).rounded()) }
            }
        }
        return out
    }
}

extension TimelineItemReader {
    /// A picture item's frame source: the picture fitted once (contain-blur when the plan says),
    /// as a still, or as Ken Burns frames on a canvas larger by the zoom.
    static func pictureFrames(_ item: EditPlan.Item, path: String, plan: EditPlan) throws -> (StillFrame?, KenBurnsFrames?) {
        let scale = item.motion?.canvasScale ?? 1
        let width = Int((Double(plan.width) * scale).rounded()), height = Int((Double(plan.height) * scale).rounded())
        let mode = plan.resize
        let decoded = try PictureDecoder.read(path: path) {
            FittedPicture.neededSize(width: $0, height: $1, mode: plan.blurredBackdrop ? .cover : mode, frameWidth: width, frameHeight: height)
        }
        let fitted = plan.blurredBackdrop
            ? try BlurredBackdrop.fit(decoded, width: width, height: height)
            : try FittedPicture.fit(decoded, mode: mode, width: width, height: height)
        // Premultiplied once, on load (contain's bars and a PNG's own alpha alike); Ken Burns
        // resamples the premultiplied canvas, as filtering must.
        let canvas = fitted.premultipliedAlpha()
        guard let motion = item.motion else { return (StillFrame(canvas.pixels), nil) }
        return (nil, KenBurnsFrames(canvas: canvas, motion: motion, width: plan.width, height: plan.height, frames: item.frames))
    }

    /// A freeze item's one frame: the clip's frame at `start`, converted as any clip frame is
    /// (on the GPU from its own Y'CbCr), held as a still.
    static func frozenFrame(path: String, start: Double, plan: EditPlan, tools: FFmpegTools, device: GLDevice) throws -> StillFrame {
        let decoder = try ClipDecoder(path: path, tools: tools, width: plan.width, height: plan.height, frameRate: plan.frameRate,
                                      fit: plan.resize, start: start, frameLimit: 1, planar: true, backdrop: plan.blurredBackdrop)
        defer { decoder.close() }
        let frame = UnsafeMutableRawBufferPointer.allocate(byteCount: plan.width * plan.height * 4, alignment: 64)
        defer { frame.deallocate() }
        if let layout = decoder.planes {
            let planes = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.frameBytes, alignment: 64)
            defer { planes.deallocate() }
            let stage = try YCbCrInputStage(
                device: device, layout: layout, color: plan.inputColor(decoder.info.color), toneMap: plan.toneMap,
                hlgReferenceWhite: plan.hlgReferenceWhite)
            defer { stage.release() }
            guard try decoder.readFrame(into: planes) else { throw ExportError.clipTooShort(path: path, frames: 0, needed: 1) }
            try stage.convert(UnsafeRawBufferPointer(planes))
            try stage.target.readPixels(into: frame)
        } else {
            guard try decoder.readFrame(into: frame) else { throw ExportError.clipTooShort(path: path, frames: 0, needed: 1) }
        }
        return StillFrame(Array(UnsafeRawBufferPointer(frame)))
    }
}
