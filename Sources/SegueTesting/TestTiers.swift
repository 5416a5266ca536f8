import Foundation
import SegueOutput
import Testing

/// Tests by what they cost, so a run can pick a tier (`swift test --filter` by suite, or Xcode's
/// and swift-testing's tag filters): `.pure` needs nothing, `.gl` a headless EGL context (Mesa),
/// `.window` an X server (Xvfb) and real input, `.ffmpeg` the ffmpeg and ffprobe programs.
extension Tag {
    @Tag public static var pure: Self
    @Tag public static var gl: Self
    @Tag public static var window: Self
    @Tag public static var ffmpeg: Self
}

/// The one rule for a missing ffmpeg: a test that needs it runs when ffmpeg is on PATH; without
/// it, the test is skipped on a developer's machine, and runs (and fails, saying so) where
/// ffmpeg was meant to be installed: on CI (`CI` set) and under `make test`
/// (`SEGUE_REQUIRE_FFMPEG` set).
public enum FFmpegRequirement {
    /// `ffmpeg` on PATH, if any.
    public static let executable: URL? = ProgramSearch.find("ffmpeg")

    /// Whether a missing ffmpeg fails instead of skipping.
    public static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["CI"] != nil || environment["SEGUE_REQUIRE_FFMPEG"] != nil
    }

    /// Whether tests that need ffmpeg run.
    public static var runs: Bool { executable != nil || isRequired }
}

extension Trait where Self == ConditionTrait {
    /// For tests and suites that run ffmpeg or ffprobe: see `FFmpegRequirement`.
    public static var requiresFFmpeg: Self {
        .enabled(if: FFmpegRequirement.runs, "ffmpeg is not on PATH (make test installs it; CI and SEGUE_REQUIRE_FFMPEG=1 fail instead of skipping)")
    }
}

/// How long a test waits for a state (a window's trace line, a screen equal to its reference, a
/// program's exit) before it fails: a bound on a broken run, never an allowance a working run
/// must beat. A run waits only until the state arrives, so the bound can be far beyond any
/// machine's load (two minutes; `SEGUE_TEST_STATE_LIMIT` seconds to change it).
public enum StateWait {
    public static var limit: Double {
        ProcessInfo.processInfo.environment["SEGUE_TEST_STATE_LIMIT"].flatMap(Double.init) ?? 120
    }
}
