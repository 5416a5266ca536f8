import Foundation
import SegueEffects
import SegueGL
import SegueHeadless

/// Checks transitions in the gl-transitions format on a headless GL context of its own: users'
/// files (each compiled by `probe` under its budget first) and, if asked, every built-in with
/// its preset's settings; each is compiled, its ends and middle rendered and its unused
/// parameters found (`GLTransitionValidator`). What `segue validate` runs.
public enum TransitionFileCheck {
    /// What became of one transition.
    public enum Outcome: Sendable {
        /// The file could not be read.
        case unreadable
        /// The file's compile ran out of the budget, so it was not checked further.
        case overBudget(CompileBudgetError)
        /// The validator's report: errors (the transition is unusable) and warnings.
        case checked(GLTransitionValidator.Report)
    }

    /// Checks `files`, then the built-ins when `builtIns`, telling `each` of every outcome (with
    /// the file's path or the built-in's name) as it comes. Throws only when there is no GL.
    public static func run(
        files: [String], builtIns: Bool, probe: ShaderCompileProbe, each: (String, Outcome) -> Void
    ) throws {
        try HeadlessEGLContext.withDevice { device in
            var inputs: [(name: String, text: String?, parameters: [GLTransitionSetting], isUsers: Bool)] = files.map { path in
                (path, FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }, [], true)
            }
            if builtIns { inputs += GLTransitionLibrary.entries.map { ($0.name, $0.source, $0.parameters, false) } }
            for input in inputs {
                guard let text = input.text else {
                    each(input.name, .unreadable)
                    continue
                }
                if input.isUsers {
                    do throws(CompileBudgetError) { try probe.check(text: text, name: input.name) } catch {
                        each(input.name, .overBudget(error))
                        continue
                    }
                }
                each(input.name, .checked(GLTransitionValidator.validate(text: text, name: input.name, device: device, parameters: input.parameters)))
            }
        }
    }
}
