"""Grammar-based generator of valid, deterministic, terminating JavaScript programs.

Used by differential.py (see its docstring for how to run the differential tester). A program is
one function `pN()` whose inner `body(i)` runs N times (so every tier of the JIT gets to compile
it) and reports values through `emit(...)`; the harness hashes everything emitted and prints one
`#R hash count last-iteration` line per program, so a difference in any iteration shows while
the output stays small. Each program is reproducible on its own from (seed, index).

Rules the grammar keeps (so that every difference is the engine's, not the program's):
  - loops have small constant bounds (while/do-while count in their condition, so `continue`
    cannot skip the step); recursion has a depth guard; strings are clipped when stored;
  - nothing time-, locale- or host-dependent (no Math.random, Date.now, Intl, toLocale*, local
    time, Function.prototype.toString, error messages of engine-made errors, stack traces);
  - no implementation-defined results: sort comparators are consistent, Number#toString(radix)
    only on integers, transcendental Math results are rounded to 12 digits (`__ap`), `**` only
    on integers, for-in never over objects that change during the loop;
  - nothing global is modified (no built-in prototype changes, every variable is declared).
"""

import random

# ---------------------------------------------------------------------------------------------
# The harness every batch starts with. Both xjs and node run exactly this text.

HARNESS = r"""
if (typeof print !== "function") {
  globalThis.print = function (...a) {
    process.stdout.write(a.map((v) => `${v}`).join(" ") + "\n");
  };
}
var __out = [], __h = 0, __n = 0, __it = 0, __VERBOSE = false;
function __show(v, d) {
  switch (typeof v) {
    case "number": return v === 0 && 1 / v < 0 ? "-0" : String(v);
    case "bigint": return String(v) + "n";
    case "string": return v.length > 120 ? JSON.stringify(v.slice(0, 120)) + "+" + v.length : JSON.stringify(v);
    case "undefined": return "undefined";
    case "boolean": return v ? "true" : "false";
    case "symbol": return "Symbol(" + String(v.description) + ")";
    case "function": return "[fn " + String(v.name) + "]";
  }
  if (v === null) return "null";
  if ((d | 0) > 2) return "[obj]";
  try {
    if (Array.isArray(v)) {
      let s = "[";
      const n = v.length;
      for (let k = 0; k < n && k < 24; k++) s += (k ? "," : "") + (k in v ? __show(v[k], d + 1) : "_");
      if (n > 24) s += ",..." + n;
      return s + "]";
    }
    if (v instanceof Map) {
      let s = "Map{";
      let k = 0;
      for (const [a, b] of v) { if (k++ > 16) { s += "..."; break; } s += __show(a, d + 1) + "=>" + __show(b, d + 1) + ";"; }
      return s + "}";
    }
    if (v instanceof Set) {
      let s = "Set{";
      let k = 0;
      for (const a of v) { if (k++ > 16) { s += "..."; break; } s += __show(a, d + 1) + ";"; }
      return s + "}";
    }
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      let s = Object.prototype.toString.call(v).slice(8, -1) + "[";
      for (let k = 0; k < v.length && k < 24; k++) s += (k ? "," : "") + __show(v[k], d + 1);
      return s + "]";
    }
    if (v instanceof Error) return "Err(" + String(v.name) + ")";
    if (v instanceof RegExp) return String(v);
    if (v instanceof Promise) return "[promise]";
    const ks = Object.keys(v);
    let s = "{";
    for (let k = 0; k < ks.length && k < 16; k++) s += (k ? "," : "") + ks[k] + ":" + __show(v[ks[k]], d + 1);
    if (ks.length > 16) s += ",..." + ks.length;
    return s + "}";
  } catch (e) {
    return "[throws " + (e instanceof Error ? e.name : "?") + "]";
  }
}
function emit(...vs) {
  let s = "";
  for (let k = 0; k < vs.length; k++) s += (k ? " " : "") + __show(vs[k], 0);
  __n++;
  for (let k = 0; k < s.length; k++) __h = Math.imul(__h ^ s.charCodeAt(k), 16777619);
  __h = Math.imul(__h ^ 10, 16777619);
  if (__out.length < 64) __out.push(s);
  if (__VERBOSE) print("  [" + __it + "]", s);
}
function __ap(v) {
  return typeof v === "number" && isFinite(v) && v !== 0 ? Number(v.toPrecision(12)) : v;
}
function __begin(i) { __out = []; __it = i; }
function __finish() {
  let s = __out.join(" | ");
  if (s.length > 1500) s = s.slice(0, 1500) + "...";
  print("#R", (__h >>> 0).toString(16), __n, s);
}
function __err(e) {
  try {
    if (e instanceof Error) return "#E " + String(e.name) + ": " + String(e.message);
    return "#E thrown " + __show(e, 0);
  } catch (x) {
    return "#E unprintable";
  }
}
function __ex(e) {
  // A caught exception as a value: the program's own messages are kept, the engine's own
  // wording (which differs between engines) is not.
  try {
    if (e instanceof Error) {
      const m = String(e.message);
      return String(e.name) + ":" + (/^(e-?[0-9]+|t[0-9]+|r|g)$/.test(m) ? m : "~");
    }
    return "thrown " + __show(e, 0);
  } catch (x) {
    return "unprintable";
  }
}
function __tick() { return new Promise((r) => setTimeout(r, 0)); }
"""

DRIVER = r"""
async function __main(list) {
  for (let n = 0; n < list.length; n++) {
    const [id, f, isAsync] = list[n];
    list[n] = null;
    globalThis["p" + id] = undefined;  // let the collector have the program once it has run
    print("#P", id);
    __out = []; __h = 0; __n = 0; __it = 0;
    try {
      const r = f();
      if (isAsync) await r;
    } catch (e) {
      print(__err(e));
      if (__out.length) print("#O", __out.join(" | ").slice(0, 400));
    }
    if (isAsync) await __tick();
  }
  print("#END");
}
"""

# ---------------------------------------------------------------------------------------------
# Literal pools

NUM_EDGES = [
    "0", "-0", "1", "-1", "2", "3", "5", "7", "10", "16", "31", "32", "100", "255", "256", "1000",
    "65535", "65536", "2147483647", "-2147483648", "2147483648", "-2147483649", "4294967295",
    "4294967296", "1073741823", "1073741824", "-1073741824", "9007199254740991", "9007199254740992",
    "-9007199254740991", "0.5", "-0.5", "1.5", "-1.5", "2.5", "-2.5", "0.1", "0.2", "0.3", "1e21",
    "1e-7", "123.456", "5e-324", "1.7976931348623157e308", "NaN", "Infinity", "-Infinity", "1e300",
    "-1e-300", "0x7fffffff", "0xffffffff", "0.1e1", "4.35", "1e16", "-7.25", "2.220446049250313e-16",
    "0.000001", "123456789012", "-0.0", "1e-6", "999999999999999900000",
]
INT_SMALL = ["0", "1", "2", "3", "4", "5", "7", "8", "9", "15", "16", "31", "32", "-1", "-2", "-8", "100", "1000", "-7", "255"]
STR_LITS = [
    '""', '"a"', '"b"', '"abc"', '"hello world"', '"\\u00e9t\\u00e9"', '"stra\\u00dfe"', '"\\u00ff"',
    '"\\ud83d\\ude00x"', '"0"', '"-1.5"', '"  12  "', '"1e3"', '"0x1f"', '"NaN"', '"null"', '"aAbB"',
    '"a,b,c"', '"x-y-z"', '"tEsT"', '"10"', '"9"', '"-0"', '"Infinity"', '"\\n\\t"', '"q\\"uote"',
    '"\\\\"', '"\\u0000z"', '"\\ud800"', '"ab".repeat(3)', '"12px"', '" "', '"\\u2028"', '"01"',
]
KEYS = ["a", "b", "c", "x", "y", "z", "k0", "0", "1", "2", "10", "length", "_p", "$q"]
SEPS = ['""', '","', '"-"', '" "', '"ab"', '"|"']
RADIXES = ["2", "8", "16", "36", "10", "3", "7"]
REPLACE_ALL = ['"a"', '"b"', '"-"', '"l"']
NORMAL_FORMS = ['"NFC"', '"NFD"', '"NFKC"', '"NFKD"']
TYPEOFS = ['"number"', '"string"', '"object"', '"undefined"']

MATH_EXACT1 = ["Math.floor", "Math.ceil", "Math.round", "Math.trunc", "Math.abs", "Math.sign", "Math.sqrt", "Math.fround"]
MATH_APPROX1 = ["Math.sin", "Math.cos", "Math.tan", "Math.exp", "Math.log", "Math.log2", "Math.log10", "Math.cbrt",
                "Math.atan", "Math.asin", "Math.acos", "Math.sinh", "Math.cosh", "Math.tanh", "Math.expm1", "Math.log1p",
                "Math.asinh", "Math.acosh", "Math.atanh"]


