import Foundation
import SegueGLSL

/// The one place a user's gl-transitions file is read, for every front end: a name that ends in
/// `.glsl` (`NamedTransition.named`, and so `TransitionRenderer`, `segue render`, `play`, the
/// gallery's `--glsl`) and an edit's `"effect": "x.glsl"` all come through `read(path:)`.
///
/// A driver's compile of a hostile file can take minutes and gigabytes, and cannot be bounded
/// from inside the process that runs it; so each file's text is first compiled by the installed
/// `CompileBudget` (SegueRenderJobs's `ShaderCompileProbe`: a child process under a CPU and
/// memory limit), once per text in a process, before anything here compiles it.
public enum UserTransitionFile {
    /// Compiles `text` (a file called `name`) under a budget; throws when it runs out of it.
    public typealias CompileBudget = @Sendable (_ text: String, _ name: String) throws -> Void

    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var budget: CompileBudget?
        /// Texts (with their names) that compiled within the budget.
        var passed: Set<String> = []
    }

    private static let registry = Registry()

    /// Installs the budget every later `read(path:)` applies (nil: none). A program installs it
    /// once at start (the CLI with itself as the child); SegueRenderJobs's entry points install
    /// `ShaderCompileProbe`'s default when none is.
    public static func install(_ budget: CompileBudget?) {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        (registry.budget, registry.passed) = (budget, [])
    }

    /// Whether a budget is installed.
    public static var hasBudget: Bool {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        return registry.budget != nil
    }

    /// Reads and parses the file at `path`, then compiles it under the installed budget.
    public static func read(path: String) throws(NamedTransitionError) -> GLTransitionSource {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        let text = String(decoding: data, as: UTF8.self)
        let source: GLTransitionSource
        do { source = try GLTransitionSource.parse(text, name: URL(fileURLWithPath: path).lastPathComponent) } catch {
            throw .transition(error)
        }
        try checkBudget(text: source.source, name: source.name)
        return source
    }

    /// Compiles `text` under the installed budget (nothing when none is, or when this text
    /// already passed).
    public static func checkBudget(text: String, name: String) throws(NamedTransitionError) {
        registry.lock.lock()
        let key = name + "\u{0}" + text
        let budget = registry.passed.contains(key) ? nil : registry.budget
        registry.lock.unlock()
        guard let budget else { return }
        do { try budget(text, name) } catch { throw .overBudget(file: name, reason: "\(error)") }
        registry.lock.lock()
        registry.passed.insert(key)
        registry.lock.unlock()
    }
}
