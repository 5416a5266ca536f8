// ScenesAndAnimation, as written against 779ddb1: views animated on a clock passed in, drawn by
// the compositor into an offscreen target; some names qualified by their module, as then.
import SegueAnimation
import SegueGL
import SegueHeadless
import SegueImage
import SegueScene

@MainActor
public func renderRotatingCard(picture path: String) throws -> [UInt8] {
    let context = try HeadlessEGLContext()
    let device = try GLDevice(context: context)
    defer { device.release() }
    let window = Window(size: Size(width: 640, height: 360))
    let card = View(frame: Rect(x: 0, y: 0, width: 640, height: 360))
    card.content = .image(try PNGCodec.read(path: path))
    card.anchorPoint = Point(x: 0, y: 0.5)             // rotate about the left edge
    card.center = Point(x: 0, y: 180)
    window.rootView.addSubview(card)
    View.animate(withDuration: 1.5, options: .curveEaseInOut, animations: {
        card.transform = Transform3D.perspective(m34: -0.005).rotated(by: .pi / 2, x: 0, y: 1, z: 0)
    })
    let clock = VirtualClock(step: 1.0 / 60)          // or RealClock() in a window
    let compositor = try Compositor(device: device)
    defer { compositor.release() }
    let target = try device.makeOffscreenTarget(width: 640, height: 360, stencil: true)
    defer { target.release() }
    try window.renderFrame(at: clock.tick(), compositor: compositor, into: target)
    return try target.readPixels()
}

/// A property animator scrubbed by hand, with SegueScene- and SegueAnimation-qualified names.
@MainActor
public func scrubbedFade(of view: SegueScene.View) -> SegueScene.PropertyAnimator {
    let curve: SegueAnimation.TimingCurve = .easeInOut
    let animator = PropertyAnimator(duration: 0.5, curve: curve) { view.alpha = 0 }
    animator.pauseAnimation()
    animator.fractionComplete = 0.5
    let spring = SegueAnimation.Spring(mass: 1, stiffness: 100, damping: 10)
    _ = (spring.dampingRatio, spring.value(at: 0.25))
    return animator
}
