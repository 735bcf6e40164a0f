// The typed syntax tree the parser produces and the bytecode compiler consumes.
//
// Shape: expressions and statements are `indirect enum`s wrapped in a struct that
// carries the node's source range, so consumers pattern-match on `kind`. Nodes that
// need identity or later annotation (functions, classes, scopes, identifier
// references, template sites) are final classes.
//
// Strings that may hold lone surrogates (string literal values, template values)
// are `[UInt16]` code units. Identifier names cannot hold lone surrogates, so they
// are Swift `String`s.

/// A half-open range of UTF-16 code-unit offsets into the source text.
public struct SourceRange: Sendable, Equatable, Hashable {
  public var start: Int32
  public var end: Int32

  public init(start: Int32, end: Int32) {
    self.start = start
    self.end = end
  }

  public init(_ start: Int, _ end: Int) {
    self.start = Int32(truncatingIfNeeded: start)
    self.end = Int32(truncatingIfNeeded: end)
  }

  public static let empty = SourceRange(start: 0, end: 0)

  /// The smallest range covering both.
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(start: min(start, other.start), end: max(end, other.end))
  }
}

// MARK: - Program

public final class Program {
  public let source: SourceFile
  public var body: [Statement]
  /// True when the script is strict (a "use strict" directive, or parsed in a strict context).
  public var isStrict: Bool
  public var range: SourceRange
  /// Filled in by scope analysis.
  public var scope: Scope?
  /// Parsed with the Module goal (`parseModule`): strict, may hold import/export declarations.
  public var isModule = false
  /// Module code: an `await` (or `for await`) outside any function (top-level await).
  public var hasTopLevelAwait = false

  public init(source: SourceFile, body: [Statement], isStrict: Bool, range: SourceRange) {
    self.source = source
    self.body = body
    self.isStrict = isStrict
    self.range = range
  }
}

// MARK: - Identifiers

/// Every occurrence of an identifier that names a binding: a reference in an
/// expression, or a binding in a declaration or pattern. Scope analysis fills in
/// `resolution`.
public final class IdentifierReference {
  public let name: String
  public let range: SourceRange
  public var resolution: Resolution = .unresolved

  public init(name: String, range: SourceRange) {
    self.name = name
    self.range = range
  }
}

// MARK: - Expressions

public struct Expression {
  public var kind: ExpressionKind
  public var range: SourceRange

