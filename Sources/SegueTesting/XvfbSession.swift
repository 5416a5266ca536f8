import Foundation
import SegueOutput
import SegueImage

/// An X server of its own (Xvfb) for window tests (the app host's and SeedApp's), with xdotool for real pointer input and
/// xwd for screenshots of what is actually on the screen.
public final class XvfbSession {
    public let display: String
    private let server: Process
    /// openbox, once `startWindowManager()` started it.
    private var windowManager: Process?

    public struct MissingTool: Error, CustomStringConvertible {
        public let tool: String
        public var description: String { "\(tool) is not installed; `make test` installs it (xvfb, xdotool, x11-apps, x11-utils)" }
    }

    /// The screen's size in pixels (what a fullscreen window fills).
    public let screenWidth: Int, screenHeight: Int

    /// `screenWidth` × `screenHeight`: the screen's pixels (1280×800 unless a test needs another).
    /// `dotsPerInch`: the X resources' `Xft.dpi` (set with xprop), which GLFW reads as the
    /// content scale (dpi / 96); nil leaves it unset (scale 1).
    public init(screenWidth: Int = 1280, screenHeight: Int = 800, dotsPerInch: Int? = nil) throws {
        (self.screenWidth, self.screenHeight) = (screenWidth, screenHeight)
        let tools = ["Xvfb", "xdotool", "xwd"] + (dotsPerInch == nil ? [] : ["xprop"])
        for tool in tools where Self.which(tool) == nil { throw MissingTool(tool: tool) }
        // Xvfb picks a free display number itself and writes it to the pipe (-displayfd): no race
        // with other test processes starting X servers at the same time.
        server = Process()
        server.executableURL = URL(fileURLWithPath: Self.which("Xvfb")!)
        // -noreset: a server that resets when its last client leaves would drop the resources.
        server.arguments = ["-displayfd", "1", "-screen", "0", "\(screenWidth)x\(screenHeight)x24", "-nolisten", "tcp", "-noreset"]
        let number = Pipe()
        server.standardOutput = number
        server.standardError = FileHandle.nullDevice
        try server.run()
        var text = ""
        while !text.contains("\n") {
            let data = number.fileHandleForReading.availableData
            if data.isEmpty { break }  // Xvfb exited without a display
            text += String(decoding: data, as: UTF8.self)
        }
        guard let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
            throw MissingTool(tool: "a working Xvfb (it did not start)")
        }
        display = ":\(value)"
        if let dotsPerInch {
            try run("xprop", ["-root", "-f", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER", "Xft.dpi: \(dotsPerInch)"])
        }
    }

    deinit {
        if let windowManager {
            if windowManager.isRunning { kill(windowManager.processIdentifier, SIGKILL) }
            windowManager.waitUntilExit()  // also when it ended by itself (HostedProgram's deinit says why)
        }
        // Xvfb started through Foundation's Process may not act on SIGTERM; SIGKILL always
        // works, and then the lock file and socket it leaves are ours to remove.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        let number = display.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }

    /// Starts openbox on this display and waits until it manages the screen (its
    /// `_NET_SUPPORTING_WM_CHECK` on the root window): windows are then reparented into frames,
    /// and resizes (`xdotool windowsize`) go through the window manager as on a desktop. It ends
    /// with the session.
    public func startWindowManager(timeout: Double = 20) throws {
        guard windowManager == nil else { return }
        for tool in ["openbox", "xprop"] where Self.which(tool) == nil { throw MissingTool(tool: tool) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.which("openbox")!)
        process.arguments = ["--sm-disable"]
        process.environment = ["DISPLAY": display, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        windowManager = process
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let said = String(decoding: try run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]), as: UTF8.self)
            if said.contains("window id") { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw MissingTool(tool: "a working openbox (it did not take the screen)")
    }

    /// Runs an X client (xdotool, xwd) on this display and returns its standard output.
    @discardableResult
    public func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.which(tool) ?? tool)
        process.arguments = arguments
        // A UTF-8 locale: xdotool reads the text it types (é) by the locale.
        process.environment = ["DISPLAY": display, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin", "LC_ALL": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// A screenshot of one window, decoded from xwd's format. On a loaded machine xwd now and then
    /// writes nothing (its request races the window's next buffer swap): such an empty dump is
    /// taken again, a few times, before it counts as a failure; a window that is really gone
    /// still fails, with what xwd said.
    public func screenshot(window: String) throws -> RGBAImage {
        var said = ""
        for attempt in 0..<5 {
            if attempt > 0 { Thread.sleep(forTimeInterval: 0.2 * Double(attempt)) }
            let (data, errors) = try runCapturingErrors("xwd", ["-id", window, "-silent"])
            if !data.isEmpty { return try XWDImage.decode(data) }
            said = errors
        }
        throw XWDImage.Failure(reason: "xwd wrote nothing for window '\(window)' five times: \(said)")
    }

    private func runCapturingErrors(_ tool: String, _ arguments: [String]) throws -> (Data, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.which(tool) ?? tool)
        process.arguments = arguments
        // A UTF-8 locale: xdotool reads the text it types (é) by the locale.
        process.environment = ["DISPLAY": display, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin", "LC_ALL": "C.UTF-8"]
        let output = try CapturedProcess.run(process)
        return (output.stdout, output.stderrText.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether Xvfb, xdotool and xwd are installed (window tests run only then, or fail under
    /// `make test`, which installs them).
    public static var isAvailable: Bool { ["Xvfb", "xdotool", "xwd"].allSatisfy { which($0) != nil } }

    public static func which(_ tool: String) -> String? { ProgramSearch.find(tool)?.path }
}

/// Decodes the X Window Dump format (TrueColor, 24 or 32 bits per pixel) that xwd writes.
public enum XWDImage {
    public struct Unsupported: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { "unsupported xwd image: \(reason)" }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    public static func decode(_ data: Data) throws -> RGBAImage {
        let bytes = [UInt8](data)
        func field(_ index: Int) -> Int {  // header fields are big-endian 32-bit words
            let o = index * 4
            return Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
        }
        guard bytes.count >= 100 else { throw Unsupported(reason: "only \(bytes.count) bytes") }
        let headerSize = field(0), width = field(4), height = field(5), byteOrder = field(7)
        let bitsPerPixel = field(11), bytesPerLine = field(12), colormapEntries = field(19)
        let redMask = field(14), greenMask = field(15), blueMask = field(16)
        guard bitsPerPixel == 32 || bitsPerPixel == 24 else { throw Unsupported(reason: "\(bitsPerPixel) bits per pixel") }
        let start = headerSize + colormapEntries * 12
        guard bytes.count >= start + bytesPerLine * height else { throw Unsupported(reason: "truncated") }
        func shift(_ mask: Int) -> Int { mask == 0 ? 0 : mask.trailingZeroBitCount }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let step = bitsPerPixel / 8
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * step
                var value = 0
                for b in 0..<step {
                    value |= Int(bytes[o + b]) << (byteOrder == 0 ? 8 * b : 8 * (step - 1 - b))
                }
                let i = (y * width + x) * 4
                pixels[i] = UInt8((value & redMask) >> shift(redMask) & 255)
                pixels[i + 1] = UInt8((value & greenMask) >> shift(greenMask) & 255)
                pixels[i + 2] = UInt8((value & blueMask) >> shift(blueMask) & 255)
            }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }
}
