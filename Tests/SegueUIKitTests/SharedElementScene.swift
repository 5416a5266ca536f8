import SegueTiming
import SegueUIKit

/// The shared-element tests' screens: a list card (photo, title, avatar) and its detail, whose
/// three views carry the same `transitionID`s; both lay out from their bounds, so a resize
/// moves every end. Coloured blocks, no text: the pictures do not depend on fonts.
@MainActor
enum SharedElementScene {
    static let ids = ["photo", "title", "avatar"]
    static let photoColor = Color(red: 0.9, green: 0.3, blue: 0.2)
    static let titleColor = Color(red: 0.1, green: 0.1, blue: 0.5)
    static let avatarColor = Color(red: 0.2, green: 0.7, blue: 0.3)

    /// The list: a card near the top left.
    final class ListView: View {
        let photo = View(name: "list.photo"), title = View(name: "list.title"), avatar = View(name: "list.avatar")

        init() {
            super.init(frame: .zero, name: "list")
            backgroundColor = Color(red: 0.95, green: 0.93, blue: 0.85)
            SharedElementScene.dress([photo, title, avatar])
            for view in [photo, title, avatar] { addSubview(view) }
            photo.cornerRadius = 6
            avatar.cornerRadius = 6
        }

        /// The card's views' frames for `size`.
        static func layout(_ size: Size) -> [Rect] {
            let w = size.width
            return [
                Rect(x: 10, y: 30, width: (w * 0.4).rounded(), height: (w * 0.3).rounded()),
                Rect(x: 20 + (w * 0.4).rounded(), y: 30, width: (w * 0.5).rounded() - 30, height: 12),
                Rect(x: 20 + (w * 0.4).rounded(), y: 50, width: 12, height: 12),
            ]
        }

        override func layoutSubviews() {
            for (view, frame) in zip([photo, title, avatar], Self.layout(bounds.size)) { view.frame = frame }
        }
    }

    /// The detail: the photo across the top, the avatar on its lower edge, the title below.
    final class DetailView: View {
        let photo = View(name: "detail.photo"), title = View(name: "detail.title"), avatar = View(name: "detail.avatar")

        init() {
            super.init(frame: .zero, name: "detail")
            backgroundColor = Color(red: 0.2, green: 0.22, blue: 0.3)
            SharedElementScene.dress([photo, title, avatar])
            for view in [photo, title, avatar] { addSubview(view) }
            avatar.cornerRadius = 14
        }

        static func layout(_ size: Size) -> [Rect] {
            let w = size.width, top = (size.height * 0.45).rounded()
            return [
                Rect(x: 0, y: 0, width: w, height: top),
                Rect(x: 12, y: top + 10, width: w - 24, height: 16),
                Rect(x: w - 44, y: top - 14, width: 28, height: 28),
            ]
        }

        override func layoutSubviews() {
            for (view, frame) in zip([photo, title, avatar], Self.layout(bounds.size)) { view.frame = frame }
        }
    }

    static func dress(_ views: [View]) {
        for (view, (id, color)) in zip(views, zip(ids, [photoColor, titleColor, avatarColor])) {
            view.transitionID = id
            view.backgroundColor = color
            view.clipsToBounds = true
        }
    }

    final class ListController: ViewController {
        let list = ListView()
        init() { super.init(name: "list") }
        override func loadView() { view = list }
    }

    final class DetailController: ViewController {
        let detail = DetailView()
        init() { super.init(name: "detail") }
        override func loadView() { view = detail }
    }

    /// A window showing the list in a navigation controller, the detail ready to push.
    @MainActor struct Rig {
        let window: Window
        let navigation: NavigationController
        let list = ListController(), detail = DetailController()

        init(size: Size) { self.init(window: Window(size: size)) }

        /// In `window` (a headless stage's, to draw it).
        init(window: Window) {
            self.window = window
            navigation = NavigationController(rootViewController: list)
            window.rootViewController = navigation
            window.rootView.layoutIfNeeded()
        }

        /// One 60 Hz frame without drawing: the engine moves on, then the views lay out (what
        /// `Window.renderFrame` does before it draws).
        func frame() {
            window.animationEngine.advance(to: window.animationEngine.now + 1.0 / 60)
            window.rootView.layoutIfNeeded()
        }

        func run(_ seconds: Double) {
            let end = window.animationEngine.now + seconds
            while window.animationEngine.now < end - 1e-9 { frame() }
        }

        /// The overlay the flight draws in, while one runs.
        var overlay: View? { navigation.containerView.subviews.first { $0.name == "sharedElements" } }

        /// The flying view of `id`.
        func flyer(_ id: String) -> View? { overlay?.subviews.first { $0.name == "sharedElement.\(id)" } }

        /// Both screens' views, in the order of `ids`.
        var listViews: [View] { [list.list.photo, list.list.title, list.list.avatar] }
        var detailViews: [View] { [detail.detail.photo, detail.detail.title, detail.detail.avatar] }

        /// Drags from the left edge by `distance` over `frames` frames, rests `pause` seconds, lets go.
        func edgeDrag(by distance: Double, frames: Int, pause: Double, atRest: (() -> Void)? = nil) {
            let y = window.rootView.bounds.height / 2
            var t = window.animationEngine.now
            window.pointerDown(at: Point(x: 3, y: y), time: t)
            for k in 1...max(1, frames) {
                frame()
                t = window.animationEngine.now
                window.pointerMoved(to: Point(x: 3 + distance * Double(k) / Double(max(1, frames)), y: y), time: t)
            }
            if pause > 0 {
                run(pause)
                t = window.animationEngine.now
                window.pointerMoved(to: Point(x: 3 + distance, y: y), time: t)
            }
            frame()
            atRest?()
            window.pointerUp(at: Point(x: 3 + distance, y: y), time: window.animationEngine.now)
        }
    }

    /// `a` and `b` within `tolerance` on every edge.
    static func close(_ a: Rect?, _ b: Rect, _ tolerance: Double = 1e-6) -> Bool {
        guard let a else { return false }
        return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance && abs(a.width - b.width) <= tolerance
            && abs(a.height - b.height) <= tolerance
    }
}
