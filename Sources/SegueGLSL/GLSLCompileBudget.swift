// What a user's shader may ask of the driver's compiler, checked before the driver sees it.
// llvmpipe lowers every array indexed at run time into code proportional to its size, once per
// inlined copy of the function declaring it: `float a[10000]` filled in a loop took 13 s and
// 430 MB, a function with a 1,024-float array called 16 times 98 s, `float a[1000000]` minutes
// at > 10 GB. A compile cannot be interrupted or bounded in memory from inside the process (see
// README, "Hostile files"), so the shapes that cost are bounded here, on the preprocessed code:
//
// - arrays: the values (scalar components) of every array the transition reaches, counting
//   each call of a function as a copy of its arrays, and struct members, multi-dimensional
//   sizes and array constructors, at most `arrayValueLimit`; sizes must be constant
//   expressions of literals, `#define`s and `const int`s;
// - constant loops: the iterations of nested `for` loops with constant bounds (which drivers
//   unroll), multiplied through nesting and calls, at most `loopIterationLimit`.
//
// Every branch of an `#if` counts, which can only overestimate.

enum GLSLCompileBudget {
    /// Values all arrays may hold: a `float[1024]`, a `vec4[256]` or a `mat4[64]`. The worst
    /// shape at this limit (a 1,024-float array filled in a loop, read 32 times) compiles in
    /// about 1 s on llvmpipe.
    static let arrayValueLimit = 1024
    /// Iterations of nested constant loops, through calls.
    static let loopIterationLimit = 4096

    package static func check(_ code: [GLSLPiece], file: String) throws(GLTransitionError) {
        var program = GLSLProgramShape(code: code, file: file)
        try program.read()
        var arrays = program.globalArrayValues
        var cost = FunctionCost(program: program, file: file)
        let transition = program.functions["transition"]
        if let transition { try cost.addArrayValues(of: transition, to: &arrays) }
        if arrays.total > arrayValueLimit {
            throw .arraysTooLarge(file: file, line: arrays.line ?? 1, values: arrays.total, limit: arrayValueLimit)
        }
        if let transition {
            let loops = try cost.loopIterations(of: transition)
            if loops.total > loopIterationLimit {
                throw .loopsTooLong(file: file, line: loops.line ?? 1, iterations: loops.total, limit: loopIterationLimit)
            }
        }
    }

    /// A running total and the line where it first passed the limit (or its largest part).
    struct Tally {
        var total = 0
        var line: Int?

        mutating func add(_ amount: Int, at line: Int, limit: Int) {
            total = min(total.addingClamped(amount), Int.max / 2)
            if total > limit, self.line == nil { self.line = line }
        }
    }
}

/// Costs of functions through their calls, memoised; a recursive call (which GLSL forbids and
/// the driver refuses) counts nothing.
private struct FunctionCost {
    let program: GLSLProgramShape
    let file: String
    var arrays: [String: GLSLCompileBudget.Tally] = [:]
    var loops: [String: GLSLCompileBudget.Tally] = [:]
    var visiting: Set<String> = []

    init(program: GLSLProgramShape, file: String) {
        self.program = program
        self.file = file
    }

    mutating func arrayValues(of function: GLSLFunctionShape) throws(GLTransitionError) -> GLSLCompileBudget.Tally {
        if let known = arrays[function.name] { return known }
        guard visiting.insert(function.name).inserted else { return .init() }
        defer { visiting.remove(function.name) }
        var tally = GLSLCompileBudget.Tally()
        try addArrayValues(of: function, to: &tally)
        arrays[function.name] = tally
        return tally
    }

    /// Adds the function's arrays and its callees' in source order, so the tally's line is
    /// where the total first passes the limit.
    mutating func addArrayValues(of function: GLSLFunctionShape, to tally: inout GLSLCompileBudget.Tally) throws(GLTransitionError) {
        var parts = function.arrays.map { (values: $0.values, line: $0.line) }
        for call in function.calls {
            guard let callee = program.functions[call.name] else { continue }
            parts.append((try arrayValues(of: callee).total, call.line))
        }
        for part in parts.sorted(by: { $0.line < $1.line }) {
            tally.add(part.values, at: part.line, limit: GLSLCompileBudget.arrayValueLimit)
        }
    }

    /// The most iterations any point of the function runs through nested constant loops.
    mutating func loopIterations(of function: GLSLFunctionShape) throws(GLTransitionError) -> GLSLCompileBudget.Tally {
        if let known = loops[function.name] { return known }
        guard visiting.insert(function.name).inserted else { return .init(total: 1) }
        defer { visiting.remove(function.name) }
        var worst = GLSLCompileBudget.Tally(total: 1)
        for loop in function.loops where loop.iterations > worst.total { worst = .init(total: loop.iterations, line: loop.line) }
        for call in function.calls {
            guard let callee = program.functions[call.name] else { continue }
            let inner = try loopIterations(of: callee)
            let through = call.iterations.multipliedClamped(by: inner.total)
            if through > worst.total { worst = .init(total: through, line: inner.total > 1 && call.iterations == 1 ? inner.line : call.line) }
        }
        loops[function.name] = worst
        return worst
    }
}

extension Int {
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? Int.max : sum
    }

    func multipliedClamped(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? Int.max : product
    }
}
