import Foundation

extension EditPlan {
    /// Where the JSON of a spec stops being JSON, as a line and a column (both from 1; the column
    /// counts characters), for an error a user can go to; nil when it parses. Foundation's
    /// decoder on Linux says only "not valid JSON"; its parser says "around line L, column C"
    /// (Darwin) or "around character N" (a byte offset from 0, Linux), which is turned into both.
    static func syntaxErrorPlace(in data: Data) -> (line: Int, column: Int)? {
        let message: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        }
        func number(after word: String) -> Int? {
            guard let range = message.range(of: word) else { return nil }
            return Int(message[range.upperBound...].prefix { $0.isNumber })
        }
        if let line = number(after: "line "), let column = number(after: "column ") { return (line, column) }
        guard let offset = number(after: "character ") else { return nil }
        return place(ofByte: offset, in: data)
    }

    /// The line and column (from 1) of the byte at `offset` (from 0) in UTF-8 `data`; an offset
    /// past the end is placed just after the last byte.
    static func place(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        var (line, column) = (1, 1)
        for byte in data.prefix(max(0, offset)) {
            if byte == 0x0A {
                (line, column) = (line + 1, 1)
            } else if byte & 0xC0 != 0x80 {
                column += 1   // a character's first byte (continuation bytes are 10xxxxxx)
            }
        }
        return (line, column)
    }
}
