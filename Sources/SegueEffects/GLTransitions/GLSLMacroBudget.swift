// Drivers expand macros without bound: a chain of doubling `#define`s (`#define B A A`,
// `#define C B B`, …) makes Mesa's preprocessor run for minutes at gigabytes of memory. This
// expands the file's macros the way the C preprocessor does (object-like and function-like,
// arguments expanded before substitution, a macro not expanded inside itself), counting the
// work, and refuses the file once the count passes a budget no real transition comes near.
// Conditionals (`#if`) are not evaluated: every `#define` counts, which can only overestimate.

enum GLSLMacroBudget {
    /// Tokens the expansion may handle. Real transitions stay far below (a few thousand tokens);
    /// reaching it takes well under a second here.
    static let limit = 200_000
    /// Macros expanding inside macros, at most this deep (the expansion recurses; a chain of
    /// thousands of `#define`s, each naming the previous one, must not exhaust the stack).
    static let depthLimit = 200

    private struct Macro {
        let parameters: [String]?  // nil: object-like
        let body: [String]
    }

    private enum Overflow: Error { case tokens, depth }

    static func check(_ tokens: [GLSLToken], file: String) throws(GLTransitionError) {
        guard tokens.contains(where: { $0.inDirective && $0.text == "define" }) else { return }
        var expander = Expander()
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .directive {
                index = expander.readDirective(tokens, at: index)
                continue
            }
            index += 1
            guard token.isCode, token.kind == .identifier, expander.macros[token.text] != nil else { continue }
            // Expand this use together with the code that follows it on to the next directive
            // (a function-like macro's arguments may span lines).
            var end = index
            while end < tokens.count, tokens[end].kind != .directive { end += 1 }
            let rest = tokens[(index - 1)..<end].filter(\.isCode).map(\.text)
            do {
                _ = try expander.expand(rest, disabled: [])
            } catch .tokens {
                throw .macroExpansionTooLarge(file: file, line: token.line, macro: token.text, limit: limit)
            } catch {
                throw .macroNestingTooDeep(file: file, line: token.line, macro: token.text, limit: depthLimit)
            }
            index = end
        }
    }

    private struct Expander {
        var macros: [String: Macro] = [:]
        var work = 0

        /// Reads `#define` / `#undef` at `index` (the `#`); returns the index after the directive.
        mutating func readDirective(_ tokens: [GLSLToken], at index: Int) -> Int {
            var end = index + 1
            while end < tokens.count, tokens[end].inDirective, tokens[end].kind != .directive { end += 1 }
            let line = tokens[(index + 1)..<end].filter { !$0.isComment }
            guard line.count >= 2, line[line.startIndex + 1].kind == .identifier else { return end }
            let keyword = line[line.startIndex].text
            let name = line[line.startIndex + 1]
            if keyword == "undef" { macros[name.text] = nil }
            guard keyword == "define" else { return end }
            var rest = Array(line.dropFirst(2))
            var parameters: [String]?
            if let open = rest.first, open.is("("), open.start == name.end {
                let close = rest.firstIndex { $0.is(")") } ?? rest.count - 1
                parameters = rest[1..<max(1, close)].filter { $0.kind == .identifier }.map(\.text)
                rest = Array(rest.dropFirst(close + 1))
            }
            macros[name.text] = Macro(parameters: parameters, body: rest.map(\.text))
            return end
        }

        mutating func expand(_ input: [String], disabled: Set<String>) throws(Overflow) -> [String] {
            // Every nested expansion adds its macro to `disabled`.
            if disabled.count > GLSLMacroBudget.depthLimit { throw .depth }
            var out: [String] = []
            var i = 0
            while i < input.count {
                work += 1
                if work > GLSLMacroBudget.limit { throw .tokens }
                let token = input[i]
                guard let macro = macros[token], !disabled.contains(token) else {
                    out.append(token)
                    i += 1
                    continue
                }
                var inner = disabled
                inner.insert(token)
                guard let parameters = macro.parameters else {
                    out += try expand(macro.body, disabled: inner)
                    i += 1
                    continue
                }
                guard i + 1 < input.count, input[i + 1] == "(" else {
                    out.append(token)  // a function-like macro's name without arguments is not a use
                    i += 1
                    continue
                }
                let (arguments, next) = Self.arguments(input, openAt: i + 1)
                var expanded: [[String]] = []
                for argument in arguments { expanded.append(try expand(argument, disabled: disabled)) }
                var substituted: [String] = []
                for part in macro.body {
                    if let k = parameters.firstIndex(of: part), k < expanded.count {
                        substituted += expanded[k]
                    } else {
                        substituted.append(part)
                    }
                }
                work += substituted.count
                if work > GLSLMacroBudget.limit { throw .tokens }
                out += try expand(substituted, disabled: inner)
                i = next
            }
            return out
        }

        /// The comma-separated arguments of a call whose `(` is at `open`, and the index after `)`.
        static func arguments(_ input: [String], openAt open: Int) -> ([[String]], Int) {
            var arguments: [[String]] = [[]]
            var depth = 0
            var i = open + 1
            while i < input.count {
                let token = input[i]
                if token == "(" { depth += 1 }
                if token == ")" {
                    if depth == 0 { return (arguments, i + 1) }
                    depth -= 1
                }
                if token == ",", depth == 0 {
                    arguments.append([])
                } else {
                    arguments[arguments.count - 1].append(token)
                }
                i += 1
            }
            return (arguments, i)
        }
    }
}
