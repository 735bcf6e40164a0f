#!/usr/bin/env python3
"""Benchmark harness: runs the suite in every xjs mode and every peer engine it finds.

Each program runs N times per engine, engines interleaved run by run. A run counts only if
the engine exits 0 and prints the program's `OK <name> <checksum>` line (the programs check
their own answers and throw otherwise). Results go to Benchmarks/results/ as Markdown,
JSON and an SVG chart, timestamped plus latest.*. Python standard library only.

    python3 Benchmarks/run.py                      # everything found, 5 runs each
    python3 Benchmarks/run.py --quick              # small sizes, 3 runs: a smoke test
    python3 Benchmarks/run.py --engines qjs,xjs-jitless --programs richards,nbody --runs 10
    python3 Benchmarks/run.py --list               # what would run, and what is missing
"""

import argparse
import json
import math
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO_DIR = BENCH_DIR.parent
RESULTS_DIR = BENCH_DIR / "results"
SCRATCH_DIR = RESULTS_DIR / "tmp"  # ignored by git
SUITES = {"programs": BENCH_DIR / "programs", "micro": BENCH_DIR / "micro", "regex": BENCH_DIR / "regex"}

# xjs modes: name -> (arguments before the script, run by default). Add a row per new mode;
# a mode not yet implemented stays off by default and can still be asked for by name.
XJS_MODES = {
    "xjs-jitless": (["run", "--jitless"], True),
    "xjs-jit": (["run", "--jit"], True),
    "xjs-arm64sim": (["run", "--jit-target=arm64-sim"], False),
}
DEFAULT_XJS = REPO_DIR / ".build" / "release" / "xjs"

QJS_CANDIDATES = ["qjs", "/work/ext/quickjs/qjs"]


@dataclass
class Peer:
    """A peer engine configuration: where to find it, its flags, how to learn its version."""

    name: str
    candidates: list  # executables to try in order (names on PATH or absolute paths)
    flags: list = field(default_factory=list)
    version_command: list = None  # run as [binary, *version_command]; first line kept
    version_package: str = None  # else the Debian package version


PEERS = [
    Peer("node", ["node"], [], version_command=["--version"]),
    Peer("node-jitless", ["node"], ["--jitless"], version_command=["--version"]),
    Peer("node-sparkplug", ["node"], ["--no-opt", "--no-maglev", "--sparkplug", "--always-sparkplug"],
         version_command=["--version"]),
    Peer("jsc", ["jsc"], [], version_package="libjavascriptcoregtk-4.0-bin"),
    Peer("jsc-nojit", ["jsc"], ["--useJIT=false"], version_package="libjavascriptcoregtk-4.0-bin"),
    Peer("jsc-nodfg", ["jsc"], ["--useDFGJIT=false"], version_package="libjavascriptcoregtk-4.0-bin"),
    Peer("js102", ["js102"], [], version_command=["--version"]),
    Peer("qjs", QJS_CANDIDATES, []),
    Peer("duk", ["duk"], [], version_package="duktape"),
    Peer("mujs", ["mujs"], [], version_package="mujs"),
]

# Issue 7's targets for interpreter-only xjs (later issues add JIT targets).
TARGET_GEOMEAN_VS_QJS = 1.0  # geometric-mean time at or below QuickJS's
TARGET_STARTUP_MS = 10.0  # print("hi") under 10 ms
TARGET_STARTUP_RSS_MB = 8.0  # and under 8 MB peak RSS

STARTUP_SOURCE = 'var log = typeof print === "function" ? print : console.log;\nlog("hi");\n'
SIZE_LINE = re.compile(r"^const SIZE = (\d+); // quick: (\d+)", re.MULTILINE)


@dataclass
class Engine:
    name: str
    command: list  # full command without the script path; empty when missing
    version: str
    missing_reason: str = ""  # non-empty when the engine cannot run here
    is_xjs: bool = False


@dataclass
class Run:
    ok: bool
    wall: float  # seconds
    cpu: float  # user + system seconds
    rss_kb: int  # peak resident set size
    reason: str = ""  # why it failed


# ---------------------------------------------------------------- engine discovery


def resolve_executable(candidate):
    if os.sep in candidate:
        return candidate if os.access(candidate, os.X_OK) else None
    return shutil.which(candidate)


