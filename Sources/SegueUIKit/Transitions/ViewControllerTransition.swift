/// UIKit's `UIViewController.Transition` (iOS 18): the transition a view controller prefers
/// when it is pushed or presented — and popped or dismissed — used when no navigation delegate
/// or transitioning delegate vends an animator. Set it on the controller that appears:
/// `detail.preferredTransition = .zoom { _ in cell }`.
@MainActor
public struct ViewControllerTransition {
    var zoom: ZoomTransition?
    var matchedViewsDuration: Double?

    /// Matched views (Hero's and SwiftUI's matched-geometry idea, not a UIKit transition): views
    /// of the two screens that share a `View.matchedGeometryID` morph into each other — frame,
    /// corner radius and background colour — while the rest of the screens cross-fades.
    public static func matchedViews(duration: Double = 0.5) -> ViewControllerTransition {
        ViewControllerTransition(matchedViewsDuration: duration.isFinite ? max(0.01, duration) : 0.5)
    }

    /// iOS 18's zoom: the appearing screen grows out of the view `sourceViewProvider` returns (a
    /// cell, a thumbnail) and shrinks back into it when it goes; the source view is hidden while
    /// a zoom runs. A vertical drag on the zoomed screen dismisses it interactively (it follows
    /// the finger and shrinks as it goes down), and a running zoom can be grabbed mid-flight.
    /// The provider is asked at the start of each zoom (the source may have moved or been
    /// recycled); nil zooms from the middle of the screen.
    public static func zoom(
        options: ZoomOptions? = nil, sourceViewProvider: @escaping @MainActor (ZoomSourceContext) -> View?
    ) -> ViewControllerTransition {
        ViewControllerTransition(zoom: ZoomTransition(options: options ?? ZoomOptions(), sourceViewProvider: sourceViewProvider))
    }

    private init(zoom: ZoomTransition? = nil, matchedViewsDuration: Double? = nil) {
        self.zoom = zoom
        self.matchedViewsDuration = matchedViewsDuration
    }
}

/// UIKit's `UIViewController.Transition.ZoomOptions`.
@MainActor
public final class ZoomOptions {
    /// Whether a drag on the zoomed screen may begin its interactive dismissal (nil: always).
    public var interactiveDismissShouldBegin: (@MainActor (ZoomInteractionContext) -> Bool)?
    /// A colour laid over the source screen, fading in as the zoomed screen grows (nil: none).
    public var dimmingColor: Color?

    public init() {}
}

/// UIKit's `UIZoomTransitionSourceViewProviderContext`.
@MainActor
public struct ZoomSourceContext {
    /// The controller the zoom starts from (pushed from, presented from), or returns to.
    public let sourceViewController: ViewController?
    /// The controller that grows out of the source view.
    public let zoomedViewController: ViewController
}

/// UIKit's `UIZoomTransitionInteractionContext`: what a drag that may dismiss looks like.
public struct ZoomInteractionContext: Sendable {
    /// The press, in window coordinates.
    public let location: Point
    /// The drag's velocity, in points per second.
    public let velocity: Point
}
