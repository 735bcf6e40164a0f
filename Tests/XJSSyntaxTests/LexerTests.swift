// The lexer: every literal form, escapes, identifiers, comments, line
// terminators, punctuators, positions and lexical errors.

import Testing

@testable import XJSSyntax

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct NumericLiteralTests {
  @Test func decimalForms() throws {
    #expect(try numberValue("0") == 0)
    #expect(try numberValue("123") == 123)
    #expect(try numberValue("1.5") == 1.5)
    #expect(try numberValue(".5") == 0.5)
    #expect(try numberValue("5.") == 5)
    #expect(try numberValue("1e3") == 1000)
    #expect(try numberValue("1E+3") == 1000)
    #expect(try numberValue("2.5e-3") == 0.0025)
    #expect(try numberValue("0.1") == 0.1)
    #expect(try numberValue("1e400") == .infinity)
    #expect(try numberValue("1e-400") == 0)
    #expect(try numberValue("5e-324") == 5e-324)
  }

  @Test func decimalRoundingIsCorrect() throws {
    // 2^53 + 1 rounds to even (2^53); 2^53 + 3 rounds up to 2^53 + 4.
    #expect(try numberValue("9007199254740993") == 9_007_199_254_740_992)
    #expect(try numberValue("9007199254740995") == 9_007_199_254_740_996)
    #expect(try numberValue("1.7976931348623157e308") == .greatestFiniteMagnitude)
    #expect(try numberValue("123456789012345678901234567890") == 1.2345678901234568e29)
  }

  @Test func radixForms() throws {
    #expect(try numberValue("0x1F") == 31)
    #expect(try numberValue("0XaB") == 171)
    #expect(try numberValue("0o17") == 15)
    #expect(try numberValue("0O7") == 7)
    #expect(try numberValue("0b101") == 5)
    #expect(try numberValue("0B1") == 1)
  }

  @Test func radixValuesAbove2To53RoundToNearestEven() throws {
    // 2^53 + 1: exactly halfway, rounds to even (2^53).
    #expect(try numberValue("0x20000000000001") == 9_007_199_254_740_992)
    // 2^53 + 3: halfway, rounds to even (2^53 + 4).
    #expect(try numberValue("0x20000000000003") == 9_007_199_254_740_996)
    // Just above halfway because of a low bit beyond 64 bits: rounds up.
    #expect(
      try numberValue("0x2000000000000100000000001") == Double(sign: .plus, exponent: 97, significand: 1)
        + Double(sign: .plus, exponent: 45, significand: 1))
    #expect(try numberValue("0xFFFFFFFFFFFFFFFF") == 18_446_744_073_709_551_616)
    #expect(try numberValue("0b" + String(repeating: "1", count: 54)) == 18_014_398_509_481_984)
  }

  @Test func numericSeparators() throws {
    #expect(try numberValue("1_000_000") == 1_000_000)
    #expect(try numberValue("1_0.0_1e1_0") == 10.01e10)
    #expect(try numberValue("0xF_F") == 255)
    #expect(try numberValue("0b1_0") == 2)
    #expect(lexError("1__0") == "Only one underscore is allowed as numeric separator")
    #expect(lexError("1_") == "Numeric separators are not allowed here")
    #expect(lexError("1_.5") == "Numeric separators are not allowed here")
    #expect(lexError("1._5") == "Numeric separators are not allowed here")
    #expect(lexError("1e_5") == "Numeric separators are not allowed here")
    #expect(lexError("0x_1") == "Numeric separators are not allowed here")
    #expect(lexError("0_1") == "Numeric separators are not allowed here")
    #expect(lexError("08_1") == "Numeric separators are not allowed here")
  }

  @Test func legacyOctalAndLeadingZeroDecimals() throws {
    #expect(try numberValue("017") == 15)
    #expect(try numberValue("00") == 0)
    #expect(try numberValue("08") == 8)
    #expect(try numberValue("09.5") == 9.5)
    #expect(try numberValue("019") == 19)
    #expect(try lex("017")[0].isLegacyOctal)
    #expect(try lex("08")[0].isLegacyOctal)
    #expect(try !lex("0")[0].isLegacyOctal)
    #expect(try !lex("0.5")[0].isLegacyOctal)
  }

  @Test func bigIntLiterals() throws {
    func bigInt(_ source: String) throws -> String {
      let program = try parse(source)
      guard case .expression(let expression) = program.body[0].kind,
        case .bigIntLiteral(let digits) = expression.kind
      else { return "not a BigInt" }
      return digits
    }
    #expect(try bigInt("0n") == "0")
    #expect(try bigInt("123n") == "123")
    #expect(try bigInt("1_000n") == "1000")
    #expect(try bigInt("0xFFn") == "255")
    #expect(try bigInt("0o777n") == "511")
    #expect(try bigInt("0b1111n") == "15")
    #expect(try bigInt("0xFFFFFFFFFFFFFFFFFFFFn") == "1208925819614629174706175")
    #expect(lexError("1.5n") == "Invalid BigInt literal")
    #expect(lexError("1e3n") == "Invalid BigInt literal")
    #expect(lexError("017n") == "Invalid BigInt literal")
    #expect(lexError("08n") == "Invalid BigInt literal")
  }

  @Test func identifierStartRightAfterANumberIsAnError() {
    #expect(lexError("3in []") == "Invalid or unexpected token")
    #expect(lexError("1a") == "Invalid or unexpected token")
    #expect(lexError("0x1g") == "Invalid or unexpected token")
    #expect(lexError("1\\u0061") == "Invalid or unexpected token")
    #expect(lexError("0b12") == "Invalid or unexpected token")
    #expect(lexError("0o8") == "Invalid or unexpected token")
    #expect(lexError("3.e") == "Invalid or unexpected token")
    #expect(lexError("0x") == "Invalid or unexpected token")
  }
}

