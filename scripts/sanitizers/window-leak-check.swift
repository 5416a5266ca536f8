// The window suites' leak check, checked (scripts/test-sanitizers address): a windowed program as
// Segue's are (GLFW, a GLX context on Mesa's driver, glfwTerminate at the end), built with
// -sanitize=address. Run with Mesa's driver preloaded and the suppressions, it must end clean
// (no report of the driver's own blocks); with the argument `leak` it leaks an object of its own
// from plantLeak(), which LeakSanitizer must still report: the preload and the suppressions hide
// Mesa's blocks, never a program's.
import CGLFW
import Glibc

final class Planted {
    var bytes = [UInt8](repeating: 1, count: 77)
}

@inline(never) func plantLeak() {
    _ = Unmanaged.passRetained(Planted())  // retained once more, never released: unreachable at exit
}

guard glfwInit() == GLFW_TRUE, let window = glfwCreateWindow(64, 64, "leak check", nil, nil) else {
    fputs("window-leak-check: no GLFW window (is DISPLAY an X server?)\n", stderr)
    exit(2)
}
glfwMakeContextCurrent(window)
glfwSwapBuffers(window)
glfwDestroyWindow(window)
glfwTerminate()  // closes the X display: Mesa unloads its driver here unless it was preloaded
if CommandLine.arguments.dropFirst().first == "leak" { plantLeak() }
