#!/usr/bin/env python3
"""Checks the xjs front end against test262's syntax expectations.

Every script test under test/language and test/annexB/language must parse,
except those marked `negative: phase: parse`, which must be rejected. Tests run
in sloppy and strict mode as INTERPRETING.md says (flags onlyStrict, noStrict,
raw); module tests (flags: [module]) parse once, with the Module goal. Tests of
proposals the front end does not implement are skipped (see UNSUPPORTED_FEATURES).

usage: test262_parse.py [--xjs PATH] [--test262 DIR] [--show N] [filter…]
  e.g. Scripts/syntax/test262_parse.py --test262 /work/ext/test262 statements/class
"""
import argparse
import os
import re
import subprocess
import sys
from collections import Counter

UNSUPPORTED_FEATURES = {
    "decorators",                   # stage 3 proposal
    "explicit-resource-management", # `using` declarations
    "import-assertions",            # the obsolete `assert {}` form
    "source-phase-imports",
    "source-phase-imports-module-source",
    "import-defer",
    "import-text",
    "import-bytes",
    # Regular-expression pattern features are checked by the XJSRegExp
    # validator that `xjs parse` plugs into ParserOptions.validateRegExp.
}

FRONTMATTER = re.compile(r"/\*---(.*?)---\*/", re.S)


def metadata(text):
    match = FRONTMATTER.search(text)
    block = match.group(1) if match else ""
    flags = set()
    features = set()
    negative_phase = None
    m = re.search(r"^flags:\s*\[(.*?)\]", block, re.M)
    if m:
        flags = {f.strip() for f in m.group(1).split(",") if f.strip()}
    m = re.search(r"^features:\s*\[(.*?)\]", block, re.M)
    if m:
        features = {f.strip() for f in m.group(1).split(",") if f.strip()}
    m = re.search(r"^negative:\s*\n\s+phase:\s*(\w+)", block, re.M)
    if m:
        negative_phase = m.group(1)
    return flags, features, negative_phase


def collect(root, filters):
    cases = []  # (path, strict, should_fail)
    skipped = Counter()
    for base in ("test/language", "test/annexB/language"):
        for directory, _, files in os.walk(os.path.join(root, base)):
            for name in sorted(files):
                if not name.endswith(".js") or "_FIXTURE" in name:
                    continue
                path = os.path.join(directory, name)
                if filters and not any(f in path for f in filters):
                    continue
                with open(path, encoding="utf-8", errors="surrogateescape") as handle:
                    text = handle.read()
                flags, features, phase = metadata(text)
                unsupported = features & UNSUPPORTED_FEATURES
                if unsupported:
                    skipped["feature " + sorted(unsupported)[0]] += 1
                    continue
                should_fail = phase == "parse"
                if "module" in flags:
                    modes = ["module"]
                elif "onlyStrict" in flags:
                    modes = [True]
                elif "noStrict" in flags or "raw" in flags:
                    modes = [False]
                else:
                    modes = [False, True]
                for strict in modes:
                    cases.append((path, strict, should_fail))
    return cases, skipped


def run(xjs, paths, strict):
    results = {}
    batch = 400
    for index in range(0, len(paths), batch):
        chunk = paths[index:index + batch]
        goal = ["--module"] if strict == "module" else (["--strict"] if strict else [])
        command = [xjs, "parse", "--check"] + goal + chunk
        output = subprocess.run(command, capture_output=True, text=True,
                                errors="replace").stdout
        for line in output.splitlines():
            path, _, outcome = line.partition("\t")
            results[path] = outcome
        for path in chunk:
            results.setdefault(path, "CRASH or no output")
    return results


def main():
    parser = argparse.ArgumentParser()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--xjs", default=os.path.join(root, ".build", "release", "xjs"),
                        help="the xjs binary (swift build -c release --product xjs)")
    parser.add_argument("--test262", default="/work/ext/test262")
    parser.add_argument("--show", type=int, default=40)
    parser.add_argument("filters", nargs="*")
    options = parser.parse_args()

    cases, skipped = collect(options.test262, options.filters)
    outcomes = {}
    for strict in (False, True, "module"):
        paths = sorted({p for p, s, _ in cases if s == strict})
        for path, outcome in run(options.xjs, paths, strict).items():
            outcomes[(path, strict)] = outcome

    failures = []
    for path, strict, should_fail in cases:
        outcome = outcomes[(path, strict)]
        parsed = outcome == "ok"
        if outcome.startswith("CRASH"):
            failures.append((path, strict, "crashed"))
        elif should_fail and parsed:
            failures.append((path, strict, "accepted, should be a SyntaxError"))
        elif not should_fail and not parsed:
            failures.append((path, strict, "rejected: " + outcome))

    total = len(cases)
    print(f"test262 parse check: {total - len(failures)}/{total} passed "
          f"({len(failures)} failed); skipped: "
          + ", ".join(f"{k} {v}" for k, v in skipped.most_common()))
    by_directory = Counter(os.path.dirname(p).split("/test/", 1)[-1] for p, _, _ in failures)
    for directory, count in by_directory.most_common(25):
        print(f"  {count:5d}  {directory}")
    for path, strict, reason in failures[:options.show]:
        mode = "strict" if strict else "sloppy"
        print(f"FAIL [{mode}] {path.split('/test/', 1)[-1]}: {reason}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