@Suite struct StringLiteralTests {
  @Test func simpleEscapes() throws {
    #expect(try stringValue(#"'a\b\f\n\r\t\vz'"#) == Array("a\u{8}\u{C}\n\r\t\u{B}z".utf16))
    #expect(try stringValue(#""\"\'\\""#) == Array("\"'\\".utf16))
    #expect(try stringValue(#"'\a\c\d'"#) == Array("acd".utf16))
    #expect(try stringValue(#"'\0'"#) == [0])
  }

  @Test func hexAndUnicodeEscapes() throws {
    #expect(try stringValue(#"'\x41\xfF'"#) == [0x41, 0xFF])
    #expect(try stringValue(#"'\u0041\uD83D\uDE00'"#) == [0x41, 0xD83D, 0xDE00])
    #expect(try stringValue(#"'\u{1F600}'"#) == [0xD83D, 0xDE00])
    #expect(try stringValue(#"'\u{0000000041}'"#) == [0x41])
    #expect(try stringValue(#"'\u{10FFFF}'"#) == [0xDBFF, 0xDFFF])
    #expect(try stringValue(#"'\uD800'"#) == [0xD800])  // a lone surrogate is kept
    #expect(lexError(#"'\x4'"#) == "Invalid hexadecimal escape sequence")
    #expect(lexError(#"'\u004'"#) == "Invalid Unicode escape sequence")
    #expect(lexError(#"'\u{110000}'"#) == "Invalid Unicode escape sequence")
    #expect(lexError(#"'\u{}'"#) == "Invalid Unicode escape sequence")
  }

  @Test func lineContinuations() throws {
    #expect(try stringValue("'a\\\nb'") == Array("ab".utf16))
    #expect(try stringValue("'a\\\r\nb'") == Array("ab".utf16))
    #expect(try stringValue("'a\\\rb'") == Array("ab".utf16))
    #expect(try stringValue("'a\\\u{2028}b'") == Array("ab".utf16))
    // LS and PS may appear unescaped in strings (ES2019); LF and CR may not.
    #expect(try stringValue("'a\u{2028}b\u{2029}'") == [0x61, 0x2028, 0x62, 0x2029])
    #expect(lexError("'a\nb'") == "Invalid or unexpected token")
    #expect(lexError("'a\rb'") == "Invalid or unexpected token")
    #expect(lexError("'abc") == "Invalid or unexpected token")
  }

  @Test func legacyOctalEscapes() throws {
    #expect(try stringValue(#"'\101'"#) == [0x41])
    #expect(try stringValue(#"'\377'"#) == [0xFF])
    #expect(try stringValue(#"'\400'"#) == [0x20, 0x30])  // \40 then "0"
    #expect(try stringValue(#"'\7'"#) == [7])
    #expect(try stringValue(#"'\08'"#) == [0, 0x38])
    #expect(try stringValue(#"'\8\9'"#) == [0x38, 0x39])
    #expect(try lex(#"'\101'"#)[0].isLegacyOctal)
    #expect(try lex(#"'\8'"#)[0].isLegacyOctal)
    #expect(try !lex(#"'\0'"#)[0].isLegacyOctal)
  }
}

