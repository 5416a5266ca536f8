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

    struct Measurement: Codable {
        let size: String
        let mode: SyncMode
        let fusedFPS: Double
        let multipassFPS: Double
        let floorFPS: Double
        let fusedOverFloor: Double
        let fusedOverMultipass: Double
        /// Every run's frames per second, per variant, for judging the spread.
        let runs: [String: [Double]]
        /// GL work counted during the timed frames (all variants): uploads, compiles and GL
        /// object allocations must be 0; draws show the passes per frame.
        let timedFrames: Int
        let uploadsDuringFrames: Int
        let compilesDuringFrames: Int
        let glObjectsAllocatedDuringFrames: Int
        let drawCallsDuringFrames: Int
    }

    let frames: Int
    let runs: Int
    let warmupFrames: Int

    struct FloorError: Error, CustomStringConvertible {
        let log: String
        var description: String { "the benchmark floor's shader failed: \(log)" }
    }

    func measure(device: GLDevice, size: (width: Int, height: Int), mode: SyncMode) throws -> Measurement {
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
        var fps: [Variant: [Double]] = [:]
        let before = device.counters
        for _ in 0..<runs {
            for variant in Variant.allCases {
                let start = clock.now
                for i in 0..<frames { try frame(variant, Float(i) / Float(max(1, frames - 1))) }
                fps[variant, default: []].append(Double(frames) / (clock.now - start))
            }
        }
        let used = device.counters.since(before)
        let fusedFPS = median(fps[.fused] ?? [])
        let multipassFPS = median(fps[.multipass] ?? [])
        let floorFPS = median(fps[.floor] ?? [])
        return Measurement(
            size: "\(size.width)x\(size.height)", mode: mode,
            fusedFPS: fusedFPS, multipassFPS: multipassFPS, floorFPS: floorFPS,
            fusedOverFloor: fusedFPS / floorFPS, fusedOverMultipass: fusedFPS / multipassFPS,
            runs: Dictionary(uniqueKeysWithValues: fps.map { ($0.key.rawValue, $0.value) }),
            timedFrames: runs * frames * Variant.allCases.count, uploadsDuringFrames: used.textureUploads,
            compilesDuringFrames: used.shaderCompiles, glObjectsAllocatedDuringFrames: used.objectAllocations,
            drawCallsDuringFrames: used.drawCalls)
    }
}
