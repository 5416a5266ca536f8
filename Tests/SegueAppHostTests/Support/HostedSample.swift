import Foundation
import HostSampleScene
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueStage
import SegueTesting

/// The HostSample program in a window on an Xvfb of its own, driven with xdotool (a
/// `HostedProgram`); its trace (one line per event, change and frame) is read from its output.
final class HostedSample {
    let program: HostedProgram
    var x: XvfbSession { program.x }
    var window: String { program.window }
    var pid: Int32 { program.pid }

    /// Starts the sample at `width`×`height` points and waits for its window and first frame.
    init(width: Int = 480, height: Int = 320, dotsPerInch: Int? = nil) throws {
        program = try HostedProgram(
            product: "HostSample", arguments: ["\(width)", "\(height)"], windowName: "Segue host sample", dotsPerInch: dotsPerInch)
    }

    var trace: String { program.trace }

    func lines(_ prefix: String) -> [String] { program.lines(prefix) }

    @discardableResult
    func waitFor(_ prefix: String, count: Int = 1, timeout: Double = StateWait.limit) -> Bool {
        program.waitFor(prefix, count: count, timeout: timeout)
    }

    func waitUntilSettled(quiet: Double = 0.5, timeout: Double = StateWait.limit) { program.waitUntilSettled(quiet: quiet, timeout: timeout) }

    func xdotool(_ arguments: [String]) throws { try program.xdotool(arguments) }

    func screenshot() throws -> RGBAImage { try program.screenshot() }

    func waitForExit(timeout: Double = StateWait.limit) -> Int32? { program.waitForExit(timeout: timeout) }

    /// The offset the last trace line that reports one says (the box's place), else zero.
    var lastOffset: Point {
        for line in trace.split(separator: "\n").reversed() {
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "offset"), index + 2 < words.count,
                  let x = Double(words[index + 1]), let y = Double(words[index + 2]) else { continue }
            return Point(x: x, y: y)
        }
        return Point(x: 0, y: 0)
    }

    /// The process's CPU time so far (user + system), in clock ticks, from /proc/PID/stat.
    func cpuTicks() throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name (which is in parentheses and may hold spaces).
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after ") ".
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }
}

/// The sample's frame for a state, rendered headlessly at the same size: the reference a
/// window screenshot is compared with.
@MainActor
enum HeadlessSample {
    /// `width`×`height` are points; the frame has `scale` times as many pixels.
    static func frame(
        width: Int, height: Int, scale: Int = 1, offset: Point, colorIndex: Int = 0, typed: String = ""
    ) throws -> RGBAImage {
        try HeadlessStage.run(width: width * scale, height: height * scale) { stage in
            let size = Size(width: Double(width), height: Double(height))
            stage.window.contentScale = Double(scale)
            stage.window.resize(to: size)
            let controller = SampleController(size: size)
            stage.window.rootViewController = controller
            controller.canvas.offset = offset
            controller.canvas.colorIndex = colorIndex
            controller.canvas.type(typed)
            return try stage.snapshot()
        }
    }
}
