extension GLTransitionError {
    /// Equal when the errors are, whatever source lines they carry (`inSource`): the excerpt is
    /// what a file showed, not part of what went wrong.
    public static func == (lhs: GLTransitionError, rhs: GLTransitionError) -> Bool {
        switch (lhs.withoutExcerpt, rhs.withoutExcerpt) {
        case let (.missingTransitionFunction(a), .missingTransitionFunction(b)): a == b
        case let (.forbiddenName(a1, a2, a3), .forbiddenName(b1, b2, b3)): a1 == b1 && a2 == b2 && a3 == b3
        case let (.badDefault(a1, a2, a3, a4), .badDefault(b1, b2, b3, b4)): a1 == b1 && a2 == b2 && a3 == b3 && a4 == b4
        case let (.unknownParameter(a1, a2, a3), .unknownParameter(b1, b2, b3)): a1 == b1 && a2 == b2 && a3 == b3
        case let (.wrongValue(a1, a2, a3, a4), .wrongValue(b1, b2, b3, b4)): a1 == b1 && a2 == b2 && a3 == b3 && a4 == b4
        case let (.unsupportedDeclaration(a1, a2, a3), .unsupportedDeclaration(b1, b2, b3)): a1 == b1 && a2 == b2 && a3 == b3
        case let (.macroExpansionTooLarge(a1, a2, a3, a4), .macroExpansionTooLarge(b1, b2, b3, b4)):
            a1 == b1 && a2 == b2 && a3 == b3 && a4 == b4
        case let (.macroNestingTooDeep(a1, a2, a3, a4), .macroNestingTooDeep(b1, b2, b3, b4)):
            a1 == b1 && a2 == b2 && a3 == b3 && a4 == b4
        case let (.tokenPasting(a1, a2), .tokenPasting(b1, b2)): a1 == b1 && a2 == b2
        case let (.arraysTooLarge(a1, a2, a3, a4), .arraysTooLarge(b1, b2, b3, b4)): a1 == b1 && a2 == b2 && a3 == b3 && a4 == b4
        case let (.arraySizeNotConstant(a1, a2, a3), .arraySizeNotConstant(b1, b2, b3)): a1 == b1 && a2 == b2 && a3 == b3
        case let (.loopsTooLong(a1, a2, a3, a4), .loopsTooLong(b1, b2, b3, b4)): a1 == b1 && a2 == b2 && a3 == b3 && a4 == b4
        case let (.tooComplexToCheck(a1, a2), .tooComplexToCheck(b1, b2)): a1 == b1 && a2 == b2
        case let (.unterminatedComment(a1, a2), .unterminatedComment(b1, b2)): a1 == b1 && a2 == b2
        case let (.unbalancedBrace(a1, a2, a3), .unbalancedBrace(b1, b2, b3)): a1 == b1 && a2 == b2 && a3 == b3
        case let (.outOfRange(a1, a2, a3, a4, a5), .outOfRange(b1, b2, b3, b4, b5)):
            a1 == b1 && a2 == b2 && a3 == b3 && a4 == b4 && a5 == b5
        case let (.badTexture(a1, a2, a3), .badTexture(b1, b2, b3)): a1 == b1 && a2 == b2 && a3 == b3
        case let (.notASetting(a1, a2), .notASetting(b1, b2)): a1 == b1 && a2 == b2
        default: false
        }
    }
}
