import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SegueTesting
import Testing

/// A handful of built-in gl-transitions at progress 0, .25, .5, .75 and 1, against goldens
/// recorded on Mesa llvmpipe (`SEGUE_RECORD_GOLDENS=1` re-records them and fails the run).
@Suite("gl-transitions goldens (headless GL)")
struct GLTransitionGoldenTests {
    static let store = GoldenStore(besideFile: #filePath)
    /// One of each family: a soft wipe, a shape, a cell pattern, an angle, slices, dots.
    static let names = ["smoothleft", "circleopen", "pixelize", "radial", "hlslice", "halftone"]
    static let (width, height) = (96, 64)

    @Test(arguments: names)
    func matchesItsGoldens(name: String) throws {
        try withDevice { device in
            let entry = try #require(GLTransitionLibrary.entry(named: name))
            let source = try GLTransitionSource.parse(entry.source, name: name)
            let from = try device.makeTexture(image: SampleImages.from(width: Self.width, height: Self.height), filter: .linear)
            let to = try device.makeTexture(image: SampleImages.to(width: Self.width, height: Self.height), filter: .linear)
            let target = try device.makeOffscreenTarget(width: Self.width, height: Self.height)
            let effect = try GLTransitionEffect(device: device, source: source, from: from, to: to)
            for parameter in entry.parameters {
                try effect.setParameter(parameter.name, parameter.value)
            }
            for (index, progress) in [Float(0), 0.25, 0.5, 0.75, 1].enumerated() {
                effect.progress = progress
                try effect.render(into: target)
                // The goldens come from this driver, so equal output is expected; 2 levels allow
                // for another Mesa's rounding of linear filtering (fixed-point weights), and the
                // mean for a few pixels on a hard edge (a circle, a slice) landing on the other side.
                Self.store.check(try target.readImage(), named: "\(name)-\(index)", maxDifference: 2, meanDifference: 0.05)
            }
            // The ends are the pictures themselves, whatever the transition.
            effect.progress = 0
            try effect.render(into: target)
            #expect(RGBAImage.maxDifference(try target.readImage(), try SampleImages.from(width: Self.width, height: Self.height)) <= 1)
            target.release(); from.release(); to.release()
        }
    }
}
