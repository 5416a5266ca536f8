import CSegueAllocationCounter
import SegueEffects
import SegueGL
import Testing
import SegueTesting

@Suite("Pooled intermediate targets (headless GL)", .tags(.gl))
struct TargetPoolTests {
    static let (width, height) = (64, 48)
    /// One intermediate: RGBA16F, 8 bytes a pixel.
    static var frameBytes: Int { width * height * 8 }

    /// A chain: `perPixel` colour filters, a blur, then `perPixel` more.
    static func graph(_ source: ImageSource, perPixel: Int) -> any EffectNode {
        var node: any EffectNode = source
        for index in 0..<perPixel { node = index % 2 == 0 ? node.brightness(0.01) : node.contrast(1.01) }
        node = node.gaussianBlur(sigma: 1)
        for index in 0..<perPixel { node = index % 2 == 0 ? node.saturation(0.9) : node.gamma(1.1) }
        return node
    }

    @Test func gpuMemoryDoesNotGrowWithTheNumberOfFusedFilters() throws {
        try withDevice { device in
            let a = try Pixels.noise(width: Self.width, height: Self.height, seed: 70).upload(device)
            let target = try device.makeOffscreenTarget(width: Self.width, height: Self.height)
            var peaks: [Int: Int] = [:]
            for count in [1, 4, 16, 64] {
                device.targetPool.trim()
                device.targetPool.resetPeak()
                let baseline = device.liveGPUBytes
                let renderer = try EffectRenderer(device: device, output: Self.graph(ImageSource(a), perPixel: count))
                #expect(renderer.passCount == 4, "\(count): \(renderer.passStructures)")
                try renderer.render(into: target)
                try renderer.render(into: target)
                peaks[count] = device.targetPool.peakByteCount
                // Exactly what the pool holds, nothing per filter.
                #expect(device.liveGPUBytes - baseline == device.targetPool.byteCount)
            }
            // Passes: head chain, blur.x, blur.y, tail chain; two targets alive at once.
            #expect(Set(peaks.values) == [2 * Self.frameBytes], "\(peaks)")
            target.release(); a.release()
        }
    }

    @Test func aStraightChainOfOnePassPerFilterPingPongsBetweenTwoTargets() throws {
        try withDevice { device in
            let a = try Pixels.noise(width: Self.width, height: Self.height, seed: 71).upload(device)
            var node: any EffectNode = ImageSource(a)
            for _ in 0..<16 { node = node.brightness(0.01) }
            let renderer = try EffectRenderer(device: device, output: node, mode: .onePassPerFilter)
            let target = try device.makeOffscreenTarget(width: Self.width, height: Self.height)
            #expect(renderer.passCount == 16)
            #expect(renderer.peakIntermediateCount == 2)
            try renderer.render(into: target)
            #expect(device.targetPool.targetCount == 2)
            #expect(device.targetPool.leasedCount == 0, "every target goes back after the frame")
            target.release(); a.release()
        }
    }

    @Test func renderersOfOneSizeShareTargetsAndOtherSizesGetTheirOwn() throws {
        try withDevice { device in
            let a = try Pixels.noise(width: Self.width, height: Self.height, seed: 72).upload(device)
            let first = try EffectRenderer(device: device, output: ImageSource(a).gaussianBlur(sigma: 1))
            let second = try EffectRenderer(device: device, output: ImageSource(a).sobelEdges().gaussianBlur(sigma: 2))
            let big = try device.makeOffscreenTarget(width: Self.width, height: Self.height)
            let small = try device.makeOffscreenTarget(width: 20, height: 10)
            try first.render(into: big)
            #expect(device.targetPool.targetCount == 1)
            try second.render(into: big)
            #expect(device.targetPool.targetCount == 2, "the second renderer reuses the first one's target")
            try first.render(into: small)
            #expect(device.targetPool.targetCount == 3, "another size is another description")
            #expect(device.targetPool.byteCount == 2 * Self.frameBytes + 20 * 10 * 8)
            let objects = device.liveObjects
            device.targetPool.trim()
            #expect(device.targetPool.targetCount == 0 && device.targetPool.byteCount == 0)
            #expect(device.liveObjects == objects - 3 * 2, "a texture and a framebuffer each")
            big.release(); small.release(); a.release()
        }
    }

    @Test func descriptionsMatchCompletely() throws {
        try withDevice { device in
            let pool = device.targetPool
            let plain = try pool.acquire(RenderTargetDescription(width: 8, height: 8))
            pool.recycle(plain)
            let stencil = try pool.acquire(RenderTargetDescription(width: 8, height: 8, stencil: true))
            #expect(stencil !== plain && stencil.hasStencil)
            pool.recycle(stencil)
            #expect(try pool.acquire(RenderTargetDescription(width: 8, height: 8)) === plain)
            pool.recycle(plain)
            #expect(pool.byteCount == 8 * 8 * 4 + 8 * 8 * 8)
            let half = try pool.acquire(RenderTargetDescription(width: 8, height: 8, format: .rgba16f))
            #expect(half !== plain, "another format is another description")
            pool.recycle(half)
            #expect(pool.byteCount == 8 * 8 * 4 + 8 * 8 * 8 + 8 * 8 * 8)
        }
    }

    @Test func anImpossibleSizeIsATypedErrorAndLeasesNothing() throws {
        try withDevice { device in
            #expect(throws: GLError.self) { try device.targetPool.acquire(RenderTargetDescription(width: 0, height: 4)) }
            #expect(throws: GLError.self) {
                try device.targetPool.acquire(RenderTargetDescription(width: device.maxTextureSize + 1, height: 4))
            }
            #expect(device.targetPool.leasedCount == 0 && device.targetPool.targetCount == 0)
        }
    }

    @Test func steadyStateWithNeighbourhoodPassesAllocatesNothing() throws {
        try withDevice { device in
            let a = try Pixels.noise(width: Self.width, height: Self.height, seed: 73).upload(device)
            let target = try device.makeOffscreenTarget(width: Self.width, height: Self.height)
            let blur = GaussianBlur(input: ImageSource(a).sepia(0.5), sigma: 1)
            let output = blur.sharpened(0.3).vignette()
            for mode in ExecutionMode.allCases {
                let renderer = try EffectRenderer(device: device, output: output, mode: mode)
                try renderer.render(into: target)  // warm: targets made, variants compiled
                device.finish()
                let before = device.counters
                segue_allocation_counter_begin()
                for frame in 0..<50 {
                    blur.sigma = 1 + Float(frame) / 25
                    try renderer.render(into: target)
                }
                let allocations = segue_allocation_counter_end()
                let used = device.counters.since(before)
                #expect(used.objectAllocations == 0 && used.shaderCompiles == 0 && used.textureUploads == 0)
                // Counted except under a sanitizer (its runtime owns malloc; the GL counts still hold).
                if segue_allocation_counter_available() != 0 { #expect(allocations == 0, "\(mode): \(allocations) heap allocations in 50 frames") }
            }
            target.release(); a.release()
        }
    }
}
