// XJSRegExp: ECMAScript (ES2024) regular expressions over UTF-16 code units.
//
// Depends on the Swift standard library only and knows nothing of JS values: the engine wraps
// it in the `RegExp` builtin (lastIndex, exec results, Symbol.replace/split, …).
//
// Pipeline
//   RegExpParser      pattern → `RegExpNode` tree (ES2024 22.2.1 with Annex B in non-unicode
//                     mode; V8's error messages). Group nesting is bounded (256) so the
//                     recursive parser and compiler cannot exhaust the native stack.
//   RegExpCompiler    tree → regex bytecode (`RegExpOp`): literals and literal runs, sets as
//                     Latin-1 bitmaps + sorted ranges, counted loops with the spec's
//                     empty-iteration check and capture reset, single-character star
//                     instructions, lookarounds, backward-reading forms for lookbehind.
//   Prefilter         facts for the search loop: minimum length, anchoring, possible code
//                     units at the first offsets (tested 16 positions at a time with SIMD).
//   Matcher           backtracking interpreter with an explicit backtrack stack (undo log
//                     for registers + choice points); no native recursion; a step budget
//                     calls the interrupt callback; the stack has a size limit.
//   CaseFolding       Canonicalize tables (non-unicode toUppercase rule, unicode simple case
//                     folding) derived from `Unicode.Scalar.Properties` on first use.
//   UnicodeProperties `\p{…}` sets derived from the same data on first use.
//
// Public API
//   RegExpFlags                 flags, parsed from a string (nil for bad or repeated letters)
//   RegExpSyntaxError           `message` reads like V8's ("Nothing to repeat"); the engine
//                               formats "Invalid regular expression: /p/f: message"
//   RegExpProgram.compile       pattern (UTF-16) + flags → program
//   RegExpProgram.execute       UTF-16 or Latin-1 input, start, sticky, capture slots,
//                               interrupt callback → matched / noMatch / interrupted /
//                               stackExhausted
//   validateRegExpLiteral       early-error hook for the JS parser
//   getSubstitution / appendSubstitution   GetSubstitution for replace
//   escapeRegExpPattern         EscapeRegExpPattern for `source`
//   advanceStringIndex          AdvanceStringIndex for global/empty-match loops
//
// Not supported (SyntaxError): the `v` flag; `\p{Script=…}` / `\p{Script_Extensions=…}`
// (no script data in the standard library). Semantics follow the spec where V8 deviates:
// in unicode mode a search never starts inside a surrogate pair (V8 can report such matches).
