// The front end: any text either parses or is a SyntaxError located inside the text.

import XJSSyntax

func fuzzSyntax(_ bytes: UnsafeBufferPointer<UInt8>) {
  let text = Array(inputText(bytes).utf16)
  let source = SourceFile(name: "fuzz.js", text: text)
  for goal in [SyntaxGoal.script, .module] {
    do {
      let program = try goal == .script ? parseScript(source) : parseModule(source)
      // The tree a successful parse built is walked end to end (a cycle or a dangling
      // node would show here).
      _ = estreeJSON(program, includeLocations: true)
    } catch {
      require(error.offset >= 0 && error.offset <= text.count, "error offset \(error.offset) outside the text")
      require(error.line >= 1 && error.column >= 1, "error without a position: \(error.message)")
      require(!error.message.isEmpty, "error without a message")
    }
  }
}

enum SyntaxGoal { case script, module }
