// Expression language: a tokenizer, a recursive-descent parser and a tree-walking evaluator
// for a small language with integer arithmetic, comparisons, if-expressions, variables and
// recursive functions. Each round generates a random program, parses it, prints the tree
// back to source and re-parses that (the two printouts must agree), then runs it. Library
// functions have known answers (fib(15) = 610, gcd(1071, 462) = 21); the expected
// checksum was computed in node and confirmed in jsc, SpiderMonkey and QuickJS.
//
//   program    := statement*
//   statement  := "let" name "=" expr ";" | "fn" name "(" names ")" "=" expr ";" | "print" expr ";"
//   expr       := "if" expr "then" expr "else" expr | comparison
//   comparison := sum (("<" | "<=" | ">" | ">=" | "==" | "!=") sum)?
//   sum        := product (("+" | "-") product)*
//   product    := unary (("*" | "/" | "%") unary)*
//   unary      := "-" unary | number | name | name "(" exprs ")" | "(" expr ")"
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 20; // quick: 2 (rounds, one generated program each)

const EXPECTED = { 2: "374791107", 20: "-193559305" };
const STATEMENTS_PER_PROGRAM = 300;

const LIBRARY = `
fn fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2);
fn gcd(a, b) = if b == 0 then a else gcd(b, a % b);
fn sumTo(n) = if n <= 0 then 0 else n + sumTo(n - 1);
fn clamp(x, lo, hi) = if x < lo then lo else if x > hi then hi else x;
fn mix(a, b, c) = (a * 31 + b * 17 - c) % 10007;
let check1 = fib(15);
let check2 = gcd(1071, 462);
let check3 = sumTo(100);
`;

class LanguageError extends Error {}

const KEYWORDS = new Set(["let", "fn", "print", "if", "then", "else"]);
const TWO_CHAR_OPERATORS = new Set(["<=", ">=", "==", "!="]);
const ONE_CHAR_OPERATORS = new Set(["+", "-", "*", "/", "%", "<", ">", "(", ")", ",", ";", "="]);

function isDigit(c) {
  return c >= "0" && c <= "9";
}

function isNameStart(c) {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_";
}

function tokenize(source) {
  const tokens = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === " " || c === "\n" || c === "\t") {
      i++;
    } else if (isDigit(c)) {
      const start = i;
      while (i < source.length && isDigit(source[i])) i++;
      tokens.push({ kind: "number", text: source.slice(start, i), position: start });
    } else if (isNameStart(c)) {
      const start = i;
      while (i < source.length && (isNameStart(source[i]) || isDigit(source[i]))) i++;
      const text = source.slice(start, i);
      tokens.push({ kind: KEYWORDS.has(text) ? text : "name", text, position: start });
    } else if (TWO_CHAR_OPERATORS.has(source.slice(i, i + 2))) {
      tokens.push({ kind: source.slice(i, i + 2), text: source.slice(i, i + 2), position: i });
      i += 2;
    } else if (ONE_CHAR_OPERATORS.has(c)) {
      tokens.push({ kind: c, text: c, position: i });
      i++;
    } else {
      throw new LanguageError(`unexpected character '${c}' at ${i}`);
    }
  }
  tokens.push({ kind: "end", text: "", position: source.length });
  return tokens;
}

class Parser {
  constructor(tokens) {
    this.tokens = tokens;
    this.index = 0;
  }

  peek() {
    return this.tokens[this.index];
  }

  accept(kind) {
    if (this.peek().kind !== kind) return null;
    return this.tokens[this.index++];
  }

  expect(kind) {
    const token = this.accept(kind);
    if (token === null) {
      const found = this.peek();
      throw new LanguageError(`expected '${kind}' but found '${found.text || found.kind}' at ${found.position}`);
    }
    return token;
  }

  parseProgram() {
    const statements = [];
    while (this.peek().kind !== "end") statements.push(this.parseStatement());
    return statements;
  }

  parseStatement() {
    if (this.accept("let")) {
      const name = this.expect("name").text;
      this.expect("=");
      const value = this.parseExpression();
      this.expect(";");
      return { type: "let", name, value };
    }
    if (this.accept("fn")) {
      const name = this.expect("name").text;
      this.expect("(");
      const parameters = [];
      if (!this.accept(")")) {
        do parameters.push(this.expect("name").text);
        while (this.accept(","));
        this.expect(")");
      }
      this.expect("=");
      const body = this.parseExpression();
      this.expect(";");
      return { type: "fn", name, parameters, body };
    }
    this.expect("print");
    const value = this.parseExpression();
    this.expect(";");
    return { type: "print", value };
  }

