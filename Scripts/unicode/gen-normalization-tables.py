#!/usr/bin/env python3
"""Generates Sources/XJSEngine/Builtins/StringNormalizationTables.swift from Python's
unicodedata (its Unicode version is written into the output).

Tables (for String.prototype.normalize, ES2024 22.1.3.15):
  - canonical combining classes, as ranges of equal non-zero class;
  - full (recursively expanded) canonical and compatibility decompositions;
  - primary composites: (first, second) -> composite for every canonical pair mapping
    whose composite is not excluded from composition (NFC(composite) == composite).
Hangul syllables are left out: the engine composes/decomposes them algorithmically.

The script checks the tables by normalizing every code point, and a set of sequences,
with an implementation of the algorithm over the tables against unicodedata.normalize.

Usage: Scripts/unicode/gen-normalization-tables.py > Sources/XJSEngine/Builtins/StringNormalizationTables.swift
"""
import sys
import unicodedata as ud

MAX = 0x110000
S_BASE, L_BASE, V_BASE, T_BASE = 0xAC00, 0x1100, 0x1161, 0x11A7
L_COUNT, V_COUNT, T_COUNT = 19, 21, 28
N_COUNT = V_COUNT * T_COUNT
S_COUNT = L_COUNT * N_COUNT


def mapping(cp):
    """(is_compat, [code points]) or None."""
    d = ud.decomposition(chr(cp))
    if not d:
        return None
    parts = d.split()
    compat = parts[0].startswith("<")
    if compat:
        parts = parts[1:]
    return compat, [int(p, 16) for p in parts]


def full_decomposition(cp, compat):
    m = mapping(cp)
    if m is None or (m[0] and not compat):
        return [cp]
    out = []
    for part in m[1]:
        out.extend(full_decomposition(part, compat))
    return out


def build():
    ccc = [ud.combining(chr(cp)) for cp in range(MAX)]
    decompositions = {}
    for cp in range(MAX):
        if S_BASE <= cp < S_BASE + S_COUNT:
            continue
        m = mapping(cp)
        if m is None:
            continue
        canonical = [] if m[0] else full_decomposition(cp, False)
        compat = full_decomposition(cp, True)
        decompositions[cp] = (canonical, compat)
    compositions = {}
    for cp in range(MAX):
        m = mapping(cp)
        if m is None or m[0] or len(m[1]) != 2:
            continue
        if ud.normalize("NFC", chr(cp)) != chr(cp):
            continue  # excluded from composition
        compositions[(m[1][0], m[1][1])] = cp
    return ccc, decompositions, compositions


# --- the algorithm over the tables (mirrors StringNormalization.swift) ---

def decompose(cps, compat, ccc, decompositions):
    out = []
    for cp in cps:
        if S_BASE <= cp < S_BASE + S_COUNT:
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
    # canonical ordering: stable sort of each run of non-starters
    i = 0
    while i < len(out):
        if ccc[out[i]] == 0:
            i += 1
            continue
        j = i
        while j < len(out) and ccc[out[j]] != 0:
            j += 1
        out[i:j] = sorted(out[i:j], key=lambda c: ccc[c])
        i = j
    return out


def compose(cps, ccc, compositions):
    if not cps:
        return cps
    out = []
    starter = -1
    last_class = -1
    for cp in cps:
        cls = ccc[cp]
        if starter >= 0 and (last_class < cls or (last_class == 0 and len(out) - 1 == starter)):
            first = out[starter]
            composite = None
            if L_BASE <= first < L_BASE + L_COUNT and V_BASE <= cp < V_BASE + V_COUNT:
                composite = S_BASE + ((first - L_BASE) * V_COUNT + (cp - V_BASE)) * T_COUNT
            elif (S_BASE <= first < S_BASE + S_COUNT and (first - S_BASE) % T_COUNT == 0
                  and T_BASE < cp < T_BASE + T_COUNT):
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


def normalize(form, cps, tables):
    ccc, decompositions, compositions = tables
    d = decompose(cps, form in ("NFKC", "NFKD"), ccc, decompositions)
    if form in ("NFC", "NFKC"):
        d = compose(d, ccc, compositions)
    return d


def check(tables):
    samples = []
    for cp in range(MAX):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        samples.append([cp])
    # sequences: bases followed by marks in several orders, Hangul jamo runs
    marks = [0x0301, 0x0323, 0x0308, 0x0327, 0x031B, 0x0345, 0x05B0, 0x0F71, 0x0F72, 0x0F80]
    bases = [0x41, 0x61, 0x4F, 0x55, 0x3B1, 0x3C9, 0x1FB6, 0x0F40, 0x0DD9, 0x1100, 0xAC00]
    for b in bases:
        for m1 in marks:
            for m2 in marks:
                samples.append([b, m1, m2])
    samples.append([0x1100, 0x1161, 0x11A8])
    samples.append([0xAC00, 0x11A8, 0x0301])
    samples.append([0x0DD9, 0x0DCF, 0x0DCA])
    failures = 0
    for s in samples:
        text = "".join(map(chr, s))
        for form in ("NFC", "NFD", "NFKC", "NFKD"):
            expected = [ord(c) for c in ud.normalize(form, text)]
            got = normalize(form, s, tables)
            if got != expected:
                failures += 1
                if failures < 20:
                    print("mismatch", form, [hex(c) for c in s], [hex(c) for c in got],
                          [hex(c) for c in expected], file=sys.stderr)
    if failures:
        sys.exit("%d mismatches" % failures)
    return len(samples)