def first_line_of(command):
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    lines = (done.stdout + done.stderr).strip().splitlines()
    return lines[0].strip() if lines else ""


def debian_package_version(package):
    try:
        done = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package],
                              capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return f"{package} {done.stdout.strip()}" if done.returncode == 0 else ""


def quickjs_version(binary):
    # `qjs -h` prints "QuickJS version 2025-09-13"; add the commit when built from a clone.
    version = first_line_of([binary, "-h"])
    source_dir = Path(os.path.realpath(binary)).parent
    if (source_dir / ".git").exists():
        commit = first_line_of(["git", "-C", str(source_dir), "rev-parse", "--short=12", "HEAD"])
        if commit:
            version += f" (git {commit})"
    return version


def discover_peer(peer):
    candidates = list(peer.candidates)
    if peer.name == "qjs" and os.environ.get("QJS"):
        candidates.insert(0, os.environ["QJS"])
    for candidate in candidates:
        binary = resolve_executable(candidate)
        if binary is None:
            continue
        if peer.name == "qjs":
            version = quickjs_version(binary)
        elif peer.version_command is not None:
            version = first_line_of([binary, *peer.version_command])
        else:
            version = debian_package_version(peer.version_package)
        return Engine(peer.name, [binary, *peer.flags], version or "unknown")
    return Engine(peer.name, [], "", missing_reason=f"not installed (looked for {', '.join(candidates)})")


def discover_xjs(mode, binary):
    arguments, _ = XJS_MODES[mode]
    if not os.access(binary, os.X_OK):
        return Engine(mode, [], "", missing_reason=f"missing: no executable at {binary}", is_xjs=True)
    commit = first_line_of(["git", "-C", str(REPO_DIR), "rev-parse", "--short=12", "HEAD"])
    return Engine(mode, [str(binary), *arguments], f"xjs at git {commit}", is_xjs=True)


def discover_engines(xjs_binary):
    """Every known engine, xjs modes first, whether or not it is installed."""
    return [discover_xjs(mode, xjs_binary) for mode in XJS_MODES] + [discover_peer(peer) for peer in PEERS]


def select_engines(engines, requested):
    """The engines named in `requested`, or every peer plus the default xjs modes."""
    if requested:
        known = [engine.name for engine in engines]
        unknown = [name for name in requested if name not in known]
        if unknown:
            sys.exit(f"run.py: unknown engine(s) {', '.join(unknown)}; known: {', '.join(known)}")
        return [engine for engine in engines if engine.name in requested]
    return [engine for engine in engines if not engine.is_xjs or XJS_MODES[engine.name][1]]


# ---------------------------------------------------------------- programs


def select_programs(suite, requested):
    directory = SUITES[suite]
    found = sorted(path.stem for path in directory.glob("*.js"))
    if not found:
        sys.exit(f"run.py: no programs in {directory}")
    if not requested:
        return [directory / f"{name}.js" for name in found]
    unknown = [name for name in requested if name not in found]
    if unknown:
        sys.exit(f"run.py: unknown program(s) {', '.join(unknown)}; known: {', '.join(found)}")
    return [directory / f"{name}.js" for name in requested]


def quick_copy(program, directory):
    """A copy of `program` with its SIZE replaced by the value its `// quick:` comment names."""
    source = program.read_text()
    match = SIZE_LINE.search(source)
    if match is None:
        return program
    quick = source[: match.start(1)] + match.group(2) + source[match.end(1):]
    copy = directory / program.name
    copy.write_text(quick)
    return copy


# ---------------------------------------------------------------- measuring


def describe_status(status):
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            return f"killed by {signal.Signals(number).name}"
        except ValueError:
            return f"killed by signal {number}"
    return f"exit {os.WEXITSTATUS(status)}"


def first_error_line(text):
    for line in text.splitlines():
        if "Error" in line or "error" in line or "Exception" in line:
            return line.strip()[:160]
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[0][:160] if lines else ""


MEASURE_SOURCE = BENCH_DIR / "tools" / "measure.c"
MEASURE_BINARY = SCRATCH_DIR / "measure"


