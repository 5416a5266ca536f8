import CSegue
import Foundation
import SegueEffects
import SegueRenderJobs

/// The command line's compile budget for a user's `.glsl` file, from a library: a driver's
/// compile cannot be bounded inside the host's process, so the file is first compiled by a child,
/// `libsegue-compile-probe LIBRARY --name NAME` (`helper(forLibrary:)`), which loads this same
/// library and calls `segue_compile_probe_child` under `ShaderCompileProbe`'s limits.
enum CompileBudget {
    /// `SEGUE_COMPILE_CPU_SECONDS` (1...600, default 10), as `segue`'s own probe reads it.
    static var cpuSeconds: Int {
        ProcessInfo.processInfo.environment["SEGUE_COMPILE_CPU_SECONDS"].flatMap { Int($0) } ?? 10
    }

    /// Throws when the child ran out of the budget, or when there is no child to bound it with
    /// (never compiling a user's file unbounded).
    static func check(_ source: GLTransitionSource) throws(CAPIError) {
        guard let library = segue_support_library_path().map({ String(cString: $0) }) else {
            throw CAPIError(SEGUE_ERROR_BUDGET, "\(source.name): cannot find the library's own path to bound the compile with")
        }
        let helper = helper(forLibrary: library)
        guard FileManager.default.isExecutableFile(atPath: helper) else {
            throw CAPIError(SEGUE_ERROR_BUDGET, "\(source.name): the compile budget's helper is not at \(helper) "
                + "(install libsegue-compile-probe beside the library or in segue/ beside it, or set SEGUE_LIBSEGUE_COMPILE_PROBE)")
        }
        let probe = ShaderCompileProbe(childExecutable: URL(fileURLWithPath: helper), childArguments: [library], cpuSeconds: cpuSeconds)
        do { try probe.check(text: source.source, name: source.name) } catch { throw CAPIError(error) }
    }
}

extension CompileBudget {
    /// `SEGUE_LIBSEGUE_COMPILE_PROBE`, else `libsegue-compile-probe` beside the library (the build
    /// folder, the Python package, the frei0r plugin's folder), else in `segue/` beside it (where
    /// `make install-libsegue` puts it: `$PREFIX/lib/segue/`, so `lib/` holds no program).
    static func helper(forLibrary library: String) -> String {
        if let given = ProcessInfo.processInfo.environment["SEGUE_LIBSEGUE_COMPILE_PROBE"] { return given }
        let folder = (library as NSString).deletingLastPathComponent
        let beside = folder + "/libsegue-compile-probe", installed = folder + "/segue/libsegue-compile-probe"
        return FileManager.default.isExecutableFile(atPath: beside) || !FileManager.default.isExecutableFile(atPath: installed)
            ? beside : installed
    }
}

/// The child side, called by libsegue-compile-probe in its own process: compiles `text` and renders
/// one frame under the budget. 0 whether or not the file compiles (the host's own compile reports
/// its errors); only running out of the budget, or a driver crash, ends otherwise. On 1 the
/// helper prints `segue_last_error()` as the child's last line.
@_cdecl("segue_compile_probe_child")
public func segueCompileProbeChild(_ name: UnsafePointer<CChar>, _ text: UnsafePointer<CChar>) -> Int32 {
    do {
        try ShaderCompileProbe(childArguments: [], cpuSeconds: CompileBudget.cpuSeconds)
            .runChild(name: String(cString: name), text: String(cString: text))
        return 0
    } catch {
        segue_support_set_error("\(error)")
        return 1
    }
}
