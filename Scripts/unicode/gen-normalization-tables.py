#!/usr/bin/env python3
"""Generates Sources/XJSEngine/Builtins/StringNormalizationTables.swift, the data of
String.prototype.normalize (ES2024 22.1.3.15, UAX #15).

Sources (both must carry the same Unicode version; the script checks it):
  - node (its ICU): the NFD, NFKD, NFC and NFKC form of every code point, and NFC of the
    few sequences needed to find each composite's first half;
  - swiftc (the Swift standard library the engine runs with): canonical combining classes.

Tables:
  - canonical combining classes, as runs of equal non-zero class;
  - full (recursively expanded) canonical and compatibility decompositions;
  - primary composites: (first, second) -> composite. A code point C is a primary
    composite when NFD(C) != C and NFC(C) == C; composition meets its full decomposition
    D in order, so its pair is (NFC(D without its last code point), last code point).
Hangul syllables are left out: the engine composes/decomposes them algorithmically.

The script then runs the algorithm over the tables (a Python mirror of
StringNormalization.swift) on every code point and a set of sequences, in all four
forms, and stops unless every result equals node's.

Usage: Scripts/unicode/gen-normalization-tables.py > Sources/XJSEngine/Builtins/StringNormalizationTables.swift
"""
import json
import os
import subprocess
import sys
import tempfile

MAX = 0x110000
S_BASE, L_BASE, V_BASE, T_BASE = 0xAC00, 0x1100, 0x1161, 0x11A7
L_COUNT, V_COUNT, T_COUNT = 19, 21, 28
N_COUNT = V_COUNT * T_COUNT
S_COUNT = L_COUNT * N_COUNT
FORMS = ("NFC", "NFD", "NFKC", "NFKD")

CCC_SWIFT = r'''
// Prints "first last class" (hexadecimal code points) for runs of non-zero canonical
// combining class, then "unicode <version>" from the age of the newest assigned scalar.
var runStart: UInt32 = 0
var runClass: UInt8 = 0
var newest = (major: 0, minor: 0)
func flush(_ last: UInt32) {
  if runClass != 0 { print(String(runStart, radix: 16), String(last, radix: 16), runClass) }
}
for value in UInt32(0)...0x10FFFF {
  let properties = Unicode.Scalar(value)?.properties
  if let age = properties?.age, age.major > newest.major || (age.major == newest.major && age.minor > newest.minor) {
    newest = (age.major, age.minor)
  }
  let cls = properties.map { UInt8($0.canonicalCombiningClass.rawValue) } ?? 0
  if cls != runClass {
    flush(value - 1)
    runStart = value
    runClass = cls
  }
}
flush(0x10FFFF)
print("unicode", "\(newest.major).\(newest.minor)")
'''

NODE_FORMS = r'''
// stdin: a JSON list of code-point lists; stdout: for each, its four forms as code-point lists.
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const forms = ["NFC", "NFD", "NFKC", "NFKD"];
const out = input.map((cps) => {
  const s = String.fromCodePoint(...cps);
  return forms.map((f) => Array.from(s.normalize(f), (c) => c.codePointAt(0)));
});
process.stdout.write(JSON.stringify({ unicode: process.versions.unicode, results: out }));
'''


def swift_combining_classes():
    with tempfile.TemporaryDirectory() as directory:
        source = os.path.join(directory, "ccc.swift")
        binary = os.path.join(directory, "ccc")
        with open(source, "w") as f:
            f.write(CCC_SWIFT)
        subprocess.run(["swiftc", "-O", source, "-o", binary], check=True)
        lines = subprocess.run([binary], check=True, capture_output=True, text=True).stdout.split("\n")
    ccc = {}
    version = None
    for line in lines:
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "unicode":
            version = parts[1]
            continue
        first, last, cls = int(parts[0], 16), int(parts[1], 16), int(parts[2])
        for cp in range(first, last + 1):
            ccc[cp] = cls
    return ccc, version


def node_forms(sequences):
    """{form: [code points]} for each sequence, and node's Unicode version."""
    result = subprocess.run(["node", "-e", NODE_FORMS], input=json.dumps(sequences), check=True,
                            capture_output=True, text=True)
    data = json.loads(result.stdout)
    return [dict(zip(FORMS, r)) for r in data["results"]], data["unicode"]


