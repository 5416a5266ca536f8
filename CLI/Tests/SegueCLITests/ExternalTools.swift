import Foundation
import SegueOutput
import SegueTesting
import Testing

/// The project's own CI helpers (apart from the users' test kit, SegueTesting): tools beyond
/// ffmpeg that some command-line tests drive: Ray (the distributed render,
/// scripts/ray/segue_ray.py) and Chromium (the transition gallery's page). Same rule as
/// `FFmpegRequirement`: skipped with a message where the tool is missing, run (and failing) on CI
/// (`CI` set) and under `make test`, which installs them and sets SEGUE_REQUIRE_RAY and
/// SEGUE_REQUIRE_CHROMIUM.
extension Tag {
    /// Starts a local Ray cluster on loopback.
    @Tag public static var ray: Self
    /// Loads pages in headless Chromium.
    @Tag public static var browser: Self
}

/// The Python that has Ray: `SEGUE_RAY_PYTHON`, else the environment scripts/ray/install-ray.sh
/// makes (`SEGUE_RAY_VENV`, default ~/.cache/segue/ray-venv).
public enum RayRequirement {
    public static let python: URL? = {
        let environment = ProcessInfo.processInfo.environment
        let candidate = environment["SEGUE_RAY_PYTHON"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["SEGUE_RAY_VENV"] ?? (NSHomeDirectory() + "/.cache/segue/ray-venv"))
                .appendingPathComponent("bin/python")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    public static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["CI"] != nil || environment["SEGUE_REQUIRE_RAY"] != nil
    }

    public static var runs: Bool { python != nil || isRequired }
}

/// Debian's `chromium` (or `chromium-browser`, `google-chrome`) on PATH.
public enum ChromiumRequirement {
    public static let executable: URL? = ProgramSearch.find("chromium", "chromium-browser", "google-chrome")

    public static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["CI"] != nil || environment["SEGUE_REQUIRE_CHROMIUM"] != nil
    }

    public static var runs: Bool { executable != nil || isRequired }
}

extension Trait where Self == ConditionTrait {
    /// For tests that run Ray: see `RayRequirement`.
    public static var requiresRay: Self {
        .enabled(if: RayRequirement.runs, "no Python with Ray (scripts/ray/install-ray.sh makes one; CI and SEGUE_REQUIRE_RAY=1 fail instead of skipping)")
    }

    /// For tests that load pages in Chromium: see `ChromiumRequirement`.
    public static var requiresChromium: Self {
        .enabled(if: ChromiumRequirement.runs, "chromium is not on PATH (make test installs it; CI and SEGUE_REQUIRE_CHROMIUM=1 fail instead of skipping)")
    }
}

/// Runs a program by path and collects what it printed, whatever its exit status.
public enum ExternalProgram {
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                           environment overrides: [String: String] = [:]) throws -> BuiltProgram.Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(overrides) { $1 }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        nonisolated(unsafe) var err = Data()
        let reader = Thread { err = stderr.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1_000) }
        return BuiltProgram.Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                                   stderr: String(decoding: err, as: UTF8.self))
    }
}