  parseExpression() {
    if (this.accept("if")) {
      const test = this.parseExpression();
      this.expect("then");
      const consequent = this.parseExpression();
      this.expect("else");
      const alternate = this.parseExpression();
      return { type: "if", test, consequent, alternate };
    }
    return this.parseComparison();
  }

  parseComparison() {
    const left = this.parseSum();
    const kind = this.peek().kind;
    if (kind === "<" || kind === "<=" || kind === ">" || kind === ">=" || kind === "==" || kind === "!=") {
      this.index++;
      return { type: "binary", operator: kind, left, right: this.parseSum() };
    }
    return left;
  }

  parseSum() {
    let left = this.parseProduct();
    for (let kind = this.peek().kind; kind === "+" || kind === "-"; kind = this.peek().kind) {
      this.index++;
      left = { type: "binary", operator: kind, left, right: this.parseProduct() };
    }
    return left;
  }

  parseProduct() {
    let left = this.parseUnary();
    for (let kind = this.peek().kind; kind === "*" || kind === "/" || kind === "%"; kind = this.peek().kind) {
      this.index++;
      left = { type: "binary", operator: kind, left, right: this.parseUnary() };
    }
    return left;
  }

  parseUnary() {
    if (this.accept("-")) return { type: "negate", operand: this.parseUnary() };
    const number = this.accept("number");
    if (number) return { type: "number", value: Number(number.text) };
    if (this.accept("(")) {
      const inner = this.parseExpression();
      this.expect(")");
      return inner;
    }
    const name = this.expect("name").text;
    if (!this.accept("(")) return { type: "variable", name };
    const args = [];
    if (!this.accept(")")) {
      do args.push(this.parseExpression());
      while (this.accept(","));
      this.expect(")");
    }
    return { type: "call", name, args };
  }
}

function parse(source) {
  return new Parser(tokenize(source)).parseProgram();
}

// Prints a tree back to source, fully parenthesized so the shape survives re-parsing.
function printExpression(node) {
  switch (node.type) {
    case "number":
      return String(node.value);
    case "variable":
      return node.name;
    case "negate":
      return `-(${printExpression(node.operand)})`;
    case "binary":
      return `(${printExpression(node.left)} ${node.operator} ${printExpression(node.right)})`;
    case "if":
      return `(if ${printExpression(node.test)} then ${printExpression(node.consequent)} else ${printExpression(node.alternate)})`;
    case "call":
      return `${node.name}(${node.args.map(printExpression).join(", ")})`;
  }
  throw new LanguageError(`unknown node ${node.type}`);
}

function printProgram(statements) {
  return statements.map((s) => {
    if (s.type === "let") return `let ${s.name} = ${printExpression(s.value)};`;
    if (s.type === "fn") return `fn ${s.name}(${s.parameters.join(", ")}) = ${printExpression(s.body)};`;
    return `print ${printExpression(s.value)};`;
  }).join("\n");
}

// Integer semantics: results wrap to 32 bits, division truncates.
function applyOperator(operator, a, b) {
  switch (operator) {
    case "+": return (a + b) | 0;
    case "-": return (a - b) | 0;
    case "*": return Math.imul(a, b);
    case "/":
      if (b === 0) throw new LanguageError("division by zero");
      return (a / b) | 0;
    case "%":
      if (b === 0) throw new LanguageError("division by zero");
      return a % b | 0;
    case "<": return a < b ? 1 : 0;
    case "<=": return a <= b ? 1 : 0;
    case ">": return a > b ? 1 : 0;
    case ">=": return a >= b ? 1 : 0;
    case "==": return a === b ? 1 : 0;
    case "!=": return a !== b ? 1 : 0;
  }
  throw new LanguageError(`unknown operator ${operator}`);
}

class Interpreter {
  constructor() {
    this.globals = new Map();
    this.functions = new Map();
    this.output = [];
    this.depth = 0;
  }

  run(statements) {
    for (const statement of statements) {
      if (statement.type === "let") this.globals.set(statement.name, this.evaluate(statement.value, null));
      else if (statement.type === "fn") this.functions.set(statement.name, statement);
      else this.output.push(this.evaluate(statement.value, null));
    }
    return this.output;
  }

  lookup(name, locals) {
    if (locals !== null && name in locals) return locals[name];
    const value = this.globals.get(name);
    if (value === undefined) throw new LanguageError(`undefined variable ${name}`);
    return value;
  }

