import Foundation
import Logging

// `segue-fuzz TARGET [libFuzzer options] [corpus folders]`: built by `make fuzz` with
// `-sanitize=fuzzer,address -DSEGUE_LIBFUZZER`, it hands the target's entry to libFuzzer's driver.
// Built without, it replays files: `segue-fuzz TARGET FILE...` (what `make test` does through
// FuzzReplayTests).

#if SEGUE_LIBFUZZER
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

nonisolated(unsafe) var chosen: FuzzTarget = .srt

/// libFuzzer's own `main` is linked in with `-sanitize=fuzzer` and asks for this symbol; the
/// program's `main` below runs the driver itself, so this one only has to exist and agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    chosen.run(bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}
#endif

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: segue-fuzz {\(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|"))} [options] [files or folders]\n".utf8))
    exit(2)
}
// The library's log lines would bury libFuzzer's; a finding is a crash, not a message.
LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }

#if SEGUE_LIBFUZZER
chosen = target
var argc = CommandLine.argc - 1
var argv = CommandLine.unsafeArgv
argv[1] = argv[0]   // the driver reads argv[0] as the program and the rest as its options
var shifted = argv.advanced(by: 1)
exit(LLVMFuzzerRunDriver(&argc, &shifted, fuzzOneInput))
#else
var count = 0
for path in arguments.dropFirst(2) {
    var isFolder: ObjCBool = false
    FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    let files = isFolder.boolValue
        ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 } : [path]
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        target.run([UInt8](data))
        count += 1
    }
}
print("\(target.rawValue): \(count) inputs replayed")
#endif
