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

// The target is the first argument. libFuzzer runs itself again for `-merge=1` and `-fork`, with
// the options it was given but not that argument: the children find it in the environment.
let arguments = CommandLine.arguments
let named = arguments.count >= 2 ? FuzzTarget(rawValue: arguments[1]) : nil
guard let target = named ?? ProcessInfo.processInfo.environment["SEGUE_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:)) else {
    FileHandle.standardError.write(Data("usage: segue-fuzz {\(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|"))} [options] [files or folders]\n".utf8))
    exit(2)
}
// The library's log lines would bury libFuzzer's; a finding is a crash, not a message.
LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }

#if SEGUE_LIBFUZZER
chosen = target
setenv("SEGUE_FUZZ_TARGET", target.rawValue, 1)
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
if named != nil {
    argc -= 1
    argv[1] = argv[0]   // the driver reads argv[0] as the program and the rest as its options
    argv = argv.advanced(by: 1)
}
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
#else
var count = 0
for path in arguments.dropFirst(named == nil ? 1 : 2) {
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
