import SegueAnimation
import SegueGL
import SegueImage
import SegueHeadless
import SegueScene

/// Where the ports run: a window rendered headlessly (EGL on Mesa) by a compositor into an
/// offscreen target, on a virtual clock. The compositor is never attached to the window by
/// hand: snapshots taken before the first frame find it by themselves.
@MainActor
public final class Stage {
    public let window: Window
    public let compositor: Compositor
    private let context: HeadlessEGLContext
    private let device: GLDevice
    private let target: OffscreenTarget
    /// The virtual clock (seconds); frames are 1/60 s apart.
    public private(set) var now: Double = 0
    public static let frameStep = 1.0 / 60

    public init(width: Int, height: Int) throws {
        AnimationEngine.main.reset(to: 0)
        TransitionDiagnostics.shared.clear()
        context = try HeadlessEGLContext()
        device = try GLDevice(context: context)
        compositor = try Compositor(device: device)
        target = try device.makeOffscreenTarget(width: width, height: height, stencil: true)
        window = Window(size: Size(width: Double(width), height: Double(height)))
        window.makeKey()  // Screen.main.bounds is this window's bounds
    }

    /// Renders the window at the current time and reads the picture back.
    @discardableResult
    public func picture() throws -> RGBAImage {
        try window.renderFrame(at: now, compositor: compositor, into: target, clearColor: .black)
        return try target.readImage()
    }

    /// Plays `seconds` of frames (rendering each, as a display would) and returns the last picture.
    @discardableResult
    public func play(_ seconds: Double) throws -> RGBAImage {
        let end = now + seconds
        var last = try picture()
        while now < end - 1e-9 {
            now = min(end, now + Self.frameStep)
            last = try picture()
        }
        return last
    }

    /// One pointer drag in window coordinates, one event per frame, without releasing.
    public func press(at point: Point) { window.pointerDown(at: point, time: now) }
    public func move(to point: Point) throws {
        now += Self.frameStep
        window.pointerMoved(to: point, time: now)
        try picture()
    }
    public func release(at point: Point) { window.pointerUp(at: point, time: now) }

    /// GPU objects go on this thread, in order.
    public func release() {
        compositor.release()
        target.release()
        device.release()
        context.release()
    }

    /// The window's view tree, one view per line, children indented ("(hidden)" marks hidden views).
    public func hierarchy() -> String {
        func describe(_ view: View, _ indent: String) -> [String] {
            [indent + view.name + (view.isHidden ? " (hidden)" : "")] + view.subviews.flatMap { describe($0, indent + "  ") }
        }
        return describe(window.rootView, "").joined(separator: "\n")
    }
}

/// Colours the ports paint their views with, so that pictures say which view is where.
public enum Palette {
    public static let items = Color(red: 0.1, green: 0.3, blue: 0.9)        // the source list
    public static let action = Color(red: 1, green: 0.55, blue: 0)          // the modal target
    public static let detail = Color(red: 0.1, green: 0.75, blue: 0.3)      // pushed controllers
    public static let badge = Color.white                                   // a subview (image view)
    public static let message = Color(red: 0.85, green: 0.15, blue: 0.55)   // a custom presentation

    /// The 8-bit RGB the compositor writes for an opaque colour.
    public static func rgb(_ color: Color) -> SIMD3<Int> {
        SIMD3(Int((color.red * 255).rounded()), Int((color.green * 255).rounded()), Int((color.blue * 255).rounded()))
    }
}

extension RGBAImage {
    /// The RGB at a point (top-left origin, as the stage's window).
    public func rgb(_ x: Int, _ y: Int) -> SIMD3<Int> {
        let p = self[x, y]
        return SIMD3(Int(p.x), Int(p.y), Int(p.z))
    }

    /// Whether the pixel at (x, y) is `color` within `tolerance` per channel.
    public func shows(_ color: Color, at x: Int, _ y: Int, tolerance: Int = 2) -> Bool {
        let d = rgb(x, y) &- Palette.rgb(color)
        return max(abs(d.x), abs(d.y), abs(d.z)) <= tolerance
    }
}
