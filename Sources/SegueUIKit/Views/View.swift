import SegueTiming
import SegueGL
import SegueImage

/// What a view shows inside its bounds, above its background colour.
public enum ViewContent {
    /// A picture, uploaded once by the compositor and reused until the content changes.
    case image(RGBAImage)
    /// A texture someone else owns (adopted, never deleted by Segue).
    case texture(Texture)
    /// Pixels drawn by a closure into an image of the given size (in pixels), rendered once.
    case drawing(width: Int, height: Int, draw: (inout RGBAImage) -> Void)
}

/// A retained view like UIView/CALayer: geometry (bounds, center, anchor point, 3D transform),
/// appearance (alpha, background colour, corner radius, clipping, content) and subviews.
///
/// Every property has a model value (what was set last) and a presentation value (what is on
/// screen now); they differ only while an animation runs. Setting a property inside
/// `View.animate(...)` animates from the presentation value to the new model value.
///
/// Open to subclassing as UIView is: override `layoutSubviews()`, `draw(into:scale:)` or
/// `display(contentScale:)`, `sizeThatFits(_:)`. The compositor draws every view from its
/// `content`, so a subclass draws by producing content (once, cached until `setNeedsDisplay()`)
/// rather than by issuing GL calls each frame.
@MainActor
open class View: Responder {
    /// A name for diagnostics and hierarchy dumps.
    public var name: String
    public var tag = 0

    // MARK: Animatable model values

    public var bounds: Rect {
        didSet {
            changed(.bounds(oldValue))
            if bounds.size != oldValue.size {
                resizeFillingSubviews(from: oldValue.size)
                boundsSizeChanged(from: oldValue.size)
            }
        }
    }
    /// The anchor point's position in the superview's bounds coordinates (CALayer's position).
    public var center: Point { didSet { changed(.center(oldValue)) } }
    public var alpha: Double { didSet { changed(.alpha(oldValue)) } }
    /// Core Animation's 3D transform, applied about the anchor point.
    public var transform: Transform3D { didSet { changed(.transform(oldValue)) } }
    public var backgroundColor: Color? { didSet { changed(.backgroundColor(oldValue ?? .clear)) } }

    // MARK: Other properties

    /// The point of the bounds (unit coordinates, 0.5/0.5 = centre) that `center` places and that
    /// transforms rotate and scale about. Like CALayer, changing it moves the view, not `center`.
    public var anchorPoint = Point(x: 0.5, y: 0.5) { didSet { markWindowNeedsDisplay() } }
    public var isHidden = false { didSet { markWindowNeedsDisplay() } }
    /// UIKit's flexible width and height at zero margins: the view's frame follows its
    /// superview's bounds size (containers set it on the views they show full-size).
    public var autoresizesToFillSuperview = false
    public var cornerRadius: Double = 0 { didSet { markWindowNeedsDisplay() } }
    /// Views of two screens with the same identifier morph into each other in a
    /// `.matchedViews` transition (Hero's and SwiftUI's matched geometry).
    public var matchedGeometryID: String?
    /// Shared elements (Hero's id, SwiftUI's `matchedGeometryEffect`, Compose's `sharedElement`):
    /// when a push, pop, presentation, dismissal or tab change runs — with any animator, or none —
    /// a view of the leaving screen and one of the arriving screen with the same id fly between
    /// their frames above the rest of the transition; a view whose id has no partner fades.
    /// See `SharedElementStyle` for how it flies.
    public var transitionID: String?
    /// How this view flies as a shared element (nil: the default style). For a pair, the
    /// arriving view's style is used, else the leaving view's.
    public var sharedElementStyle: SharedElementStyle?
    public var clipsToBounds = false { didSet { markWindowNeedsDisplay() } }
    /// CALayer's `allowsGroupOpacity` (on by default, as since iOS 7): a view with alpha below 1
    /// and subviews is drawn flattened, then faded as one picture, so overlapping subviews do
    /// not show through each other. Off: each subview is faded on its own (alpha multiplies).
    public var allowsGroupOpacity = true { didSet { markWindowNeedsDisplay() } }
    /// How the view follows its superview's size changes (UIView's `autoresizingMask`).
    public var autoresizingMask: AutoresizingMask = []
    public var content: ViewContent? {
        didSet {
            contentVersion &+= 1
            markWindowNeedsDisplay()
        }
    }
    /// Bumped whenever `content` changes so the compositor re-uploads it once.
    public private(set) var contentVersion = 0

