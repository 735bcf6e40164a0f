#!/usr/bin/env python3
"""Compares `xjs parse --estree` with esprima (PyPI `esprima`, ES2017) node by node.

For each input the script parses with esprima (range: true) and with xjs, then
normalizes what the two formats write differently and reports the first
difference of each file:

  * esprima's `range: [s, e]` becomes `start`/`end`;
  * fields esprima (ES2017) does not know are dropped from xjs's tree:
    `optional` on member and call expressions, `bigint`, `await: false` on
    for-of; null fields are dropped from both (esprima's toDict omits them);
  * esprima's TemplateElement ranges include the delimiters (`` ` ``, `${`, `}`);
    xjs's, like acorn's, cover the characters between them;
  * esprima's Program starts at its first token, xjs's at offset 0;
  * esprima ends a statement closed by automatic semicolon insertion at the
    next token; trailing white space is trimmed from its ranges; its for-init
    declarations include the `;` (acorn's and xjs's do not);
  * the value of a regular-expression literal (a host object) is dropped;
  * esprima's `import(x)` is a CallExpression of `Import`; ESTree's (and
    xjs's) is an ImportExpression;
  * esprima (in Python) counts offsets in code points, xjs in UTF-16 units.

Inputs: the corpus in Scripts/syntax/corpus (default), files
given on the command line, or `--test262 DIR --limit N`: script tests from
test262's language/ directory that esprima itself accepts (files esprima
rejects, usually because they use syntax newer than ES2017, are skipped).

usage: compare_esprima.py [--xjs PATH] [--test262 DIR] [--limit N] [file…]
"""
import argparse
import json
import math
import os
import subprocess
import sys

import esprima

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(HERE, "corpus")
XJS_ONLY_FIELDS = {"optional", "bigint"}
# Files where esprima is wrong (checked against the specification).
KNOWN_ESPRIMA_BUGS = {
    # `yield` outside a generator is an identifier; esprima makes a YieldExpression.
    "language/expressions/object/accessor-name-computed-yield-id.js",
    # The TV of LS and PS in a template is the character itself (ES2024 12.9.6);
    # esprima turns them into LF.
    "language/expressions/template-literal/tv-line-terminator-sequence.js",
}
# Proposals xjs does not parse (ES2025 import attributes: `import(x, options)`).
UNSUPPORTED_FEATURES = {"import-attributes"}


def esprima_tree(source):
    tree = esprima.parseScript(source, {"range": True})
    # esprima (in Python) counts code points; xjs counts UTF-16 units.
    utf16_offsets = None
    if any(ord(c) > 0xFFFF for c in source):
        utf16_offsets, total = [], 0
        for character in source:
            utf16_offsets.append(total)
            total += 2 if ord(character) > 0xFFFF else 1
        utf16_offsets.append(total)
    return normalize_esprima(tree.toDict(), source, utf16_offsets)


def normalize_esprima(node, source, utf16_offsets=None):
    if isinstance(node, list):
        return [normalize_esprima(item, source, utf16_offsets) for item in node]
    if not isinstance(node, dict):
        return node
    result = {}
    for key, value in node.items():
        if value is None or key == "each":
            continue  # esprima's toDict leaves out null fields; `each` is legacy
        if isinstance(value, float) and math.isinf(value):
            continue  # xjs writes non-finite numbers as null
        if key == "range":
            start, end = value
            # After automatic semicolon insertion esprima's statements end at
            # the next token; xjs's (like acorn's) end at their last token.
            while end > start and source[end - 1] in " \t\n\r\u2028\u2029":
                end -= 1
            if utf16_offsets:
                start, end = utf16_offsets[start], utf16_offsets[end]
            result["start"], result["end"] = start, end
        elif key == "regex":
            result[key] = {"pattern": value["pattern"], "flags": value["flags"]}
        elif isinstance(value, str):
            # esprima decodes `\\u` escapes one UTF-16 unit at a time: join surrogate pairs.
            result[key] = value.encode("utf-16", "surrogatepass").decode("utf-16", "surrogatepass")
        else:
            result[key] = normalize_esprima(value, source, utf16_offsets)
    if result.get("type") == "Literal" and "regex" in result:
        result.pop("value", None)
    if result.get("type") == "TemplateElement" and "\r" in source[node["range"][0]:node["range"][1]]:
        # ES2024 12.9.6: the TV and TRV of a CR or CRLF in the source are LF;
        # esprima keeps them.
        for field in ("raw", "cooked"):
            text = result["value"].get(field)
            if isinstance(text, str):
                result["value"][field] = text.replace("\r\n", "\n").replace("\r", "\n")
    if result.get("type") == "TemplateElement":
        # Delimiters: the opening "`" or "}" and the closing "`" or "${".
        result["start"] += 1
        result["end"] -= 1 if result.get("tail") else 2
    if result.get("type") == "Program":
        result.pop("start", None)
        result.pop("end", None)
    if result.get("type") == "CallExpression" and result["callee"].get("type") == "Import":
        # esprima's dynamic import is a call of `Import`; ESTree's is ImportExpression.
        result = {"type": "ImportExpression", "source": result["arguments"][0],
                  "start": result["start"], "end": result["end"]}
    if result.get("type") == "ForStatement" and isinstance(result.get("init"), dict):
        init = result["init"]
        if init.get("type") == "VariableDeclaration" and source[init["end"] - 1] == ";":
            init["end"] -= 1  # esprima's for-init declaration takes the `;`; acorn's does not
    return result


