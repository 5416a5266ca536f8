import CSegueFloor
import Foundation
import SegueTiming
import SegueEffects
import SegueGL
import SegueImage

/// Frames per second of the pixel dissolve, three ways: the engine's fused chain, the engine's
/// one-pass-per-filter chain, and the floor (the same math in bare C + GL). Runs of the three
/// are interleaved so that drift in machine speed affects them alike.
struct PixelDissolveBenchmark {
    enum Variant: String, CaseIterable, Codable { case fused, multipass, floor }
    enum SyncMode: String, CaseIterable, Codable {
        /// glFinish after each frame: the GPU time of the frame.
        case finish
        /// glReadPixels after each frame: what offline export pays.
        case readback
    }

    /// One size and mode measured: its row of the report and what the suite's verdict counts.
    struct Outcome {
        let row: ReportRow
        let fusedOverFloor: Double
        let timedFrames: Int
        /// GL work during the timed frames (all variants).
        let work: GLCounters
    }

    let frames: Int
    let runs: Int
    let warmupFrames: Int

    struct FloorError: Error, CustomStringConvertible {
        let log: String
        var description: String { "the benchmark floor's shader failed: \(log)" }
    }

    func measure(device: GLDevice, size: (width: Int, height: Int), mode: SyncMode, table: BenchTable) throws -> Outcome {
        let fromTexture = try device.makeTexture(image: SampleImages.from(width: size.width, height: size.height))
        defer { fromTexture.release() }
        let toTexture = try device.makeTexture(image: SampleImages.to(width: size.width, height: size.height))
        defer { toTexture.release() }
        let target = try device.makeOffscreenTarget(width: size.width, height: size.height)
        defer { target.release() }
        let fused = try PixelDissolve(device: device, from: fromTexture, to: toTexture, mode: .fused)
        defer { fused.release() }
        let multipass = try PixelDissolve(device: device, from: fromTexture, to: toTexture, mode: .onePassPerFilter)
        defer { multipass.release() }
        var log = [CChar](repeating: 0, count: 4096)
        guard let floor = segue_floor_create(&log, Int32(log.count)) else {
            throw FloorError(log: String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { segue_floor_destroy(floor) }
        var readback = [UInt8](repeating: 0, count: size.width * size.height * 4)

        func frame(_ variant: Variant, _ progress: Float) throws {
            switch variant {
            case .fused:
                fused.progress = progress
                try fused.render(into: target)
            case .multipass:
                multipass.progress = progress
                try multipass.render(into: target)
            case .floor:
                device.bind(target)
                segue_floor_draw(floor, fromTexture.name.rawValue, toTexture.name.rawValue, Int32(size.width), progress)
            }
            switch mode {
            case .finish: device.finish()
            case .readback:
                let result: Result<Void, GLError> = readback.withUnsafeMutableBytes { buffer in
                    do throws(GLError) { try target.readPixels(into: buffer); return .success(()) } catch { return .failure(error) }
                }
                try result.get()
            }
        }

        let clock = RealClock()
        for variant in Variant.allCases {
            for i in 0..<warmupFrames { try frame(variant, Float(i) / Float(max(1, warmupFrames - 1))) }
        }
        let before = device.counters
        let fps = try Rounds(count: runs).run(Variant.allCases) { variant in
            let start = clock.now
            for i in 0..<frames { try frame(variant, Float(i) / Float(max(1, frames - 1))) }
            return Double(frames) / (clock.now - start)
        }
        let used = device.counters.since(before)
        let spreads = fps.spreads(.rate), (fusedFPS, multipassFPS, floorFPS) = (spreads[0], spreads[1], spreads[2])
        let timedFrames = runs * frames * Variant.allCases.count
        table.dissolve(size: "\(size.width)x\(size.height)", mode: mode, fused: fusedFPS, multipass: multipassFPS, floor: floorFPS)
        return Outcome(row: ReportRow([
            "size": "\(size.width)x\(size.height)", "mode": mode,
            "fusedFPS": fusedFPS.median, "multipassFPS": multipassFPS.median, "floorFPS": floorFPS.median,
            "fusedOverFloor": fusedFPS.ratio(to: floorFPS), "fusedOverMultipass": fusedFPS.ratio(to: multipassFPS),
            // Every run's frames per second, per variant, for judging the spread.
            "runs": Dictionary(uniqueKeysWithValues: Variant.allCases.enumerated().map { ($1.rawValue, fps.values($0)) }),
            // GL work counted during the timed frames (all variants): uploads, compiles and GL
            // object allocations must be 0; draws show the passes per frame.
            "timedFrames": timedFrames, "uploadsDuringFrames": used.textureUploads, "compilesDuringFrames": used.shaderCompiles,
            "glObjectsAllocatedDuringFrames": used.objectAllocations, "drawCallsDuringFrames": used.drawCalls,
        ]), fusedOverFloor: fusedFPS.ratio(to: floorFPS), timedFrames: timedFrames, work: used)
    }
}
