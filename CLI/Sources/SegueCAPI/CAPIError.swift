import CSegue
import SegueEffects
import SegueGL
import SegueRenderJobs
import SegueTransitions

/// A failed call of the C API: its `segue_status` and the message `segue_last_error` gives.
struct CAPIError: Error {
    let status: segue_status
    let message: String

    init(_ status: segue_status, _ message: String) { (self.status, self.message) = (status, message) }

    static func argument(_ message: String) -> CAPIError { CAPIError(SEGUE_ERROR_ARGUMENT, message) }

    /// The catalog's view-controller scenarios (`segue render --list`'s zoom-push, …): names a
    /// user may try here, refused with their own status rather than as unknown.
    static let scenarioNames = Set(TransitionCatalog.builtIn.entries.filter { $0.kind == .scenario }.map(\.name))

    init(_ error: NamedTransitionError) {
        switch error {
        case .unknownName(let name, _) where CAPIError.scenarioNames.contains(name):
            self.init(SEGUE_ERROR_SCENARIO, "'\(name)' is a view-controller scenario; it is offered by `segue render` and the Swift API, not here")
        case .unknownName(let name, let known):
            let unknown = UnknownTransitionError(name: name, suggestions: NameSuggestions.suggestions(for: name, among: known))
            self.init(SEGUE_ERROR_UNKNOWN_TRANSITION, unknown.description + " (segue_transition_names lists them; a file must end in .glsl)")
        case .unreadableFile: self.init(SEGUE_ERROR_FILE, error.description)
        case .settingsNotTaken(let name): self.init(SEGUE_ERROR_PARAMETER, "'\(name)' takes no parameters (only gl-transitions do)")
        case .transition(let error): self.init(error)
        case .gl(let error): self.init(error)
        case .overBudget: self.init(SEGUE_ERROR_BUDGET, error.description)
        case .repeatedSetting: self.init(SEGUE_ERROR_PARAMETER, error.description)
        }
    }

    init(_ error: GLTransitionError) {
        switch error {
        case .unknownParameter, .wrongValue, .outOfRange, .notASetting: self.init(SEGUE_ERROR_PARAMETER, error.description)
        case .badTexture(_, _, let reason) where reason.contains("none is given"): self.init(SEGUE_ERROR_PARAMETER, error.description)
        case .badTexture: self.init(SEGUE_ERROR_FILE, error.description)
        default: self.init(SEGUE_ERROR_SHADER, error.description)
        }
    }

    init(_ error: GLError) {
        switch error {
        case .shaderCompilation, .programLink: self.init(SEGUE_ERROR_SHADER, error.description)
        default: self.init(SEGUE_ERROR_GL, error.description)
        }
    }

    init(_ error: CompileBudgetError) { self.init(SEGUE_ERROR_BUDGET, error.description) }

    /// Any other error the library throws, by what it is about.
    init(any error: any Error) {
        switch error {
        case let error as CAPIError: self = error
        case let error as NamedTransitionError: self.init(error)
        case let error as GLTransitionError: self.init(error)
        case let error as GLError: self.init(error)
        case let error as CompileBudgetError: self.init(error)
        default: self.init(SEGUE_ERROR_GL, "\(error)")
        }
    }
}

/// Runs one exported call: its status, with this thread's message set when it failed.
func reportingStatus(_ body: () throws(CAPIError) -> Void) -> segue_status {
    do {
        try body()
        return SEGUE_OK
    } catch {
        segue_support_set_error(error.message)
        return error.status
    }
}
