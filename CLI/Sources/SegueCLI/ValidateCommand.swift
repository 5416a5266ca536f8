import ArgumentParser
import Foundation
import SegueRenderJobs

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check transitions in the gl-transitions format: compile, ends, middle, unused parameters.")

    @Argument(help: "Transition files (.glsl).") var files: [String] = []
    @Flag(help: "Validate every built-in transition too.") var builtins = false

    func validate() throws {
        if files.isEmpty && !builtins { throw ValidationError("name at least one .glsl file, or --builtins") }
    }

    func run() throws {
        var failed = 0
        try TransitionFileCheck.run(files: files, builtIns: builtins, probe: .ofThisProgram) { name, outcome in
            switch outcome {
            case .unreadable: say("\(name): cannot read the file")
            case .overBudget(let error): say("error: \(error)")
            case .checked(let report):
                for warning in report.warnings { say("warning: \(warning)") }
                for error in report.errors { say("error: \(error)") }
                if report.isValid { print("ok \(name)") }
            }
            if case .checked(let report) = outcome, report.isValid { return }
            failed += 1
        }
        if failed > 0 { throw ExitCode(1) }
    }

    private func say(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
