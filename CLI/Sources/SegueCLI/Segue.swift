import ArgumentParser
import Foundation
import Logging
import Segue
import SegueRenderJobs

@main
struct Segue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "GPU transitions between two pictures, rendered with OpenGL.",
        discussion: "The library logs through swift-log; SEGUE_LOG_LEVEL (trace, debug, info, notice, warning, error) sets what reaches stderr (default warning).",
        version: Segue.version,
        subcommands: [
            RenderCommand.self, EditCommand.self, JoinCommand.self, GalleryCommand.self, BenchCommand.self, PlayCommand.self, SamplesCommand.self,
            DemoCommand.self, ValidateCommand.self, FiltersCommand.self, CompileProbeCommand.self,
        ])

    /// What `segue --version` prints.
    static let version = "segue \(SegueRelease.version)"

    static func main() {
        // The library never writes to the terminal itself: it logs, and the command decides.
        let level = ProcessInfo.processInfo.environment["SEGUE_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        // Every user's .glsl, whichever command reads it, is compiled first by this program's own
        // child under the budget (UserTransitionFile).
        ShaderCompileProbe.ofThisProgram.install()
        let command: ParsableCommand
        do { command = try parseAsRoot() } catch { LongInputs.exit(Segue.self, withError: error) }
        var running = command
        do { try running.run() } catch { LongInputs.exit(Segue.self, withError: error) }
    }
}
