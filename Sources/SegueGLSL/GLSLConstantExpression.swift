// A constant expression of GLSL literals, known constants and operators (+ - * / % << >> & | ^
// ~ and parentheses), as array sizes and loop bounds are written. Anything else (a function
// call, a constructor, an unknown name) makes it not constant here.

struct GLSLConstantExpression {
    let pieces: [String]
    let constants: [String: Double]
    /// Array sizes: integer literals only, and integer division.
    let integer: Bool
    private var index = 0

    init(pieces: [String], constants: [String: Double], integer: Bool) {
        self.pieces = pieces
        self.constants = constants
        self.integer = integer
    }

    mutating func value() -> Double? {
        guard !pieces.isEmpty, let result = binary(level: 0), index == pieces.count, result.isFinite else { return nil }
        return result
    }

    /// Operators by precedence, loosest first; two-token operators (`<<`, `>>`) are two pieces.
    private static let levels: [[String]] = [["|"], ["^"], ["&"], ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]

    private func peekOperator(_ level: Int) -> String? {
        guard index < pieces.count else { return nil }
        for op in Self.levels[level] {
            if op.count == 2 {
                if index + 1 < pieces.count, pieces[index] + pieces[index + 1] == op { return op }
            } else if pieces[index] == op, !(index + 1 < pieces.count && pieces[index + 1] == op && (op == "|" || op == "&")) {
                return op
            }
        }
        return nil
    }

    private mutating func binary(level: Int) -> Double? {
        guard level < Self.levels.count else { return unary() }
        guard var left = binary(level: level + 1) else { return nil }
        while let op = peekOperator(level) {
            index += op.count
            guard let right = binary(level: level + 1) else { return nil }
            guard let combined = Self.apply(op, left, right, integer: integer) else { return nil }
            left = combined
        }
        return left
    }

    private static func apply(_ op: String, _ a: Double, _ b: Double, integer: Bool) -> Double? {
        switch op {
        case "+": return a + b
        case "-": return a - b
        case "*": return a * b
        case "/":
            guard b != 0 else { return nil }
            return integer ? (a / b).rounded(.towardZero) : a / b
        default:
            // Bitwise and modulo operators take integers.
            guard a == a.rounded(), b == b.rounded(), abs(a) < 1e15, abs(b) < 1e15 else { return nil }
            let (x, y) = (Int(a), Int(b))
            switch op {
            case "%": return y == 0 ? nil : Double(x % y)
            case "<<": return (0..<50).contains(y) ? Double(x << y) : nil
            case ">>": return (0..<64).contains(y) ? Double(x >> y) : nil
            case "&": return Double(x & y)
            case "|": return Double(x | y)
            default: return Double(x ^ y)
            }
        }
    }

    private mutating func unary() -> Double? {
        guard index < pieces.count else { return nil }
        let piece = pieces[index]
        index += 1
        switch piece {
        case "-": return unary().map { -$0 }
        case "+": return unary()
        case "~": return unary().flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Double(~Int($0)) : nil }
        case "(":
            guard let inner = binary(level: 0), index < pieces.count, pieces[index] == ")" else { return nil }
            index += 1
            return inner
        default:
            if let constant = constants[piece] { return constant }
            return Self.literal(piece, integer: integer)
        }
    }

    /// 12, 0x1F, 017, 12u; with `integer` false also 1.5, 2., 1e3, 1.0f.
    static func literal(_ text: String, integer: Bool) -> Double? {
        var body = Substring(text)
        if body.last == "u" || body.last == "U" { body = body.dropLast() }
        if body.hasPrefix("0x") || body.hasPrefix("0X") { return UInt64(body.dropFirst(2), radix: 16).map { Double($0) } }
        if body.allSatisfy(\.isNumber) {
            guard let first = body.first else { return nil }
            return (first == "0" && body.count > 1 ? UInt64(body, radix: 8) : UInt64(body)).map { Double($0) }
        }
        guard !integer else { return nil }
        if body.last == "f" || body.last == "F" { body = body.dropLast() }
        guard body.first?.isNumber == true || body.first == "." else { return nil }
        return Double(body)
    }
}
