import SegueGL
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueStage
import SegueText
import Testing
import SegueTesting

/// A `Button` (SegueText) in a headless window: pressed and released through the window's
/// pointer input, it highlights (its title fades on screen), sends `.primaryActionTriggered`
/// and the action presents a controller, whose view ends at its full-screen frame. A long
/// press begins from the frames alone: `Window.renderFrame(at:)` passes time to the recognizers.
@MainActor
@Suite("Button and long press in a headless window", .serialized, .tags(.gl))
struct ButtonWindowTests {
    /// How many pixels differ (any channel by more than 8) in `rect` (pixels) between two pictures.
    static func differingPixels(_ a: RGBAImage, _ b: RGBAImage, in rect: Rect) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let i = (y * a.width + x) * 4
                if (0..<4).contains(where: { abs(Int(a.pixels[i + $0]) - Int(b.pixels[i + $0])) > 8 }) { count += 1 }
            }
        }
        return count
    }

    static func darkPixels(_ image: RGBAImage, in rect: Rect) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where image.pixels[(y * image.width + x) * 4] < 100 { count += 1 }
        }
        return count
    }

    @Test func tappingAButtonPresentsAController() throws {
        AnimationEngine.main.reset(to: 0)
        try HeadlessStage.run(width: 320, height: 480) { stage in
            let home = ViewController(name: "home")
            home.view.backgroundColor = .white
            let detail = ViewController(name: "detail")
            detail.view.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.2)
            stage.window.rootViewController = home
            let button = Button(frame: Rect(x: 60, y: 200, width: 200, height: 44), title: "Show detail")
            button.setTitleColor(.black, for: .normal)
            home.view.addSubview(button)
            var primary = 0
            button.addAction(for: .primaryActionTriggered) { _ in
                primary += 1
                home.present(detail, animated: true)
            }
            let idle = try stage.step()
            let buttonArea = Rect(x: 60, y: 200, width: 200, height: 44)
            #expect(Self.darkPixels(idle, in: buttonArea) > 20, "the black title is drawn on the white view")

            // Pressed on the title (the label lets presses through to the button): highlighted.
            stage.press(at: Point(x: 160, y: 222))
            #expect(button.isHighlighted && button.isTracking)
            let pressed = try stage.step()
            #expect(Self.differingPixels(idle, pressed, in: buttonArea) > 20, "the title fades while pressed")
            #expect(primary == 0)

            stage.lift(at: Point(x: 160, y: 222))
            #expect(primary == 1 && !button.isHighlighted)
            #expect(stage.window.transitionDriver.isTransitioning)
            try stage.play(1)
            #expect(home.presentedViewController === detail)
            #expect(detail.view.frame == Rect(x: 0, y: 0, width: 320, height: 480))
            #expect(detail.view.superview != nil && !stage.window.transitionDriver.isTransitioning)
            let presented = try stage.step()
            let i = (100 * presented.width + 160) * 4
            #expect(presented.pixels[i] > 200 && presented.pixels[i + 1] < 80, "the detail's red fills the window")
        }
    }

    @Test func aLongPressBeginsAsFramesPassWithoutEvents() throws {
        AnimationEngine.main.reset(to: 0)
        try HeadlessStage.run(width: 200, height: 200) { stage in
            let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "content")
            stage.window.rootView.addSubview(root)
            var states: [GestureRecognizer.State] = []
            root.addGestureRecognizer(LongPressGestureRecognizer { states.append($0.state) })
            try stage.step()
            stage.press(at: Point(x: 100, y: 100))
            let pressedAt = stage.now
            while stage.now < pressedAt + 0.5 - 1.5 * stage.frameStep { try stage.step() }
            #expect(states.isEmpty, "still short of 0.5 s at \(stage.now - pressedAt)")
            try stage.step()
            try stage.step()
            #expect(states == [.began], "began on the frame that crossed 0.5 s")
            stage.lift(at: Point(x: 100, y: 100))
            #expect(states == [.began, .ended])
        }
    }
}