def build_measure_helper():
    """Compiles tools/measure.c (see there why) unless a fresh build exists; None if no compiler."""
    if MEASURE_BINARY.exists() and MEASURE_BINARY.stat().st_mtime >= MEASURE_SOURCE.stat().st_mtime:
        return MEASURE_BINARY
    SCRATCH_DIR.mkdir(parents=True, exist_ok=True)
    for compiler in ("cc", "gcc", "clang"):
        if shutil.which(compiler) is None:
            continue
        done = subprocess.run([compiler, "-O2", "-o", str(MEASURE_BINARY), str(MEASURE_SOURCE)],
                              capture_output=True, text=True)
        if done.returncode == 0:
            return MEASURE_BINARY
    return None


def spawn_and_wait(command, script, out, err, timeout, helper):
    """Runs the command; returns (wait status, wall, cpu, rss_kb, timed_out) or an error string."""
    result_file = None
    if helper is not None:
        descriptor, result_file = tempfile.mkstemp(dir=SCRATCH_DIR, suffix=".measure")
        os.close(descriptor)
        command = [str(helper), result_file, *command]
    started = time.perf_counter()
    try:
        process = subprocess.Popen([*command, str(script)], stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                   cwd=script.parent, start_new_session=True)
    except OSError as error:
        return f"could not start: {error}"
    timed_out = threading.Event()

    def kill_on_timeout():
        timed_out.set()
        try:
            os.killpg(process.pid, signal.SIGKILL)  # the helper and the engine share the group
        except ProcessLookupError:
            pass

    timer = threading.Timer(timeout, kill_on_timeout)
    timer.start()
    try:
        _, status, usage = os.wait4(process.pid, 0)
    except KeyboardInterrupt:
        # The engine runs in its own session, so Ctrl-C does not reach it: stop it here.
        os.killpg(process.pid, signal.SIGKILL)
        os.wait4(process.pid, 0)
        raise
    finally:
        timer.cancel()
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)  # already reaped
    cpu, rss_kb = usage.ru_utime + usage.ru_stime, usage.ru_maxrss
    if result_file is not None:
        fields = Path(result_file).read_text().split()
        os.unlink(result_file)
        if len(fields) == 5 and not timed_out.is_set():
            status, wall = int(fields[0]), float(fields[1])
            cpu, rss_kb = float(fields[2]) + float(fields[3]), int(fields[4])
        elif not timed_out.is_set():
            return f"measure helper failed ({describe_status(status)})"
    return status, wall, cpu, rss_kb, timed_out.is_set()


