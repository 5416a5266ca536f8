import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension OutputPath {
    /// Refuses an output that would replace one of `inputs` (pictures, clips, music, `.glsl`
    /// files, chunks): the same file by any name (a symbolic link, `..`, a hard link: the same
    /// device and inode), or a folder that holds an input, which replacing the folder would
    /// delete. ffmpeg refuses the same ("Output same as Input").
    public static func refuseInputs(_ inputs: [String], asOutput output: String) throws(OutputError) {
        let destination = try resolve(output).path
        let target = identity(destination)
        for input in inputs where !input.isEmpty {
            let absolute = input.hasPrefix("/") ? input : FileManager.default.currentDirectoryPath + "/" + input
            let real = realPath(absolute) ?? URL(fileURLWithPath: absolute).standardizedFileURL.path
            if real == destination || (target != nil && identity(absolute) == target) {
                throw OutputError("write the output", path: output, reason: "it is the input '\(input)'; name another output")
            }
            if real.hasPrefix(destination == "/" ? "/" : destination + "/") {
                throw OutputError("write the output", path: output, reason: "the folder holds the input '\(input)'; name another output")
            }
        }
    }

    /// Device and inode of what `path` names, links followed; nil when there is nothing.
    private static func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
