#!/usr/bin/env python3
"""Runs tc39/test262 against xjs (or node) following test262's INTERPRETING.md.

By default it runs the project's subset (subset.json: included directories/files,
excluded features) and compares failures with known-failures.txt, so a run
separates regressions from known gaps. See Conformance/README.md.

Examples:
  Conformance/test262/run.py                              # the subset, xjs, interpreter mode
  Conformance/test262/run.py built-ins/Array --json a.json
  Conformance/test262/run.py --engine node -j 2           # validate the runner against node
  Conformance/test262/run.py --full                       # all of test262
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import frontmatter  # noqa: E402
from runner import outcome as outcomes  # noqa: E402
from runner.engines import REPOSITORY_DIR, EngineError, make_engine, parse_mode_list  # noqa: E402
from runner.process import run_limited  # noqa: E402
from runner.progress import Progress, format_duration  # noqa: E402

DEFAULT_SUBSET = os.path.join(HERE, "subset.json")
DEFAULT_KNOWN_FAILURES = os.path.join(HERE, "known-failures.txt")
PASS, FAIL, SKIP = "pass", "fail", "skip"
ASYNC_COMPLETE = "Test262:AsyncTestComplete"
ASYNC_FAILURE = "Test262:AsyncTestFailure"
STRICT_PREFIX = '"use strict";\n'  # INTERPRETING.md "Strict Mode"
KNOWN_FLAGS = {"onlyStrict", "noStrict", "module", "raw", "async", "generated", "CanBlockIsFalse",
               "CanBlockIsTrue", "non-deterministic"}  # fmt: skip
# The [[CanBlock]] of the agent running a test: a shell's main thread may block.
ENGINE_CAN_BLOCK = True


# ---------------------------------------------------------------- selection


def default_test262_dir():
    candidates = [
        os.environ.get("TEST262_DIR"),
        os.path.join(os.path.dirname(REPOSITORY_DIR), "test262"),
        "/work/ext/test262",
    ]
    for candidate in candidates:
        if candidate and os.path.isdir(os.path.join(candidate, "test")):
            return candidate
    return None


def load_subset(path):
    with open(path, encoding="utf-8") as handle:
        subset = json.load(handle)
    include = subset.get("include")
    if not isinstance(include, list) or not all(isinstance(entry, str) for entry in include):
        raise ValueError(f"{path}: `include` must be a list of paths under test/")
    return [entry.strip("/") for entry in include], set(subset.get("excludeFeatures", []))


def walk_tests(test_root, relative):
    """Test files (relative to test/) under a directory or file; _FIXTURE files are not tests."""
    start = os.path.join(test_root, relative)
    if os.path.isfile(start):
        return [relative] if is_test_file(start) else []
    found = []
    for directory, subdirectories, files in os.walk(start):
        subdirectories.sort()
        for name in sorted(files):
            if is_test_file(name):
                found.append(os.path.relpath(os.path.join(directory, name), test_root))
    return found


def is_test_file(name):
    return name.endswith(".js") and "_FIXTURE" not in name


def in_subset(path, include):
    return any(path == entry or path.startswith(entry + "/") for entry in include)


@dataclass
class Test:
    path: str  # relative to test/, e.g. built-ins/Array/length.js
    source: str = ""
    meta: dict = field(default_factory=dict)
    skip_reason: str = ""
    excluded: bool = False  # skipped for an excluded feature: outside what the subset claims
    error: str = ""  # the test itself could not be read or understood

    @property
    def flags(self):
        return set(self.meta.get("flags") or [])

    @property
    def negative(self):
        return self.meta.get("negative") or None


def load_test(test_root, path, excluded_features):
    test = Test(path)
    try:
        with open(os.path.join(test_root, path), encoding="utf-8", newline="") as handle:
            test.source = handle.read()
        test.meta = frontmatter.parse(test.source)
    except (OSError, UnicodeDecodeError, frontmatter.FrontmatterError) as error:
        test.error = f"cannot read test: {error}"
        return test
    features = [feature for feature in test.meta.get("features") or [] if feature in excluded_features]
    if features:
        test.excluded = True
        test.skip_reason = f"feature {', '.join(features)}"
    else:
        test.skip_reason = skip_reason(test)
    return test


def skip_reason(test):
    flags = test.flags
    unknown = flags - KNOWN_FLAGS
    if unknown:
        return f"unknown flag {', '.join(sorted(unknown))}"
    negative = test.negative
    if "CanBlockIsFalse" in flags and ENGINE_CAN_BLOCK:
        return "CanBlockIsFalse"
    if "CanBlockIsTrue" in flags and not ENGINE_CAN_BLOCK:
        return "CanBlockIsTrue"
    return ""


# ---------------------------------------------------------------- composing a run


def variants(test):
    """The strictness variants a test runs in (INTERPRETING.md `flags`)."""
    flags = test.flags
    if "module" in flags:
        return ["module"]  # module code is strict: one run
    if "raw" in flags or "noStrict" in flags:
        return ["sloppy"]
    if "onlyStrict" in flags:
        return ["strict"]
    return ["sloppy", "strict"]


class Harness:
    """harness/*.js contents, read once."""

    def __init__(self, test262_dir):
        self.directory = os.path.join(test262_dir, "harness")
        self.cache = {}
        self.lock = threading.Lock()

    def file(self, name):
        with self.lock:
            if name not in self.cache:
                with open(os.path.join(self.directory, name), encoding="utf-8", newline="") as handle:
                    self.cache[name] = handle.read()
            return self.cache[name]

    def prelude_files(self, test):
        """assert.js, sta.js, doneprintHandle.js for async tests, then `includes:` in order."""
        if "raw" in test.flags:
            return []
        names = ["assert.js", "sta.js"]
        if "async" in test.flags:
            names.append("doneprintHandle.js")
        names += [name for name in test.meta.get("includes") or [] if name not in names]
        return names

    def compose(self, test, variant):
        """(script text, number of lines before the test's own first line)."""
        if "raw" in test.flags:
            return test.source, 0
        parts = [STRICT_PREFIX] if variant == "strict" else []
        for name in self.prelude_files(test):
            text = self.file(name)
            parts.append(text if text.endswith("\n") else text + "\n")
        prelude = "".join(parts)
        return prelude + test.source, prelude.count("\n")


# ---------------------------------------------------------------- judging


def judge(test, result, outcome):
    """(passed, reason) for one run, by INTERPRETING.md "Test Results" and `negative`."""
    if outcome.is_failure_of_engine:
        return False, outcome.describe()
    negative = test.negative
    if negative:
        return judge_negative(negative, outcome)
    if outcome.kind != outcomes.OK:
        return False, outcome.first_line or f"exit status 1 with empty stderr ({outcome.kind})"
    if "async" in test.flags:
        lines = result.stdout.splitlines()
        failure = next((line for line in lines if line.startswith(ASYNC_FAILURE)), None)
        if failure:
            return False, failure
        if ASYNC_COMPLETE not in lines:
            return False, f"async test did not print {ASYNC_COMPLETE}"
    return True, ""


def judge_negative(negative, outcome):
    phase, expected_type = negative.get("phase"), negative.get("type")
    if outcome.kind == outcomes.OK:
        return False, f"expected {phase}-phase {expected_type}, but the script completed"
    if phase == "parse":
        if outcome.kind != outcomes.EARLY:
            return False, f"expected an early {expected_type}, got a runtime error: {outcome.first_line}"
    elif phase == "resolution":
        # Loading and linking fail before evaluation: the CLI reports them like early errors.
        if outcome.kind != outcomes.EARLY:
            return False, f"expected a resolution {expected_type}, got: {outcome.first_line}"
    elif phase == "runtime":
        if outcome.kind != outcomes.UNCAUGHT:
            return False, f"expected a runtime {expected_type}, got an early error: {outcome.first_line}"
    else:
        return False, f"unknown negative phase {phase!r}"
    if outcome.error_name != expected_type:
        return False, f"expected {expected_type}, got: {outcome.first_line}"
    return True, ""


# ---------------------------------------------------------------- running


@dataclass
class Run:
    mode: str
    variant: str
    passed: bool
    reason: str
    duration: float
    exit_code: int
    stderr_first_line: str


@dataclass
class TestResult:
    test: Test
    status: str  # pass, fail or skip
    reason: str = ""
    runs: list = field(default_factory=list)

    def mode_status(self, mode):
        runs = [run for run in self.runs if run.mode == mode]
        return PASS if runs and all(run.passed for run in runs) else FAIL

    @property
    def duration(self):
        return sum(run.duration for run in self.runs)


class Runner:
    def __init__(self, engine, harness, modes, timeout, scratch, test_root=""):
        self.test_root = test_root
        self.engine = engine
        self.harness = harness
        self.modes = modes
        self.timeout = timeout
        self.scratch = scratch
        self.counter = 0
        self.lock = threading.Lock()

    def run_test(self, test):
        if test.error:
            return TestResult(test, FAIL, test.error)
        if test.skip_reason:
            return TestResult(test, SKIP, test.skip_reason)
        try:
            runs = [self.run_variant(test, mode, variant) for mode in self.modes for variant in variants(test)]
        except OSError as error:  # a missing harness include, a full disk...
            return TestResult(test, FAIL, f"runner error: {error}")
        failed = [run for run in runs if not run.passed]
        if not failed:
            return TestResult(test, PASS, runs=runs)
        first = failed[0]
        return TestResult(test, FAIL, f"[{first.mode} {first.variant}] {first.reason}", runs)

    def run_variant(self, test, mode, variant):
        if variant == "module":
            return self.run_module(test, mode)
        script, prelude_lines = self.harness.compose(test, variant)
        # import() resolves against the script's own directory, where its fixtures are.
        imports = "dynamic-import" in (test.meta.get("features") or []) or "import(" in test.source
        path = self.scratch_file(test, beside_test=imports)
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(script)
        try:
            argv = self.engine.command(mode, path, test262=True, timeout_ms=self.timeout * 1000)
            result = run_limited(argv, cwd=self.scratch, timeout=self.timeout + 1)
        finally:
            os.unlink(path)
        outcome = outcomes.classify(result, self.timeout)
        passed, reason = judge(test, result, outcome)
        reason = self.map_positions(reason, path, test.path, prelude_lines)
        return Run(mode, variant, passed, reason, round(result.duration, 3), result.exit_code, outcome.first_line)

    def run_module(self, test, mode):
        """A module test runs in place (its fixtures import it by name), after the harness."""
        prelude_text, _ = self.harness.compose(test, "sloppy")
        prelude_text = prelude_text[: len(prelude_text) - len(test.source)]
        prelude = self.scratch_file(test, suffix="-harness.js")
        with open(prelude, "w", encoding="utf-8", newline="") as handle:
            handle.write(prelude_text)
        script = os.path.join(self.test_root, test.path)
        try:
            argv = self.engine.command(
                mode, script, test262=True, timeout_ms=self.timeout * 1000, module=True, preludes=[prelude])
            result = run_limited(argv, cwd=self.scratch, timeout=self.timeout + 1)
        finally:
            os.unlink(prelude)
        outcome = outcomes.classify(result, self.timeout)
        passed, reason = judge(test, result, outcome)
        reason = reason.replace(os.path.join(self.test_root, ""), "")
        return Run(mode, "module", passed, reason, round(result.duration, 3), result.exit_code, outcome.first_line)

    def scratch_file(self, test, beside_test=False, suffix=""):
        with self.lock:
            self.counter += 1
            number = self.counter
        name = f"{number}-{os.path.basename(test.path)}{suffix}"
        if beside_test:
            return os.path.join(self.test_root, os.path.dirname(test.path), f".xjs-scratch-{name}")
        return os.path.join(self.scratch, name)

    @staticmethod
    def map_positions(text, scratch_path, test_path, prelude_lines):
        """Rewrites `scratch/N-x.js:L` to the test's own line (or `harness:L`)."""
        if not text:
            return text
        name = os.path.basename(scratch_path)
        pieces = text.replace(scratch_path, name).split(name + ":")
        mapped = pieces[0]
        for piece in pieces[1:]:
            digits = len(piece) - len(piece.lstrip("0123456789"))
            if digits:
                line = int(piece[:digits])
                where = f"{test_path}:{line - prelude_lines}" if line > prelude_lines else f"harness:{line}"
                mapped += where + piece[digits:]
            else:
                mapped += name + ":" + piece
        return mapped


def run_tests(runner, tests, jobs, show_progress):
    results = []
    counts = {PASS: 0, FAIL: 0, SKIP: 0}
    progress = Progress(len(tests), label="test262", enabled=show_progress)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(runner.run_test, test) for test in tests]
        try:
            for future in as_completed(futures):
                result = future.result()
                results.append(result)
                counts[result.status] += 1
                progress.update(len(results), [("pass", counts[PASS]), ("fail", counts[FAIL]), ("skip", counts[SKIP])])
        except KeyboardInterrupt:
            for future in futures:  # only the runs already started are waited for
                future.cancel()
            raise
    results.sort(key=lambda result: result.test.path)
    return results


# ---------------------------------------------------------------- known failures


def load_known_failures(path):
    """{(test path, mode or '*')} from `path [mode]` lines; `#` starts a comment."""
    entries = set()
    if not path or not os.path.exists(path):
        return entries
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) > 2:
                raise ValueError(f"{path}:{number}: expected `test/path.js [mode]`, found {line.strip()!r}")
            entries.add((words[0], words[1] if len(words) == 2 else "*"))
    return entries


def compare_with_known(results, modes, known):
    """(new failures, known failures, newly passing) as lists of (path, mode)."""
    new, still, fixed = [], [], []
    for result in results:
        if result.status == SKIP or (result.status == FAIL and not result.runs):
            if result.status == FAIL and (result.test.path, "*") not in known:
                new.append((result.test.path, "*"))
            continue
        for mode in modes:
            listed = (result.test.path, "*") in known or (result.test.path, mode) in known
            failing = result.mode_status(mode) == FAIL
            if failing and listed:
                still.append((result.test.path, mode))
            elif failing:
                new.append((result.test.path, mode))
            elif listed:
                fixed.append((result.test.path, mode))
    return new, still, fixed


KNOWN_FAILURES_HEADER = """\
# test262 tests in the subset that xjs is known to fail: `path [mode]`, one per line,
# paths relative to test262's test/. Without a mode, the test fails in every mode.
# A run reports failures not listed here as NEW (regressions) and listed tests
# that now pass as fixed. Regenerate after a full run in every mode with:
#   Conformance/test262/run.py --mode interp,gc-stress --update-known-failures
"""


def updated_known_failures(results, modes, known):
    """Entries for tests not run (or modes not run) are kept; run ones are rewritten."""
    ran = {result.test.path: result for result in results if result.status != SKIP}
    kept = {(path, mode) for path, mode in known if path not in ran or (mode != "*" and mode not in modes)}
    for path, result in ran.items():
        failing = [mode for mode in modes if not result.runs or result.mode_status(mode) == FAIL]
        if len(failing) == len(modes):
            kept.add((path, "*"))
        else:
            kept.update((path, mode) for mode in failing)
    lines = [path if mode == "*" else f"{path} {mode}" for path, mode in sorted(kept)]
    return KNOWN_FAILURES_HEADER + "".join(line + "\n" for line in lines)


# ---------------------------------------------------------------- reporting


def directory_key(path, depth):
    parts = path.split("/")[:-1]  # the directory the test is in
    return "/".join(parts[:depth]) or "."


def directory_table(results, depth):
    rows = {}
    for result in results:
        row = rows.setdefault(directory_key(result.test.path, depth), {PASS: 0, FAIL: 0, SKIP: 0})
        row[result.status] += 1
    return rows


def print_directory_table(rows):
    width = max([len(key) for key in rows] + [9])
    print(f"\n{'directory':<{width}}  {'tests':>6} {'pass':>6} {'fail':>6} {'skip':>6}  {'pass %':>7}")
    for key in sorted(rows):
        row = rows[key]
        total = sum(row.values())
        print(f"{key:<{width}}  {total:>6} {row[PASS]:>6} {row[FAIL]:>6} {row[SKIP]:>6}  {percent(row[PASS], total):>7}")


def percent(part, whole):
    return f"{100.0 * part / whole:.2f}%" if whole else "-"


def count_all_tests(test_root):
    return len(walk_tests(test_root, ""))


def rates(results, include, all_tests, full):
    """The subset figure and the all-of-test262 figure (see RATES_EXPLAINED)."""
    subset_results = [result for result in results if not result.test.excluded]
    if full:
        subset_results = [result for result in subset_results if in_subset(result.test.path, include)]
    subset_passed = sum(result.status == PASS for result in subset_results)
    all_passed = sum(result.status == PASS for result in results)
    return {
        "selected": {"passed": subset_passed, "total": len(subset_results)},
        "allOfTest262": {"passed": all_passed, "total": all_tests},
    }


RATES_EXPLAINED = """\
How rates are computed: a test counts once, and passes only if every run of it passes
(sloppy and strict when both are required, in every mode run). Selected/subset rate =
passed / tests selected, not counting tests of excluded features (other skipped
tests, such as modules, count as not passed). All-of-test262 rate = passed / every test file in
test262's test/ (excluding _FIXTURE files); tests not run or skipped count as not passed."""


def print_report(results, options, known_info, figures, elapsed, header):
    failures = [result for result in results if result.status == FAIL]
    new, still, fixed = known_info
    new_paths = {path for path, _ in new}
    if options.verbose:
        print("\nALL FAILURES:")
        for result in failures:
            print(f"  {result.test.path}: {result.reason}")
    if new:
        print(f"\nNEW FAILURES ({len(new_paths)} tests not in the known-failures list):")
        shown = [result for result in failures if result.test.path in new_paths]
        for result in shown[: options.max_failures]:
            print(f"  {result.test.path}: {result.reason}")
        if len(shown) > options.max_failures:
            print(f"  ... and {len(shown) - options.max_failures} more (see --json or --max-failures)")
    if fixed:
        print(f"\nNEWLY PASSING ({len(fixed)}; remove from known-failures.txt or run --update-known-failures):")
        for path, mode in fixed:
            print(f"  {path}" + ("" if mode == "*" else f" [{mode}]"))
    if options.depth > 0:
        print_directory_table(directory_table(results, options.depth))
    counts = {status: sum(result.status == status for result in results) for status in (PASS, FAIL, SKIP)}
    print(f"\n{header}")
    print(f"ran {len(results)} tests in {format_duration(elapsed)}: {counts[PASS]} passed, "
          f"{counts[FAIL]} failed, {counts[SKIP]} skipped")  # fmt: skip
    print(f"failures: {len(new_paths)} new, {len({path for path, _ in still})} known; {len(fixed)} newly passing")
    selected, everything = figures["selected"], figures["allOfTest262"]
    label = "subset" if options.is_subset_run else "selection"
    print(f"{label} pass rate:       {selected['passed']}/{selected['total']} = "
          f"{percent(selected['passed'], selected['total'])}")  # fmt: skip
    print(f"all-of-test262 pass rate: {everything['passed']}/{everything['total']} = "
          f"{percent(everything['passed'], everything['total'])}")  # fmt: skip
    print(RATES_EXPLAINED)


def write_json(path, results, options, figures, known_info, elapsed, context):
    new, still, fixed = known_info
    document = dict(context)
    document.update(
        {
            "modes": options.modes,
            "durationSeconds": round(elapsed, 1),
            "rates": figures,
            "newFailures": [f"{p}" if m == "*" else f"{p} {m}" for p, m in new],
            "newlyPassing": [f"{p}" if m == "*" else f"{p} {m}" for p, m in fixed],
            "tests": [result_json(result) for result in results],
        }
    )
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(document, handle, indent=1)
        handle.write("\n")


def result_json(result):
    entry = {"path": result.test.path, "status": result.status, "duration": round(result.duration, 3)}
    if result.reason:
        entry["reason"] = result.reason
    if result.runs:
        entry["runs"] = [
            {
                "mode": run.mode,
                "variant": run.variant,
                "status": PASS if run.passed else FAIL,
                "duration": run.duration,
                "exitCode": run.exit_code,
                **({"reason": run.reason} if run.reason else {}),
                **({"stderrFirstLine": run.stderr_first_line} if run.stderr_first_line else {}),
            }
            for run in result.runs
        ]
    return entry


def test262_commit(directory):
    try:
        output = subprocess.run(
            ["git", "-C", directory, "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10
        )
        return output.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


# ---------------------------------------------------------------- main


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="only tests under these paths (relative to test262/test)")
    parser.add_argument("--test262-dir", help="test262 checkout (default: $TEST262_DIR, ../test262, /work/ext/test262)")
    parser.add_argument("--engine", default="xjs", help="xjs (default) or node")
    parser.add_argument("--xjs", help="xjs binary (default: .build/release/xjs or $XJS)")
    parser.add_argument("--node", help="node binary for --engine node")
    parser.add_argument("--mode", action="append", help="engine mode(s), comma-separated or repeated")
    parser.add_argument("--all-modes", action="store_true", help="run in every mode the build has")
    parser.add_argument("--subset", default=DEFAULT_SUBSET, help="subset file (default: subset.json)")
    parser.add_argument("--full", action="store_true", help="run all of test262, not just the subset")
    parser.add_argument("--filter", help="only tests whose path contains this text")
    parser.add_argument("--with-feature", action="append", default=[],
                        help="run tests of this subset-excluded feature (comma-separated or repeated)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2, help="parallel workers")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per run (default 10)")
    parser.add_argument("--json", help="write per-test results to this JSON file")
    parser.add_argument("--known-failures", help="known-failures file (default: known-failures.txt for xjs, none for node)")
    parser.add_argument("--update-known-failures", action="store_true", help="rewrite the known-failures file from this run")
    parser.add_argument("--depth", type=int, default=2, help="directory depth of the summary table (0: none)")
    parser.add_argument("--max-failures", type=int, default=200, help="new failures listed on screen")
    parser.add_argument("--list", action="store_true", help="list the selected tests and skips, then exit")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every failure, known or not")
    return parser.parse_args()


def select_tests(options, test_root, include, excluded_features):
    roots = [path.strip("/") for path in options.paths] if options.paths else ([""] if options.full else include)
    paths = []
    for root in roots:
        if not os.path.exists(os.path.join(test_root, root)):
            raise ValueError(f"no such test path: {root} (paths are relative to {test_root})")
        paths += walk_tests(test_root, root)
    if options.paths and not options.full:
        paths = [path for path in paths if in_subset(path, include)]
    if options.filter:
        paths = [path for path in paths if options.filter in path]
    return [load_test(test_root, path, excluded_features) for path in sorted(set(paths))]


def main():
    options = parse_arguments()
    test262_dir = options.test262_dir or default_test262_dir()
    if not test262_dir or not os.path.isdir(os.path.join(test262_dir, "test")):
        print("error: no test262 checkout found; pass --test262-dir or set TEST262_DIR", file=sys.stderr)
        return 2
    test_root = os.path.join(test262_dir, "test")
    try:
        include, excluded_features = load_subset(options.subset)
        excluded_features -= {name for entry in options.with_feature for name in entry.split(",") if name}
        tests = select_tests(options, test_root, include, excluded_features)
        known_path = options.known_failures or (DEFAULT_KNOWN_FAILURES if options.engine == "xjs" else None)
        known = load_known_failures(known_path)
    except (OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    options.is_subset_run = not options.paths and not options.filter and not options.full
    if options.list:
        for test in tests:
            print(test.path + (f"  (skip: {test.skip_reason})" if test.skip_reason else ""))
        return 0
    try:
        engine = make_engine(options.engine, options.xjs, options.node)
        requested = parse_mode_list(options.mode)
        if options.all_modes:
            requested = engine.available_modes()
        options.modes = engine.select_modes(requested or [engine.default_mode])
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    commit = test262_commit(test262_dir)
    header = (f"test262 {commit[:12]} ({test262_dir}), engine {engine.name} {engine.path}, "
              f"modes {','.join(options.modes)}")  # fmt: skip
    print(f"{header}: {len(tests)} tests selected", flush=True)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="xjs-test262-") as scratch:
        runner = Runner(engine, Harness(test262_dir), options.modes, options.timeout, scratch, test_root)
        show_progress = not options.no_progress
        results = run_tests(runner, tests, max(options.jobs, 1), show_progress)
    elapsed = time.monotonic() - started
    figures = rates(results, include, count_all_tests(test_root), options.full)
    known_info = compare_with_known(results, options.modes, known)
    print_report(results, options, known_info, figures, elapsed, header)
    if options.json:
        context = {"test262Commit": commit, "test262Dir": test262_dir, "engine": engine.name,
                   "enginePath": engine.path, "subsetRun": options.is_subset_run}  # fmt: skip
        write_json(options.json, results, options, figures, known_info, elapsed, context)
        print(f"results written to {options.json}")
    if options.update_known_failures:
        target = known_path or DEFAULT_KNOWN_FAILURES
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(updated_known_failures(results, options.modes, known))
        print(f"known failures rewritten: {target}")
        return 0
    return 1 if known_info[0] else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
