// Drivers expand macros without bound: a chain of doubling `#define`s (`#define B A A`,
// `#define C B B`, …) makes Mesa's preprocessor run for minutes at gigabytes of memory. This
// expands the file's macros the way the C preprocessor does (object-like and function-like,
// arguments expanded before substitution, a macro not expanded inside itself), counting the
// work, and refuses the file once the count passes a budget no real transition comes near.
// Conditionals are not evaluated: every `#define` counts, which can only overestimate; but the
// expressions of `#if` / `#elif` are expanded like code, since the driver expands them too.
// `##` (token pasting) is refused: it makes names the expansion here would have to paste to see
// (`P(A4,0)` → `A40`), and no gl-transition uses it.

/// A token of the preprocessed code: its text and the source line it came from.
struct GLSLPiece: Sendable, Equatable {
    let text: String
    let line: Int
}

enum GLSLMacroBudget {
    /// Tokens the expansion may handle. Real transitions stay far below (a few thousand tokens);
    /// reaching it takes well under a second here.
    static let limit = 200_000
    /// Expansions nested in expansions, at most this deep: a macro's body rescanned for macros,
    /// or a macro's argument expanded before substitution (`A(A(…A(x)…))`), each count one level.
    /// The expansion recurses, so thousands of levels must not reach the stack.
    static let depthLimit = 200

    private struct Macro {
        let parameters: [String]?  // nil: object-like
        let body: [String]
    }

    private enum Overflow: Error { case tokens, depth }

    /// What a directive line asks of the check.
    private enum Directive {
        case done
        /// An `#if` / `#elif` expression to expand (`defined X` left out).
        case condition([GLSLToken])
        /// A `#define` whose body pastes tokens with `##`.
        case pastesTokens
    }

