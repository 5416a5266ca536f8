import ArgumentParser
import Foundation
import SegueEffects
import SegueGL
import SegueHeadless
import SegueRendering

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
        let context = try HeadlessEGLContext()
        defer { context.release() }
        let device = try GLDevice(context: context)
        defer { device.release() }
        var inputs: [(name: String, text: String?, parameters: [GLTransitionSetting])] = files.map { path in
            (path, FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }, [])
        }
        if builtins { inputs += GLTransitionLibrary.entries.map { ($0.name, $0.source, $0.parameters) } }
        var failed = 0
        for (index, input) in inputs.enumerated() {
            guard let text = input.text else {
                FileHandle.standardError.write(Data("\(input.name): cannot read the file\n".utf8))
                failed += 1
                continue
            }
            if index < files.count {
                // A user's file is compiled under a budget first (see `ShaderCompileProbe`).
                do {
                    try ShaderCompileProbe.ofThisProgram.check(text: text, name: input.name)
                } catch {
                    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                    failed += 1
                    continue
                }
            }
            let report = GLTransitionValidator.validate(text: text, name: input.name, device: device, parameters: input.parameters)
            for warning in report.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
            for error in report.errors { FileHandle.standardError.write(Data("error: \(error)\n".utf8)) }
            if report.isValid { print("ok \(input.name)") } else { failed += 1 }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
