import Foundation
import SegueRenderJobs

// The child side of `ShaderCompileProbe` for a program that does not carry it (Segue in a shared
// library; a Swift program is its own child, `ShaderCompileProbe.thisProgram`), found through
// SEGUE_COMPILE_PROBE, beside the program or on PATH: `segue-compile-probe --name NAME` reads a
// gl-transitions file on stdin and compiles it under the budget (`SEGUE_COMPILE_CPU_SECONDS`).
// Exit 0 whether or not the file compiles; only running out of the budget, or a driver crash,
// ends it otherwise.
let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[1] == "--name" else {
    FileHandle.standardError.write(Data("usage: segue-compile-probe --name NAME < transition.glsl\n".utf8))
    exit(2)
}
let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
do {
    try ShaderCompileProbe(childArguments: [], cpuSeconds: ShaderCompileProbe.environmentCPUSeconds).runChild(name: arguments[2], text: text)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