    /// Checks the file's macros and returns its code as the driver will see it after
    /// preprocessing (every branch of a conditional kept), each token with the line of the
    /// source token it came from (a macro's body: the line of its use).
    static func expandedCode(_ tokens: [GLSLToken], file: String) throws(GLTransitionError) -> [GLSLPiece] {
        let code = { (tokens: ArraySlice<GLSLToken>) in tokens.filter(\.isCode).map { GLSLPiece(text: $0.text, line: $0.line) } }
        guard tokens.contains(where: { $0.inDirective && $0.text == "define" }) else { return code(tokens[...]) }
        var output: [GLSLPiece] = []
        var expander = Expander()
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .directive {
                let (end, directive) = expander.readDirective(tokens, at: index)
                switch directive {
                case .done: break
                case .pastesTokens: throw .tokenPasting(file: file, line: token.line)
                case .condition(let expression):
                    // The first macro the expression uses names the error.
                    if let use = expression.first(where: { expander.macros[$0.text] != nil }) {
                        let pieces = expression.map { GLSLPiece(text: $0.text, line: $0.line) }
                        _ = try expand(pieces, use: use, with: &expander, file: file)
                    }
                }
                index = end
                continue
            }
            index += 1
            guard token.isCode, token.kind == .identifier, expander.macros[token.text] != nil else {
                if token.isCode { output.append(GLSLPiece(text: token.text, line: token.line)) }
                continue
            }
            // Expand this use together with the code that follows it on to the next directive
            // (a function-like macro's arguments may span lines).
            var end = index
            while end < tokens.count, tokens[end].kind != .directive { end += 1 }
            output += try expand(code(tokens[(index - 1)..<end]), use: token, with: &expander, file: file)
            index = end
        }
        return output
    }

    private static func expand(
        _ pieces: [GLSLPiece], use: GLSLToken, with expander: inout Expander, file: String
    ) throws(GLTransitionError) -> [GLSLPiece] {
        do {
            return try expander.expand(pieces, disabled: [], depth: 0)
        } catch .tokens {
            throw .macroExpansionTooLarge(file: file, line: use.line, macro: use.text, limit: limit)
        } catch {
            throw .macroNestingTooDeep(file: file, line: use.line, macro: use.text, limit: depthLimit)
        }
    }

    private struct Expander {
        var macros: [String: Macro] = [:]
        var work = 0

        /// Reads the directive at `index` (the `#`): records `#define` / `#undef`, returns an
        /// `#if` / `#elif` expression to expand, and the index after the directive.
        mutating func readDirective(_ tokens: [GLSLToken], at index: Int) -> (Int, Directive) {
            var end = index + 1
            while end < tokens.count, tokens[end].inDirective, tokens[end].kind != .directive { end += 1 }
            let line = Array(tokens[(index + 1)..<end].filter { !$0.isComment })
            guard let keyword = line.first?.text else { return (end, .done) }
            if keyword == "if" || keyword == "elif" { return (end, .condition(Self.withoutDefined(line.dropFirst()))) }
            guard line.count >= 2, line[1].kind == .identifier else { return (end, .done) }
            let name = line[1]
            if keyword == "undef" { macros[name.text] = nil }
            guard keyword == "define" else { return (end, .done) }
            var rest = Array(line.dropFirst(2))
            // `##` is two `#` with nothing between them; `# #` is no operator.
            if zip(rest, rest.dropFirst()).contains(where: { $0.is("#") && $1.is("#") && $0.end == $1.start }) {
                return (end, .pastesTokens)
            }
            var parameters: [String]?
            if let open = rest.first, open.is("("), open.start == name.end {
                let close = rest.firstIndex { $0.is(")") } ?? rest.count - 1
                parameters = rest[1..<max(1, close)].filter { $0.kind == .identifier }.map(\.text)
                rest = Array(rest.dropFirst(close + 1))
            }
            macros[name.text] = Macro(parameters: parameters, body: rest.map(\.text))
            return (end, .done)
        }

        /// The expression without its `defined X` / `defined ( X )` tests, whose names the
        /// preprocessor does not expand.
        static func withoutDefined(_ expression: ArraySlice<GLSLToken>) -> [GLSLToken] {
            var kept: [GLSLToken] = []
            var i = expression.startIndex
            while i < expression.endIndex {
                guard expression[i].text == "defined" else {
                    kept.append(expression[i])
                    i += 1
                    continue
                }
                i += 1
                if i < expression.endIndex, expression[i].is("(") {
                    i += 1
                    while i < expression.endIndex, !expression[i].is(")") { i += 1 }
                }
                i += 1  // the name, or the `)`
            }
            return kept
        }

        /// Counts `count` tokens of work: every token scanned, copied into an argument, substituted
        /// or appended to an output counts, so the memory and time of an expansion stay in
        /// proportion to the budget (copying the rest of the stream at each of 10,000 nested
        /// calls once went uncounted).
        mutating func count(_ count: Int) throws(Overflow) {
            work += count
            if work > GLSLMacroBudget.limit { throw .tokens }
        }

        mutating func expand(_ input: [GLSLPiece], disabled: Set<String>, depth: Int) throws(Overflow) -> [GLSLPiece] {
            if depth > GLSLMacroBudget.depthLimit { throw .depth }
            var out: [GLSLPiece] = []
            var i = 0
            while i < input.count {
                try count(1)
                let piece = input[i]
                let token = piece.text
                guard let macro = macros[token], !disabled.contains(token) else {
                    out.append(piece)
                    i += 1
                    continue
                }
                var inner = disabled
                inner.insert(token)
                // A macro's body takes the line of its use.
                func body() throws(Overflow) -> [GLSLPiece] {
                    try count(macro.body.count)
                    return macro.body.map { GLSLPiece(text: $0, line: piece.line) }
                }
                guard let parameters = macro.parameters else {
                    let expansion = try expand(try body(), disabled: inner, depth: depth + 1)
                    try count(expansion.count)
                    out += expansion
                    i += 1
                    continue
                }
                guard i + 1 < input.count, input[i + 1].text == "(" else {
                    out.append(piece)  // a function-like macro's name without arguments is not a use
                    i += 1
                    continue
                }
                let (arguments, next) = try readArguments(input, openAt: i + 1)
                var expanded: [[GLSLPiece]] = []
                for argument in arguments {
                    let expansion = try expand(argument, disabled: disabled, depth: depth + 1)
                    try count(expansion.count)
                    expanded.append(expansion)
                }
                var substituted: [GLSLPiece] = []
                for part in try body() {
                    if let k = parameters.firstIndex(of: part.text), k < expanded.count {
                        try count(expanded[k].count)
                        substituted += expanded[k]
                    } else {
                        substituted.append(part)
                    }
                }
                try count(substituted.count)
                let expansion = try expand(substituted, disabled: inner, depth: depth + 1)
                try count(expansion.count)
                out += expansion
                i = next
            }
            return out
        }

        /// The comma-separated arguments of a call whose `(` is at `open`, and the index after `)`.
        mutating func readArguments(_ input: [GLSLPiece], openAt open: Int) throws(Overflow) -> ([[GLSLPiece]], Int) {
            var arguments: [[GLSLPiece]] = [[]]
            var depth = 0
            var i = open + 1
            while i < input.count {
                try count(1)
                let token = input[i].text
                if token == "(" { depth += 1 }
                if token == ")" {
                    if depth == 0 { return (arguments, i + 1) }
                    depth -= 1
                }
                if token == ",", depth == 0 {
                    arguments.append([])
                } else {
                    arguments[arguments.count - 1].append(input[i])
                }
                i += 1
            }
            return (arguments, i)
        }
    }
}
