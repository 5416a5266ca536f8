import Foundation
import Segue

/// An X server of the test's own (Xvfb) with the X clients a window test drives it with:
/// xdotool for real pointer input, xwd for screenshots of what the window actually shows.
/// Segue's test kit has no public one, so the package keeps this small one in its tests.
final class XvfbDisplay {
    static let tools = ["Xvfb", "xdotool", "xwd"]
    /// Window tests run where the tools are installed (scripts/test-external-package.sh fails
    /// when they are and the tests did not run).
    static var runs: Bool { tools.allSatisfy { which($0) != nil } }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let display: String
    private let server = Process()

    init() throws {
        for tool in Self.tools where Self.which(tool) == nil {
            throw Failure(description: "\(tool) is not installed (`make test` installs xvfb, xdotool and x11-apps)")
        }
        // -displayfd: Xvfb picks a free display itself and writes its number to the pipe, so test
        // processes starting servers at the same time never race for one.
        server.executableURL = URL(fileURLWithPath: Self.which("Xvfb")!)
        server.arguments = ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
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
            throw Failure(description: "Xvfb did not start")
        }
        display = ":\(value)"
    }

    deinit {
        // A server started through Foundation's Process may ignore SIGTERM; then its lock file
        // and socket are ours to remove.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        let number = display.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }

    /// Runs an X client on this display and returns what it wrote to standard output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.which(tool) ?? tool)
        process.arguments = arguments
        process.environment = ["DISPLAY": display, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// What `window` shows now. xwd now and then writes nothing when its request races the
    /// window's buffer swap: an empty dump is taken again a few times before it fails.
    func screenshot(window: String) throws -> RGBAImage {
        for attempt in 0..<5 {
            if attempt > 0 { Thread.sleep(forTimeInterval: 0.2) }
            let data = try run("xwd", ["-id", window, "-silent"])
            if !data.isEmpty { return try Self.decodeXWD(data) }
        }
        throw Failure(description: "xwd wrote nothing for window \(window) five times")
    }

    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Decodes an X Window Dump of a TrueColor window (24 or 32 bits a pixel): a header of
    /// big-endian 32-bit fields, a colour map, then rows of pixels in the dump's byte order.
    static func decodeXWD(_ data: Data) throws -> RGBAImage {
        let bytes = [UInt8](data)
        guard bytes.count >= 100 else { throw Failure(description: "an xwd dump of \(bytes.count) bytes") }
        func field(_ index: Int) -> Int {
            (0..<4).reduce(0) { $0 << 8 | Int(bytes[index * 4 + $1]) }
        }
        let headerSize = field(0), width = field(4), height = field(5), byteOrder = field(7)
        let bitsPerPixel = field(11), bytesPerLine = field(12), colormapEntries = field(19)
        let masks = [field(14), field(15), field(16)]
        guard bitsPerPixel == 32 || bitsPerPixel == 24 else { throw Failure(description: "xwd: \(bitsPerPixel) bits a pixel") }
        let start = headerSize + colormapEntries * 12, step = bitsPerPixel / 8
        guard bytes.count >= start + bytesPerLine * height else { throw Failure(description: "a truncated xwd dump") }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let offset = start + y * bytesPerLine + x * step
                var value = 0
                for byte in 0..<step {
                    value |= Int(bytes[offset + byte]) << (byteOrder == 0 ? 8 * byte : 8 * (step - 1 - byte))
                }
                for (channel, mask) in masks.enumerated() where mask != 0 {
                    pixels[(y * width + x) * 4 + channel] = UInt8((value & mask) >> mask.trailingZeroBitCount & 255)
                }
            }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }
}