def run_once(command, script, expected_line, timeout, helper):
    """Runs the script once and checks for the expected output line."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        outcome = spawn_and_wait(command, script, out, err, timeout, helper)
        if isinstance(outcome, str):
            return Run(False, 0.0, 0.0, 0, outcome)
        status, wall, cpu, rss_kb, timed_out = outcome
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    if timed_out:
        return Run(False, wall, cpu, rss_kb, f"timeout after {timeout:g} s")
    if status != 0:
        detail = first_error_line(stderr) or first_error_line(stdout)
        reason = f"{describe_status(status)}: {detail}" if detail else describe_status(status)
        return Run(False, wall, cpu, rss_kb, reason)
    if not any(line.startswith(expected_line) for line in stdout.splitlines()):
        detail = first_error_line(stdout + stderr)
        return Run(False, wall, cpu, rss_kb, f"no '{expected_line}' line" + (f": {detail}" if detail else ""))
    return Run(True, wall, cpu, rss_kb)


def summarize_runs(runs):
    good = [run for run in runs if run.ok]
    summary = {
        "runs": [vars(run) for run in runs],
        "ok": bool(runs) and len(good) == len(runs),
    }
    if not summary["ok"]:
        failed = next(run for run in runs if not run.ok)
        summary["reason"] = failed.reason
        summary["timeout"] = failed.reason.startswith("timeout")
        return summary
    walls = [run.wall for run in good]
    summary.update(
        median=statistics.median(walls),
        min=min(walls),
        max=max(walls),
        cpu_median=statistics.median(run.cpu for run in good),
        rss_kb_median=statistics.median(run.rss_kb for run in good),
        rss_kb_max=max(run.rss_kb for run in good),
    )
    return summary


def measure(tasks, engines, runs, timeout, helper, progress):
    """tasks: [(label, script, expected_line)]. Returns {label: {engine: summary}}.

    For each task the engines take turns run by run, each round starting one engine later,
    so no engine always runs first or right after another one's heavy run. An engine that
    fails once is not run again on that task.
    """
    results = {}
    for index, (label, script, expected_line) in enumerate(tasks, 1):
        collected = {engine.name: [] for engine in engines}
        for round_number in range(runs):
            shift = round_number % len(engines)
            order = engines[shift:] + engines[:shift]
            notes = []
            for engine in order:
                history = collected[engine.name]
                if history and not history[-1].ok:
                    continue
                run = run_once(engine.command, script, expected_line, timeout, helper)
                history.append(run)
                notes.append(f"{engine.name} {run.wall:.3f}s" if run.ok else f"{engine.name} FAILED")
            progress(f"[{index}/{len(tasks)}] {label} run {round_number + 1}/{runs}: {', '.join(notes)}")
        results[label] = {name: summarize_runs(history) for name, history in collected.items()}
    return results


# ---------------------------------------------------------------- ratios


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


METRIC_KEYS = {"wall": "median", "cpu": "cpu_median"}


def ratio_series(numerator, denominator, results, programs, metric):
    """numerator's median time / denominator's per program, and the geometric mean over
    the programs both completed."""
    key = METRIC_KEYS[metric]
    per_program = {}
    for program in programs:
        a = results[program].get(numerator)
        b = results[program].get(denominator)
        if a and b and a["ok"] and b["ok"] and b[key] > 0:
            per_program[program] = a[key] / b[key]
    return {"per_program": per_program, "geomean": geometric_mean(list(per_program.values())),
            "programs_compared": len(per_program)}


def ratio_panels(xjs_modes, peers, results, programs, metric):
    """One panel per xjs mode (its time over each peer's). Without xjs, one panel of each
    peer's time over QuickJS's: the bar xjs's interpreter has to clear first."""
    panels = []
    for mode in xjs_modes:
        panels.append({
            "title": f"{mode} {metric} time ÷ peer {metric} time (below 1: {mode} is faster)",
            "series": {f"vs {peer}": ratio_series(mode, peer, results, programs, metric) for peer in peers},
        })
    if not xjs_modes and "qjs" in peers:
        panels.append({
            "title": f"engine {metric} time ÷ qjs {metric} time (below 1: faster than QuickJS)",
            "series": {peer: ratio_series(peer, "qjs", results, programs, metric) for peer in peers if peer != "qjs"},
        })
    return panels


def check_targets(xjs_modes, ratios, startup):
    """Issue 7's targets, per xjs mode: (target, measured, verdict) rows."""
    checks = {}
    for mode, panel in zip(xjs_modes, ratios):
        rows = []
        versus_qjs = panel["series"].get("vs qjs")
        geomean = versus_qjs["geomean"] if versus_qjs else None
        rows.append((f"geometric-mean time ÷ qjs ≤ {TARGET_GEOMEAN_VS_QJS:g}",
                     f"{geomean:.2f} over {versus_qjs['programs_compared']} programs" if geomean else "not measured",
                     None if geomean is None else geomean <= TARGET_GEOMEAN_VS_QJS))
        hello = (startup or {}).get(mode)
        if hello and hello["ok"]:
            milliseconds = hello["median"] * 1000
            megabytes = hello["rss_kb_median"] / 1024
            rows.append((f"print(\"hi\") under {TARGET_STARTUP_MS:g} ms", f"{milliseconds:.1f} ms",
                         milliseconds < TARGET_STARTUP_MS))
            rows.append((f"print(\"hi\") peak RSS under {TARGET_STARTUP_RSS_MB:g} MB", f"{megabytes:.1f} MB",
                         megabytes < TARGET_STARTUP_RSS_MB))
        else:
            reason = hello["reason"] if hello else "not measured"
            target = f"print(\"hi\") under {TARGET_STARTUP_MS:g} ms and {TARGET_STARTUP_RSS_MB:g} MB"
            rows.append((target, reason, None))
        checks[mode] = [{"target": t, "measured": m, "met": v} for t, m, v in rows]
    return checks


# ---------------------------------------------------------------- machine


def machine_description():
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1048576:.1f} GB"
                break
    except OSError:
        pass
    load = ""
    try:
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "kernel": platform.release(), "memory": memory,
            "load_average_at_start": load, "python": platform.python_version()}