@Suite struct IdentifierAndKeywordTests {
  @Test func keywordsAndContextualWords() throws {
    let tokens = try lex("if let async of yield await x \\u0069f l\\u0065t")
    #expect(tokens[0].kind == .kwIf)
    #expect(tokens[1].kind == .identifier && tokens[1].word == .let)
    #expect(tokens[2].word == .async)
    #expect(tokens[3].word == .of)
    #expect(tokens[4].word == .yield)
    #expect(tokens[5].word == .await)
    #expect(tokens[6].word == .none)
    // An escaped keyword is an IdentifierName, never a keyword.
    #expect(tokens[7].kind == .identifier && tokens[7].word == .escapedReservedWord)
    #expect(tokens[7].hasEscape)
    #expect(tokens[8].word == .let && tokens[8].hasEscape && !tokens[8].isContextual(.let))
  }

  @Test func unicodeIdentifiers() throws {
    let program = try parse("var \u{E9}t\u{E9}, \\u0061b, \\u{62}c, \u{1D4D0}, a\u{200C}b, $_;")
    guard case .variableDeclaration(let declaration) = program.body[0].kind else {
      Issue.record("expected a declaration")
      return
    }
    let names = declaration.declarators.map { render($0.target) }
    #expect(names == ["\u{E9}t\u{E9}", "ab", "bc", "\u{1D4D0}", "a\u{200C}b", "$_"])
    #expect(lexError("\\u0031a") == "Invalid Unicode escape sequence")  // "1" cannot start a name
    #expect(lexError("a\\u002Db") == "Invalid Unicode escape sequence")  // "-" is not a part
    #expect(lexError("\\x61") == "Invalid Unicode escape sequence")
    #expect(lexError("\u{2E2F}") == "Invalid or unexpected token")  // Pattern_Syntax, not ID_Start
  }

  @Test func privateNames() throws {
    let tokens = try lex("#x #\\u0061")
    #expect(tokens[0].kind == .privateName)
    #expect(tokens[1].kind == .privateName && tokens[1].hasEscape)
    #expect(lexError("# x") == "Invalid or unexpected token")
  }
}

@Suite struct PunctuatorTests {
  @Test func longestMatch() throws {
    #expect(
      try kinds(">>>= >>> >>= >> >= > **= ** *= * ??= ?? ?. ? ... . => == === != !==") == [
        .unsignedRightShiftAssign, .unsignedRightShift, .rightShiftAssign, .rightShift,
        .greaterThanOrEqual, .greaterThan, .starStarAssign, .starStar, .starAssign, .star,
        .questionQuestionAssign, .questionQuestion, .questionDot, .question, .ellipsis, .dot,
        .arrow, .equal, .strictEqual, .notEqual, .strictNotEqual,
      ])
    #expect(
      try kinds("&&= && &= & ||= || |= | ^= ^ <<= << <= < ++ -- += -= %= / /=") == [
        .ampersandAmpersandAssign, .ampersandAmpersand, .ampersandAssign, .ampersand,
        .barBarAssign, .barBar, .barAssign, .bar, .caretAssign, .caret, .leftShiftAssign,
        .leftShift, .lessThanOrEqual, .lessThan, .plusPlus, .minusMinus, .plusAssign,
        .minusAssign, .percentAssign, .slash, .slashAssign,
      ])
  }

  @Test func questionDotBeforeADigitIsAConditional() throws {
    #expect(try kinds("a?.5:b") == [.identifier, .question, .number, .colon, .identifier])
    #expect(try kinds("a?.b") == [.identifier, .questionDot, .identifier])
  }

  @Test func invalidCharacters() {
    #expect(lexError("@") == "Invalid or unexpected token")
    #expect(lexError("a \u{0} b") == "Invalid or unexpected token")
  }
}

@Suite struct TriviaTests {
  @Test func whiteSpaceKinds() throws {
    let spaces = "\t\u{B}\u{C} \u{A0}\u{FEFF}\u{1680}\u{2000}\u{200A}\u{202F}\u{205F}\u{3000}"
    let tokens = try lex(spaces + "a" + spaces + "b")
    #expect(tokens.map(\.kind) == [.identifier, .identifier, .eof])
    #expect(!tokens[1].hasNewlineBefore)
    // U+180E is no longer white space (Unicode 6.3).
    #expect(lexError("a\u{180E}b") == "Invalid or unexpected token")
  }

