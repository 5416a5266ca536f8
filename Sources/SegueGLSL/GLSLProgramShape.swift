// The parts of a preprocessed shader that decide what the driver's compiler must build: the
// arrays each function declares, the functions it calls and its constant loops. A forgiving
// reader like `GLSLLexer`: what it does not understand it skips, and the driver reports.

struct GLSLArrayDeclaration {
    /// Scalar components: elements × components of the element type.
    let values: Int
    let line: Int
}

struct GLSLCall {
    let name: String
    let line: Int
    /// Iterations of the constant loops around the call (1 outside any).
    let iterations: Int
}

struct GLSLConstantLoop {
    /// Iterations of this loop times those of the constant loops around it.
    let iterations: Int
    let line: Int
}

struct GLSLFunctionShape {
    let name: String
    var arrays: [GLSLArrayDeclaration] = []
    var calls: [GLSLCall] = []
    var loops: [GLSLConstantLoop] = []
    /// Components of the declarations that are not arrays (what a struct's plain members hold).
    var plainValues = 0
}

struct GLSLProgramShape {
    let code: [GLSLPiece]
    let file: String
    private(set) var functions: [String: GLSLFunctionShape] = [:]
    private(set) var globalArrayValues = GLSLCompileBudget.Tally()
    /// `const int` (and `const uint`) values seen so far, by name.
    private var constants: [String: Double] = [:]
    /// Values in one instance of each struct.
    private var structValues: [String: Int] = [:]

    /// For each opening bracket, the index of the one closing it (`code.count` if none).
    private let closers: [Int: Int]
    /// Steps the helpers that scan ahead may take in all: a file of thousands of unclosed
    /// `for (` would otherwise cost time quadratic in its length.
    private let steps: StepBudget

    init(code: [GLSLPiece], file: String) {
        self.code = code
        self.file = file
        var closers: [Int: Int] = [:]
        var open: [Int] = []
        for (index, piece) in code.enumerated() {
            switch piece.text {
            case "(", "[", "{": open.append(index)
            case ")", "]", "}": if let opener = open.popLast() { closers[opener] = index }
            default: break
            }
        }
        self.closers = closers
        steps = StepBudget(limit: 4 * code.count + 10_000)
    }

    final class StepBudget {
        private var left: Int
        private(set) var exhausted = false
        init(limit: Int) { left = limit }

        /// False once the budget is spent; callers then stop scanning.
        func take() -> Bool {
            left -= 1
            if left < 0 { exhausted = true }
            return !exhausted
        }
    }

    private func text(_ index: Int) -> String { index >= 0 && index < code.count ? code[index].text : "" }

    /// Reads the file's top level: struct definitions, functions, global declarations.
    mutating func read() throws(GLTransitionError) {
        try readTopLevel()
        if steps.exhausted { throw .tooComplexToCheck(file: file, tokens: code.count) }
    }

    private mutating func readTopLevel() throws(GLTransitionError) {
        var start = 0
        var index = 0
        while index < code.count {
            switch text(index) {
            case ";":
                var global = GLSLFunctionShape(name: "")
                try scan(start..<index, into: &global)
                for array in global.arrays { globalArrayValues.add(array.values, at: array.line, limit: GLSLCompileBudget.arrayValueLimit) }
                index += 1
                start = index
            case "{":
                let end = matchingClose(index)
                let header = start..<index
                if let keyword = header.first(where: { text($0) == "struct" }) {
                    var global = GLSLFunctionShape(name: "")
                    try structDefinition(at: keyword, open: index, into: &global)
                    for array in global.arrays { globalArrayValues.add(array.values, at: array.line, limit: GLSLCompileBudget.arrayValueLimit) }
                    start = min(end + 1, code.count)  // the declarators after the body are read above
                } else if let paren = header.first(where: { text($0) == "(" }), paren > header.lowerBound, isName(text(paren - 1)) {
                    // Overloads share a name: a call counts all of them, which can only overestimate.
                    let name = text(paren - 1)
                    var function = functions[name] ?? GLSLFunctionShape(name: name)
                    try scan((paren + 1)..<end, into: &function)
                    functions[name] = function
                    start = min(end + 1, code.count)
                } else {
                    start = min(end + 1, code.count)  // an interface block: uniforms, refused elsewhere
                }
                index = min(end + 1, code.count)
            default:
                index += 1
            }
        }
    }

