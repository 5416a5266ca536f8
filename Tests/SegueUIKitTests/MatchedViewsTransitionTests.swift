import SegueTiming
import SegueUIKit
import SegueTesting
import Testing

/// Matched views (`preferredTransition = .matchedViews()`): views of two screens sharing a
/// `matchedGeometryID` morph into each other — frame, corner radius, colour — while the rest
/// cross-fades; headlessly, the stand-in's values at key progress values against the values
/// interpolated from one view's to the other's on the ease-in-out curve.
@MainActor
@Suite("Matched views transition", .tags(.pure))
struct MatchedViewsTransitionTests {
    static let thumbFrame = Rect(x: 20, y: 40, width: 60, height: 60)
    static let heroFrame = Rect(x: 0, y: 100, width: 400, height: 300)
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    /// A list with a red round thumbnail and a detail with a blue hero view, both "photo", in a
    /// navigation controller; the detail prefers matched views over 1 s.
    @MainActor private struct Scene {
        let window = Window(size: Size(width: 400, height: 800))
        let list = ViewController(name: "list"), detail = ViewController(name: "detail")
        let thumb = View(frame: MatchedViewsTransitionTests.thumbFrame, name: "thumb")
        let hero = View(frame: MatchedViewsTransitionTests.heroFrame, name: "hero")
        let navigation: NavigationController

        @MainActor init() {
            for (view, color) in [(thumb, MatchedViewsTransitionTests.red), (hero, MatchedViewsTransitionTests.blue)] {
                view.matchedGeometryID = "photo"
                view.backgroundColor = color
            }
            thumb.cornerRadius = 30
            list.view.addSubview(thumb)
            detail.view.addSubview(hero)
            detail.preferredTransition = .matchedViews(duration: 1)
            navigation = NavigationController(rootViewController: list)
            window.rootViewController = navigation
        }
    }

    @Test func matchedViewsMorphWhileTheRestCrossFades() throws {
        let scene = Scene()
        let (window, detail, thumb, hero, navigation) = (scene.window, scene.detail, scene.thumb, scene.hero, scene.navigation)
        let unmatched = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        unmatched.matchedGeometryID = "only-here"
        detail.view.addSubview(unmatched)
        navigation.pushViewController(detail, animated: true)

        let standIn = try #require(navigation.containerView.subviews.first { $0.name == "matched.photo" })
        #expect(navigation.containerView.subviews.filter { $0.name.hasPrefix("matched.") }.count == 1, "one pair")
        #expect(thumb.isHidden && hero.isHidden, "both matched views hide while their stand-in morphs")
        for step in 0...3 {
            let progress = Double(step) / 4
            window.animationEngine.advance(to: progress)
            let eased = TimingCurve.easeInOut.value(at: progress)
            let expected = Rect.interpolate(Self.thumbFrame, Self.heroFrame, eased)
            let shown = standIn.presentation
            #expect(abs(shown.center.x - expected.midX) < 1e-6 && abs(shown.center.y - expected.midY) < 1e-6, "at \(progress)")
            #expect(abs(shown.bounds.width - expected.width) < 1e-6 && abs(shown.bounds.height - expected.height) < 1e-6)
            #expect(abs(shown.backgroundColor.red - (1 - eased)) < 1e-9 && abs(shown.backgroundColor.blue - eased) < 1e-9)
            #expect(abs(standIn.cornerRadius - 30 * (1 - eased)) < 1e-9, "corner radius at \(progress)")
            #expect(abs(detail.view.presentation.alpha - eased) < 1e-9, "the rest cross-fades")
        }
        window.animationEngine.advance(to: 1)
        #expect(navigation.topViewController === detail && !navigation.isTransitioning)
        #expect(standIn.superview == nil && !thumb.isHidden && !hero.isHidden)
        #expect(detail.view.alpha == 1)
    }

    @Test func poppingMorphsBackAndFadesTheLeavingScreenOut() throws {
        let scene = Scene()
        let (window, list, detail, thumb, navigation) = (scene.window, scene.list, scene.detail, scene.thumb, scene.navigation)
        navigation.pushViewController(detail, animated: false)
        _ = navigation.popViewController(animated: true)
        let standIn = try #require(navigation.containerView.subviews.first { $0.name == "matched.photo" })
        window.animationEngine.advance(to: 0.5)
        let expected = Rect.interpolate(Self.heroFrame, Self.thumbFrame, 0.5)
        #expect(abs(standIn.presentation.bounds.width - expected.width) < 1e-6)
        #expect(abs(detail.view.presentation.alpha - 0.5) < 1e-9)
        window.animationEngine.advance(to: 1)
        #expect(navigation.topViewController === list && !thumb.isHidden)
        #expect(detail.view.alpha == 1, "the popped screen keeps its alpha for next time")
    }
}
