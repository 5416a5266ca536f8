import Foundation
import SegueTiming
import SegueGL
import SegueImage
import SegueUIKit
import SegueCompositor

/// Frames per second of the compositor on a tree of 100 textured views with 3D transforms
/// (perspective rotations animated every frame by the animation engine, virtual clock).
@MainActor
struct SceneBenchmark {
    let frames: Int
    let runs: Int
    let warmupFrames: Int

    func measure(device: GLDevice, size: (width: Int, height: Int), table: BenchTable) throws -> ReportRow {
        let compositor = try Compositor(device: device)
        defer { compositor.release() }
        let target = try device.makeOffscreenTarget(width: size.width, height: size.height, stencil: true)
        defer { target.release() }
        let clock = VirtualClock(step: 1.0 / 60)
        let (w, h) = (Double(size.width), Double(size.height))
        // A window of its own: its engine runs the cards' animations, starting at time 0.
        let window = Window(size: Size(width: w, height: h))
        let engine = window.animationEngine
        let root = window.rootView
        root.backgroundColor = .black
        // 10 groups of 9 cards, plus 10 group backgrounds: 100 views, 2 levels of 3D.
        let tile = try SampleImages.to(width: 64, height: 64)
        var views = 1
        for group in 0..<10 {
            let column = Double(group % 5), row = Double(group / 5)
            let panel = View(frame: Rect(x: column * w / 5, y: row * h / 2, width: w / 5, height: h / 2), name: "panel\(group)")
            panel.backgroundColor = Color(white: 0.15)
            panel.transform = Transform3D.perspective(m34: -0.002).rotated(by: 0.2, x: 1, y: 0, z: 0)
            root.addSubview(panel)
            views += 1
            for card in 0..<9 where views < 100 {
                let x = Double(card % 3), y = Double(card / 3)
                let view = View(frame: Rect(x: 4 + x * (w / 15), y: 4 + y * (h / 6), width: w / 15 - 8, height: h / 6 - 8), name: "card")
                view.content = .image(tile)
                view.cornerRadius = 4
                panel.addSubview(view)
                views += 1
                View.animate(withDuration: 1000, options: .curveLinear, animations: {
                    view.transform = Transform3D.perspective(m34: -0.004).rotated(by: 400 * .pi, x: 0, y: 1, z: 0)
                })
            }
        }
        for _ in 0..<warmupFrames {
            engine.advance(to: clock.tick())
            try compositor.render(root, into: target)
        }
        device.finish()
        let before = device.counters
        let timer = RealClock()
        let fps = try Rounds(count: runs).run {
            let start = timer.now
            for _ in 0..<frames {
                engine.advance(to: clock.tick())
                try compositor.render(root, into: target)
                device.finish()
            }
            return Double(frames) / (timer.now - start)
        }.map(\.value)
        let used = device.counters.since(before)
        let sizeName = "\(size.width)x\(size.height)", drawCallsPerFrame = Double(used.drawCalls) / Double(runs * frames)
        table.scene(size: sizeName, views: views, fps: median(fps), drawCallsPerFrame: drawCallsPerFrame, work: used)
        return ReportRow([
            "size": sizeName, "views": views, "fps": median(fps), "runs": fps, "drawCallsPerFrame": drawCallsPerFrame,
            "uploadsDuringFrames": used.textureUploads, "compilesDuringFrames": used.shaderCompiles,
        ])
    }
}