  call(name, args, locals) {
    const fn = this.functions.get(name);
    if (fn === undefined) throw new LanguageError(`undefined function ${name}`);
    if (fn.parameters.length !== args.length) throw new LanguageError(`${name} takes ${fn.parameters.length} arguments`);
    if (++this.depth > 1000) throw new LanguageError("recursion too deep");
    const frame = {};
    fn.parameters.forEach((parameter, i) => {
      frame[parameter] = this.evaluate(args[i], locals);
    });
    const result = this.evaluate(fn.body, frame);
    this.depth--;
    return result;
  }

  evaluate(node, locals) {
    switch (node.type) {
      case "number":
        return node.value;
      case "variable":
        return this.lookup(node.name, locals);
      case "negate":
        return -this.evaluate(node.operand, locals) | 0;
      case "binary":
        return applyOperator(node.operator, this.evaluate(node.left, locals), this.evaluate(node.right, locals));
      case "if":
        return this.evaluate(node.test, locals) !== 0
          ? this.evaluate(node.consequent, locals)
          : this.evaluate(node.alternate, locals);
      case "call":
        return this.call(node.name, node.args, locals);
    }
    throw new LanguageError(`unknown node ${node.type}`);
  }
}

function makeRandom(seed) {
  let state = seed >>> 0;
  // Linear congruential generator (Numerical Recipes constants).
  return (limit) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 4294967296) * limit);
  };
}

// Writes random source text; divisors are nonzero literals and recursion is bounded.
function generateProgram(random) {
  const variables = ["check1", "check2", "check3"];
  const operators = ["+", "-", "*", "%", "/", "<", "==", ">="];
  function expression(depth) {
    const choice = depth <= 0 ? random(2) : random(9);
    switch (choice) {
      case 0: return String(random(1000));
      case 1: return variables[random(variables.length)];
      case 2: return `-${expression(depth - 1)}`;
      case 3: return `(${expression(depth - 1)})`;
      case 4: return `(if ${expression(depth - 1)} then ${expression(depth - 1)} else ${expression(depth - 1)})`;
      case 5: return `fib(${random(12)})`;
      case 6: return `gcd(${expression(depth - 1)}, ${1 + random(500)})`;
      case 7: return `mix(${expression(depth - 1)}, ${expression(depth - 1)}, clamp(${expression(depth - 1)}, 0, 50))`;
      default: {
        const operator = operators[random(operators.length)];
        const right = operator === "/" || operator === "%" ? String(1 + random(97)) : expression(depth - 1);
        return `(${expression(depth - 1)} ${operator} ${right})`;
      }
    }
  }
  const lines = [LIBRARY];
  for (let i = 0; i < STATEMENTS_PER_PROGRAM; i++) {
    if (random(3) === 0) {
      lines.push(`print ${expression(4)};`);
    } else {
      const name = `v${i}`;
      lines.push(`let ${name} = ${expression(4)};`);
      variables.push(name);
    }
  }
  lines.push(`print sumTo(${random(200)}) + check1 + check2;`);
  return lines.join("\n");
}

function expectEqual(what, actual, expected) {
  if (actual !== expected) throw new Error(`exprlang: ${what} is ${actual}, expected ${expected}`);
}

function runRound(random) {
  const source = generateProgram(random);
  const tree = parse(source);
  const printed = printProgram(tree);
  expectEqual("the re-parsed program's printout", printProgram(parse(printed)), printed);
  const interpreter = new Interpreter();
  const output = interpreter.run(tree);
  expectEqual("fib(15)", interpreter.globals.get("check1"), 610);
  expectEqual("gcd(1071, 462)", interpreter.globals.get("check2"), 21);
  expectEqual("sumTo(100)", interpreter.globals.get("check3"), 5050);
  let hash = output.length;
  for (const value of output) hash = (Math.imul(hash, 31) + value) | 0;
  return hash;
}

function expectError(source, message) {
  try {
    new Interpreter().run(parse(source));
  } catch (error) {
    if (error instanceof LanguageError && error.message === message) return;
    throw error;
  }
  throw new Error(`exprlang: '${source}' should fail with '${message}'`);
}

expectError("print 1 / (2 - 2);", "division by zero");
expectError("let x = (1 + ;", "expected 'name' but found ';' at 13");
expectError("print y;", "undefined variable y");

if (!(SIZE in EXPECTED)) throw new Error(`exprlang: no expected checksum for ${SIZE} rounds`);
const random = makeRandom(31337);
let checksum = 0;
for (let round = 0; round < SIZE; round++) checksum = (Math.imul(checksum, 17) + runRound(random)) | 0;
expectEqual("checksum", String(checksum), EXPECTED[SIZE]);
log(`OK exprlang ${checksum}`);
