import ArgumentParser
import Foundation
import SegueRenderJobs

extension ShaderCompileProbe {
    /// The probe of this program: `segue __compile-probe` as the child, with
    /// `SEGUE_COMPILE_CPU_SECONDS` (1...600, default 10) as its CPU budget.
    static var ofThisProgram: ShaderCompileProbe {
        ShaderCompileProbe(childArguments: [CompileProbeCommand.configuration.commandName ?? ""], cpuSeconds: environmentCPUSeconds)
    }
}

/// The child side of `ShaderCompileProbe`: reads a transition on stdin and compiles it under the
/// budget. Exit 0 whether or not the file compiles; only running out of the budget, or a driver
/// crash, is not.
struct CompileProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "__compile-probe", shouldDisplay: false)

    @Option var name: String

    func run() throws {
        let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        try ShaderCompileProbe.ofThisProgram.runChild(name: name, text: text)
    }
}