    // MARK: Display and layout state (View+Display.swift, View+Layout.swift)

    /// Set by `setNeedsDisplay()`; the compositor calls `display(contentScale:)` before drawing.
    public internal(set) var needsDisplay = false
    /// The content scale the view last displayed at (nil: never displayed).
    var displayedScale: Double?
    /// CALayer's `needsDisplayOnBoundsChange`: a change of the bounds size calls `setNeedsDisplay()`.
    public var needsDisplayOnBoundsChange = false
    /// Set by `setNeedsLayout()`; `layoutIfNeeded()` (run by the window before each frame) clears it.
    public internal(set) var needsLayout = false

    public private(set) weak var superview: View?
    /// Set on a window's root view only (weak: the window owns the root view). Kept on the view
    /// rather than in a static table, which would grow by one entry per window ever made.
    weak var owningWindow: Window?
    /// The engine holding this view's animation tracks, if it ever had one (it follows the
    /// view into the windows it joins: AnimationEngine+Routing.swift).
    weak var animatingEngine: AnimationEngine?
    public private(set) var subviews: [View] = []

    /// Values on screen now (equal to the model unless animating).
    public internal(set) var presentation: ViewState

    /// The recognizers attached with `addGestureRecognizer(_:)` (owned by the view, as in
    /// UIKit); the window's pointer dispatcher routes presses to them.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// UIKit's `isUserInteractionEnabled`: off, hit testing skips the view and its subviews, so
    /// presses go to what is behind (labels turn it off, as UILabel does).
    public var isUserInteractionEnabled = true
    /// The controller whose root view this is (UIKit's next responder), for appearance forwarding.
    weak var owningViewController: ViewController?

    // MARK: Responder (keys, text, scroll; routed by the window, Input/Responder.swift)

    /// The controller whose root view this is, else the superview (UIKit's chain).
    override open var nextResponder: Responder? { owningViewController ?? superview }
    override var responderWindow: Window? { window }

    public init(frame: Rect = .zero, name: String = "view") {
        self.name = name
        let size = frame.standardized.size
        bounds = Rect(origin: .zero, size: size)
        center = Point(x: frame.standardized.midX, y: frame.standardized.midY)
        alpha = 1
        transform = .identity
        presentation = ViewState(
            bounds: Rect(origin: .zero, size: size),
            center: Point(x: frame.standardized.midX, y: frame.standardized.midY),
            alpha: 1, transform: .identity, backgroundColor: .clear)
    }

    /// The model values as one value.
    public var model: ViewState {
        ViewState(bounds: bounds, center: center, alpha: alpha, transform: transform, backgroundColor: backgroundColor ?? .clear)
    }

    /// The view's rectangle in its superview's coordinates. With an identity transform it is the
    /// bounds placed by center and anchor point; otherwise the bounding box of the transformed
    /// bounds (projected). Setting it sets `bounds.size` and `center` (as UIKit does, the result
    /// with a non-identity transform is the one for an identity transform).
    public var frame: Rect {
        get { ViewState.frame(bounds: bounds, center: center, anchorPoint: anchorPoint, transform: transform) }
        set {
            let f = newValue.standardized
            bounds = Rect(origin: bounds.origin, size: f.size)
            center = Point(x: f.minX + anchorPoint.x * f.width, y: f.minY + anchorPoint.y * f.height)
        }
    }