  public init(_ kind: ExpressionKind, _ range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

extension Expression {
  /// A leaf that stands in for a subtree being freed.
  static let placeholder = Expression(.nullLiteral, .empty)

  /// The operands of a binary or logical operator node, nil for every other node.
  public var operatorOperands: Operands? {
    switch kind {
    case .binary(_, let operands), .logical(_, let operands): operands
    default: nil
    }
  }

  /// Calls `body` for each operand of the operator chain this node heads (see
  /// `operatorChain`), in evaluation order; for a node that is no operator, for itself.
  public func forEachChainOperand(_ body: (Expression) -> Void) {
    guard let operands = operatorOperands else { return body(self) }
    guard operands.left.operatorOperands != nil else {
      body(operands.left)
      body(operands.right)
      return
    }
    let chain = operatorChain
    body(chain.innermost)
    for link in chain.links { body(link.operatorOperands!.right) }
  }

  /// A left-nested chain of binary and logical operators (`a + b - c || d` is
  /// `((a + b) - c) || d`): the innermost left operand first, then each link's
  /// right operand from the inside out. Passes that would recurse down the left
  /// spine walk it with this instead, so a flat `1 + 1 + …` of any length needs
  /// no deeper native stack than one operator.
  public var operatorChain: (innermost: Expression, links: [Expression]) {
    var links: [Expression] = []
    var current = self
    while let operands = current.operatorOperands {
      links.append(current)
      current = operands.left
    }
    links.reverse()
    return (current, links)
  }
}

/// The two operands of a binary or logical operator. A class, not inline enum
/// payload, so that freeing a long left-nested chain is a loop rather than a
/// recursion as deep as the chain.
public final class Operands {
  public private(set) var left: Expression
  public let right: Expression

  public init(_ left: Expression, _ right: Expression) {
    self.left = left
    self.right = right
  }

  deinit {
    // Detach the left spine one link at a time; a link still referenced
    // elsewhere ends the walk (its other owner frees the rest).
    var next = left
    left = .placeholder
    while var operands = next.operatorOperands {
      next = .placeholder
      guard isKnownUniquelyReferenced(&operands) else { return }
      next = operands.left
      operands.left = .placeholder
    }
  }
}

public indirect enum ExpressionKind {
  case identifier(IdentifierReference)
  case this
  case numberLiteral(Double)
  /// The literal's digits in base 10 without separators or the `n` suffix.
  case bigIntLiteral(String)
  case stringLiteral([UInt16])
  case booleanLiteral(Bool)
  case nullLiteral
  case regExpLiteral(RegExpLiteral)
  case template(TemplateLiteral)
  case taggedTemplate(tag: Expression, quasi: TemplateLiteral)

  case array([ArrayElement])
  case object([ObjectProperty])
  case function(FunctionNode)
  case arrowFunction(FunctionNode)
  case `class`(ClassNode)

  case unary(UnaryOperator, Expression)
  case update(UpdateOperator, isPrefix: Bool, target: Expression)
  case binary(BinaryOperator, Operands)
  case logical(LogicalOperator, Operands)
  /// `#x in obj`
  case privateIn(name: String, object: Expression)
  /// Plain `=` may have a destructuring pattern as target; compound and logical
  /// assignments only have identifier or member targets (`.identifier` / `.member`).
  case assignment(AssignmentOperator, target: Pattern, value: Expression)
  case conditional(test: Expression, consequent: Expression, alternate: Expression)
  case sequence([Expression])

  /// `object.name` / `object?.name`
  case member(object: Expression, name: String, isOptional: Bool)
  /// `object[property]` / `object?.[property]`
  case computedMember(object: Expression, property: Expression, isOptional: Bool)
  /// `object.#name` / `object?.#name`
  case privateMember(object: Expression, name: String, isOptional: Bool)
  case call(callee: Expression, arguments: [Argument], isOptional: Bool)
  case new(callee: Expression, arguments: [Argument])
  /// The outermost node of an optional chain `a?.b.c()`: a `?.` inside it that
  /// finds null/undefined makes the whole chain evaluate to undefined.
  case optionalChain(Expression)

  case superMember(name: String)
  case superComputedMember(Expression)
  case superCall([Argument])
  case newTarget
  case importMeta
  /// `import(specifier)` / `import(specifier, options)`
  case importCall(Expression, options: Expression?)

  case yield(Expression?, isDelegate: Bool)
  case await(Expression)
}

public enum UnaryOperator: String, Sendable {
  case minus = "-"
  case plus = "+"
  case logicalNot = "!"
  case bitwiseNot = "~"
  case typeof = "typeof"
  case void = "void"
  case delete = "delete"
}

public enum UpdateOperator: String, Sendable {
  case increment = "++"
  case decrement = "--"
}

public enum BinaryOperator: String, Sendable {
  case equal = "=="
  case notEqual = "!="
  case strictEqual = "==="
  case strictNotEqual = "!=="
  case lessThan = "<"
  case lessThanOrEqual = "<="
  case greaterThan = ">"
  case greaterThanOrEqual = ">="
  case leftShift = "<<"
  case rightShift = ">>"
  case unsignedRightShift = ">>>"
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"
  case exponent = "**"
  case bitwiseOr = "|"
  case bitwiseXor = "^"
  case bitwiseAnd = "&"
  case `in` = "in"
  case instanceof = "instanceof"
}

public enum LogicalOperator: String, Sendable {
  case and = "&&"
  case or = "||"
  case nullishCoalescing = "??"
}

public enum AssignmentOperator: String, Sendable {
  case assign = "="
  case add = "+="
  case subtract = "-="
  case multiply = "*="
  case divide = "/="
  case remainder = "%="
  case exponent = "**="
  case leftShift = "<<="
  case rightShift = ">>="
  case unsignedRightShift = ">>>="
  case bitwiseOr = "|="
  case bitwiseXor = "^="
  case bitwiseAnd = "&="
  case logicalAnd = "&&="
  case logicalOr = "||="
  case nullishCoalescing = "??="

  /// The binary operator a compound assignment applies, if any.
  public var binaryOperator: BinaryOperator? {
    switch self {
    case .add: .add
    case .subtract: .subtract
    case .multiply: .multiply
    case .divide: .divide
    case .remainder: .remainder
    case .exponent: .exponent
    case .leftShift: .leftShift
    case .rightShift: .rightShift
    case .unsignedRightShift: .unsignedRightShift
    case .bitwiseOr: .bitwiseOr
    case .bitwiseXor: .bitwiseXor
    case .bitwiseAnd: .bitwiseAnd
    default: nil
    }
  }
}

public enum ArrayElement {
  case hole
  case expression(Expression)
  case spread(Expression)
}

public enum Argument {
  case expression(Expression)
  case spread(Expression)
}

public final class RegExpLiteral {
  public let pattern: [UInt16]
  public let flags: String
  public init(pattern: [UInt16], flags: String) {
    self.pattern = pattern
    self.flags = flags
  }
}

/// One template literal site. A class so a tagged template's site has identity
/// (the runtime caches one template object per site).
public final class TemplateLiteral {
  /// `quasis.count == expressions.count + 1`.
  public var quasis: [TemplateElement]
  public var expressions: [Expression]
  public init(quasis: [TemplateElement], expressions: [Expression]) {
    self.quasis = quasis
    self.expressions = expressions
  }
}

public struct TemplateElement {
  /// nil when the element has an invalid escape (allowed only in tagged templates).
  public var cooked: [UInt16]?
  /// The raw text, with CR and CRLF normalized to LF.
  public var raw: [UInt16]
  public var range: SourceRange
  public init(cooked: [UInt16]?, raw: [UInt16], range: SourceRange) {
    self.cooked = cooked
    self.raw = raw
    self.range = range
  }
}

// MARK: - Property keys, object literals, classes

public enum PropertyName {
  /// An IdentifierName (reserved words allowed): `a`, `if`.
  case identifier(String)
  case string([UInt16])
  case number(Double)
  /// BigInt literal keys: decimal digits.
  case bigInt(String)
  case computed(Expression)
  /// `#name` (class elements only); the name without `#`.
  case privateName(String)
}

public struct PropertyKeyNode {
  public var name: PropertyName
  public var range: SourceRange
  public init(_ name: PropertyName, _ range: SourceRange) {
    self.name = name
    self.range = range
  }
}

public enum MethodKind: Sendable {
  case method
  case getter
  case setter
}

public struct ObjectProperty {
  public enum Kind {
    /// `key: value`; `isShorthand` for `{ a }` (then value is `.identifier`).
    case keyValue(PropertyKeyNode, Expression, isShorthand: Bool)
    /// `key() {}`, `get key() {}`, `set key(v) {}`, `*key() {}`, `async key() {}`.
    case method(PropertyKeyNode, FunctionNode, MethodKind)
    /// `...expression`
    case spread(Expression)
    /// `__proto__: value` (non-shorthand, non-computed): sets the prototype.
    case protoSetter(Expression)
  }
  public var kind: Kind
  public var range: SourceRange
  public init(_ kind: Kind, _ range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

public final class ClassNode {
  public var name: IdentifierReference?
  public var superClass: Expression?
  /// The explicit constructor, or nil for the default one.
  public var constructor: FunctionNode?
  public var members: [ClassMember]
  /// From `class` to the closing brace (Function.prototype.toString).
  public var range: SourceRange
  /// Filled in by scope analysis: the scope holding the class's inner name binding.
  public var scope: Scope?
  /// Filled in by scope analysis: the scope of instance field initializers (acts as a method).
  public var fieldInitializerScope: Scope?
  /// Filled in by scope analysis: the scope of static field initializers (a method with `this` = the class).
  public var staticInitializerScope: Scope?

  public init(
    name: IdentifierReference?, superClass: Expression?, constructor: FunctionNode?,
    members: [ClassMember], range: SourceRange
  ) {
    self.name = name
    self.superClass = superClass
    self.constructor = constructor
    self.members = members
    self.range = range
  }
}

public struct ClassMember {
  public enum Kind {
    case method(PropertyKeyNode, FunctionNode, MethodKind)
    /// A field; the initializer is evaluated with `this` = the instance.
    case field(PropertyKeyNode, initializer: Expression?)
    /// `static { … }`: a function node of kind `.classStaticBlock`.
    case staticBlock(FunctionNode)
  }
  public var kind: Kind
  public var isStatic: Bool
  public var range: SourceRange
  public init(_ kind: Kind, isStatic: Bool, _ range: SourceRange) {
    self.kind = kind
    self.isStatic = isStatic
    self.range = range
  }
}

// MARK: - Functions

public enum FunctionKind: Sendable {
  case normal
  case arrow
  /// Object-literal or class method (including getters and setters).
  case method
  case getter
  case setter
  case classConstructor
  case derivedClassConstructor
  case classStaticBlock
}

public final class FunctionNode {
  /// The BindingIdentifier of a declaration or named function expression.
  public var name: IdentifierReference?
  public var kind: FunctionKind
  public var isAsync: Bool
  public var isGenerator: Bool
  public var parameters: [Parameter]
  public var restParameter: Pattern?
  public var body: FunctionBody
  /// Strict because of its own directive or an enclosing strict context.
  public var isStrict: Bool
  /// The body begins with a "use strict" directive.
  public var hasUseStrictDirective: Bool
  /// No defaults, no destructuring, no rest.
  public var hasSimpleParameterList: Bool
  /// False when no `arguments` or `eval` token was read in the function's parameters and body
  /// outside its nested non-arrow functions (the parser counts them): then it cannot mention
  /// either, and scope analysis skips the walk that looks (ArgumentsScanner).
  public var mayMentionArgumentsOrEval = true
  /// The source text of the whole function, from its first token to its last
  /// (for `Function.prototype.toString`).
  public var range: SourceRange
  /// Filled in by scope analysis.
  public var scope: Scope?

  public init(
    name: IdentifierReference?, kind: FunctionKind, isAsync: Bool, isGenerator: Bool,
    parameters: [Parameter], restParameter: Pattern?, body: FunctionBody, isStrict: Bool,
    hasUseStrictDirective: Bool, hasSimpleParameterList: Bool, range: SourceRange
  ) {
    self.name = name
    self.kind = kind
    self.isAsync = isAsync
    self.isGenerator = isGenerator
    self.parameters = parameters
    self.restParameter = restParameter
    self.body = body
    self.isStrict = isStrict
    self.hasUseStrictDirective = hasUseStrictDirective
    self.hasSimpleParameterList = hasSimpleParameterList
    self.range = range
  }

  /// The number of parameters before the first one with a default or the rest
  /// (the function's `length`).
  public var expectedArgumentCount: Int {
    var count = 0
    for parameter in parameters {
      if parameter.defaultValue != nil { break }
      count += 1
    }
    return count
  }
}

public struct Parameter {
  public var target: Pattern
  public var defaultValue: Expression?
  public var range: SourceRange
  public init(target: Pattern, defaultValue: Expression?, range: SourceRange) {
    self.target = target
    self.defaultValue = defaultValue
    self.range = range
  }
}

public enum FunctionBody {
  case block([Statement])
  /// A concise arrow body: `x => x + 1`.
  case expression(Expression)
}

// MARK: - Patterns (binding and assignment targets)

public indirect enum Pattern {
  case identifier(IdentifierReference)
  /// A member expression target (`a.b = …`, `[a.b] = …`); assignment patterns only.
  case expression(Expression)
  case object(ObjectPattern)
  case array(ArrayPattern)
}

public struct ObjectPattern {
  public var properties: [ObjectPatternProperty]
  public var rest: Pattern?
  public var range: SourceRange
  public init(properties: [ObjectPatternProperty], rest: Pattern?, range: SourceRange) {
    self.properties = properties
    self.rest = rest
    self.range = range
  }
}

public struct ObjectPatternProperty {
  public var key: PropertyKeyNode
  public var target: Pattern
  public var defaultValue: Expression?
  /// `{ a }` / `{ a = 1 }`
  public var isShorthand: Bool
  public var range: SourceRange
  public init(
    key: PropertyKeyNode, target: Pattern, defaultValue: Expression?, isShorthand: Bool,
    range: SourceRange
  ) {
    self.key = key
    self.target = target
    self.defaultValue = defaultValue
    self.isShorthand = isShorthand
    self.range = range
  }
}

public struct ArrayPattern {
  /// nil is an elision (`[, a]`).
  public var elements: [ArrayPatternElement?]
  public var rest: Pattern?
  public var range: SourceRange
  public init(elements: [ArrayPatternElement?], rest: Pattern?, range: SourceRange) {
    self.elements = elements
    self.rest = rest
    self.range = range
  }
}

public struct ArrayPatternElement {
  public var target: Pattern
  public var defaultValue: Expression?
  public var range: SourceRange
  public init(target: Pattern, defaultValue: Expression?, range: SourceRange) {
    self.target = target
    self.defaultValue = defaultValue
    self.range = range
  }
}

extension Pattern {
  public var range: SourceRange {
    switch self {
    case .identifier(let identifier): identifier.range
    case .expression(let expression): expression.range
    case .object(let pattern): pattern.range
    case .array(let pattern): pattern.range
    }
  }
}

// MARK: - Statements

public struct Statement {
  public var kind: StatementKind
  public var range: SourceRange
  public init(_ kind: StatementKind, _ range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

public indirect enum StatementKind {
  case variableDeclaration(VariableDeclaration)
  case functionDeclaration(FunctionNode)
  case classDeclaration(ClassNode)
  case expression(Expression)
  case block(BlockStatement)
  case empty
  case debugger
  case `if`(test: Expression, consequent: Statement, alternate: Statement?)
  case `for`(ForStatement)
  case forIn(ForInOfStatement)
  case forOf(ForInOfStatement)
  case `while`(test: Expression, body: Statement)
  case doWhile(body: Statement, test: Expression)
  case `continue`(label: String?)
  case `break`(label: String?)
  case `return`(Expression?)
  case `throw`(Expression)
  case with(object: Expression, body: Statement)
  case `switch`(SwitchStatement)
  case labeled(label: String, body: Statement)
  case `try`(TryStatement)
  /// Module code only (top level).
  case importDeclaration(ImportDeclaration)
  /// Module code only (top level).
  case exportDeclaration(ExportDeclaration)
}

public enum DeclarationKind: String, Sendable {
  case `var`
  case `let`
  case `const`
}

public struct VariableDeclaration {
  public var kind: DeclarationKind
  public var declarators: [VariableDeclarator]
  public var range: SourceRange
  public init(kind: DeclarationKind, declarators: [VariableDeclarator], range: SourceRange) {
    self.kind = kind
    self.declarators = declarators
    self.range = range
  }
}

public struct VariableDeclarator {
  public var target: Pattern
  public var initializer: Expression?
  public var range: SourceRange
  public init(target: Pattern, initializer: Expression?, range: SourceRange) {
    self.target = target
    self.initializer = initializer
    self.range = range
  }
}

public final class BlockStatement {
  public var body: [Statement]
  public var range: SourceRange
  /// Filled in by scope analysis (nil when the block declares nothing lexical).
  public var scope: Scope?
  public init(body: [Statement], range: SourceRange) {
    self.body = body
    self.range = range
  }
}

public final class ForStatement {
  public enum Initializer {
    case declaration(VariableDeclaration)
    case expression(Expression)
  }
  public var initializer: Initializer?
  public var test: Expression?
  public var update: Expression?
  public var body: Statement
  public var range: SourceRange
  /// Filled in by scope analysis: the scope of a `let`/`const` head.
  public var scope: Scope?
  public init(
    initializer: Initializer?, test: Expression?, update: Expression?, body: Statement,
    range: SourceRange
  ) {
    self.initializer = initializer
    self.test = test
    self.update = update
    self.body = body
    self.range = range
  }
}

public final class ForInOfStatement {
  public enum Head {
    /// `for (var/let/const pattern of …)`; a `var` head may have an initializer
    /// in sloppy-mode for-in (Annex B): `for (var a = 1 in o)`.
    case declaration(DeclarationKind, Pattern, initializer: Expression?)
    /// `for (lhs of …)` with an assignment target.
    case pattern(Pattern)
  }
  public var head: Head
  public var right: Expression
  public var body: Statement
  /// `for await (… of …)`
  public var isAwait: Bool
  public var range: SourceRange
  /// Filled in by scope analysis: the per-iteration scope of a `let`/`const` head.
  public var scope: Scope?
  public init(head: Head, right: Expression, body: Statement, isAwait: Bool, range: SourceRange) {
    self.head = head
    self.right = right
    self.body = body
    self.isAwait = isAwait
    self.range = range
  }
}

public final class SwitchStatement {
  public var discriminant: Expression
  public var cases: [SwitchCase]
  public var range: SourceRange
  /// Filled in by scope analysis: the scope of the case block.
  public var scope: Scope?
  public init(discriminant: Expression, cases: [SwitchCase], range: SourceRange) {
    self.discriminant = discriminant
    self.cases = cases
    self.range = range
  }
}

public struct SwitchCase {
  /// nil for `default:`.
  public var test: Expression?
  public var body: [Statement]
  public var range: SourceRange
  public init(test: Expression?, body: [Statement], range: SourceRange) {
    self.test = test
    self.body = body
    self.range = range
  }
}

public final class TryStatement {
  public var block: BlockStatement
  public var handler: CatchClause?
  public var finalizer: BlockStatement?
  public var range: SourceRange
  public init(
    block: BlockStatement, handler: CatchClause?, finalizer: BlockStatement?, range: SourceRange
  ) {
    self.block = block
    self.handler = handler
    self.finalizer = finalizer
    self.range = range
  }
}

public final class CatchClause {
  /// nil for `catch { … }` (optional catch binding).
  public var parameter: Pattern?
  public var body: BlockStatement
  public var range: SourceRange
  /// Filled in by scope analysis: the scope of the catch parameter.
  public var scope: Scope?
  public init(parameter: Pattern?, body: BlockStatement, range: SourceRange) {
    self.parameter = parameter
    self.body = body
    self.range = range
  }
}

// MARK: - Modules

/// `with { type: "json" }` on an import or re-export (ES2025 WithClause). Keys are
/// identifier names or strings; values are strings.
public struct ImportAttribute {
  public var key: String
  public var value: [UInt16]
  public var range: SourceRange
  public init(key: String, value: [UInt16], range: SourceRange) {
    self.key = key
    self.value = value
    self.range = range
  }
}

/// The `from "…"` part of an import or re-export.
public struct ModuleRequest {
  /// The specifier string's value.
  public var specifier: [UInt16]
  public var attributes: [ImportAttribute]
  public var range: SourceRange
  public init(specifier: [UInt16], attributes: [ImportAttribute], range: SourceRange) {
    self.specifier = specifier
    self.attributes = attributes
    self.range = range
  }
}

/// One binding an import declaration creates.
public struct ImportSpecifier {
  public enum Kind {
    /// `import x from …`: imports the export named "default".
    case `default`
    /// `import * as x from …`
    case namespace
    /// `import { name as x } from …` (name is an IdentifierName or a string).
    case named(String)
  }
  public var kind: Kind
  /// The binding identifier in the importing module.
  public var local: IdentifierReference
  public var range: SourceRange
  public init(kind: Kind, local: IdentifierReference, range: SourceRange) {
    self.kind = kind
    self.local = local
    self.range = range
  }
}

/// `import … from "m"` or `import "m"` (no specifiers).
public final class ImportDeclaration {
  public var specifiers: [ImportSpecifier]
  public var request: ModuleRequest
  public var range: SourceRange
  public init(specifiers: [ImportSpecifier], request: ModuleRequest, range: SourceRange) {
    self.specifiers = specifiers
    self.request = request
    self.range = range
  }
}

/// One name of `export { local as exported }` (or of `export { a as b } from "m"`, where
/// `local` names the other module's export and `localReference` is nil).
public struct ExportSpecifier {
  public var local: String
  public var exported: String
  /// The local binding referenced (only for exports without `from`; scope analysis resolves it).
  public var localReference: IdentifierReference?
  public var range: SourceRange
  public init(local: String, exported: String, localReference: IdentifierReference?, range: SourceRange) {
    self.local = local
    self.exported = exported
    self.localReference = localReference
    self.range = range
  }
}

public final class ExportDeclaration {
  public enum Kind {
    /// `export var/let/const …`, `export function …`, `export class …` (the statement is the
    /// declaration; its names are exported under themselves).
    case declaration(Statement)
    /// `export default function [name]() {}` / `export default class [name] {}`: the statement
    /// is a function or class declaration whose name may be nil (then the local binding is
    /// "*default*" and the function's `name` is "default").
    case defaultDeclaration(Statement)
    /// `export default AssignmentExpression;` (local binding "*default*").
    case defaultExpression(Expression)
    /// `export { a, b as c };`
    case local([ExportSpecifier])
    /// `export { a, b as c } from "m";`
    case indirect([ExportSpecifier], ModuleRequest)
    /// `export * from "m";`
    case star(ModuleRequest)
    /// `export * as ns from "m";`
    case starAs(String, ModuleRequest)
  }
  public var kind: Kind
  public var range: SourceRange
  public init(kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}