  @Test func everyLineTerminatorSetsNewlineBefore() throws {
    for terminator in ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}"] {
      let tokens = try lex("a" + terminator + "b")
      #expect(tokens[1].hasNewlineBefore, "terminator \(Array(terminator.unicodeScalars))")
    }
    #expect(try lex("a /* \n */ b")[1].hasNewlineBefore)
    #expect(try !lex("a /* */ b")[1].hasNewlineBefore)
    #expect(try lex("a // x\n b")[1].hasNewlineBefore)
  }

  @Test func comments() throws {
    #expect(try kinds("a /* b */ c // d\ne") == [.identifier, .identifier, .identifier])
    #expect(try kinds("/**/a/***/") == [.identifier])
    #expect(lexError("/* open") == "Unterminated comment")
  }

  @Test func htmlLikeComments() throws {
    #expect(try kinds("a <!-- b\nc") == [.identifier, .identifier])
    #expect(try kinds("a\n--> b\nc") == [.identifier, .identifier])
    #expect(try kinds("a\n  /* x */ --> b\nc") == [.identifier, .identifier])
    #expect(try kinds("--> first line\nc") == [.identifier])
    // Not at the start of a line: the decrement and greater-than operators.
    #expect(try kinds("a --> b") == [.identifier, .minusMinus, .greaterThan, .identifier])
  }

  @Test func hashbang() throws {
    #expect(try kinds("#!/usr/bin/env node\na") == [.identifier])
    #expect(lexError(" #!x") == "Invalid or unexpected token")
  }
}

@Suite struct PositionTests {
  @Test func tokenRangesAreUTF16Offsets() throws {
    // U+1D4D0 (a letter outside the BMP) is two UTF-16 units.
    let astral = try lex("a \u{1D4D0}b = 'x'")
    #expect(astral[0].range == SourceRange(0, 1))
    #expect(astral[1].range == SourceRange(2, 5))
    #expect(astral[2].range == SourceRange(6, 7))
    #expect(astral[3].range == SourceRange(8, 11))
  }

  @Test func lineAndColumnOfErrors() {
    let error = syntaxError("var a = 1;\n  var b = @;")
    #expect(error?.line == 2)
    #expect(error?.column == 11)
    let afterCRLF = syntaxError("x\r\n\r\n  @")
    #expect(afterCRLF?.line == 3)
    #expect(afterCRLF?.column == 3)
    let afterLS = syntaxError("x\u{2028}@")
    #expect(afterLS?.line == 2)
    #expect(afterLS?.column == 1)
  }
}

/// Inputs that end in the middle of a construct, lexed from text that ends right before an
/// inaccessible page: a read past the end is a crash here, not a silent garbage read.
@Suite struct EndOfInputTests {
  /// Found by Scripts/fuzz/libfuzzer (target syntax, AddressSanitizer: heap-buffer-overflow):
  /// a backslash ending the input inside a template moved the lexer past the end, and the raw
  /// value read the unit after the text.
  @Test func aTemplateEndingInABackslashIsUnterminated() {
    for source in ["`\\", "`a\\", "`\\u", "`\\x4", "`\\u{"] {
      #expect(guardedLexError(source) == "Unterminated template literal", "\(source)")
    }
  }

  @Test func literalsCutShortAtTheEnd() {
    for source in ["'\\", "\"abc\\", "/a\\", "0x", "1e", "a\\", "a\\u", "/*", "#!", "`${"] {
      _ = guardedLexError(source)
    }
  }
}

/// The lexer's error for `source`, lexed from UTF-16 text placed at the very end of a readable
/// page that is followed by a page mapped without access.
private func guardedLexError(_ source: String) -> String? {
  let units = Array(source.utf16)
  let page = Int(sysconf(Int32(_SC_PAGESIZE)))
  guard let mapping = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
    mapping != MAP_FAILED
  else { return "mmap failed" }
  defer { munmap(mapping, 2 * page) }
  mprotect(mapping + page, page, PROT_NONE)
  let start = (mapping + page - 2 * units.count).assumingMemoryBound(to: UInt16.self)
  start.update(from: units, count: units.count)
  let lexer = Lexer(text: UnsafeBufferPointer(start: start, count: units.count))
  do {
    repeat {
      try lexer.next()
    } while lexer.token.kind != .eof
    return nil
  } catch {
    return error.message
  }
}