    /// Records the arrays, calls and constant loops in `range`.
    private mutating func scan(_ range: Range<Int>, into function: inout GLSLFunctionShape) throws(GLTransitionError) {
        // The constant loops around `index`, with the product of their iterations so far.
        var loops: [(end: Int, iterations: Int)] = []
        var index = range.lowerBound
        while index < range.upperBound {
            while let last = loops.last, last.end < index { loops.removeLast() }
            let iterations = loops.last?.iterations ?? 1
            let word = text(index)
            if word == "for", text(index + 1) == "(" {
                let close = matchingClose(index + 1)
                if let count = loopCount(header: (index + 2)..<close) {
                    let total = iterations.multipliedClamped(by: count)
                    loops.append((statementEnd(after: close + 1, limit: range.upperBound), total))
                    function.loops.append(GLSLConstantLoop(iterations: total, line: code[index].line))
                }
            } else if word == "struct", let open = (index + 1...index + 2).first(where: { text($0) == "{" }), open < range.upperBound {
                try structDefinition(at: index, open: open, into: &function)
                index = matchingClose(open) + 1
                continue
            } else if let components = components(of: word), text(index - 1) != "." {
                try declaration(typeAt: index, components: components, into: &function)
            } else if isName(word), text(index + 1) == "(", !Self.keywords.contains(word), text(index - 1) != "." {
                function.calls.append(GLSLCall(name: word, line: code[index].line, iterations: iterations))
            }
            index += 1
        }
    }

    /// `struct [S] { members } [declarators];`: the members' values make one instance of S;
    /// the declarators after the body are of type S.
    private mutating func structDefinition(
        at keyword: Int, open: Int, into function: inout GLSLFunctionShape
    ) throws(GLTransitionError) {
        let end = matchingClose(open)
        var members = GLSLFunctionShape(name: "")
        try scan((open + 1)..<end, into: &members)
        let values = max(1, members.arrays.reduce(members.plainValues) { $0.addingClamped($1.values) })
        if open == keyword + 2 { structValues[text(keyword + 1)] = values }
        if isName(text(end + 1)) {
            try declaration(typeAt: keyword, components: values, into: &function, namesFrom: end + 1)
        }
    }

    /// A declaration or array constructor starting at a type name: records its arrays, and the
    /// value of a `const int`. `namesFrom`: where the declarators start, if not right after the type.
    private mutating func declaration(
        typeAt index: Int, components: Int, into function: inout GLSLFunctionShape, namesFrom: Int? = nil
    ) throws(GLTransitionError) {
        var position = namesFrom ?? index + 1
        let typeDimensions = namesFrom == nil ? try dimensions(at: &position) : []
        if text(position) == "(" {
            // `float[3](…)`, `float[](…)`: an unsized constructor has as many elements as arguments.
            guard !typeDimensions.isEmpty else { return }
            let close = matchingClose(position)
            let elements = typeDimensions.map { $0 ?? topLevelCommas(in: (position + 1)..<close) + 1 }
            record(elements, components: components, line: code[index].line, into: &function)
            return
        }
        let isConstant = text(index - 1) == "const" || text(index - 2) == "const"
        while isName(text(position)), self.components(of: text(position)) == nil {
            let name = text(position)
            let line = code[position].line
            position += 1
            guard text(position) != "(" else { return }  // a function's name
            let all = typeDimensions + (try dimensions(at: &position))
            // An unsized array takes its size from its initializer's constructor, counted there.
            if all.isEmpty {
                function.plainValues = function.plainValues.addingClamped(components)
            } else {
                record(all.map { $0 ?? 0 }, components: components, line: line, into: &function)
            }
            guard text(position) == "=" else {
                guard text(position) == "," else { return }
                position += 1
                continue
            }
            let valueEnd = expressionEnd(from: position + 1)
            if isConstant, all.isEmpty, components == 1, let value = evaluate((position + 1)..<valueEnd, integer: false) {
                constants[name] = value
            }
            guard text(valueEnd) == "," else { return }
            position = valueEnd + 1
        }
    }

    private func record(_ elements: [Int], components: Int, line: Int, into function: inout GLSLFunctionShape) {
        let values = elements.reduce(components) { $0.multipliedClamped(by: max(0, $1)) }
        function.arrays.append(GLSLArrayDeclaration(values: values, line: line))
    }

    /// `[n][m]…` at `position` (moved past it): each size, nil for `[]`. A size that is not a
    /// constant expression of literals, `#define`s and `const int`s is refused: the budget
    /// could not be checked.
    private func dimensions(at position: inout Int) throws(GLTransitionError) -> [Int?] {
        var sizes: [Int?] = []
        while text(position) == "[" {
            let close = matchingClose(position)
            if close == position + 1 {
                sizes.append(nil)
            } else if let value = evaluate((position + 1)..<close, integer: true), value < 1e15 {
                sizes.append(Int(value))
            } else {
                let expression = code[(position + 1)..<min(close, code.count)].map(\.text).joined(separator: " ")
                throw .arraySizeNotConstant(file: file, line: code[position].line, size: expression)
            }
            position = close + 1
        }
        return sizes
    }

