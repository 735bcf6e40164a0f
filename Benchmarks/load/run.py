#!/usr/bin/env python3
"""Code-loading benchmark: parse, compile and run the top level of a large script.

The script is the project's own benchmark programs and micro benchmarks, each declared as a
function that the top level never calls (as most of a large library or bundle is, at load),
repeated until it is several MB (written to Benchmarks/results/tmp/, which git ignores). Each
engine runs it whole, from the command line; its cost is the CPU time (user + system) of that
run minus the CPU time of running an empty script (start-up), median of N, side by side.

An engine that defers compiling a function until its first call (V8, JSC, xjs) does less for
this script than one that compiles everything as it parses (QuickJS): that difference is what
loading a real page's scripts costs, and what the benchmark is for.

usage: Benchmarks/load/run.py [--xjs PATH] [--megabytes 5] [--runs 7]
"""
import argparse
import glob
import os
import resource
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TMP = os.path.join(ROOT, "Benchmarks", "results", "tmp")
QJS_CANDIDATES = [os.environ.get("QJS", ""), shutil.which("qjs") or "", "/work/ext/quickjs/qjs"]


def build_input(megabytes):
    """The programs as uncalled function declarations, repeated to about `megabytes` MB."""
    sources = sorted(glob.glob(os.path.join(ROOT, "Benchmarks", "programs", "*.js")))
    sources += sorted(glob.glob(os.path.join(ROOT, "Benchmarks", "micro", "*.js")))
    texts = [open(path, encoding="utf-8", newline="").read() for path in sources]
    unit_size = sum(len(text.encode("utf-8")) + 40 for text in texts)
    copies = max(1, int(megabytes * 1_000_000 / unit_size + 0.5))
    parts = []
    for copy in range(copies):
        for index, text in enumerate(texts):
            parts.append(f"function program_{copy}_{index}() {{\n{text}\n}}\n")
    parts.append(f'print("declared", {copies * len(texts)});\n')
    os.makedirs(TMP, exist_ok=True)
    path = os.path.join(TMP, "load-input.js")
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write("".join(parts))
    empty = os.path.join(TMP, "load-empty.js")
    with open(empty, "w", encoding="utf-8") as handle:
        handle.write('print("declared", 0);\n')
    return path, empty, os.path.getsize(path), len(texts), copies


def child_cpu_seconds(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def engines(xjs):
    found = [("xjs --jitless", [xjs, "run", "--jitless"]), ("xjs (tiered JIT)", [xjs, "run"])]
    qjs = next((path for path in QJS_CANDIDATES if path and os.path.exists(path)), None)
    if qjs:
        found.append(("QuickJS", [qjs]))
    if shutil.which("node"):
        # node has no print: a one-line prelude defines it (its cost is in the empty run too).
        prelude = os.path.join(TMP, "load-node-prelude.js")
        with open(prelude, "w", encoding="utf-8") as handle:
            handle.write("globalThis.print = (...a) => console.log(...a);\n")
        found.append(("node --jitless (Ignition)", ["node", "--jitless", "--require", prelude]))
    if shutil.which("jsc"):
        found.append(("jsc --useJIT=false (LLInt)", ["jsc", "--useJIT=false"]))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--xjs", default=os.path.join(ROOT, ".build", "release", "xjs"))
    parser.add_argument("--megabytes", type=float, default=5)
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    if not os.path.exists(options.xjs):
        sys.exit(f"load: no xjs at {options.xjs} (swift build -c release --product xjs)")

    path, empty, size, programs, copies = build_input(options.megabytes)
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"Machine: {os.cpu_count()} CPUs, load average {load}")
    print(f"Input: {size / 1e6:.2f} MB ({programs} programs x {copies}, declared, not called)")
    print()
    rows = []
    for name, command in engines(options.xjs):
        costs = []
        for _ in range(options.runs):
            # Interleaved, so a change in the machine's load hits both runs alike.
            baseline = child_cpu_seconds(command + [empty])
            costs.append(child_cpu_seconds(command + [path]) - baseline)
        rows.append((name, statistics.median(costs)))
    print("| engine | load CPU time (median) | MB/s | time vs xjs --jitless |")
    print("|---|---:|---:|---:|")
    base = rows[0][1]
    for name, seconds in rows:
        print(f"| {name} | {seconds * 1000:.1f} ms | {size / 1e6 / seconds:.1f} | {seconds / base:.2f}x |")


if __name__ == "__main__":
    main()