def hex_lines(values, width, per_line=19):
    lines = []
    for i in range(0, len(values), per_line):
        chunk = values[i:i + per_line]
        lines.append("    " + "".join("%0*X" % (width, v) for v in chunk))
    return "\n".join(lines)


def emit(tables, checked):
    ccc, decompositions, compositions = tables
    ranges = []
    cp = 0
    while cp < MAX:
        cls = ccc[cp]
        if cls == 0:
            cp += 1
            continue
        start = cp
        while cp + 1 < MAX and ccc[cp + 1] == cls:
            cp += 1
        ranges.append((start, cp, cls))
        cp += 1
    class_values = []
    for start, end, cls in ranges:
        class_values += [start, end, cls]
    keys = sorted(decompositions)
    data = []
    offsets = []
    for key in keys:
        canonical, compat = decompositions[key]
        offsets.append(len(data))
        same = canonical == compat
        data.append(len(canonical))
        data.append(0xFFFFFF if same else len(compat))
        data += canonical
        if not same:
            data += compat
    pairs = []
    for (first, second), composite in sorted(compositions.items()):
        pairs += [first, second, composite]
    out = []
    out.append("// Generated by Scripts/unicode/gen-normalization-tables.py from Python %s's unicodedata"
               % sys.version.split()[0])
    out.append("// (Unicode %s); do not edit. Checked by the script against unicodedata.normalize on" % ud.unidata_version)
    out.append("// every code point and %d sequences in all four forms." % (checked - (MAX - 0x800)))
    out.append("//")
    out.append("// Each table is a string of fixed-width hexadecimal numbers (6 digits), decoded once on")
    out.append("// first use: literal arrays this large are slow to type-check.")
    out.append("")
    out.append("enum NormalizationTables {")
    out.append('  static let unicodeVersion = "%s"' % ud.unidata_version)
    out.append("")
    out.append("  /// (first, last, class) for every run of code points with the same non-zero class.")
    out.append("  static let combiningClassRanges: [UInt32] = decodeHex(")
    out.append('    """')
    out.append(hex_lines(class_values, 6))
    out.append('    """)')
    out.append("")
    out.append("  /// Code points with a decomposition (Hangul syllables excluded), ascending.")
    out.append("  static let decompositionKeys: [UInt32] = decodeHex(")
    out.append('    """')
    out.append(hex_lines(keys, 6))
    out.append('    """)')
    out.append("")
    out.append("  /// For each key, its offset in `decompositionData`.")
    out.append("  static let decompositionOffsets: [UInt32] = decodeHex(")
    out.append('    """')
    out.append(hex_lines(offsets, 6))
    out.append('    """)')
    out.append("")
    out.append("  /// At an offset: canonical count c (0: none), compatibility count k (0xFFFFFF: the same")
    out.append("  /// as the canonical one), then c canonical code points, then k compatibility ones.")
    out.append("  static let decompositionData: [UInt32] = decodeHex(")
    out.append('    """')
    out.append(hex_lines(data, 6))
    out.append('    """)')
    out.append("")
    out.append("  /// (first, second, composite) triples sorted by (first, second).")
    out.append("  static let compositionTriples: [UInt32] = decodeHex(")
    out.append('    """')
    out.append(hex_lines(pairs, 6))
    out.append('    """)')
    out.append("")
    out.append("  private static func decodeHex(_ text: String) -> [UInt32] {")
    out.append("    var values: [UInt32] = []")
    out.append("    var current: UInt32 = 0")
    out.append("    var digits = 0")
    out.append("    for byte in text.utf8 {")
    out.append("      let digit: UInt32")
    out.append("      switch byte {")
    out.append("      case 0x30...0x39: digit = UInt32(byte - 0x30)")
    out.append("      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)")
    out.append("      default: continue")
    out.append("      }")
    out.append("      current = current << 4 | digit")
    out.append("      digits += 1")
    out.append("      if digits == 6 {")
    out.append("        values.append(current)")
    out.append("        current = 0")
    out.append("        digits = 0")
    out.append("      }")
    out.append("    }")
    out.append("    return values")
    out.append("  }")
    out.append("}")
    print("\n".join(out))


def main():
    tables = build()
    checked = check(tables)
    emit(tables, checked)


main()