    // MARK: Touches (UIResponder)

    /// A press hit this view (UIResponder). The default passes it to the superview, as UIKit
    /// passes it along the responder chain; override to handle it (`PointerDispatcher` says which view gets them).
    open func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { superview?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { superview?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { superview?.touchesEnded(touches, with: event) }
    /// The press was taken over by a gesture recognizer (`cancelsTouchesInView`) or lost.
    open func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { superview?.touchesCancelled(touches, with: event) }

    /// UIView's `gestureRecognizerShouldBegin(_:)`: asked of the view a press hit when a
    /// recognizer following that press is about to leave `.possible`; false fails it. Default
    /// true (`Control` refuses its ancestors' single taps).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    // MARK: Subviews

    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    /// Adding a view to itself or to one of its descendants would make a cycle (`root` and
    /// every tree walk would never return). UIKit raises an exception; here the call is refused
    /// and reported through `TransitionDiagnostics`, and the hierarchy stays as it was. Not a
    /// trap, because a long-running app should survive a programmer error that left its tree
    /// valid; not a throwing method, because `addSubview` keeps UIKit's signature so that
    /// ported code compiles unchanged.
    public func insertSubview(_ view: View, at index: Int) {
        guard !isDescendant(of: view) else {
            transitionDiagnostics.report(view === self
                ? "'\(name)' cannot be its own subview; refused"
                : "'\(view.name)' is an ancestor of '\(name)': adding it as a subview would make a cycle; refused")
            return
        }
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(0, index > current ? index - 1 : index), subviews.count))
            markWindowNeedsDisplay()
            return
        }
        let oldSuperview = view.superview
        view.detachFromSuperview()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
        setNeedsLayout()
        // Animations follow their views into the window they join.
        if let engine = Window.containing(self)?.animationEngine { view.moveAnimations(to: engine) }
        ViewController.viewDidMove(view, from: oldSuperview)
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        insertSubview(view, at: index + 1)
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        insertSubview(view, at: index)
    }

    public func removeFromSuperview() {
        guard let oldSuperview = superview else { return }
        oldSuperview.markWindowNeedsDisplay()
        detachFromSuperview()
        ViewController.viewDidMove(self, from: oldSuperview)
    }

    private func detachFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        subviews.removeAll { $0 === view }
        subviews.append(view)
        markWindowNeedsDisplay()
    }

    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        subviews.removeAll { $0 === view }
        subviews.insert(view, at: 0)
        markWindowNeedsDisplay()
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// The topmost ancestor (the root of the tree this view is in).
    public var root: View {
        var current = self
        while let parent = current.superview { current = parent }
        return current
    }

    /// Flexible width and height at fixed margins, as UIKit's autoresizing: a view that fills
    /// keeps filling; one an animator placed elsewhere (a cube's face one width along, turned
    /// about its edge) grows by the same amount and keeps its place, instead of snapping onto
    /// the container mid-transition.
    private func resizeFillingSubviews(from oldSize: Size) {
        let dw = bounds.width - oldSize.width, dh = bounds.height - oldSize.height
        for subview in subviews where subview.autoresizesToFillSuperview {
            let size = subview.bounds.size
            subview.bounds.size = Size(width: max(0, size.width + dw), height: max(0, size.height + dh))
            subview.center = Point(
                x: subview.center.x + subview.anchorPoint.x * (subview.bounds.width - size.width),
                y: subview.center.y + subview.anchorPoint.y * (subview.bounds.height - size.height))
        }
    }

    // MARK: Overridable drawing and layout (UIView's and CALayer's hooks)

    /// CALayer's `display()`: sets `content` to the view's picture at `scale` pixels per point.
    /// The default draws through `draw(into:scale:)`; override to set `content` another way.
    open func display(contentScale scale: Double) { displayDrawing(contentScale: scale) }

    /// UIKit's `draw(_:)`: draws into `image`, the view's bounds at `scale` pixels per point
    /// (transparent to begin with, straight alpha). Runs only after `setNeedsDisplay()`.
    open func draw(into image: inout RGBAImage, scale: Double) {}

    /// The size that best fits `size` (UIKit's `sizeThatFits(_:)`): the current size by default.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// UIKit's `intrinsicContentSize`: the size the content wants, `View.noIntrinsicMetric` on an
    /// axis where it wants none (both, by default). Call `invalidateIntrinsicContentSize()` when it changes.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// UIKit's `hitTest(_:with:)`: the farthest descendant containing `point` (in this view's
    /// bounds coordinates), or nil. The default skips a hidden view, one with `alpha < 0.01` or
    /// with interaction off, and one whose `point(inside:with:)` says no; then asks the subviews
    /// front to back. The window's pointer dispatcher asks the root view, so overrides count.
    open func hitTest(_ point: Point, with event: TouchEvent?) -> View? { defaultHitTest(point, with: event) }

    /// UIKit's `point(inside:with:)`: whether `point` (bounds coordinates) is in the view; its
    /// bounds by default. Override to enlarge or shape the touch area.
    open func point(inside point: Point, with event: TouchEvent?) -> Bool { bounds.contains(point) }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its origin.
    public func sizeToFit() {
        let fitting = sizeThatFits(bounds.size)
        let origin = frame.origin
        frame = Rect(origin: origin, size: fitting)
    }

    /// UIKit's `layoutSubviews()`: place the subviews for the current bounds. Runs (once per
    /// frame at most, before drawing) after `setNeedsLayout()`, a bounds size change or a new
    /// subview. The default does nothing: autoresizing masks are applied when the size changes.
    open func layoutSubviews() {}

    /// Reacts to a change of the bounds size: autoresize the subviews, lay out again, redisplay
    /// when asked to.
    private func boundsSizeChanged(from oldSize: Size) {
        autoresizeSubviews(from: oldSize)
        setNeedsLayout()
        if needsDisplayOnBoundsChange { setNeedsDisplay() }
    }

    // MARK: Animation bookkeeping

    /// Called by every animatable property's didSet: inside an animation block the change is
    /// recorded as a track from the old presentation value; outside it the presentation follows.
    private func changed(_ old: AnimatableValue) {
        markWindowNeedsDisplay()  // the window host redraws only after a change (Window+Redraw.swift)
        AnimationEngine.propertyChanged(self, old: old)
    }
}

