import SeedAppScenes
import SegueUIKit
import SegueStage
import SegueText
import Testing
import SegueTesting

/// Issue 28, defect 6: SeedApp's menu at the seeds' own 320×480 elided every label ("1 Diago…"):
/// it now takes one column when the widest title (its `sizeThatFits`) does not fit half the
/// width, wraps the title and the hint, and shares the height left between the rows. The
/// 960×600 window keeps its two columns. Tab and Shift+Tab move a focus ring between the
/// buttons; Return or Space presses the focused one.
@Suite("SeedApp's menu: narrow windows and keyboard focus (headless)", .serialized, .tags(.gl))
@MainActor
struct SeedAppMenuTests {
    /// Every label shows its whole text in its frame, and every button lies in the window, apart from the others.
    static func expectNothingElided(_ menu: SeedMenuView, in size: Size) {
        for label in [menu.titleLabel, menu.hintLabel] {
            let needed = label.sizeThatFits(Size(width: label.bounds.width, height: 0))
            #expect(needed.width <= label.bounds.width + 0.5 && needed.height <= label.bounds.height + 0.5,
                    "\(label.name) needs \(needed) in \(label.frame) at \(size)")
        }
        for (index, button) in menu.buttons.enumerated() {
            let title = button.titleLabel.sizeThatFits(Size(width: 0, height: 0))
            #expect(title.width <= button.bounds.width && title.height <= button.bounds.height,
                    "\(button.titleLabel.text) needs \(title) in \(button.frame) at \(size)")
            #expect(button.frame.minX >= 0 && button.frame.maxX <= size.width && button.frame.maxY <= size.height,
                    "\(button.name) at \(button.frame) outside \(size)")
            #expect(button.frame.minY >= menu.hintLabel.frame.maxY)
            for other in menu.buttons[(index + 1)...] {
                #expect(button.frame.intersection(other.frame).map { $0.width * $0.height } ?? 0 == 0, "\(button.name) overlaps \(other.name)")
            }
        }
    }

    @Test(arguments: [Size(width: 320, height: 480), Size(width: 600, height: 800), Size(width: 960, height: 600)])
    func noLabelIsElided(size: Size) throws {
        try HeadlessSeedApp.run(size: size) { _, app in Self.expectNothingElided(app.menu.menuView, in: size) }
    }

    @Test func theSeedsOwnWindowHasOneColumnAndTheAppsWindowTwo() throws {
        try HeadlessSeedApp.run(size: Size(width: 320, height: 480)) { _, app in
            #expect(Set(app.menu.menuView.buttons.map(\.frame.minX)).count == 1)
        }
        try HeadlessSeedApp.run { _, app in
            let buttons = app.menu.menuView.buttons
            // The layout the window tests' screenshots were taken with.
            #expect(buttons[0].frame == Rect(x: 40, y: 120, width: 420, height: 48))
            #expect(buttons[5].frame == Rect(x: 500, y: 120, width: 420, height: 48))
        }
    }

    @Test func tabMovesTheFocusAndReturnPressesTheFocusedButton() throws {
        try HeadlessSeedApp.run { stage, app in
            let menu = app.menu.menuView
            @MainActor func key(_ key: KeyboardKey, _ modifiers: KeyModifiers = []) {
                stage.window.deliver(KeyPress(key: key, phase: .began, modifiers: modifiers, time: stage.now))
            }
            #expect(menu.focusedIndex == nil && menu.focusRing.isHidden)
            key(.tab)
            key(.tab)
            #expect(menu.focusedIndex == 1 && !menu.focusRing.isHidden)
            #expect(menu.focusRing.frame == menu.buttons[1].frame.insetBy(dx: -3, dy: -3))
            key(.tab, .shift)
            key(.tab, .shift)
            #expect(menu.focusedIndex == menu.buttons.count - 1, "Shift+Tab wraps to the last button")
            key(.tab)
            key(.tab)
            key(.tab)  // the third button: dimming
            key(.enter)
            try stage.play(0.8)
            #expect((app.presentedViewController as? DemoScreenController)?.demo == SeedDemo(rawValue: 2))
            key(.escape)
            try stage.play(0.8)
            key(.space)
            try stage.play(0.8)
            #expect((app.presentedViewController as? DemoScreenController)?.demo == SeedDemo(rawValue: 2), "Space presses it too")
        }
    }
}