    /// The iterations of `for (init; condition; step)` when all three are constant, else nil.
    private func loopCount(header: Range<Int>) -> Int? {
        let parts = split(header, at: ";")
        guard parts.count == 3 else { return nil }
        let (initial, condition, step) = (parts[0], parts[1], parts[2])
        // init: `[type] i = a`
        guard let equals = initial.first(where: { text($0) == "=" }), equals > initial.lowerBound else { return nil }
        let variable = text(equals - 1)
        guard let start = evaluate((equals + 1)..<initial.upperBound, integer: false) else { return nil }
        // condition: `i < b` (or <=, >, >=, !=)
        guard condition.count >= 3, text(condition.lowerBound) == variable else { return nil }
        var comparison = text(condition.lowerBound + 1)
        var boundStart = condition.lowerBound + 2
        if ["<", ">", "!"].contains(comparison), text(boundStart) == "=" {
            comparison += "="
            boundStart += 1
        }
        guard let bound = evaluate(boundStart..<condition.upperBound, integer: false) else { return nil }
        // step: i++, ++i, i--, --i, i += c, i -= c
        let words = step.map(text)
        let increment: Double?
        switch words {
        case [variable, "+", "+"], ["+", "+", variable]: increment = 1
        case [variable, "-", "-"], ["-", "-", variable]: increment = -1
        case _ where words.count >= 4 && words[0] == variable && words[2] == "=" && (words[1] == "+" || words[1] == "-"):
            increment = evaluate((step.lowerBound + 3)..<step.upperBound, integer: false).map { words[1] == "+" ? $0 : -$0 }
        default: increment = nil
        }
        guard let by = increment, by != 0 else { return nil }
        let span = (bound - start) / by
        let count: Double
        switch comparison {
        case "<", ">": count = (span).rounded(.up)
        case "<=", ">=": count = (span).rounded(.down) + 1
        case "!=": count = span == span.rounded() ? span : -1
        default: return nil
        }
        // A wrong-way step never ends: not a loop any driver can unroll.
        guard count >= 0, (comparison.hasPrefix("<") ? by > 0 : comparison.hasPrefix(">") ? by < 0 : true) else { return nil }
        return count >= 1e15 ? Int.max / 2 : Int(count)
    }

    // MARK: - Token helpers

    private static let keywords: Set<String> = ["for", "while", "if", "return", "switch", "do", "else", "case"]

    private func isName(_ word: String) -> Bool {
        guard let first = word.utf8.first else { return false }
        return gltIsIdentifierStart(first)
    }

    /// Scalar components of a type name, nil when `word` is not one.
    private func components(of word: String) -> Int? {
        switch word {
        case "float", "int", "uint", "bool", "double": return 1
        default: break
        }
        if let values = structValues[word] { return values }
        if word.hasPrefix("sampler") || word.hasPrefix("isampler") || word.hasPrefix("usampler") { return 1 }
        let digits = word.utf8.filter(gltIsDigit).map { Int($0) - 48 }
        for prefix in ["vec", "ivec", "uvec", "bvec", "dvec"] where word == prefix + "\(digits.first ?? 0)" {
            return (2...4).contains(digits[0]) ? digits[0] : nil
        }
        if word.hasPrefix("mat") || word.hasPrefix("dmat"), (1...2).contains(digits.count), digits.allSatisfy({ (2...4).contains($0) }),
            word == (word.hasPrefix("d") ? "dmat" : "mat") + (digits.count == 1 ? "\(digits[0])" : "\(digits[0])x\(digits[1])")
        {
            return digits.count == 1 ? digits[0] * digits[0] : digits[0] * digits[1]
        }
        return nil
    }

    /// The index of the bracket closing the one at `open`, or `code.count`.
    private func matchingClose(_ open: Int) -> Int { closers[open] ?? code.count }

    /// The last index of the statement starting at `start`: a block, or up to its `;`.
    private func statementEnd(after start: Int, limit: Int) -> Int {
        var index = start
        while index < limit, steps.take() {
            switch text(index) {
            case "{": return matchingClose(index)
            case "(", "[": index = matchingClose(index) + 1
            case ";": return index
            default: index += 1
            }
        }
        return limit
    }

    /// Where the expression starting at `start` ends: the `,` or `;` (or unmatched closer) after it.
    private func expressionEnd(from start: Int) -> Int {
        var index = start
        while index < code.count, steps.take() {
            switch text(index) {
            case "(", "[", "{": index = matchingClose(index) + 1
            case ",", ";", ")", "]", "}": return index
            default: index += 1
            }
        }
        return code.count
    }

    private func split(_ range: Range<Int>, at separator: String) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound, steps.take() {
            if text(index) == "(" || text(index) == "[" {
                index = matchingClose(index) + 1
                continue
            }
            if text(index) == separator {
                parts.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        parts.append(start..<max(start, range.upperBound))
        return parts
    }

    private func topLevelCommas(in range: Range<Int>) -> Int { split(range, at: ",").count - 1 }

    private func evaluate(_ range: Range<Int>, integer: Bool) -> Double? {
        var evaluator = GLSLConstantExpression(pieces: range.map(text), constants: constants, integer: integer)
        return evaluator.value()
    }
}