# ---------------------------------------------------------------- output


def format_seconds(summary):
    if summary is None:
        return "—"
    if not summary["ok"]:
        if summary.get("timeout"):
            return "TIMEOUT"
        return "CRASH" if summary["reason"].startswith("killed by") else "FAIL"
    return f"{summary['median']:.3f} ({summary['min']:.3f}–{summary['max']:.3f})"


def format_megabytes(kilobytes):
    return f"{kilobytes / 1024:.1f}"


def program_tables(names, programs, results):
    """Wall time, CPU time and peak RSS: one row per program, one column per engine."""
    lines = ["", "## Wall time, seconds: median (min–max)", "",
              "| program | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for program in programs:
        cells = [format_seconds(results[program].get(name)) for name in names]
        lines.append(f"| {program} | " + " | ".join(cells) + " |")
    lines += ["", "## CPU time (user + system), seconds: median", "",
              "| program | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for program in programs:
        cells = []
        for name in names:
            summary = results[program].get(name)
            cells.append(f"{summary['cpu_median']:.3f}" if summary and summary["ok"] else "—")
        lines.append(f"| {program} | " + " | ".join(cells) + " |")
    lines += ["", "## Peak RSS, MB (median of runs)", "",
              "| program | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for program in programs:
        cells = []
        for name in names:
            summary = results[program].get(name)
            cells.append(format_megabytes(summary["rss_kb_median"]) if summary and summary["ok"] else "—")
        lines.append(f"| {program} | " + " | ".join(cells) + " |")
    return lines


def markdown_report(report):
    engines = [e for e in report["engines"] if e["ran"]]
    names = [e["name"] for e in engines]
    programs = report["programs"]
    results = report["results"]
    m = report["machine"]
    lines = [
        f"# xjs benchmark results — {report['started']}",
        "",
        f"Machine: {m['cpu']}, {m['cores']} cores, {m['memory']} RAM, Linux {m['kernel']}; "
        f"load average {m['load_average_at_start']} at start, {m.get('load_average_at_end', '?')} at end.",
        f"Suite `{report['suite']}`{' (quick sizes)' if report['quick'] else ''}, {report['runs']} runs per "
        f"engine and program, engines interleaved run by run; timeout {report['timeout']:g} s. "
        f"Command: `{report['command']}`",
        "",
        "## Engines",
        "",
        "| engine | command | version / status |",
        "|---|---|---|",
    ]
    for e in report["engines"]:
        status = e["version"] if not e["missing_reason"] else e["missing_reason"]
        if e["missing_reason"] == "" and not e["ran"]:
            status += " (not selected)"
        lines.append(f"| {e['name']} | `{' '.join(e['command'])}` | {status} |")
    if programs:
        lines += program_tables(names, programs, results)
    if report.get("startup"):
        lines += ["", f"## Start-up: `print(\"hi\")`, {report['startup_runs']} runs", "",
                  "| engine | median ms | min–max ms | CPU ms (median) | peak RSS MB (median) |",
                  "|---|---|---|---|---|"]
        for name in names:
            s = report["startup"].get(name)
            if s is None:
                continue
            if s["ok"]:
                lines.append(f"| {name} | {s['median'] * 1000:.1f} | {s['min'] * 1000:.1f}–{s['max'] * 1000:.1f} | "
                             f"{s['cpu_median'] * 1000:.1f} | {format_megabytes(s['rss_kb_median'])} |")
            else:
                lines.append(f"| {name} | FAIL | {s['reason']} | — | — |")
    failures = []
    for name in names:
        failed = [(program, results[program][name]["reason"]) for program in programs
                  if name in results[program] and not results[program][name]["ok"]]
        if len(failed) == len(programs) > 1:
            # An engine that fails everything (an ES5-only engine, a missing feature) gets one row.
            failures.append((f"all {len(programs)}", name, f"first: {failed[0][1]}"))
        else:
            failures += [(program, name, reason) for program, reason in failed]
    if failures:
        lines += ["", "## Failures", "", "| program | engine | reason |", "|---|---|---|"]
        lines += [f"| {p} | {n} | {r.replace('|', '/')} |" for p, n, r in failures]
    if report.get("targets"):
        lines += ["", "## Targets (issue 7, interpreter-only)", "", "| mode | target | measured | met |",
                  "|---|---|---|---|"]
        verdicts = {True: "yes", False: "**no**", None: "unknown"}
        for mode, rows in report["targets"].items():
            lines += [f"| {mode} | {r['target']} | {r['measured']} | {verdicts[r['met']]} |" for r in rows]
    if not programs:
        return "\n".join(lines) + "\n"
    lines += ["", "## Ratios", ""]
    missing_xjs = [e for e in report["engines"] if e["is_xjs"] and e["missing_reason"] and e["selected"]]
    for e in missing_xjs:
        lines.append(f"- **{e['name']}**: {e['missing_reason']} — not run, no ratios.")
    for panel in report["ratios"]:
        series = panel["series"]
        labels = list(series)
        lines += ["", f"### {panel['title']}", "",
                  "| program | " + " | ".join(labels) + " |", "|---|" + "---|" * len(labels)]
        for program in programs:
            cells = [f"{series[l]['per_program'][program]:.2f}" if program in series[l]["per_program"] else "—"
                     for l in labels]
            lines.append(f"| {program} | " + " | ".join(cells) + " |")
        cells = [f"**{series[l]['geomean']:.2f}** ({series[l]['programs_compared']})" if series[l]["geomean"] else "—"
                 for l in labels]
        lines.append("| geometric mean (programs compared) | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac", "#1b9e77", "#d95f02"]


def escape_xml(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def svg_chart(report):
    """Grouped horizontal bars on a log scale, one panel per entry of report['ratios']."""
    panels = []
    width = 900
    label_width = 150
    plot_width = width - label_width - 40
    y = 10
    for panel in report["ratios"]:
        table = panel["series"]
        peers = [p for p in table if table[p]["per_program"]]
        if not peers:
            continue
        rows = [(program, {p: table[p]["per_program"].get(program) for p in peers}) for program in report["programs"]]
        rows.append(("geometric mean", {p: table[p]["geomean"] for p in peers}))
        values = [v for _, row in rows for v in row.values() if v]
        low = min(0.5, min(values)) / 1.2
        high = max(2.0, max(values)) * 1.2
        span = math.log(high) - math.log(low)

        def x_of(value):
            return label_width + (math.log(value) - math.log(low)) / span * plot_width

        bar = 7
        group = bar * len(peers) + 8
        height = 60 + group * len(rows) + 20 + 16 * ((len(peers) + 3) // 4)
        parts = [f'<g transform="translate(0,{y})">',
                 f'<text x="{width / 2}" y="18" text-anchor="middle" font-size="15" font-weight="bold">'
                 f'{escape_xml(panel["title"])}, log scale</text>']
        top = 40
        bottom = top + group * len(rows)
        tick = 10 ** math.floor(math.log10(low))
        while tick <= high:
            for multiple in (1, 2, 5):
                value = tick * multiple
                if low <= value <= high:
                    x = x_of(value)
                    stroke = "#333" if value == 1 else "#ddd"
                    parts.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{bottom}" stroke="{stroke}"/>')
                    parts.append(f'<text x="{x:.1f}" y="{bottom + 14}" text-anchor="middle" '
                                 f'font-size="10">{value:g}</text>')
            tick *= 10
        for row_index, (label, row) in enumerate(rows):
            row_top = top + row_index * group
            weight = "bold" if label == "geometric mean" else "normal"
            parts.append(f'<text x="{label_width - 8}" y="{row_top + group / 2 + 3:.1f}" text-anchor="end" '
                         f'font-size="11" font-weight="{weight}">{escape_xml(label)}</text>')
            for peer_index, peer in enumerate(peers):
                value = row[peer]
                if not value:
                    continue
                x1, x2 = sorted((x_of(1), x_of(value)))
                bar_y = row_top + 4 + peer_index * bar
                parts.append(f'<rect x="{x1:.1f}" y="{bar_y}" width="{max(x2 - x1, 1):.1f}" height="{bar - 1}" '
                             f'fill="{PALETTE[peer_index % len(PALETTE)]}"><title>{escape_xml(label)}, '
                             f'{escape_xml(peer)}: {value:.2f}</title></rect>')
                if label == "geometric mean":
                    anchor, text_x = ("end", x1 - 3) if value < 1 else ("start", x2 + 3)
                    parts.append(f'<text x="{text_x:.1f}" y="{bar_y + bar - 1}" text-anchor="{anchor}" '
                                 f'font-size="8">{value:.2f}</text>')
        legend_y = bottom + 32
        for peer_index, peer in enumerate(peers):
            lx = label_width + (peer_index % 4) * 170
            ly = legend_y + (peer_index // 4) * 16
            color = PALETTE[peer_index % len(PALETTE)]
            parts.append(f'<rect x="{lx}" y="{ly - 9}" width="10" height="10" fill="{color}"/>')
            parts.append(f'<text x="{lx + 14}" y="{ly}" font-size="11">{escape_xml(peer)}</text>')
        parts.append("</g>")
        panels.append("\n".join(parts))
        y += height + 20
    if not panels:
        panels.append(f'<text x="{width / 2}" y="30" text-anchor="middle" font-size="14">no ratios to draw</text>')
        y = 50
    machine = report["machine"]
    footer = (f'<text x="10" y="{y + 4}" font-size="10" fill="#555">{escape_xml(report["started"])} — '
              f'{escape_xml(machine["cpu"])}, {machine["cores"]} cores, Linux {escape_xml(machine["kernel"])}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y + 14}" '
            f'font-family="sans-serif">\n<rect width="100%" height="100%" fill="white"/>\n'
            + "\n".join(panels) + "\n" + footer + "\n</svg>\n")


def write_outputs(report, suffix):
    RESULTS_DIR.mkdir(exist_ok=True)
    stamp = report["started"].replace(":", "").replace("-", "")
    base = f"{stamp}{suffix}"
    written = []
    for extension, text in (("md", markdown_report(report)), ("json", json.dumps(report, indent=1) + "\n"),
                            ("svg", svg_chart(report))):
        for name in (f"{base}.{extension}", f"latest{suffix}.{extension}"):
            (RESULTS_DIR / name).write_text(text)
            written.append(RESULTS_DIR / name)
    return written


# ---------------------------------------------------------------- main


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engines", help="comma-separated engine names (default: every peer found plus the "
                        "default xjs modes: " + ", ".join(m for m, (_, on) in XJS_MODES.items() if on) + ")")
    parser.add_argument("--programs", help="comma-separated program names (default: all in the suite)")
    parser.add_argument("--runs", type=int, help="runs per engine and program (default 5; 3 with --quick)")
    parser.add_argument("--quick", action="store_true", help="use each program's quick size (about 0.1 s in QuickJS)")
    parser.add_argument("--suite", choices=sorted(SUITES), default="programs",
                        help="programs (the headline suite), micro (microbenchmarks) or regex "
                             "(regular expressions as page scripts use them)")
    parser.add_argument("--startup-only", action="store_true", help="measure only print(\"hi\"), no programs")
    parser.add_argument("--startup-runs", type=int, help="runs of print(\"hi\") (default 20; 5 with --quick; 0 skips)")
    parser.add_argument("--metric", choices=sorted(METRIC_KEYS), default="wall",
                        help="time the ratios compare: wall (default) or cpu (user + system, "
                        "steadier on a busy machine)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds before a run is killed (default 120)")
    parser.add_argument("--xjs", default=os.environ.get("XJS", str(DEFAULT_XJS)),
                        help="the xjs executable (default: $XJS or .build/release/xjs)")
    parser.add_argument("--list", action="store_true", help="list engines and programs, then exit")
    parser.add_argument("--no-save", action="store_true", help="print the Markdown report but write no files")
    parser.add_argument("--render", metavar="JSON",
                        help="re-render a saved report: rewrite its .md and .svg siblings from the JSON, run nothing")
    return parser.parse_args()


def split_names(value):
    return [name.strip() for name in value.split(",") if name.strip()] if value else []


def render_saved(path):
    """Rewrites the Markdown and SVG of a saved JSON report (after a change to the renderers)."""
    source = Path(path)
    report = json.loads(source.read_text())
    source.with_suffix(".md").write_text(markdown_report(report))
    source.with_suffix(".svg").write_text(svg_chart(report))
    print(markdown_report(report))
    return 0


def main():
    args = parse_arguments()
    if args.render:
        return render_saved(args.render)
    runs = args.runs if args.runs is not None else (3 if args.quick else 5)
    startup_runs = args.startup_runs if args.startup_runs is not None else (5 if args.quick else 20)
    if runs < 1:
        sys.exit("run.py: --runs must be at least 1")
    requested = split_names(args.engines)
    all_engines = discover_engines(Path(args.xjs))
    selected = select_engines(all_engines, requested)
    programs = [] if args.startup_only else select_programs(args.suite, split_names(args.programs))
    if args.list:
        for engine in selected:
            where = " ".join(engine.command) if engine.command else engine.missing_reason
            print(f"{engine.name:16} {where}  {engine.version}")
        print("programs:", ", ".join(p.stem for p in programs))
        return 0
    runnable = [engine for engine in selected if not engine.missing_reason]
    for engine in selected:
        if engine.missing_reason:
            print(f"note: {engine.name}: {engine.missing_reason}", file=sys.stderr)
    if not runnable:
        sys.exit("run.py: none of the selected engines is available")

    started = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    machine = machine_description()
    SCRATCH_DIR.mkdir(parents=True, exist_ok=True)
    work_dir = Path(tempfile.mkdtemp(prefix="run-", dir=SCRATCH_DIR))
    scripts = [quick_copy(p, work_dir) if args.quick else p for p in programs]

    def progress(message):
        print(message, file=sys.stderr, flush=True)

    helper = build_measure_helper()
    if helper is None:
        progress("note: no C compiler for tools/measure.c; peak RSS will include the harness's own ~18 MB")
    progress(f"{len(programs)} programs x {len(runnable)} engines x {runs} runs")
    tasks = [(p.stem, s, f"OK {p.stem}") for p, s in zip(programs, scripts)]
    results = measure(tasks, runnable, runs, args.timeout, helper, progress)

    startup = None
    if args.startup_only and startup_runs < 1:
        sys.exit("run.py: --startup-only needs --startup-runs of at least 1")
    if startup_runs > 0:
        hello = work_dir / "hello.js"
        hello.write_text(STARTUP_SOURCE)
        startup = measure([("startup", hello, "hi")], runnable, startup_runs, args.timeout, helper,
                          lambda message: None)["startup"]
        progress("startup: " + ", ".join(
            f"{name} {s['median'] * 1000:.1f}ms" if s["ok"] else f"{name} FAILED" for name, s in startup.items()))
    shutil.rmtree(work_dir, ignore_errors=True)
    machine["load_average_at_end"] = machine_description()["load_average_at_start"]

    names = [p.stem for p in programs]
    ran = {engine.name for engine in runnable}
    selected_names = {engine.name for engine in selected}
    peers = [e.name for e in runnable if not e.is_xjs]
    subjects = [e.name for e in runnable if e.is_xjs]
    ratios = ratio_panels(subjects, peers, results, names, args.metric)

    report = {
        "started": started,
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]) if len(sys.argv) > 1 else Path(sys.argv[0]).name,
        "suite": args.suite,
        "quick": args.quick,
        "runs": runs,
        "startup_runs": startup_runs,
        "timeout": args.timeout,
        "metric": args.metric,
        "machine": machine,
        "rss_method": "tools/measure.c (wait4 in a small helper)" if helper else "wait4 from Python (inflated)",
        "engines": [dict(name=e.name, command=e.command, version=e.version, missing_reason=e.missing_reason,
                         is_xjs=e.is_xjs, selected=e.name in selected_names, ran=e.name in ran)
                    for e in all_engines],
        "programs": names,
        "results": results,
        "startup": startup,
        "ratios": ratios,
        "targets": check_targets(subjects, ratios, startup),
    }
    markdown = markdown_report(report)
    if args.no_save:
        print(markdown)
        return 0
    if args.startup_only:
        suffix = "-startup"
    elif args.suite == "programs" and not args.quick:
        suffix = ""
    else:
        suffix = f"-{args.suite}{'-quick' if args.quick else ''}"
    written = write_outputs(report, suffix)
    print(markdown)
    progress("wrote " + ", ".join(str(path.relative_to(REPO_DIR)) for path in written))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit("run.py: interrupted; no report written")