def is_hangul_syllable(cp):
    return S_BASE <= cp < S_BASE + S_COUNT


def build(ccc):
    points = [cp for cp in range(MAX) if not 0xD800 <= cp <= 0xDFFF]
    forms, node_version = node_forms([[cp] for cp in points])
    single = dict(zip(points, forms))
    decompositions = {}
    composites = []
    for cp, f in single.items():
        if is_hangul_syllable(cp):
            continue
        if f["NFD"] != [cp] or f["NFKD"] != [cp]:
            canonical = f["NFD"] if f["NFD"] != [cp] else []
            decompositions[cp] = (canonical, f["NFKD"])
        if f["NFD"] != [cp] and f["NFC"] == [cp]:
            composites.append(cp)
    prefixes, _ = node_forms([single[cp]["NFD"][:-1] for cp in composites])
    compositions = {}
    for cp, prefix in zip(composites, prefixes):
        first = prefix["NFC"]
        if len(first) != 1:
            sys.exit("U+%04X: NFC of its decomposition's prefix is not one code point" % cp)
        compositions[(first[0], single[cp]["NFD"][-1])] = cp
    return decompositions, compositions, single, node_version


# --- the algorithm over the tables (mirrors StringNormalization.swift) ---

def decompose(cps, compat, ccc, decompositions):
    out = []
    for cp in cps:
        if is_hangul_syllable(cp):
            index = cp - S_BASE
            out.append(L_BASE + index // N_COUNT)
            out.append(V_BASE + (index % N_COUNT) // T_COUNT)
            if index % T_COUNT:
                out.append(T_BASE + index % T_COUNT)
            continue
        entry = decompositions.get(cp)
        if entry is None:
            out.append(cp)
            continue
        canonical, compatibility = entry
        parts = compatibility if compat else canonical
        out.extend(parts if parts else [cp])
    i = 0
    while i < len(out):  # canonical ordering: a stable sort of each run of non-starters
        if ccc.get(out[i], 0) == 0:
            i += 1
            continue
        j = i
        while j < len(out) and ccc.get(out[j], 0) != 0:
            j += 1
        out[i:j] = sorted(out[i:j], key=lambda c: ccc[c])
        i = j
    return out


def compose(cps, ccc, compositions):
    out = []
    starter = -1
    last_class = 0
    for cp in cps:
        cls = ccc.get(cp, 0)
        adjacent = starter >= 0 and starter == len(out) - 1
        if starter >= 0 and (adjacent or (last_class < cls and last_class != 0)):
            first = out[starter]
            composite = None
            if L_BASE <= first < L_BASE + L_COUNT and V_BASE <= cp < V_BASE + V_COUNT:
                composite = S_BASE + ((first - L_BASE) * V_COUNT + (cp - V_BASE)) * T_COUNT
            elif is_hangul_syllable(first) and (first - S_BASE) % T_COUNT == 0 and T_BASE < cp < T_BASE + T_COUNT:
                composite = first + (cp - T_BASE)
            else:
                composite = compositions.get((first, cp))
            if composite is not None:
                out[starter] = composite
                continue
        if cls == 0:
            starter = len(out)
            last_class = 0
        else:
            last_class = cls
        out.append(cp)
    return out


def normalize(form, cps, ccc, decompositions, compositions):
    d = decompose(cps, form in ("NFKC", "NFKD"), ccc, decompositions)
    return compose(d, ccc, compositions) if form in ("NFC", "NFKC") else d


def sample_sequences(compositions):
    marks = [0x0301, 0x0323, 0x0308, 0x0327, 0x031B, 0x0345, 0x05B0, 0x0F71, 0x0F72, 0x0F80, 0x0306, 0x0302]
    bases = [0x41, 0x61, 0x4F, 0x55, 0x3B1, 0x3C9, 0x1FB6, 0x0F40, 0x0DD9, 0x1100, 0xAC00, 0x1EA1]
    sequences = [[b, m1, m2] for b in bases for m1 in marks for m2 in marks]
    sequences += [[0x1100, 0x1161, 0x11A8], [0xAC00, 0x11A8, 0x0301], [0x0DD9, 0x0DCF, 0x0DCA]]
    # every composition pair with a mark before its second half, and doubled
    for (first, second) in compositions:
        sequences.append([first, 0x0315, second])
        sequences.append([first, second, second])
    return sequences


def check(ccc, decompositions, compositions, single):
    failures = 0

    def compare(cps, expected):
        nonlocal failures
        for form in FORMS:
            got = normalize(form, cps, ccc, decompositions, compositions)
            if got != expected[form]:
                failures += 1
                if failures < 20:
                    print("mismatch", form, [hex(c) for c in cps], [hex(c) for c in got],
                          [hex(c) for c in expected[form]], file=sys.stderr)

    for cp, expected in single.items():
        compare([cp], expected)
    sequences = sample_sequences(compositions)
    results, _ = node_forms(sequences)
    for cps, expected in zip(sequences, results):
        compare(cps, expected)
    if failures:
        sys.exit("%d mismatches with node" % failures)
    return len(sequences)


def hex_lines(values, width, per_line=19):
    lines = []
    for i in range(0, len(values), per_line):
        lines.append("    " + "".join("%0*X" % (width, v) for v in values[i:i + per_line]))
    return "\n".join(lines)


def table(out, comment, name, values):
    if comment:
        out.append("  /// " + comment)
    out.append("  static let %s: [UInt32] = decodeHex(" % name)
    out.append('    """')
    out.append(hex_lines(values, 6))
    out.append('    """)')
    out.append("")


def emit(ccc, decompositions, compositions, version, sequence_count):
    class_values = []
    cp = 0
    while cp < MAX:
        cls = ccc.get(cp, 0)
        if cls == 0:
            cp += 1
            continue
        start = cp
        while ccc.get(cp + 1, 0) == cls:
            cp += 1
        class_values += [start, cp, cls]
        cp += 1
    keys = sorted(decompositions)
    data, offsets = [], []
    for key in keys:
        canonical, compat = decompositions[key]
        offsets.append(len(data))
        same = canonical == compat
        data += [len(canonical), 0xFFFFFF if same else len(compat)] + canonical
        if not same:
            data += compat
    triples = []
    for (first, second), composite in sorted(compositions.items()):
        triples += [first, second, composite]
    out = [
        "// Generated by Scripts/unicode/gen-normalization-tables.py (Unicode %s: decompositions and" % version,
        "// compositions from node's ICU, combining classes from the Swift standard library); do not",
        "// edit. The script checked the tables against node on every code point and %d sequences" % sequence_count,
        "// in all four forms.",
        "//",
        "// Each table is a string of fixed-width hexadecimal numbers (6 digits), decoded once on",
        "// first use: literal arrays this large are slow to type-check.",
        "",
        "enum NormalizationTables {",
        '  static let unicodeVersion = "%s"' % version,
        "",
    ]
    table(out, "(first, last, class) for every run of code points with the same non-zero class.",
          "combiningClassRanges", class_values)
    table(out, "Code points with a decomposition (Hangul syllables excluded), ascending.",
          "decompositionKeys", keys)
    table(out, "For each key, its offset in `decompositionData`.", "decompositionOffsets", offsets)
    out.append("  /// At an offset: canonical count c (0: none), compatibility count k (0xFFFFFF: the same")
    out.append("  /// as the canonical one), then c canonical code points, then k compatibility ones.")
    table(out, "", "decompositionData", data)
    table(out, "(first, second, composite) triples sorted by (first, second).", "compositionTriples", triples)
    out += [
        "  private static func decodeHex(_ text: String) -> [UInt32] {",
        "    var values: [UInt32] = []",
        "    var current: UInt32 = 0",
        "    var digits = 0",
        "    for byte in text.utf8 {",
        "      let digit: UInt32",
        "      switch byte {",
        "      case 0x30...0x39: digit = UInt32(byte - 0x30)",
        "      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)",
        "      default: continue",
        "      }",
        "      current = current << 4 | digit",
        "      digits += 1",
        "      if digits == 6 {",
        "        values.append(current)",
        "        current = 0",
        "        digits = 0",
        "      }",
        "    }",
        "    return values",
        "  }",
        "}",
    ]
    print("\n".join(out))


def main():
    ccc, swift_version = swift_combining_classes()
    decompositions, compositions, single, node_version = build(ccc)
    if swift_version.split(".")[:2] != node_version.split(".")[:2]:
        sys.exit("Unicode versions differ: Swift %s, node %s" % (swift_version, node_version))
    count = check(ccc, decompositions, compositions, single)
    emit(ccc, decompositions, compositions, node_version, count)


main()
