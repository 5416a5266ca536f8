// A forgiving GLSL tokenizer: just enough to find top-level declarations, their comments and
// identifier uses. It never rejects text; the GLSL compiler reports what it does not understand.

struct GLSLToken: Sendable {
    enum Kind: Sendable, Equatable {
        case identifier, number, punctuation
        /// `// ...`; `text` is what follows the slashes.
        case lineComment
        /// `/* ... */`; `text` is what lies between the markers.
        case blockComment
        /// The `#` that starts a preprocessor line; the line's other tokens have `inDirective` set.
        case directive
    }

    let kind: Kind
    let text: String
    /// 1-based line where the token starts.
    let line: Int
    /// UTF-8 offsets of the whole token in the source.
    let start: Int
    let end: Int
    let inDirective: Bool

    var isComment: Bool { kind == .lineComment || kind == .blockComment }
    /// Tokens of the program proper: no comments, nothing from preprocessor lines.
    var isCode: Bool { !isComment && kind != .directive && !inDirective }

    func `is`(_ punctuation: String) -> Bool { kind == .punctuation && text == punctuation }

    /// A block comment ends with `*/` unless the file ended inside it.
    func isClosedBlockComment(in bytes: [UInt8]) -> Bool {
        end - start >= 4 && bytes[end - 2] == UInt8(ascii: "*") && bytes[end - 1] == UInt8(ascii: "/")
    }
}

enum GLSLLexer {
    static func tokenize(_ bytes: [UInt8]) -> [GLSLToken] {
        var tokens: [GLSLToken] = []
        var index = 0
        var line = 1
        var lineHasCode = false  // a `#` only starts a directive as the first thing on its line
        var inDirective = false

        func add(_ kind: GLSLToken.Kind, _ start: Int, _ end: Int, text: String? = nil, line startLine: Int) {
            let text = text ?? String(decoding: bytes[start..<end], as: UTF8.self)
            tokens.append(GLSLToken(kind: kind, text: text, line: startLine, start: start, end: end, inDirective: inDirective))
        }

        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                // CR LF, a lone LF and a lone CR each end a line, for GLSL and the driver alike.
                index += byte == UInt8(ascii: "\r") && next == UInt8(ascii: "\n") ? 2 : 1
                line += 1
                lineHasCode = false
                inDirective = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "\\") where inDirective && (next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r")):
                // A continued preprocessor line.
                index += 1
                if bytes[index] == UInt8(ascii: "\r") { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                line += 1
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                let start = index
                index += 2
                while index < bytes.count, !gltIsLineEnd(bytes[index]) { index += 1 }
                add(.lineComment, start, index, text: String(decoding: bytes[(start + 2)..<index], as: UTF8.self), line: line)
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                let start = index
                let startLine = line
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    let isCRLF = bytes[index] == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")
                    if gltIsLineEnd(bytes[index]), !isCRLF { line += 1 }  // CR LF counts at its LF
                    index += 1
                }
                let textEnd = index
                index = min(index + 2, bytes.count)
                add(.blockComment, start, index, text: String(decoding: bytes[(start + 2)..<textEnd], as: UTF8.self), line: startLine)
            case UInt8(ascii: "#") where !lineHasCode:
                inDirective = true
                lineHasCode = true
                add(.directive, index, index + 1, line: line)
                index += 1
            default:
                lineHasCode = true
                let start = index
                if gltIsIdentifierStart(byte) {
                    while index < bytes.count, gltIsIdentifierStart(bytes[index]) || gltIsDigit(bytes[index]) { index += 1 }
                    add(.identifier, start, index, line: line)
                } else if gltIsDigit(byte) || (byte == UInt8(ascii: ".") && next.map(gltIsDigit) == true) {
                    while index < bytes.count {
                        let c = bytes[index]
                        let isExponentSign = (c == UInt8(ascii: "+") || c == UInt8(ascii: "-"))
                            && (bytes[index - 1] | 0x20) == UInt8(ascii: "e")
                            && !(bytes[start] == UInt8(ascii: "0") && index > start + 1 && (bytes[start + 1] | 0x20) == UInt8(ascii: "x"))
                        guard gltIsIdentifierStart(c) || gltIsDigit(c) || c == UInt8(ascii: ".") || isExponentSign else { break }
                        index += 1
                    }
                    add(.number, start, index, line: line)
                } else {
                    index += 1
                    if byte >= 0x80 {  // keep a UTF-8 sequence together
                        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                    }
                    add(.punctuation, start, index, line: line)
                }
            }
        }
        return tokens
    }
}

func gltIsLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

package enum GLSLLines {
    /// The file's lines without their terminators (CR LF, LF or a lone CR), as the lexer counts them.
    package static func split(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.utf8.startIndex
        var index = start
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard gltIsLineEnd(byte) else {
                index = utf8.index(after: index)
                continue
            }
            lines.append(Substring(text[start..<index]))
            index = utf8.index(after: index)
            if byte == UInt8(ascii: "\r"), index < utf8.endIndex, utf8[index] == UInt8(ascii: "\n") { index = utf8.index(after: index) }
            start = index
        }
        lines.append(Substring(text[start..<utf8.endIndex]))
        return lines
    }
}
