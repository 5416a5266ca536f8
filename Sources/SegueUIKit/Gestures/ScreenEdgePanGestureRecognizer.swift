/// Edges of a rectangle (UIRectEdge).
public struct RectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let top = RectEdge(rawValue: 1 << 0)
    public static let left = RectEdge(rawValue: 1 << 1)
    public static let bottom = RectEdge(rawValue: 1 << 2)
    public static let right = RectEdge(rawValue: 1 << 3)
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// UIScreenEdgePanGestureRecognizer: a pan that begins only for a press starting within
/// `edgeRegionWidth` of one of `edges` of the window (the root of the view's tree), moving
/// away from that edge (the component away from the edge at least the one along it). A press
/// elsewhere fails at once, so it does not hold back other recognizers. Navigation's
/// interactive pop uses it on the left edge.
@MainActor
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges it starts from (UIKit requires them to be set; none: it never begins).
    public var edges: RectEdge
    /// How far from an edge (window pixels) a press may start. UIKit does not document its
    /// region; 20 is Segue's default.
    public var edgeRegionWidth: Double = 20

    /// The edges the current press started near.
    private var startEdges: RectEdge = []

    public init(edges: RectEdge, minimumDistance: Double = 10) {
        self.edges = edges
        super.init(minimumDistance: minimumDistance)
    }

    public convenience init(edges: RectEdge, minimumDistance: Double = 10, action: @escaping @MainActor (ScreenEdgePanGestureRecognizer) -> Void) {
        self.init(edges: edges, minimumDistance: minimumDistance)
        addAction(action)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        guard let touch = touches.first else { return }
        startEdges = edgesNear(touch.windowLocation)
        if startEdges.isEmpty { state = .failed }
    }

    open override func reset() {
        super.reset()
        startEdges = []
    }

    override func beginsGesture(from press: Point, to point: Point) -> Bool {
        guard super.beginsGesture(from: press, to: point) else { return false }
        let dx = point.x - press.x, dy = point.y - press.y
        // Away from the edge, and more across the edge than along it.
        if startEdges.contains(.left), dx > 0, dx >= abs(dy) { return true }
        if startEdges.contains(.right), dx < 0, -dx >= abs(dy) { return true }
        if startEdges.contains(.top), dy > 0, dy >= abs(dx) { return true }
        if startEdges.contains(.bottom), dy < 0, -dy >= abs(dx) { return true }
        // Moved far enough, but not away from the edge: not this gesture.
        state = .failed
        return false
    }

    /// The edges of the window (the root of the view's tree) within `edgeRegionWidth` of `point`.
    private func edgesNear(_ point: Point) -> RectEdge {
        guard let root = view?.root else { return [] }
        let frame = root.frame
        var near: RectEdge = []
        let width = edgeRegionWidth
        if edges.contains(.left), point.x >= frame.minX, point.x <= frame.minX + width { near.insert(.left) }
        if edges.contains(.right), point.x <= frame.maxX, point.x >= frame.maxX - width { near.insert(.right) }
        if edges.contains(.top), point.y >= frame.minY, point.y <= frame.minY + width { near.insert(.top) }
        if edges.contains(.bottom), point.y <= frame.maxY, point.y >= frame.maxY - width { near.insert(.bottom) }
        return near
    }
}