def normalize_xjs(node):
    if isinstance(node, list):
        return [normalize_xjs(item) for item in node]
    if not isinstance(node, dict):
        return node
    result = {k: normalize_xjs(v) for k, v in node.items()
              if k not in XJS_ONLY_FIELDS and v is not None}
    if result.get("type") == "ForOfStatement" and result.get("await") is False:
        result.pop("await")
    if result.get("directive") == "":
        result.pop("directive")  # esprima leaves out empty directives
    if result.get("type") == "Literal" and "regex" in result:
        result.pop("value", None)
    if result.get("type") == "Program":
        result.pop("start", None)
        result.pop("end", None)
    return result


def xjs_tree(xjs, path):
    completed = subprocess.run([xjs, "parse", "--estree", path], capture_output=True, text=True)
    if completed.returncode != 0:
        raise ValueError(completed.stderr.strip().splitlines()[0] if completed.stderr else "failed")
    return normalize_xjs(json.loads(completed.stdout))


def same_value(a, b):
    if isinstance(a, float) or isinstance(b, float):
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return a == b or (math.isnan(a) and math.isnan(b))
    return a == b


def first_difference(expected, actual, path="$"):
    """The path and values of the first difference, or None."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual)):
            if key not in actual:
                return f"{path}.{key}: missing in xjs (esprima: {short(expected[key])})"
            if key not in expected:
                return f"{path}.{key}: extra in xjs ({short(actual[key])})"
            found = first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return f"{path}: {len(expected)} items in esprima, {len(actual)} in xjs"
        for index, (a, b) in enumerate(zip(expected, actual)):
            found = first_difference(a, b, f"{path}[{index}]")
            if found:
                return found
        return None
    if not same_value(expected, actual):
        return f"{path}: esprima {short(expected)}, xjs {short(actual)}"
    return None


def short(value):
    text = json.dumps(value, default=str)
    return text if len(text) < 120 else text[:117] + "..."


def test262_inputs(root, limit):
    inputs = []
    for directory, _, files in os.walk(os.path.join(root, "test", "language")):
        if "module-code" in directory:
            continue
        for name in sorted(files):
            if name.endswith(".js") and "_FIXTURE" not in name:
                inputs.append(os.path.join(directory, name))
    inputs.sort()
    if limit and len(inputs) > limit:
        step = len(inputs) / limit
        inputs = [inputs[int(i * step)] for i in range(limit)]
    return inputs


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--xjs", default=os.path.join(ROOT, ".build", "release", "xjs"))
    parser.add_argument("--test262")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("files", nargs="*")
    options = parser.parse_args()

    if options.files:
        inputs = options.files
    elif options.test262:
        inputs = test262_inputs(options.test262, options.limit)
    else:
        inputs = sorted(os.path.join(CORPUS, f) for f in os.listdir(CORPUS) if f.endswith(".js"))

    compared = matched = skipped = 0
    failures = []
    for path in inputs:
        with open(path, encoding="utf-8", newline="") as handle:
            source = handle.read()
        if "negative:" in source and "phase: parse" in source:
            skipped += 1
            continue
        if any(path.endswith(bug) for bug in KNOWN_ESPRIMA_BUGS):
            skipped += 1
            continue
        if any(feature in source.split("---*/")[0] for feature in UNSUPPORTED_FEATURES):
            skipped += 1
            continue
        try:
            expected = esprima_tree(source)
        except Exception:  # esprima does not know this syntax (or it is invalid)
            skipped += 1
            continue
        compared += 1
        try:
            actual = xjs_tree(options.xjs, path)
        except ValueError as error:
            failures.append((path, f"xjs rejected it: {error}"))
            continue
        difference = first_difference(expected, actual)
        if difference:
            failures.append((path, difference))
        else:
            matched += 1

    print(f"esprima comparison: {matched}/{compared} files identical"
          f" ({skipped} skipped: esprima cannot parse them, negative tests, known esprima"
          " bugs, unsupported proposals)")
    for path, reason in failures[:50]:
        print(f"DIFF {os.path.relpath(path)}: {reason}")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
