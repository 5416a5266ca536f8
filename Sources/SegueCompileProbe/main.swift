import Foundation
import SegueRenderJobs

// The child side of `ShaderCompileProbe` for processes that are not `segue` (the library's
// renderer, a user's program): `segue-compile-probe --name NAME` reads a gl-transitions file on
// stdin and compiles it under the budget (`SEGUE_COMPILE_CPU_SECONDS`). Exit 0 whether or not the
// file compiles; only running out of the budget, or a driver crash, ends it otherwise.
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
