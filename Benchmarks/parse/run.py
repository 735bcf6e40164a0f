#!/usr/bin/env python3
"""Parse-speed benchmark: `xjs parse` against node's parser and esprima.

Builds xjs in release mode (unless --xjs is given), assembles a large input from
the project's own benchmark programs (each wrapped in a function, the whole
repeated until it is several MB; written to Benchmarks/results/tmp/, which git
ignores), and reports the best CPU time of each parser on it.

CPU time, not wall time: the machine is usually shared, and wall time then
measures the other jobs as much as the parser.

  * xjs: `xjs parse --quiet --time --repeat N` reports the CPU time of
    parseScript alone (reading and decoding the file are excluded).
  * node: `node --check file` (V8 parses the whole script; note that V8
    pre-parses inner function bodies without building their AST, so it does
    less work than a full parse). Its CPU time (user + sys of the child) minus
    that of `node --check` on an empty file, best of N.
  * esprima (Python, PyPI; ES2017 only) cannot read the programs above, so it is
    measured with xjs on a second, smaller input: the esprima comparison corpus
    (Scripts/syntax/corpus) wrapped and repeated.

usage: Benchmarks/parse/run.py [--xjs PATH] [--megabytes 5] [--repeat 7]
"""
import argparse
import glob
import os
import re
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TMP = os.path.join(ROOT, "Benchmarks", "results", "tmp")


def wrapped_repeated(sources, megabytes, name):
    """Each source wrapped in a function (so declarations do not clash), the
    whole repeated to about `megabytes` MB; returns (path, bytes, copies)."""
    unit = "".join(f"(function () {{\n{open(path, encoding='utf-8', newline='').read()}\n}})();\n"
                   for path in sources)
    copies = max(1, int(megabytes * 1_000_000 / len(unit.encode("utf-8")) + 0.5))
    text = unit * copies
    os.makedirs(TMP, exist_ok=True)
    path = os.path.join(TMP, name)
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    return path, len(text.encode("utf-8")), copies


def build_input(megabytes):
    sources = sorted(glob.glob(os.path.join(ROOT, "Benchmarks", "programs", "*.js")))
    sources += sorted(glob.glob(os.path.join(ROOT, "Benchmarks", "micro", "*.js")))
    path, size, copies = wrapped_repeated(sources, megabytes, "parse-input.js")
    return path, size, len(sources), copies


def build_es2017_input(megabytes):
    sources = sorted(glob.glob(os.path.join(ROOT, "Scripts", "syntax", "corpus", "*.js")))
    path, size, copies = wrapped_repeated(sources, megabytes, "parse-input-es2017.js")
    return path, size, len(sources), copies


def build_xjs():
    scratch = os.path.join(ROOT, ".build-parse-bench")
    subprocess.run(["swift", "build", "-c", "release", "--product", "xjs",
                    "--scratch-path", scratch], cwd=ROOT, check=True)
    return os.path.join(scratch, "release", "xjs")


def xjs_seconds(xjs, path, repeat):
    completed = subprocess.run([xjs, "parse", "--quiet", "--time", "--repeat", str(repeat), path],
                               capture_output=True, text=True, check=True)
    match = re.search(r"CPU time best ([0-9.]+) ms", completed.stderr)
    if not match:
        raise RuntimeError("unexpected --time output: " + completed.stderr)
    return float(match.group(1)) / 1000


def child_cpu_seconds(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def node_seconds(path, repeat):
    empty = os.path.join(TMP, "empty.js")
    open(empty, "w").close()
    startup = min(child_cpu_seconds(["node", "--check", empty]) for _ in range(repeat))
    total = min(child_cpu_seconds(["node", "--check", path]) for _ in range(repeat))
    return total - startup


def esprima_seconds(path):
    import esprima
    with open(path, encoding="utf-8", newline="") as handle:
        text = handle.read()
    started = time.process_time()
    esprima.parseScript(text)
    return time.process_time() - started


def table(title, size, rows):
    print(title)
    print()
    print("| parser | best CPU time | MB/s | time vs xjs |")
    print("|---|---:|---:|---:|")
    base = rows[0][1]
    for name, seconds in rows:
        print(f"| {name} | {seconds * 1000:.1f} ms | {size / 1e6 / seconds:.1f} | "
              f"{seconds / base:.2f}x |")
    print()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--xjs", help="an xjs binary (default: build one in release mode)")
    parser.add_argument("--megabytes", type=float, default=5)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--no-esprima", action="store_true")
    options = parser.parse_args()

    xjs = options.xjs or build_xjs()
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"Machine: {os.cpu_count()} CPUs, load average {load}")
    print()

    path, size, programs, copies = build_input(options.megabytes)
    rows = [("xjs parse", xjs_seconds(xjs, path, options.repeat))]
    try:
        rows.append(("node --check (V8, pre-parses inner functions)",
                     node_seconds(path, options.repeat)))
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"node: skipped ({error})", file=sys.stderr)
    table(f"Benchmark programs: {size / 1e6:.2f} MB ({programs} files x {copies})", size, rows)

    if options.no_esprima:
        return
    try:
        import esprima  # noqa: F401
    except ImportError:
        print("esprima: skipped (pip install esprima)", file=sys.stderr)
        return
    path, size, files, copies = build_es2017_input(options.megabytes / 10)
    rows = [("xjs parse", xjs_seconds(xjs, path, options.repeat)),
            ("esprima 4.0.1 (Python)", esprima_seconds(path))]
    table(f"ES2017 corpus (Scripts/syntax/corpus): {size / 1e6:.2f} MB ({files} files x {copies})",
          size, rows)


if __name__ == "__main__":
    main()