/// The animatable values of a view at one moment.
public struct ViewState: Sendable, Equatable {
    public var bounds: Rect
    public var center: Point
    public var alpha: Double
    public var transform: Transform3D
    public var backgroundColor: Color

    public init(bounds: Rect, center: Point, alpha: Double, transform: Transform3D, backgroundColor: Color) {
        self.bounds = bounds
        self.center = center
        self.alpha = alpha
        self.transform = transform
        self.backgroundColor = backgroundColor
    }

    static func frame(bounds: Rect, center: Point, anchorPoint: Point, transform: Transform3D) -> Rect {
        let size = bounds.size
        let local = [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: 0, y: size.height), Point(x: size.width, y: size.height)]
        if transform.isIdentity {
            return Rect(x: center.x - anchorPoint.x * size.width, y: center.y - anchorPoint.y * size.height,
                        width: size.width, height: size.height)
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for corner in local {
            let p = Point(x: corner.x - anchorPoint.x * size.width, y: corner.y - anchorPoint.y * size.height)
            guard let q = transform.project(p) else { continue }
            minX = min(minX, q.x + center.x); maxX = max(maxX, q.x + center.x)
            minY = min(minY, q.y + center.y); maxY = max(maxY, q.y + center.y)
        }
        guard minX.isFinite, minY.isFinite else { return Rect(origin: center, size: .zero) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
