import SegueGLFW
import SegueInput
import SegueTesting
import Testing

/// GLFW's codes to Segue's input types. The reference is GLFW 3.3's documented values
/// (glfw3.h, "Keyboard keys", "Modifier key flags", "Mouse buttons"), written here as numbers
/// so the table is checked against the header's documentation, not against itself.
@Suite("GLFW input translation", .tags(.pure))
struct InputTranslationTests {
    @Test func printableKeysAreTheirUSLayoutCharacters() {
        #expect(GLFWInputTranslation.key(65) == .character("A"))
        #expect(GLFWInputTranslation.key(90) == .character("Z"))
        #expect(GLFWInputTranslation.key(48) == .character("0"))
        #expect(GLFWInputTranslation.key(57) == .character("9"))
        for (code, character) in [(39, "'"), (44, ","), (45, "-"), (46, "."), (47, "/"), (59, ";"), (61, "="),
                                  (91, "["), (92, "\\"), (93, "]"), (96, "`")] {
            #expect(GLFWInputTranslation.key(Int32(code)) == .character(Character(character)), "code \(code)")
        }
        #expect(GLFWInputTranslation.key(32) == .space)
    }

    @Test func functionEditingAndNavigationKeys() {
        let expected: [(Int32, KeyboardKey)] = [
            (256, .escape), (257, .enter), (258, .tab), (259, .backspace), (260, .insert), (261, .delete),
            (262, .right), (263, .left), (264, .down), (265, .up), (266, .pageUp), (267, .pageDown), (268, .home),
            (269, .end), (280, .capsLock), (281, .scrollLock), (282, .numLock), (283, .printScreen), (284, .pause),
            (290, .function(1)), (301, .function(12)), (314, .function(25)), (348, .menu),
        ]
        for (code, key) in expected { #expect(GLFWInputTranslation.key(code) == key, "code \(code)") }
    }

    @Test func keypadAndModifierKeys() {
        #expect(GLFWInputTranslation.key(320) == .keypad("0"))
        #expect(GLFWInputTranslation.key(329) == .keypad("9"))
        let keypad: [(Int32, Character)] = [(330, "."), (331, "/"), (332, "*"), (333, "-"), (334, "+"), (335, "\n"), (336, "=")]
        for (code, character) in keypad { #expect(GLFWInputTranslation.key(code) == .keypad(character), "code \(code)") }
        let modifiers: [(Int32, KeyboardKey)] = [
            (340, .leftShift), (341, .leftControl), (342, .leftAlt), (343, .leftSuper),
            (344, .rightShift), (345, .rightControl), (346, .rightAlt), (347, .rightSuper),
        ]
        for (code, key) in modifiers {
            #expect(GLFWInputTranslation.key(code) == key, "code \(code)")
            #expect(key.isModifier)
        }
        // Layout extras (World 1 and 2) and GLFW_KEY_UNKNOWN keep their codes.
        #expect(GLFWInputTranslation.key(161) == .other(161))
        #expect(GLFWInputTranslation.key(-1) == .other(-1))
    }

    @Test func keysHaveReadableNames() {
        #expect(KeyboardKey.character("Q").name == "Q")
        #expect(KeyboardKey.function(5).name == "F5")
        #expect(KeyboardKey.keypad("7").name == "Keypad 7")
        #expect(KeyboardKey.keypad("\n").name == "Keypad Enter")
        #expect(KeyboardKey.leftShift.name == "Left Shift")
        #expect(KeyboardKey.pageDown.name == "Page Down")
        #expect(KeyboardKey.other(161).name == "Key 161")
    }

    @Test func modifierBits() {
        // GLFW_MOD_SHIFT 0x1, CONTROL 0x2, ALT 0x4, SUPER 0x8, CAPS_LOCK 0x10, NUM_LOCK 0x20.
        #expect(GLFWInputTranslation.modifiers(0x1) == .shift)
        #expect(GLFWInputTranslation.modifiers(0x2 | 0x4) == [.control, .alternate])
        #expect(GLFWInputTranslation.modifiers(0x8) == .command)
        #expect(GLFWInputTranslation.modifiers(0x10) == .capsLock)
        // Num Lock is no modifier here; UIKit's numericPad marks a key on the keypad.
        #expect(GLFWInputTranslation.modifiers(0x20) == [])
        #expect(GLFWInputTranslation.modifiers(0x20, key: .keypad("5")) == .numericPad)
        #expect(GLFWInputTranslation.modifiers(0x3F) == [.shift, .control, .alternate, .command, .capsLock])
    }

    /// X11 gives a key event the modifiers from before it: Ctrl's own press must count for the
    /// scroll that follows (Ctrl + wheel is the pinch), its release must end it.
    @Test func aModifierKeysOwnPressAndReleaseCountForWhatFollows() {
        #expect(GLFWInputTranslation.heldModifiers([], after: .leftControl, pressed: true) == .control)
        #expect(GLFWInputTranslation.heldModifiers(.shift, after: .rightControl, pressed: true) == [.shift, .control])
        #expect(GLFWInputTranslation.heldModifiers([.control, .shift], after: .leftControl, pressed: false) == .shift)
        #expect(GLFWInputTranslation.heldModifiers(.control, after: .character("A"), pressed: true) == .control)
        #expect(GLFWInputTranslation.heldModifiers([], after: .rightSuper, pressed: true) == .command)
    }

    @Test func mouseButtonsAndActions() {
        #expect(GLFWInputTranslation.button(0) == .primary)
        #expect(GLFWInputTranslation.button(1) == .secondary)
        #expect(GLFWInputTranslation.button(2) == .middle)
        #expect(GLFWInputTranslation.button(3) == .other(3))
        #expect(GLFWInputTranslation.button(7) == .other(7))
        // GLFW_RELEASE 0, GLFW_PRESS 1, GLFW_REPEAT 2.
        #expect(GLFWInputTranslation.keyAction(0) == .release)
        #expect(GLFWInputTranslation.keyAction(1) == .press)
        #expect(GLFWInputTranslation.keyAction(2) == .repeat)
    }

    @Test func cursorPositionsScaleToFramebufferPixels() {
        // A window of 640×360 screen coordinates with a 1280×720 framebuffer (macOS, Wayland at 2×).
        let scaled = GLFWInputTranslation.framebufferPosition(
            x: 100.5, y: 50, windowSize: (640, 360), framebufferSize: (1280, 720))
        #expect(scaled.x == 201 && scaled.y == 100)
        // X11: screen coordinates are pixels.
        let same = GLFWInputTranslation.framebufferPosition(x: 10, y: 20, windowSize: (640, 360), framebufferSize: (640, 360))
        #expect(same.x == 10 && same.y == 20)
        // A minimised window (0×0) passes positions through rather than dividing by zero.
        let minimised = GLFWInputTranslation.framebufferPosition(x: 3, y: 4, windowSize: (0, 0), framebufferSize: (0, 0))
        #expect(minimised.x == 3 && minimised.y == 4)
    }

    @Test func theSimpleEventViewKeepsThePrimaryButtonMovesAndPresses() {
        let down = PointerEvent(kind: .down, x: 1, y: 2, button: .primary)
        let secondary = PointerEvent(kind: .down, x: 1, y: 2, button: .secondary)
        let moved = PointerEvent(kind: .moved, x: 3, y: 4)
        #expect(WindowEvent(.pointer(down)) == .pointer(down))
        #expect(WindowEvent(.pointer(secondary)) == nil)
        #expect(WindowEvent(.pointer(moved)) == .pointer(moved))
        let press = KeyEvent(key: .space, action: .press)
        let repeated = KeyEvent(key: .space, action: .repeat)
        #expect(WindowEvent(.key(press)) == .key(press))
        #expect(WindowEvent(.key(repeated)).map { if case .key(let k) = $0 { k.isRepeat } else { false } } == true)
        #expect(WindowEvent(.key(KeyEvent(key: .space, action: .release))) == nil)
        #expect(WindowEvent(.text("a")) == nil)
        #expect(WindowEvent(.scroll(ScrollEvent(x: 0, y: 0, deltaX: 0, deltaY: 1))) == nil)
        #expect(WindowEvent(.framebufferResized(width: 2, height: 2)) == nil)
    }
}