def js_str(s):
    """A JS string literal for the Python string s (ASCII only escapes)."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif 32 <= o < 127:
            out.append(ch)
        elif o < 0x10000:
            out.append("\\u%04x" % o)
        else:
            o -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
    out.append('"')
    return "".join(out)


class Gen:
    """Generates one program. Variables in scope are (name, type, mutable) with types
    int, num, str, bool, arr, obj, any; an `int` variable only ever holds an int32."""

    def __init__(self, rng, pid):
        self.r = rng
        self.pid = pid
        self.counter = 0
        self.scopes = [[]]
        self.breakables = []  # ("loop", label or None) / ("switch", None)
        self.tags = []
        self.is_async = False
        self.emits = 0
        self.fns = []  # (name, arity) of num -> num helpers in scope
        self.no_refs = 0  # > 0 while generating a value stored into a container (no aliasing)

    # -- helpers
    def fresh(self, prefix="v"):
        self.counter += 1
        return f"{prefix}{self.counter}"

    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    def rint(self, a, b):
        return self.r.randint(a, b)

    def push(self):
        self.scopes.append([])

    def pop(self):
        self.scopes.pop()

    def declare(self, name, t, mutable=True):
        self.scopes[-1].append((name, t, mutable))

    def vars(self, types, mutable=False):
        out = []
        for scope in self.scopes:
            for name, t, m in scope:
                if t in types and (m or not mutable):
                    out.append((name, t))
        return out

    def var(self, types, mutable=False):
        vs = self.vars(types, mutable)
        return self.pick(vs)[0] if vs else None

    def tag(self, t):
        if t not in self.tags:
            self.tags.append(t)

    # -- numbers
    def num_lit(self):
        s = self.pick(NUM_EDGES)
        return f"({s})" if s.startswith("-") else s

    def int_lit(self):
        s = self.pick(INT_SMALL)
        return f"({s})" if s.startswith("-") else s

    def poly(self):
        """A value whose type changes with the iteration: exercises deoptimization."""
        n = self.rint(2, 5)
        items = []
        for _ in range(n):
            c = self.r.random()
            if c < 0.45:
                items.append(self.pick(NUM_EDGES))
            elif c < 0.6:
                items.append(self.pick(STR_LITS))
            elif c < 0.7:
                items.append(self.pick(["null", "undefined", "true", "false", "[]", "({})", "[2]", "({ valueOf() { return 7; } })"]))
            else:
                items.append(self.int_lit())
        if self.chance(0.5):
            k = self.rint(1, 12)
            return f"(i < {k} ? {items[0]} : {items[-1]})"
        return f"[{', '.join(items)}][i % {n}]"

    def num(self, d):
        if d <= 0 or self.chance(0.2):
            v = self.var(("num", "int"))
            if v and self.chance(0.65):
                return v
            return self.num_lit()
        c = self.r.random()
        if c < 0.30:
            op = self.pick(["+", "-", "*", "/", "%", "+", "-", "*"])
            return f"({self.num(d - 1)} {op} {self.num(d - 1)})"
        if c < 0.40:
            return self.int(d)
        if c < 0.47:
            f = self.pick(MATH_EXACT1)
            return f"{f}({self.num(d - 1)})"
        if c < 0.50:
            f = self.pick(MATH_APPROX1)
            return f"__ap({f}({self.num(d - 1)}))"
        if c < 0.53:
            f = self.pick(["Math.min", "Math.max"])
            k = self.rint(0, 3)
            return f"{f}({', '.join(self.num(d - 1) for _ in range(k))})"
        if c < 0.55:
            f = self.pick(["Math.hypot", "Math.atan2", "Math.pow"])
            if f == "Math.pow":
                return f"Math.pow({self.small(d - 1, 15)}, {self.rint(-1, 6)})"
            return f"__ap({f}({self.num(d - 1)}, {self.num(d - 1)}))"
        if c < 0.58:
            return f"({self.small(d - 1, 31)} ** {self.pick(['0', '1', '2', '3', '4', '(-1)'])})"
        if c < 0.61:
            return f"(-{self.num(d - 1)})"
        if c < 0.64:
            return self.pick([f"(+{self.str(d - 1)})", f"Number({self.any(d - 1)})", f"parseFloat({self.str(d - 1)})",
                              f"parseInt({self.str(d - 1)})", f"parseInt({self.str(d - 1)}, {self.pick(RADIXES)})"])
        if c < 0.67:
            return f"{self.str(d - 1)}.charCodeAt({self.int(d - 1)})"
        if c < 0.70:
            return f"({self.bool(d - 1)} ? {self.num(d - 1)} : {self.num(d - 1)})"
        if c < 0.76:
            return self.poly() if self.chance(0.5) else f"({self.poly()} {self.pick(['+', '-', '*', '|'])} {self.num(d - 1)})"
        if c < 0.80:
            v = self.var(("num",), mutable=True)
            if v:
                return self.pick([f"({v} += {self.num(d - 1)})", f"({v}++)", f"(--{v})", f"({v} *= {self.num(d - 1)})"])
            return self.num_lit()
        if c < 0.84 and self.fns:
            name, arity = self.pick(self.fns)
            return f"{name}({', '.join(self.num(d - 1) for _ in range(arity))})"
        if c < 0.87:
            a = self.var(("arr",))
            if a:
                return self.pick([f"{a}.length", f"({a}[{self.int(d - 1)} & 7] ?? {self.num_lit()})",
                                  f"{a}.indexOf({self.num(d - 1)})", f"{a}.lastIndexOf({self.num(d - 1)})"])
        if c < 0.90:
            return f"({self.num(d - 1)} {self.pick(['<', '>', '===', '!=', '<='])} {self.num(d - 1)} ? 1 : 0)"
        if c < 0.93:
            return f"Number({self.bool(d - 1)})"
        if c < 0.96:
            return f"({self.any(d - 1)} {self.pick(['-', '*', '/', '%'])} {self.any(d - 1)})"
        return f"{self.str(d - 1)}.length"

    def int(self, d):
        """An expression whose value is an int32 (or an integer-valued double)."""
        if d <= 0 or self.chance(0.25):
            v = self.var(("int",))
            if v and self.chance(0.7):
                return v
            return self.int_lit() if self.chance(0.7) else self.pick(["i", "(i * 3)", "(i - 5)", "(i & 3)"])
        c = self.r.random()
        if c < 0.25:
            op = self.pick(["&", "|", "^", "<<", ">>", ">>>", "&", "|", "^"])
            e = f"({self.num(d - 1)} {op} {self.num(d - 1) if self.chance(0.5) else self.int_lit()})"
            return f"({e} | 0)" if op == ">>>" else e
        if c < 0.45:
            op = self.pick(["+", "-", "*"])
            return f"(({self.int(d - 1)} {op} {self.int(d - 1)}) | 0)"
        if c < 0.52:
            return f"(~{self.num(d - 1)})"
        if c < 0.60:
            return f"Math.imul({self.num(d - 1)}, {self.num(d - 1)})"
        if c < 0.64:
            return f"Math.clz32({self.num(d - 1)})"
        if c < 0.72:
            return f"({self.num(d - 1)} | 0)"
        if c < 0.78:
            return f"({self.int(d - 1)} % {self.pick(['2', '3', '7', '(-5)', '16'])})"
        if c < 0.84:
            return f"{self.str(d - 1)}.length"
        if c < 0.90:
            return f"{self.str(d - 1)}.indexOf({self.str(d - 1)})"
        if c < 0.95:
            return f"({self.bool(d - 1)} ? {self.int(d - 1)} : {self.int(d - 1)})"
        return f"(({self.int(d - 1)} + {self.int(d - 1)}) >> 1)"

    def small(self, d, mask=7):
        return f"({self.int(d)} & {mask})"

    # -- strings
    def str_atom(self):
        v = self.var(("str",))
        if v and self.chance(0.6):
            return v
        return self.pick(STR_LITS)

    def str(self, d):
        if d <= 0 or self.chance(0.25):
            return self.str_atom()
        c = self.r.random()
        if c < 0.14:
            return f"({self.str(d - 1)} + {self.pick([self.str, self.num, self.any])(d - 1)})"
        if c < 0.22:
            parts = [self.pick([self.str, self.num, self.any, self.bool])(d - 1) for _ in range(self.rint(1, 3))]
            lits = ["", "-", " ", "x", "=", "\\n", "${", "`"]
            s = "`" + self.pick(lits[:5])
            for p in parts:
                s += "${" + p + "}" + self.pick(lits[:5])
            return s + "`"
        if c < 0.30:
            return f"String({self.any(d - 1)})"
        s = self.str(d - 1)
        m = self.rint(0, 23)
        if m == 0:
            return f"{s}.slice({self.pick(['0', '1', '(-2)', '2'])}, {self.pick(['3', '(-1)', '8', '100'])})"
        if m == 1:
            return f"{s}.substring({self.small(d - 1)}, {self.small(d - 1)})"
        if m == 2:
            return f"{s}.charAt({self.int(d - 1)})"
        if m == 3:
            return f"({s}.at({self.pick(['0', '(-1)', '1', '(-3)', 'i % 4'])}) ?? \"\")"
        if m == 4:
            return f"{s}.{self.pick(['toUpperCase', 'toLowerCase', 'trim', 'trimStart', 'trimEnd'])}()"
        if m == 5:
            return f"{s}.{self.pick(['padStart', 'padEnd'])}({self.small(d - 1, 15)}, {self.pick(STR_LITS[:6])})"
        if m == 6:
            return f"{s}.repeat({self.small(d - 1, 3)})"
        if m == 7:
            return f"{s}.replace({self.pick(STR_LITS[:8])}, {self.str_atom()})"
        if m == 8:
            return f"{s}.replaceAll({self.pick(REPLACE_ALL)}, {self.str_atom()})"
        if m == 9:
            return f"{s}.split({self.pick(SEPS)}).join({self.pick(SEPS)})"
        if m == 10:
            return f"{s}.split(\"\").reverse().join(\"\")"
        if m == 11:
            return f"String.fromCharCode({self.int(d - 1)}, {self.int_lit()} + 65)"
        if m == 12:
            return f"({s}[{self.int(d - 1)}] ?? \"?\")"
        if m == 13:
            return f"({self.int(d - 1)}).toString({self.pick(RADIXES)})"
        if m == 14:
            return f"({self.num(d - 1)}).toFixed({self.rint(0, 8)})"
        if m == 15:
            return f"({self.num(d - 1)}).toPrecision({self.rint(1, 21)})"
        if m == 16:
            return f"({self.num(d - 1)}).toExponential({self.rint(0, 12)})"
        if m == 17:
            return f"(typeof {self.any(d - 1)})"
        if m == 18:
            return f"String(JSON.stringify({self.any(d - 1)}))"
        if m == 19:
            a = self.var(("arr",))
            if a:
                return f"{a}.join({self.pick(SEPS)})"
            return f"[{self.any(d - 1)}, {self.num(d - 1)}].join()"
        if m == 20:
            return f"{s}.concat({self.any(d - 1)}, {self.str_atom()})"
        if m == 21:
            return f"({self.bool(d - 1)} ? {s} : {self.str(d - 1)})"
        if m == 22:
            return f"{s}.normalize({self.pick(NORMAL_FORMS)})"
        return f"String({self.num(d - 1)})"

    # -- booleans
    def bool(self, d):
        if d <= 0 or self.chance(0.15):
            v = self.var(("bool",))
            if v and self.chance(0.6):
                return v
            return self.pick(["true", "false", "(i % 2 === 0)", "(i > 3)", "(i < 2)"])
        c = self.r.random()
        if c < 0.30:
            return f"({self.num(d - 1)} {self.pick(['<', '<=', '>', '>=', '===', '!==', '==', '!='])} {self.num(d - 1)})"
        if c < 0.42:
            return f"({self.str(d - 1)} {self.pick(['<', '>', '===', '!==', '<='])} {self.str(d - 1)})"
        if c < 0.52:
            return f"({self.any(d - 1)} {self.pick(['==', '!=', '===', '<', '>='])} {self.any(d - 1)})"
        if c < 0.58:
            return f"(!{self.bool(d - 1)})"
        if c < 0.66:
            return f"({self.bool(d - 1)} {self.pick(['&&', '||'])} {self.bool(d - 1)})"
        if c < 0.70:
            return f"Object.is({self.num(d - 1)}, {self.num(d - 1)})"
        if c < 0.76:
            f = self.pick(["Number.isInteger", "Number.isSafeInteger", "isNaN", "isFinite", "Number.isNaN", "Number.isFinite", "Array.isArray", "Boolean"])
            return f"{f}({self.any(d - 1)})"
        if c < 0.84:
            f = self.pick(["includes", "startsWith", "endsWith"])
            return f"{self.str(d - 1)}.{f}({self.str(d - 1)})"
        if c < 0.90:
            o = self.var(("obj",))
            if o:
                return f"({self.pick([repr(k).replace(chr(39), chr(34)) for k in KEYS])} in {o})"
        if c < 0.95:
            a = self.var(("arr",))
            if a:
                return f"{a}.includes({self.num(d - 1)})"
        return f"(typeof {self.any(d - 1)} === {self.pick(TYPEOFS)})"

    # -- anything
    def any(self, d):
        c = self.r.random()
        if d <= 0:
            c = c * 0.5
        if c < 0.15:
            return self.num(d)
        if c < 0.25:
            return self.str(d)
        if c < 0.30:
            return self.bool(d)
        if c < 0.38:
            return self.pick(["null", "undefined", "[]", "({})", "[1, 2]", "[, 1]", "({ a: 1 })", "true", "false", "\"\"",
                              "({ valueOf() { return 42; } })", "({ toString() { return \"ts\"; } })",
                              "({ [Symbol.toPrimitive](h) { return h === \"number\" ? 3 : \"p:\" + h; } })",
                              "[[]]", "[3]", "[\"7\"]", "new Number(5)", "new String(\"s\")", "new Boolean(false)"])
        if c < 0.44:
            return self.poly()
        if c < 0.50:
            v = None if self.no_refs else self.var(("any", "arr", "obj"))
            if v:
                return v
            return self.num(d)
        if d <= 0:
            return self.num_lit()
        if c < 0.58:
            return f"({self.any(d - 1)} {self.pick(['+', '-', '*', '??', '||', '&&'])} {self.any(d - 1)})"
        if c < 0.64:
            return self.arr(d - 1)
        if c < 0.70:
            return self.obj(d - 1)
        if c < 0.76:
            o = None if self.no_refs else self.var(("obj",))
            if o:
                return self.pick([f"{o}.{self.pick(KEYS[:7])}", f"{o}[{self.str(d - 1)}]", f"{o}?.{self.pick(KEYS[:7])}?.{self.pick(KEYS[:3])}"])
        if c < 0.82:
            a = None if self.no_refs else self.var(("arr",))
            if a:
                return self.pick([f"{a}[{self.int(d - 1)}]", f"{a}.at({self.pick(['-1', '0', 'i % 3'])})",
                                  f"{a}.find((x) => x > {self.num(d - 1)})", f"{a}[{a}.length - 1]"])
        if c < 0.88:
            return f"({self.bool(d - 1)} ? {self.any(d - 1)} : {self.any(d - 1)})"
        if c < 0.94:
            return f"({self.any(d - 1)}, {self.any(d - 1)})"
        return self.num(d - 1)

    def prim(self, d):
        """A value to store into an array or object: never an existing container, so the
        object graph stays a tree (no cycles, no DAG whose printed size doubles)."""
        self.no_refs += 1
        try:
            return self.pick([self.num, self.num, self.any, self.str, self.bool])(d)
        finally:
            self.no_refs -= 1

    def arr(self, d):
        c = self.r.random()
        a = None if self.no_refs else self.var(("arr",))
        if d <= 0 or c < 0.35 or not a:
            n = self.rint(0, 5)
            items = [self.prim(max(d - 1, 0)) for _ in range(n)]
            if n > 1 and self.chance(0.15):
                items[self.rint(0, n - 1)] = ""
            return "[" + ", ".join(items) + ("," if items and items[-1] == "" else "") + "]"
        m = self.rint(0, 12)
        self.push()
        if m in (2, 3, 5, 9):  # callbacks: (x, j) are in scope
            self.declare("x", "any", False)
            self.declare("j", "int", False)
        try:
            if m == 0:
                return f"{a}.slice({self.int(d - 1)}, {self.int(d - 1)})"
            if m == 1:
                return f"{a}.concat([{self.num(d - 1)}], {self.num(d - 1)})"
            if m == 2:
                return f"{a}.map((x, j) => {self.num(d - 1)})"
            if m == 3:
                return f"{a}.filter((x, j) => {self.bool(d - 1)})"
            if m == 4:
                return f"[...{a}, {self.prim(d - 1)}]"
            if m == 5:
                return f"Array.from({{ length: {self.rint(0, 6)} }}, (x, j) => {self.num(d - 1)})"
            if m == 6:
                return f"{self.str(d - 1)}.split({self.pick(SEPS)})"
            if m == 7:
                return f"{a}.slice().reverse()"
            if m == 8:
                return f"[{a}, [{self.num(d - 1)}]].flat()"
            if m == 9:
                return f"{a}.flatMap((x) => [x, {self.num(d - 1)}])"
            if m == 10:
                o = self.var(("obj",))
                return f"Object.keys({o})" if o else f"Array.of({self.num(d - 1)})"
            if m == 11:
                return f"{a}.slice().sort((p, q) => (+p || 0) - (+q || 0))" if self.chance(0.5) else f"{a}.slice().sort()"
            return f"{a}.toSorted((p, q) => (String(p) < String(q) ? -1 : String(p) > String(q) ? 1 : 0))"
        finally:
            self.pop()

    def obj(self, d):
        c = self.r.random()
        o = None if self.no_refs else self.var(("obj",))
        if d <= 0 or c < 0.6 or not o:
            n = self.rint(0, 4)
            keys = self.r.sample(KEYS, n)
            parts = []
            for k in keys:
                val = self.prim(max(d - 1, 0))
                if self.chance(0.15):
                    parts.append(f"[{js_str(k)} + \"\"]: {val}")
                else:
                    parts.append(f"{js_str(k)}: {val}")
            if self.chance(0.1) and o:
                parts.append(f"...{o}")
            return "({" + ", ".join(parts) + "})"
        return self.pick([f"Object.assign({{}}, {o})", f"({{ ...{o}, {js_str(self.pick(KEYS))}: {self.num(d - 1)} }})",
                          f"Object.fromEntries(Object.entries({o}).slice(1))"])

    def expr(self, t, d):
        return {"num": self.num, "int": self.int, "str": self.str, "bool": self.bool, "any": self.any,
                "arr": self.arr, "obj": self.obj}[t](d)

    # -- statements
    def emit(self, *exprs):
        self.emits += 1
        return f"emit({', '.join(exprs)});"

    def assign(self, d):
        vs = self.vars(("int", "num", "str", "bool", "arr", "obj", "any"), mutable=True)
        if not vs:
            return self.decl(d)
        name, t = self.pick(vs)
        if t == "int":
            op = self.pick(["+", "-", "^", "*", "|"])
            return [f"{name} = ({name} {op} {self.int(d)}) | 0;"]
        if t == "num":
            return [self.pick([f"{name} = {self.num(d)};", f"{name} {self.pick(['+=', '-=', '*=', '/=', '%='])} {self.num(d) if self.chance(0.5) else self.int_lit()};",
                               f"{name}++;", f"{name}--;", f"{name} = {name} {self.pick(['+', '-', '*'])} {self.num(d)};"])]
        if t == "str":
            return [self.pick([f"{name} = ({name} + {self.any(d)}).slice(-40);", f"{name} = {self.str(d)}.slice(0, 40);",
                               f"{name} += String({self.num(d)}).slice(0, 4); {name} = {name}.slice(-40);"])]
        if t == "bool":
            return [f"{name} = {self.bool(d)};"]
        if t == "arr":
            return self.arr_mut(name, d, True)
        if t == "obj":
            return self.obj_mut(name, d, True)
        return [f"{name} = {self.any(d)};"]

    def arr_mut(self, a, d, reassign=False):
        m = self.rint(0, 14 if reassign else 12)
        guard = f"if ({a}.length < 64) "
        if m == 0:
            return [guard + f"{a}.push({self.prim(d)});"]
        if m == 1:
            return [f"{a}.pop();"]
        if m == 2:
            return [f"{a}[{self.small(d, 15)}] = {self.prim(d)};"]
        if m == 3:
            return [f"{a}.length = {self.small(d, 7)};"]
        if m == 4:
            return [f"{a}.sort((p, q) => {self.pick(['(+p || 0) - (+q || 0)', '(String(p) > String(q)) - (String(p) < String(q))', 'String(p) < String(q) ? -1 : String(p) > String(q) ? 1 : 0'])});"]
        if m == 5:
            return [f"{a}.splice({self.small(d)}, {self.small(d, 3)}, {self.num(d)});"]
        if m == 6:
            return [f"{a}.reverse();"]
        if m == 7:
            return [guard + f"{a}.unshift({self.num(d)});"]
        if m == 8:
            return [f"{a}.shift();"]
        if m == 9:
            return [f"{a}.fill({self.num(d)}, {self.small(d)}, {self.small(d)});"]
        if m == 10:
            return [f"{a}[{a}.length] = {self.num(d)};" if self.chance(0.3) else guard + f"{a}[{a}.length] = {self.num(d)};"]
        if m == 11:
            return [f"delete {a}[{self.small(d)}];"]
        if m == 12:
            return [f"{a}.copyWithin({self.small(d, 3)}, {self.small(d, 3)});"]
        if m == 13:
            return [f"{a} = {self.arr(d)}.slice(0, 24);"]
        return [f"{a} = {a}.slice(0, 12);"]

    def obj_mut(self, o, d, reassign=False):
        m = self.pick([0, 1, 2, 3, 5, 6, 7] + ([4, 4] if reassign else []))
        k = self.pick(KEYS)
        if m == 0:
            return [f"{o}.{k} = {self.prim(d)};" if k.isidentifier() else f"{o}[{js_str(k)}] = {self.prim(d)};"]
        if m == 1:
            reset = f"{o} = {{}}" if reassign else f"for (const q of Object.keys({o})) delete {o}[q]"
            return [f"{o}[{self.str(d)}.slice(0, 6)] = {self.num(d)};", f"if (Object.keys({o}).length > 12) {reset};"]
        if m == 2:
            return [f"delete {o}[{js_str(k)}];"]
        if m == 3:
            return [f"{o}[{self.small(d)}] = {self.num(d)};"]
        if m == 4:
            return [f"{o} = {self.obj(d)};"]
        if m == 5:
            return [f"Object.defineProperty({o}, {js_str(k)}, {{ value: {self.num(d)}, writable: {self.pick(['true', 'false'])}, enumerable: {self.pick(['true', 'false'])}, configurable: true }});"]
        if m == 6:
            return [f"{o}.{self.pick(KEYS[:6])} = ({o}.{self.pick(KEYS[:6])} ?? 0) + 1;"]
        return [f"Object.assign({o}, {self.obj(d)});"]

    def decl(self, d):
        t = self.pick(["int", "num", "num", "str", "bool", "arr", "obj", "any"])
        name = self.fresh()
        kw = self.pick(["let", "let", "var", "const"])
        e = self.expr(t, d)
        if t == "str":
            e = f"{e}.slice(0, 40)"
        if t == "int":
            e = f"({e}) | 0"
        self.declare(name, t, kw != "const")
        return [f"{kw} {name} = {e};"]

    def block(self, n, d):
        self.push()
        lines = []
        for _ in range(n):
            lines += self.stmt(d)
        self.pop()
        return ["  " + line for line in lines]

    def loop_stmt(self, d, label=None):
        c = self.rint(0, 5)
        k = self.fresh("k")
        bound = self.rint(1, 9)
        self.breakables.append(("loop", label))
        self.push()
        self.declare(k, "int", False)
        pre = f"{label}: " if label else ""
        try:
            if c <= 1:
                step = self.pick(["++", "++", " += 2"])
                head = f"{pre}for (let {k} = 0; {k} < {bound}; {k}{step}) {{"
                if c == 1:
                    head = f"{pre}for (let {k} = {bound}; {k} > 0; {k}--) {{"
                return [head] + self.block(self.rint(1, 3), d - 1) + ["}"]
            if c == 2:
                return [f"let {k} = 0;", f"{pre}while ({k}++ < {bound}) {{"] + self.block(self.rint(1, 3), d - 1) + ["}"]
            if c == 3:
                return [f"let {k} = 0;", f"{pre}do {{"] + self.block(self.rint(1, 3), d - 1) + [f"}} while (++{k} < {bound});"]
            if c == 4:
                src = self.var(("arr",)) or f"[{', '.join(self.num(0) for _ in range(self.rint(0, 4)))}]"
                if self.chance(0.3):
                    src = self.str(d - 1)
                x = self.fresh("e")
                self.declare(x, "any", False)
                body = self.block(self.rint(1, 3), d - 1)
                return [f"let {k} = 0;", f"{pre}for (const {x} of {src}) {{", f"  if (++{k} > {bound + 3}) break;"] + body + ["}"]
            o = self.var(("obj", "arr"))
            # for-in over a snapshot: properties added during the loop are not guaranteed to be visited
            o = (f"Object.assign({{}}, {o})" if self.chance(0.5) else f"{{ ...{o} }}") if o else self.obj(1)
            x = self.fresh("e")
            self.declare(x, "str", False)
            body = self.block(self.rint(1, 3), d - 1)
            return [f"let {k} = 0;", f"{pre}for (const {x} in {o}) {{", f"  if (++{k} > {bound + 3}) break;"] + body + ["}"]
        finally:
            self.pop()
            self.breakables.pop()

    def stmt(self, d):
        c = self.r.random()
        if d <= 0:
            c = c * 0.55
        if c < 0.18:
            return [self.emit(self.expr(self.pick(["num", "num", "int", "str", "bool", "any"]), 2))]
        if c < 0.30:
            return self.assign(2)
        if c < 0.40:
            return self.decl(2)
        if c < 0.45:
            a = self.var(("arr",), mutable=False)
            if a:
                return self.arr_mut(a, 2)[:1]
            return self.decl(2)
        if c < 0.50:
            return self.jump_stmt()
        if c < 0.55:
            return [self.emit(self.expr(self.pick(["num", "str", "any"]), 3))]
        if c < 0.66:
            lines = [f"if ({self.bool(2)}) {{"] + self.block(self.rint(1, 3), d - 1)
            if self.chance(0.5):
                lines += ["} else {"] + self.block(self.rint(1, 2), d - 1)
            return lines + ["}"]
        if c < 0.78:
            label = None
            if self.chance(0.25):
                label = self.fresh("L")
            return self.loop_stmt(d, label)
        if c < 0.84:
            return self.switch_stmt(d)
        if c < 0.90:
            return self.try_stmt(d)
        if c < 0.94:
            o = self.var(("obj",))
            if o:
                return self.obj_mut(o, 2)
            return self.decl(2)
        return [f"{{"] + self.block(2, d - 1) + ["}"]

    def jump_stmt(self):
        if not self.breakables:
            return [self.emit(self.num(1))]
        kind, label = self.breakables[-1]
        loops = [b for b in self.breakables if b[0] == "loop"]
        labels = [b[1] for b in loops if b[1]]
        choices = ["break"]
        if loops:
            choices.append("continue")
        if labels:
            choices += ["break L", "continue L"]
        ch = self.pick(choices)
        if ch == "break L":
            s = f"break {self.pick(labels)};"
        elif ch == "continue L":
            s = f"continue {self.pick(labels)};"
        else:
            s = ch + ";"
        return [f"if ({self.bool(1)}) {s}"]

    def switch_stmt(self, d):
        disc = self.pick([f"({self.int(2)} & 3)", f"{self.poly()}", self.str(1), f"(i % {self.rint(2, 5)})"])
        cases = self.r.sample(["0", "1", "2", "3", "\"a\"", "\"0\"", "null", "(-0)", "NaN", "\"abc\""], self.rint(1, 4))
        self.breakables.append(("switch", None))
        lines = [f"switch ({disc}) {{"]
        for cv in cases:
            lines.append(f"  case {cv}: {{")
            lines += ["  " + s for s in self.block(self.rint(1, 2), d - 1)]
            if self.chance(0.7):
                lines.append("    break;")
            lines.append("  }")
        if self.chance(0.6):
            lines.append("  default: {")
            lines += ["  " + s for s in self.block(1, d - 1)]
            lines.append("  }")
        self.breakables.pop()
        return lines + ["}"]

    def throw_expr(self):
        return self.pick([f"new Error(\"e\" + {self.int(1)})", f"new TypeError(\"t\" + i)", f"new RangeError(\"r\")",
                          self.num(1), self.str(1), "{ code: i }", "null", "undefined"])

    def try_stmt(self, d):
        form = self.rint(0, 2)  # 0: catch, 1: catch and finally, 2: finally only (caught outside)
        lines = ["try {"] + self.block(self.rint(1, 2), d - 1)
        lines.append(f"  if ({self.bool(1)}) throw {self.throw_expr()};")
        lines += self.block(self.rint(0, 1), d - 1)
        e = self.fresh("err")
        if form <= 1:
            lines.append(f"}} catch ({e}) {{")
            self.push()
            self.declare(e, "any", False)
            lines.append("  " + self.emit('"caught"', f"__ex({e})"))
            lines += self.block(self.rint(0, 1), d - 1)
            self.pop()
        if form >= 1:
            lines.append("} finally {")
            lines += self.block(self.rint(1, 2), d - 1)
        lines.append("}")
        if form == 2:
            lines = ["try {"] + ["  " + s for s in lines] + [f"}} catch ({e}) {{", "  " + self.emit('"outer"', f"__ex({e})"), "}"]
        return lines

    def helper_fn(self, d):
        """A num -> num helper function (maybe recursive, with a depth guard)."""
        name = self.fresh("h")
        arity = self.rint(0, 3)
        params = [self.fresh("a") for _ in range(arity)]
        self.push()
        for p in params:
            self.declare(p, "num", True)
        saved_b, saved_f = self.breakables, self.fns
        self.breakables, self.fns = [], []
        lines = []
        if self.chance(0.3) and arity >= 1:
            # the depth lives outside the arguments: calls with spread or bound arguments
            # (h(...arr), h.bind(null, x)) may pass any number of them
            dep = self.fresh("dep")
            lines.append(f"let {dep} = 0;")
            lines.append(f"function {name}({', '.join(params)}) {{")
            lines.append(f"  if ({dep} > {self.rint(2, 10)}) return {self.num(1)};")
            lines.append(f"  {dep}++;")
            lines.append("  try {")
            lines += ["  " + x for x in self.block(self.rint(0, 2), d - 1)]
            inner = f"{name}({', '.join(self.num(1) for _ in params)})"
            lines.append(f"    return ({self.num(2)} + {inner}) % 1000003;")
            lines.append(f"  }} finally {{ {dep}--; }}")
        else:
            lines.append(f"function {name}({', '.join(params)}) {{")
            lines += self.block(self.rint(0, 3), d - 1)
            lines.append(f"  return {self.num(2)};")
        lines.append("}")
        self.breakables, self.fns = saved_b, saved_f
        self.pop()
        self.fns.append((name, arity))
        return lines

    # -- program-level features: each prelude_* declares something in the program's scope (so
    #    it lives across iterations and the JIT sees it warm up) and registers it in self.res;
    #    feature_stmt() generates body statements that use one of them.

    def res_add(self, kind, info):
        self.res.setdefault(kind, []).append(info)

    def lambda_scope(self):
        """Saves what must not leak into a nested function (loop labels, helpers using i)."""
        saved = self.breakables
        self.breakables = []
        return saved

    def prelude_class(self, d):
        self.tag("class")
        name = self.fresh("C")
        base = None
        classes = self.res.get("class", [])
        if classes and self.chance(0.45):
            base = self.pick(classes)
        saved = self.lambda_scope()
        priv = self.chance(0.6)
        lines = [f"class {name}{' extends ' + base['name'] if base else ''} {{"]
        if priv:
            lines.append(f"  #p = {self.int_lit()};")
        if self.chance(0.4):
            lines.append(f"  static n = 0;")
            count = f" {name}.n++;"
        else:
            count = ""
        self.push()
        self.declare("x", "num", True)
        self.declare("y", "any", False)
        if base:
            lines.append(f"  constructor(x, y) {{ super({self.num(1)}, y);{count} this.c = {self.num(1)}; }}")
        else:
            lines.append(f"  constructor(x, y) {{{count} this.a = x; this.b = y; }}")
        self.pop()
        self.push()
        self.declare("x", "num", True)
        self.declare("this.a", "any", False)
        if priv:
            self.declare("this.#p", "int", False)
        body = self.num(2)
        if base and self.chance(0.6):
            body = f"super.m(x) + {body}"
        lines.append(f"  m(x) {{ return {body}; }}")
        if self.chance(0.5):
            lines.append(f"  m2(x, z = {self.num_lit()}) {{ return {self.pick(['x + z', 'this.m(x) - z', '[x, z, this.a]', 'String(this.a) + z'])}; }}")
        self.pop()
        if priv:
            lines.append(f"  get g() {{ return this.#p; }}")
            lines.append(f"  set g(v) {{ this.#p = v | 0; }}")
            lines.append(f"  bump(k) {{ this.#p = (this.#p + k) | 0; return this.#p; }}")
            lines.append(f"  static has(o) {{ return #p in o; }}")
        if self.chance(0.3):
            lines.append(f"  toString() {{ return \"{name}:\" + this.a; }}")
        if self.chance(0.3):
            lines.append(f"  static s(x) {{ return x * {self.int_lit()}; }}")
        if self.chance(0.2):
            lines.append(f"  *[Symbol.iterator]() {{ yield this.a; yield this.b; }}")
        if self.chance(0.2):
            lines.append(f"  static {{ this.tag = \"{name}\"; }}")
        lines.append("}")
        self.breakables = saved
        info = {"name": name, "priv": priv or bool(base and base["priv"]), "ownpriv": priv, "base": base,
                "m2": any("m2(" in l for l in lines) or bool(base and base.get("m2")),
                "s": any("static s(" in l for l in lines), "iter": any("Symbol.iterator" in l for l in lines) or bool(base and base.get("iter"))}
        self.res_add("class", info)
        # a few instances that live across iterations
        inst = self.fresh("ins")
        lines.append(f"const {inst} = [new {name}({self.num(0)}, {self.prim(0)}), new {name}({self.num(0)}, {self.prim(0)})];")
        self.res_add("inst", {"name": inst, "cls": info})
        return lines

    def class_stmt(self, d):
        info = self.pick(self.res["class"])
        n = info["name"]
        ins = [x["name"] for x in self.res.get("inst", []) if x["cls"] is info]
        c = self.rint(0, 9)
        o = f"{self.pick(ins)}[i & 1]" if ins and self.chance(0.6) else f"new {n}({self.num(1)}, {self.prim(1)})"
        if c == 0:
            return [self.emit(f"{o}.m({self.num(d)})")]
        if c == 1 and info["priv"]:
            return [self.emit(f"{o}.bump({self.int(d)})", f"{o}.g")]
        if c == 2 and info["priv"]:
            return [f"{o}.g = {self.num(d)};"]
        if c == 3:
            v = self.fresh("o")
            e = f"new {n}({self.num(d)}, {self.prim(d)})"
            self.declare(v, "any", False)
            return [f"const {v} = {e};",
                    self.emit(v, f"{v} instanceof {n}", f"Object.keys({v})", f"String({v})")]
        if c == 4 and info["m2"]:
            return [self.emit(f"{o}.m2({self.num(d)}{', ' + self.num(d) if self.chance(0.5) else ''})")]
        if c == 5 and info["s"]:
            return [self.emit(f"{n}.s({self.num(d)})")]
        if c == 6 and info["iter"]:
            return [self.emit(f"[...{o}]")]
        if c == 7:
            f = self.fresh("f")
            return [f"const {f} = {o}.m;", self.emit(f"{f}.call({self.pick(ins) + '[0]' if ins else o}, {self.num(d)})")]
        if c == 8 and info["ownpriv"]:
            return [self.emit(f"{n}.has({self.pick([o, '{}', self.any(1)])})")]
        if c == 9:
            return [f"try {{ {n}({self.num(1)}); }} catch (e) {{ {self.emit('__ex(e)')} }}"]
        return [self.emit(f"{o}.a", f"{o}.b", f"{o}.c")]

    def prelude_closure(self, d):
        self.tag("closure")
        mk = self.fresh("mk")
        name = self.fresh("cl")
        saved = self.lambda_scope()
        self.push()
        self.declare("c", "int", False)
        self.declare("s", "num", False)
        expr = self.num(1)
        self.pop()
        lines = [f"function {mk}(s) {{",
                 "  let c = s | 0; const log = [];",
                 "  return {",
                 "    inc(k) { c = (c + k) | 0; return c; },",
                 f"    get: () => c,",
                 f"    calc: (t) => {{ const s = t; return {expr}; }},",
                 "    push(v) { if (log.length < 8) log.push(v); else log.shift(); return log.length; },",
                 "    log: () => log.slice(),",
                 "  };",
                 "}",
                 f"const {name} = {mk}({self.int(1)});"]
        self.breakables = saved
        self.res_add("closure", {"name": name, "mk": mk})
        return lines

    def closure_stmt(self, d):
        c = self.rint(0, 6)
        if c <= 3 and self.res.get("closure"):
            n = self.pick(self.res["closure"])["name"]
            return [self.pick([self.emit(f"{n}.inc({self.int(d)})", f"{n}.get()"), self.emit(f"{n}.calc({self.num(d)})"),
                               f"{n}.push({self.prim(d)});", self.emit(f"{n}.log()")])]
        fs = self.fresh("fs")
        k = self.fresh("k")
        kw = self.pick(["let", "let", "var"])
        saved = self.lambda_scope()
        self.push()
        self.declare(k, "int", False)
        self.declare("z", "num", False)
        e = self.num(2)
        self.pop()
        self.breakables = saved
        if c == 4:
            return [f"const {fs} = [];", f"for ({kw} {k} = 0; {k} < {self.rint(1, 5)}; {k}++) {fs}.push((z) => {e});",
                    self.emit(f"{fs}.map((f) => f({self.num(1)}))")]
        if c == 5:
            return [self.emit(f"((b) => (z) => b + z)({self.num(d)})({self.num(d)})")]
        return [f"const {fs} = (function () {{ let {k} = {self.int(1)}; return [() => ++{k}, (z) => ({k} = {k} * 2 + (z | 0)) | 0]; }})();",
                self.emit(f"{fs}[0]()", f"{fs}[1]({self.num(1)})", f"{fs}[0]()")]

    def prelude_generator(self, d):
        self.tag("generator")
        name = self.fresh("g")
        saved = self.lambda_scope()
        self.push()
        self.declare("n", "num", False)
        self.declare("t", "num", True)
        self.declare("x", "num", False)
        yv = self.num(1)
        self.pop()
        lines = [f"function* {name}(n, x) {{",
                 "  let t = 0;",
                 "  try {",
                 f"    for (let k = 0; k < (n & 7); k++) {{",
                 f"      const r = yield k * x + t + {yv};",
                 "      if (r !== undefined) t += +r || 0;",
                 "    }",
                 "    " + self.pick(['yield* [t, x];', 'yield* "ab";', 'yield t;', '']),
                 "  } finally {",
                 "    t = -1;",
                 "  }",
                 f"  return t;",
                 "}"]
        self.breakables = saved
        self.res_add("gen", {"name": name})
        if self.chance(0.4):
            name2 = self.fresh("g")
            lines += [f"function* {name2}(n) {{ const r = yield* {name}(n, 2); yield r; }}"]
            self.res_add("gen", {"name": name2})
        return lines

    def generator_stmt(self, d):
        g = self.pick(self.res["gen"])["name"]
        c = self.rint(0, 5)
        args = f"{self.small(1)}, {self.num(1)}"
        if c == 0:
            return [self.emit(f"[...{g}({args})]")]
        it = self.fresh("it")
        if c == 1:
            return [f"const {it} = {g}({args});", self.emit(f"{it}.next()", f"{it}.next({self.num(1)})", f"{it}.next()")]
        if c == 2:
            return [f"const {it} = {g}({args});", f"{it}.next();", self.emit(f"{it}.return({self.num(1)})", f"{it}.next()")]
        if c == 3:
            return [f"const {it} = {g}({args});", f"{it}.next();",
                    "try { " + self.emit(f"{it}.throw(new Error('g'))") + " } catch (e) { " + self.emit("__ex(e)") + " }", self.emit(f"{it}.next()")]
        if c == 4:
            x = self.fresh("e")
            return [f"for (const {x} of {g}({args})) {{", f"  {self.emit(x)}", f"  if ({x} > {self.num_lit()}) break;", "}"]
        a, b = self.fresh("d"), self.fresh("d")
        return [f"const [{a}, , {b} = {self.num_lit()}] = {g}({args});", self.emit(a, b)]

    def prelude_typed(self, d):
        self.tag("typed")
        kind = self.pick(["Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array",
                          "Uint32Array", "Float32Array", "Float64Array", "Int32Array", "Float64Array"])
        name = self.fresh("ta")
        n = self.rint(1, 12)
        init = self.pick([str(n), f"[{', '.join(self.num(0) for _ in range(self.rint(0, 6)))}]"])
        lines = [f"const {name} = new {kind}({init});"]
        self.res_add("ta", {"name": name, "kind": kind})
        if self.chance(0.35):
            # integer views aliasing one buffer (never a float view: NaN bit patterns are the engine's)
            buf, dv = self.fresh("buf"), self.fresh("dv")
            k2 = self.pick(["Uint8Array", "Int16Array", "Int32Array", "Uint32Array"])
            v1, v2 = self.fresh("ta"), self.fresh("ta")
            lines += [f"const {buf} = new ArrayBuffer(16);", f"const {v1} = new {k2}({buf});",
                      f"const {v2} = new Uint8Array({buf}, {self.rint(0, 8)});", f"const {dv} = new DataView({buf});"]
            self.res_add("ta", {"name": v1, "kind": k2})
            self.res_add("ta", {"name": v2, "kind": "Uint8Array"})
            self.res_add("dv", {"name": dv})
        if self.chance(0.15):
            b = self.fresh("tb")
            lines.append(f"const {b} = new {self.pick(['BigInt64Array', 'BigUint64Array'])}(4);")
            self.res_add("tbig", {"name": b})
        return lines

    def typed_stmt(self, d):
        if self.res.get("dv") and self.chance(0.2):
            dv = self.pick(self.res["dv"])["name"]
            w = self.pick(["Int8", "Uint8", "Int16", "Uint16", "Int32", "Uint32"])
            r = self.pick(["Int8", "Uint8", "Int16", "Uint16", "Int32", "Uint32"])
            le = self.pick(["", ", true", ", false"])
            return [f"{dv}.set{w}({self.small(1, 15)}, {self.num(d)}{le});",
                    self.emit(f"{dv}.get{r}({self.small(1, 15)}{self.pick(['', ', true', ', false'])})")]
        if self.res.get("tbig") and self.chance(0.15):
            b = self.pick(self.res["tbig"])["name"]
            return [f"{b}[{self.small(1, 3)}] = BigInt({self.int(d)}) * {self.pick(['1n', '-1n', '4294967296n', '9223372036854775807n'])};",
                    self.emit(b)]
        t = self.pick(self.res["ta"])["name"]
        c = self.rint(0, 11)
        if c <= 2:
            return [f"{t}[{self.small(1, 15)}] = {self.num(d)};"]
        if c == 3:
            return [self.emit(t)]
        if c == 4:
            return [self.emit(f"{t}[{self.int(d)}]", f"{t}.length")]
        if c == 5:
            return [f"{t}.fill({self.num(d)}, {self.small(1)}, {self.small(1)});"]
        if c == 6:
            return [f"{t}.set([{self.num(d)}, {self.num(d)}], {self.small(1, 3)});"]
        if c == 7:
            return [self.emit(f"{t}.subarray({self.small(1)}, {self.pick(['undefined', '(-1)', self.small(1)])})")]
        if c == 8:
            return [self.emit(f"{t}.reduce((p, q) => p + q, 0)", f"{t}.indexOf({self.num(1)})", f"{t}.includes({self.num(1)})")]
        if c == 9:
            return [self.emit(f"{t}.slice().sort()", f"{t}.map((x) => x * {self.num_lit()})")]
        if c == 10:
            return [self.emit(f"Array.from({t}).join()", f"[...{t}].length")]
        return [f"for (let k = 0; k < {t}.length; k++) {t}[k] = ({t}[k] + {self.num(1)}) * {self.pick(['1', '2', '0.5', '(-1)'])};"]

    def prelude_map(self, d):
        self.tag("mapset")
        name = self.fresh("m")
        kind = self.pick(["Map", "Map", "Set", "WeakMap"])
        if kind == "WeakMap":
            keys = self.fresh("wk")
            lines = [f"const {name} = new WeakMap();", f"const {keys} = [{{}}, [], {{ a: 1 }}, function () {{}}];"]
            self.res_add("weak", {"name": name, "keys": keys})
            return lines
        init = self.pick(["", "[]", f"[[1, 2], [{self.num_lit()}, 3]]" if kind == "Map" else '[1, 2, 1, "1"]'])
        lines = [f"const {name} = new {kind}({init});"]
        self.res_add("map" if kind == "Map" else "set", {"name": name})
        return lines

    def map_key(self, d):
        return self.pick([self.int_lit(), self.num_lit(), '"a"', '"1"', "(-0)", "NaN", "null", "undefined", "true",
                          f"({self.int(1)} & 7)", f"String({self.small(1, 3)})", self.str_atom()])

    def map_stmt(self, d):
        kinds = [k for k in ("map", "set", "weak") if self.res.get(k)]
        kind = self.pick(kinds)
        info = self.pick(self.res[kind])
        m = info["name"]
        c = self.rint(0, 7)
        if kind == "weak":
            ks = info["keys"]
            return [self.pick([f"{m}.set({ks}[{self.small(1, 3)}], {self.prim(d)});",
                               self.emit(f"{m}.get({ks}[{self.small(1, 3)}])", f"{m}.has({ks}[i & 3])"),
                               self.emit(f"{m}.delete({ks}[{self.small(1, 3)}])")])]
        if kind == "map":
            if c <= 2:
                return [f"{m}.set({self.map_key(d)}, {self.prim(d)});", f"if ({m}.size > 12) {m}.delete({m}.keys().next().value);"]
            if c == 3:
                return [self.emit(f"{m}.get({self.map_key(d)})", f"{m}.has({self.map_key(d)})", f"{m}.size")]
            if c == 4:
                return [self.emit(m)]
            if c == 5:
                return [self.emit(f"{m}.delete({self.map_key(d)})", f"[...{m}.keys()]")]
            if c == 6:
                acc = self.fresh("acc")
                return [f"let {acc} = \"\";", f"{m}.forEach((v, k) => {{ {acc} += String(k) + \"=\" + typeof v + \";\"; }});", self.emit(acc)]
            x, y = self.fresh("e"), self.fresh("e")
            return [f"for (const [{x}, {y}] of {m}) {{ {self.emit(x, y)} if ({x} === {self.map_key(1)}) {m}.delete({x}); }}"]
        if c <= 2:
            return [f"{m}.add({self.map_key(d)});", f"if ({m}.size > 12) {m}.clear();"]
        if c == 3:
            return [self.emit(f"{m}.has({self.map_key(d)})", f"{m}.size")]
        if c == 4:
            return [self.emit(m, f"[...{m}].length")]
        if c == 5:
            return [self.emit(f"{m}.delete({self.map_key(d)})")]
        x = self.fresh("e")
        return [f"for (const {x} of {m}) {{ {self.emit(x)} if ({x} === {self.map_key(1)}) {m}.add(\"n\" + {x}).delete({x}); if ({m}.size > 16) break; }}"]

    def prelude_shapes(self, d):
        """Objects of several shapes read and written by the same functions: polymorphic and
        megamorphic inline caches, prototype chains, getters, dictionary-mode objects."""
        self.tag("shapes")
        name = self.fresh("shp")
        proto = self.fresh("pr")
        cands = [f"{{ a: {self.num_lit()}, b: {self.str_atom()} }}", f"{{ b: {self.num_lit()}, a: {self.int_lit()} }}",
                 f"{{ a: {self.num_lit()}, b: 2, c: {self.num_lit()} }}", f"Object.create({proto})",
                 f"{{ get a() {{ return {self.int_lit()}; }}, b: {self.num_lit()} }}",
                 f"{{ x: 1, a: {self.str_atom()}, b: {self.num_lit()} }}", "[1, 2, 3]", f"{{ __proto__: {proto}, b: 5 }}",
                 f"{{ a: 1, b: 2, set c(v) {{ this.a = v; }} }}"]
        for cl in self.res.get("class", [])[:1]:
            cands.append(f"new {cl['name']}({self.num_lit()}, {self.int_lit()})")
        items = self.r.sample(cands, self.rint(2, min(8, len(cands))))
        rd, wr = self.fresh("rd"), self.fresh("wr")
        lines = [f"const {proto} = {{ a: {self.num_lit()}, b: {self.str_atom()}, c: 0 }};",
                 f"const {name} = [{', '.join(items)}];"]
        if self.chance(0.3):
            lines.append(f"{name}.push(Object.assign({{}}, ...{name}.slice(0, 2)));")
        if self.chance(0.3):
            lines.append(f"{{ const q = {{ a: 1, b: 2, c: 3, d: 4 }}; delete q.c; {name}.push(q); }}")
        rexpr = self.pick(["o.a + o.b", 'o.b + "|" + o.a', "[o.a, o.b, o.c]", "(o.a | 0) + (o.c ?? 1)", "o.a === undefined ? o.b : o.a"])
        lines += [f"function {rd}(o) {{ return {rexpr}; }}",
                  f"function {wr}(o, v) {{ o.{self.pick(['a', 'b', 'c', 'x'])} = v; return o.a; }}"]
        self.res_add("shapes", {"name": name, "rd": rd, "wr": wr, "proto": proto, "n": len(items)})
        return lines

    def shapes_stmt(self, d):
        s = self.pick(self.res["shapes"])
        n, rd, wr = s["name"], s["rd"], s["wr"]
        c = self.rint(0, 9)
        if c <= 3:
            return [self.emit(f"{rd}({n}[i % {n}.length])")]
        if c == 4:
            return [self.emit(f"{wr}({n}[({self.int(1)} & 0x7fffffff) % {n}.length], {self.prim(d)})")]
        if c == 5:
            k = self.fresh("k")
            return [f"for (let {k} = 0; {k} < {n}.length; {k}++) {self.emit(f'{rd}({n}[{k}])')}"]
        if c == 6:
            return [f"{s['proto']}.{self.pick(['a', 'b', 'c'])} = {self.prim(d)};"]
        if c == 7:
            return [f"if (i === {self.rint(1, 60)}) Object.setPrototypeOf({n}[{self.rint(0, s['n'] - 1)}], {{ a: {self.num_lit()}, b: \"pp\" }});"]
        if c == 8:
            o = self.fresh("o")
            return [f"const {o} = {{}};", f"if (i % 2) {o}.a = {self.num(1)};", f"{o}.b = {self.prim(1)};",
                    f"if (i % 3 === 0) {o}.a = {self.str_atom()};", self.emit(f"{rd}({o})")]
        return [f"if (i === {self.rint(1, 40)}) {{ delete {n}[0].a; Object.freeze({n}[{self.rint(0, s['n'] - 1)}]); }}", self.emit(f"{rd}({n}[0])")]

    def prelude_bigint(self, d):
        self.tag("bigint")
        name = self.fresh("bg")
        self.res_add("big", {"name": name})
        return [f"let {name} = BigInt({self.int(1)});"]

    def bigint_stmt(self, d):
        b = self.pick(self.res["big"])["name"]
        lit = self.pick(["1n", "3n", "(-7n)", "4294967296n", "9007199254740993n", "(2n ** 63n)", "0n", "12345678901234567890n"])
        c = self.rint(0, 5)
        if c <= 1:
            op = self.pick(["+", "-", "*", "&", "|", "^", "<<", ">>"])
            if op in ("<<", ">>"):
                lit = self.pick(["1n", "3n", "17n", "(-2n)", "63n"])
            return [f"{b} = BigInt.asIntN({self.pick(['64', '32', '53', '128'])}, {b} {op} {lit});"]
        if c == 2:
            return [self.emit(b, f"{b} % {self.pick(['7n', '(-3n)', '1000000007n'])}", f"typeof {b}", f"String({b})")]
        if c == 3:
            return [self.emit(f"{b} {self.pick(['<', '>', '==', '===', '<=', '!='])} {self.num(1)}", f"{b} == {self.str_atom()}")]
        if c == 4:
            den = self.pick([lit, "0n", "BigInt(i)"])
            return ["try { " + self.emit(f"{b} / {den}") + " } catch (e) { " + self.emit("__ex(e)") + " }"]
        return [f"try {{ {self.emit(f'BigInt({self.num(1)})', f'BigInt.asUintN(32, {b})', f'Number({b})')} }} catch (e) {{ {self.emit('__ex(e)')} }}"]

    # -- statements that need no prelude

    def destructure_stmt(self, d):
        self.tag("destructure")
        c = self.rint(0, 5)
        a, b, r = self.fresh("d"), self.fresh("d"), self.fresh("d")
        if c == 0:
            e = self.obj(d)
            self.declare(a, "any", False); self.declare(b, "any", False)
            return [f"const {{ a: {a}, b: {b} = {self.num_lit()}, ...{r} }} = {e};", self.emit(a, b, r)]
        if c == 1:
            e = self.arr(d) if self.chance(0.7) else self.str(d)
            self.declare(a, "any", False); self.declare(b, "any", False)
            return [f"const [{a}, , {b} = {self.num_lit()}, ...{r}] = {e};", self.emit(a, b, r)]
        if c == 2:
            vs = self.vars(("num",), mutable=True)
            if len(vs) >= 2:
                (x, _), (y, _) = self.r.sample(vs, 2)
                return [f"[{x}, {y}] = [{y}, {x}];"]
            return [self.emit(f"(([p, q = 2], {{ a: s = 3 }} = {{}}) => p + q + s)({self.arr(1)})")]
        if c == 3:
            src = self.pick(["{}", "{ x: [5] }", "{ y: { z: 9 } }", '{ x: "ab", y: {} }'])
            return [f"const {{ x: [{a}, {b}] = [1, 2], y: {{ z: {r} = {self.num_lit()} }} = {{}} }} = {src};", self.emit(a, b, r)]
        if c == 4:
            src = self.pick(["null", "undefined", "0", '"s"', "{}"])
            return [f"try {{ const {{ a: {a} }} = {src}; {self.emit(a)} }} catch (e) {{ {self.emit('__ex(e)')} }}"]
        return [self.emit(f"(function (...{r}) {{ return [{r}.length, arguments.length, arguments[0]]; }})(...{self.arr(d)}, {self.num(1)})")]

    def spread_stmt(self, d):
        self.tag("spread")
        a = self.var(("arr",))
        src = a or self.arr(d)
        c = self.rint(0, 4)
        if c == 0:
            return [self.emit(f"Math.max(...{src})", f"Math.min(...{src}, {self.num(1)})")]
        if c == 1 and self.fns:
            h, ar = self.pick(self.fns)
            return [self.emit(f"{h}(...{src})", f"{h}.apply(null, {src})", f"{h}.call(null, ...[{self.num(1)}])")]
        if c == 2:
            return [self.emit(f"[...{self.str(d)}]", f"[...{src}, ...\"ab\"].length")]
        if c == 3:
            o = self.var(("obj",))
            return [self.emit(f"{{ ...{o or self.obj(d)}, ...{src}, z: 1 }}")]
        return [self.emit(f"new Set([...{src}, ...{src}]).size", f"Array.from(new Set({src}))")]

    def string_stmt(self, d):
        self.tag("string")
        s = self.str(d)
        re = self.pick(["/a/g", "/[aeiou]/g", "/(\\w)(\\w)?/", "/\\d+/g", "/^a|b$/", "/(?<x>[a-c])\\1?/", "/[\\s,]+/",
                        "/x*/g", "/./gu", "/\\u00e9|\\u00df/i", "/(a|ab)(c|bcd)/", "/[^a-z]/gi", "/\\bb/y", "/(?:)/g"])
        c = self.rint(0, 9)
        if c == 0:
            rp = self.pick(['"_"', '"$1$1"', '"[$&]"', "(m) => m.length", '"$<x>"'])
            return [self.emit(f"{s}.replace({re}, {rp})")]
        if c == 1:
            return [self.emit(f"{re}.test({s})", f"{s}.search({re})")]
        if c == 2:
            return [self.emit(f"{s}.match({re})")]
        if c == 3:
            return [self.emit(f"{s}.split({re})", f"{s}.split({self.pick(SEPS)}, {self.rint(0, 3)})")]
        if c == 4:
            r = self.fresh("re")
            return [f"const {r} = {re};", f"let {r}m; let {r}n = 0;",
                    f"while (({r}m = {r}.exec({s})) !== null && {r}n++ < 5) {{ {self.emit(f'{r}m[0]', f'{r}m.index', f'{r}.lastIndex')} if (!{r}.global && !{r}.sticky) break; if ({r}m[0] === \"\") {r}.lastIndex++; }}"]
        if c == 5:
            return [self.emit(f"{s}.codePointAt({self.small(1)})", f"String.fromCodePoint({self.small(1, 0xffff)} + {self.pick(['0', '65536', '55296'])})")]
        if c == 6:
            tg = self.fresh("tg")
            return [f"const {tg} = (q, ...v) => q.raw.join(\"|\") + \"/\" + v.join(\",\");",
                    self.emit(f"{tg}`a${{{self.any(1)}}}\\n${{{self.num(1)}}}`")]
        if c == 7:
            return [self.emit(f"JSON.parse(JSON.stringify({self.pick([self.obj(d), self.arr(d), s])}))")]
        if c == 8:
            return [self.emit(f"{s}.isWellFormed()", f"{s}.toWellFormed()", f"{s}.localeCompare === undefined")]
        mre = self.pick(["/a/g", "/\\w/g", "/(.)(?=.)/g"])
        return [self.emit(f"[...{s}.matchAll({mre})].map((m) => m[0] + m.index)")]

    def overflow_stmt(self, d):
        """Arithmetic around the int32 boundaries: overflow checks, -0, int/double transitions."""
        self.tag("int32")
        v = self.fresh("ov")
        k = self.fresh("k")
        big = self.pick(["2147483647", "1073741824", "65536", "(-2147483648)", "46341", "0x40000000", "3"])
        op = self.pick([f"{v} + {big}", f"{v} * {big}", f"{v} - {big}", f"{v} * -1", f"({v} | 0) * {big}", f"-{v}",
                        f"{v} * {k} + {big}", f"({v} << 1) + {v}", f"{v} % {self.pick(['3', '(-3)', '2147483647'])} * 0"])
        init = self.int(1)
        self.declare(v, "num", True)
        return [f"let {v} = {init};", f"for (let {k} = 0; {k} < {self.rint(2, 40)}; {k}++) {{ {v} = {op}; if (!isFinite({v})) {v} = {k}; }}",
                self.emit(v, f"{v} | 0", f"Object.is({v}, -0)")]

    def misc_stmt(self, d):
        c = self.rint(0, 7)
        if c == 0:
            o = self.var(("obj",)) or self.obj(d)
            return [self.emit(f"Object.entries({o})", f"Object.getOwnPropertyNames({o})", f"JSON.stringify({o})")]
        if c == 1:
            g = self.fresh("gt")
            return [f"const {g} = {{ n: 0, get v() {{ return ++this.n; }}, set v(x) {{ this.n = x | 0; }} }};",
                    f"{g}.v = {self.num(1)};", self.emit(f"{g}.v", f"{g}.v + {g}.v", f"{g}.n")]
        if c == 2:
            return [self.emit(f"(function () {{ return typeof this; }})()", f"((...a) => a.length)({self.num(1)}, {self.str_atom()})",
                              f"(function (a, b = a + 1) {{ return arguments.length + b; }})({self.num(1)})")]
        if c == 3 and self.fns:
            h, ar = self.pick(self.fns)
            b = self.fresh("bd")
            return [f"const {b} = {h}.bind(null{', ' + self.num(1) if ar else ''});", self.emit(f"{b}({', '.join(self.num(1) for _ in range(ar))})", f"{b}.length")]
        if c == 4:
            a = self.var(("arr",)) or self.arr(d)
            return [self.emit(f"{a}.toReversed()", f"{a}.with(0, {self.num(1)})" if self.chance(0.3) else f"{a}.findLast((x) => typeof x === \"number\")",
                              f"{a}.findIndex((x) => x === {self.num_lit()})", f"{a}.some((x) => !x)", f"{a}.every((x) => x === x)")]
        if c == 5:
            a = self.var(("arr",)) or self.arr(d)
            init = self.pick(["0", '""', "1"])
            return [self.emit(f"{a}.reduce((p, q) => p + q, {init})", f"{a}.reduceRight((p, q) => String(p) + q, \"\")")]
        if c == 6:
            o = self.fresh("o")
            return [f"const {o} = Object.freeze({{ a: {self.num(1)}, b: [1] }});",
                    f"try {{ {o}.a = 5; {o}.b.push(2); {self.emit(f'{o}.a', f'{o}.b', f'Object.isFrozen({o})')} }} catch (e) {{ {self.emit('__ex(e)')} }}"]
        return [self.emit(f"({self.any(1)})?.toString?.()", f"{self.pick(['null', 'undefined', '({})', '[]'])}?.a?.b", f"void {self.num(1)}")]

    def feature_stmt(self, d):
        opts = [self.destructure_stmt, self.spread_stmt, self.string_stmt, self.overflow_stmt, self.misc_stmt, self.closure_stmt]
        if self.res.get("class"):
            opts += [self.class_stmt] * 3
        if self.res.get("gen"):
            opts += [self.generator_stmt] * 2
        if self.res.get("ta"):
            opts += [self.typed_stmt] * 2
        if self.res.get("map") or self.res.get("set") or self.res.get("weak"):
            opts += [self.map_stmt] * 2
        if self.res.get("shapes"):
            opts += [self.shapes_stmt] * 3
        if self.res.get("big"):
            opts += [self.bigint_stmt]
        if self.is_async:
            opts += [self.await_stmt] * 2
        return self.pick(opts)(d)

    def await_stmt(self, d):
        self.tag("async")
        c = self.rint(0, 4)
        v = self.fresh("aw")
        if c == 0:
            e = self.prim(d)
            self.declare(v, "any", False)
            return [f"const {v} = await {e};", self.emit(v)]
        self.declare(v, "any", False)
        if c == 1:
            return [f"const {v} = await Promise.all([{self.num(1)}, Promise.resolve({self.str_atom()}), {{ then(r) {{ r({self.int_lit()}); }} }}]);", self.emit(v)]
        if c == 2:
            return [f"const {v} = [];", f"Promise.resolve().then(() => {v}.push(1)); queueMicrotask(() => {v}.push(2)); {v}.push(0);",
                    f"await null; await null;", self.emit(v)]
        if c == 3:
            return [f"try {{ await Promise.reject(new RangeError(\"r\")); }} catch (e) {{ {self.emit('__ex(e)')} }}"]
        return [f"const {v} = await Promise.allSettled([Promise.reject({self.int_lit()}), {self.num(1)}]);", self.emit(f"{v}.map((x) => x.status + \":\" + (x.value ?? x.reason))")]

    # -- the program

    PRELUDES = ("class", "closure", "generator", "typed", "map", "shapes", "bigint")

    def program(self):
        """Returns the source of function p<pid>: a prelude of state that lives across
        iterations, helpers and feature objects, then `body(i)`, run `iters` times."""
        r = self.r
        self.res = {}
        self.is_async = r.random() < 0.06
        strict = r.random() < 0.25
        # Iterations: most programs run a few times (cheap in gc-stress and the arm64 simulator);
        # loops inside the body count too, so a tiered JIT compiles many of them mid-run, and
        # some run long enough to pass the tiered JIT's threshold (500) on calls alone.
        c = r.random()
        if c < 0.40:
            self.iters = r.randint(1, 12)
        elif c < 0.75:
            self.iters = r.randint(13, 40)
        elif c < 0.95:
            self.iters = r.randint(41, 120)
        else:
            self.iters = r.randint(500, 650)
        if self.iters >= 500:
            self.tag("hot")
        if self.is_async:
            self.tag("async")
        if strict:
            self.tag("strict")
        pre = []
        self.push()  # program scope
        self.declare("i", "int", False)
        for _ in range(r.randint(0, 3)):
            pre += self.decl(2)
        kinds = r.sample(self.PRELUDES, r.randint(1, 3))
        for k in kinds:
            pre += getattr(self, "prelude_" + k)(2)
        for _ in range(r.randint(0, 2)):
            pre += self.helper_fn(2)
        for _ in range(r.randint(0, 2)):
            pre += self.decl(2)
        # the body: one scope per call
        self.push()
        body = []
        n = r.randint(2, 5) if self.iters >= 500 else r.randint(3, 12)
        for _ in range(n):
            if r.random() < 0.35:
                body += self.feature_stmt(2)
            else:
                body += self.stmt(r.randint(1, 3))
        if not self.emits:
            body.append(self.emit(self.any(2)))
        self.pop()
        self.pop()
        af = "async " if self.is_async else ""
        aw = "await " if self.is_async else ""
        out = [f"{af}function p{self.pid}() {{"]
        if strict:
            out.append('  "use strict";')
        out.append("  let i = 0, __thr = 0;")
        out += ["  " + line for line in pre]
        out.append(f"  {af}function body(i) {{")
        out += ["    " + line for line in body]
        out.append("  }")
        out.append(f"  for (let it = 0; it < {self.iters}; it++) {{")
        out.append("    i = it;")
        out.append("    __begin(it);")
        out.append(f"    try {{ {aw}body(it); }} catch (e) {{ emit(\"#throw\", __ex(e)); if (++__thr > 3) throw e; }}")
        out.append("  }")
        out.append("  __finish();")
        out.append("}")
        return "\n".join(out) + "\n"


def _rng(seed, index):
    return random.Random(f"xjs-diff:{seed}:{index}")


def generate(seed, index):
    """(source, is_async, tags) of program `index` of run `seed`: the same on every call."""
    g = Gen(_rng(seed, index), index)
    src = g.program()
    return src, g.is_async, g.tags


def batch_source(programs):
    """The script running `programs`, a list of (index, source, is_async), each isolated by the
    driver (an exception ends that program only; its result line says so)."""
    parts = [HARNESS]
    for _, src, _ in programs:
        parts.append(src)
    parts.append(DRIVER)
    entries = ", ".join(f"[{idx}, p{idx}, {'true' if a else 'false'}]" for idx, _, a in programs)
    parts.append(f"__main([{entries}]);\n")
    return "\n".join(parts)


def main():
    import argparse
    ap = argparse.ArgumentParser(description="Print generated programs (as one runnable batch).")
    ap.add_argument("--seed", default="0")
    ap.add_argument("--index", type=int, default=0)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="print every emitted value as it happens")
    args = ap.parse_args()
    progs = []
    for idx in range(args.index, args.index + args.count):
        src, a, _ = generate(args.seed, idx)
        progs.append((idx, src, a))
    text = batch_source(progs)
    if args.verbose:
        text = text.replace("__VERBOSE = false", "__VERBOSE = true", 1)
    print(text)


if __name__ == "__main__":
    main()
