#!/usr/bin/env python3
"""Runs the project's own conformance suite in every engine mode the build has.

Each test is `<area>/<topic>/<name>.js` (or a page, `<name>.html`, which xjs loads with
--dom and prints the document of) with `<name>.expected` next to it: the exact expected stdout; when the script must end with an uncaught or early error, the
last line is the first line the engine prints on stderr for it (see README.md).
Usage: Conformance/run.py [--mode interp] [--filter text] [--xjs PATH] [--update]
"""

import argparse
import difflib
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from runner import outcome as outcomes  # noqa: E402
from runner.engines import CONFORMANCE_DIR, EngineError, make_engine, parse_mode_list  # noqa: E402
from runner.process import run_limited  # noqa: E402
from runner.progress import Progress  # noqa: E402

# Folders under Conformance/ that hold runners, not tests.
NON_TEST_DIRS = {"runner", "test262", "wpt", "__pycache__"}
# Engines run in UTC so that tests printing local dates have one expected output.
ENGINE_ENVIRONMENT = dict(os.environ, TZ="UTC")
ELLIPSIS = "..."
# What a test may ask for in a `// xjs-flags: ...` line of its leading comments: permissions and
# limits (the hostile corpus runs under a time and heap limit), never a flag that changes the
# engine mode (every test runs in every mode).
HEADER_FLAGS = {"--allow-ffi"}
HEADER_LIMIT_FLAGS = ("--timeout-ms=", "--max-heap=")
HEADER_FLAGS_PREFIX = "// xjs-flags:"


class HeaderError(Exception):
    """A test's `// xjs-flags:` line names a flag the runner does not allow."""


def read_header_flags(text):
    """The flags of the `// xjs-flags:` lines among the leading `//` comment lines of a test."""
    flags = []
    for line in text.splitlines():
        if not line.startswith("//"):
            break
        if line.startswith(HEADER_FLAGS_PREFIX):
            for flag in line[len(HEADER_FLAGS_PREFIX) :].split():
                if flag not in HEADER_FLAGS and not flag.startswith(HEADER_LIMIT_FLAGS):
                    raise HeaderError(f"{HEADER_FLAGS_PREFIX} {flag} is not allowed (allowed: {' '.join(sorted(HEADER_FLAGS))})")
                flags.append(flag)
    return flags


@dataclass
class SuiteTest:
    path: str  # relative to Conformance/, e.g. language/closures/counter.js

    @property
    def absolute(self):
        return os.path.join(CONFORMANCE_DIR, self.path)

    @property
    def expected_path(self):
        return os.path.splitext(self.absolute)[0] + ".expected"

    @property
    def basename(self):
        return os.path.basename(self.path)

    @property
    def header_flags(self):
        with open(self.absolute, encoding="utf-8", errors="replace") as handle:
            return read_header_flags(handle.read())


@dataclass
class RunResult:
    test: SuiteTest
    mode: str
    actual: str  # stdout, plus the error line when the script ended with exit 1
    outcome: outcomes.Outcome
    passed: bool
    reason: str = ""
    expected: str = None


@dataclass
class Summary:
    passed: dict = field(default_factory=dict)
    failed: dict = field(default_factory=dict)


def collect_tests(filter_text):
    tests = []
    for directory, subdirectories, files in os.walk(CONFORMANCE_DIR):
        subdirectories[:] = sorted(
            name for name in subdirectories if name not in NON_TEST_DIRS and not name.startswith(".")
        )
        if directory == CONFORMANCE_DIR:
            continue  # only area folders hold tests
        for name in sorted(files):
            # A `.mjs` test runs as a module, an `.html` one as a page; `_FIXTURE` files are what
            # tests import or load.
            if name.endswith((".js", ".mjs", ".html")) and "_FIXTURE" not in name:
                path = os.path.relpath(os.path.join(directory, name), CONFORMANCE_DIR)
                if not filter_text or filter_text in path:
                    tests.append(SuiteTest(path))
    return tests


def read_expected(test):
    try:
        with open(test.expected_path, encoding="utf-8", newline="") as handle:
            text = handle.read()
    except FileNotFoundError:
        return None
    return text if text == "" or text.endswith("\n") else text + "\n"


def is_error_line(line, basename):
    """An expected uncaught error ("Uncaught ...") or early error ("XError: ... at <file>:L:C")."""
    if line.startswith("Uncaught "):
        return True
    # A module's errors name it by its absolute path (its URL).
    return re.match(rf"^[A-Za-z]*Error: .* at (\S*/)?{re.escape(basename)}:", line) is not None


def split_expected(expected, basename):
    """(stdout part, error line or None)."""
    lines = expected.split("\n")[:-1]
    if lines and is_error_line(lines[-1], basename):
        return "".join(line + "\n" for line in lines[:-1]), lines[-1]
    return expected, None


def line_matches(pattern, line):
    """`...` in an expected error line stands for any text (engine-specific messages)."""
    regex = ".*".join(re.escape(part) for part in pattern.split(ELLIPSIS))
    return re.fullmatch(regex, line) is not None


def actual_output(result, outcome):
    stdout = result.stdout
    if outcome.kind in (outcomes.UNCAUGHT, outcomes.EARLY):
        if stdout and not stdout.endswith("\n"):
            stdout += "\n"
        return stdout + outcome.first_line + "\n"
    return stdout


def judge(test, expected, actual, outcome):
    """(passed, reason) for one run against the expectation."""
    if outcome.is_failure_of_engine:
        return False, outcome.describe()
    if expected is None:
        return False, f"no {os.path.basename(test.expected_path)} (create it with --update, then review it)"
    expected_stdout, expected_error = split_expected(expected, test.basename)
    ended_with_error = outcome.kind in (outcomes.UNCAUGHT, outcomes.EARLY)
    if expected_error is None:
        if ended_with_error:
            return False, f"unexpected error: {outcome.first_line}"
        return (True, "") if actual == expected else (False, "output differs")
    if not ended_with_error:
        return False, "expected exit status 1 with an error, but the script completed"
    actual_stdout, actual_error = split_expected(actual, test.basename)
    if actual_error is None:  # an error line our format does not recognise
        actual_stdout, actual_error = actual[: actual.rstrip("\n").rfind("\n") + 1], outcome.first_line
    if actual_stdout != expected_stdout:
        return False, "output differs"
    if not line_matches(expected_error, actual_error):
        return False, "error line differs"
    return True, ""


# The modes that are slow by design get more time: gc-stress collects at every allocation (a page
# whose listener recurses to the stack limit allocates ~30,000 times: 17 s of CPU there, 0.02 s
# otherwise, and 30 s was passed on a loaded machine) and arm64-sim simulates every instruction.
SLOW_MODE_TIMEOUT_FACTOR = {"gc-stress": 5, "arm64-sim": 3}


def scaled_limit_flags(flags, time_scale):
    """A test's header flags with its own --timeout-ms multiplied by time_scale."""
    if time_scale == 1:
        return flags
    prefix = "--timeout-ms="
    return [f"{prefix}{int(int(flag[len(prefix):]) * time_scale)}" if flag.startswith(prefix) else flag for flag in flags]


def run_one(engine, test, mode, timeout, time_scale=1):
    timeout *= SLOW_MODE_TIMEOUT_FACTOR.get(mode, 1) * time_scale
    try:
        flags = scaled_limit_flags(test.header_flags, time_scale)
    except HeaderError as error:
        return RunResult(test, mode, "", outcomes.Outcome(outcomes.OK), False, str(error), None)
    argv = engine.command(mode, test.basename, timeout_ms=timeout * 1000, extra_flags=flags)
    # The test's own folder is the working directory so error positions read "name.js:L:C".
    result = run_limited(argv, cwd=os.path.dirname(test.absolute), timeout=timeout + 1, env=ENGINE_ENVIRONMENT)
    outcome = outcomes.classify(result, timeout)
    actual = actual_output(result, outcome)
    expected = read_expected(test)
    passed, reason = judge(test, expected, actual, outcome)
    return RunResult(test, mode, actual, outcome, passed, reason, expected)


def run_all(engine, tests, modes, timeout, jobs, verbose, quiet=False, pending=(), time_scale=1):
    """Runs every test in every mode. A failure of a pending test (Conformance/pending.txt) is
    expected: it prints and counts as `pending`, not as FAIL."""
    results = []
    progress = Progress(len(tests) * len(modes), label="conformance")
    passed = failed = expected_failures = 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(run_one, engine, test, mode, timeout, time_scale) for test in tests for mode in modes]
        try:
            for future in as_completed(futures):
                result = future.result()
                results.append(result)
                is_expected_failure = not result.passed and is_pending(result.test.path, pending)
                passed += result.passed
                failed += not result.passed and not is_expected_failure
                expected_failures += is_expected_failure
                if verbose or (not result.passed and not quiet and not is_expected_failure):
                    progress.clear()
                    status = "PASS" if result.passed else ("pending" if is_expected_failure else "FAIL")
                    print(f"{status} [{result.mode}] {result.test.path}", flush=True)
                counts = [("passed", passed), ("failed", failed)]
                if expected_failures:
                    counts.append(("pending", expected_failures))
                progress.update(len(results), counts)
        except KeyboardInterrupt:
            for future in futures:  # only the runs already started are waited for
                future.cancel()
            raise
    order = {mode: index for index, mode in enumerate(modes)}
    results.sort(key=lambda r: (r.test.path, order[r.mode]))
    return results


def by_test(results):
    grouped = {}
    for result in results:
        grouped.setdefault(result.test.path, []).append(result)
    return grouped


def unified_diff(expected, actual, expected_label, actual_label):
    lines = difflib.unified_diff(
        (expected or "").splitlines(keepends=True),
        actual.splitlines(keepends=True),
        fromfile=expected_label,
        tofile=actual_label,
    )
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


def report_failures(grouped):
    for path, runs in grouped.items():
        failing = [run for run in runs if not run.passed]
        # Runs with the same output and reason are reported once, listing their modes.
        seen = {}
        for run in failing:
            seen.setdefault((run.actual, run.reason), []).append(run.mode)
        for (actual, reason), modes in seen.items():
            run = next(r for r in failing if r.actual == actual and r.reason == reason)
            print(f"\nFAIL {path} [{', '.join(modes)}]: {reason}")
            diff = unified_diff(run.expected, actual, os.path.splitext(path)[0] + ".expected", f"actual ({modes[0]})")
            if diff:
                print(diff, end="")
            stderr_hint = run.outcome.first_line if run.outcome.is_failure_of_engine else ""
            if stderr_hint:
                print(f"  stderr: {stderr_hint}")


def mode_mismatches(grouped):
    """Tests whose result depends on the engine mode: always a bug."""
    mismatches = []
    for path, runs in grouped.items():
        if len(runs) < 2:
            continue
        outcomes_differ = len({run.passed for run in runs}) > 1
        outputs_differ = len({run.actual for run in runs}) > 1
        if outcomes_differ or outputs_differ:
            mismatches.append((path, runs))
    return mismatches


def report_mode_mismatches(mismatches):
    for path, runs in mismatches:
        passing = [run.mode for run in runs if run.passed]
        failing = [run.mode for run in runs if not run.passed]
        if passing and failing:
            detail = f"passes in {', '.join(passing)}, fails in {', '.join(failing)}"
        else:
            detail = "output differs between modes"
        print(f"\nMODE MISMATCH {path}: {detail}")
        first = runs[0]
        for other in runs[1:]:
            if other.actual != first.actual:
                print(unified_diff(first.actual, other.actual, f"{first.mode}", f"{other.mode}"), end="")


def report_summary(results, modes, mismatch_count):
    print()
    width = max(len(mode) for mode in modes + ["overall"]) + 1
    for mode in modes:
        runs = [run for run in results if run.mode == mode]
        passed = sum(run.passed for run in runs)
        print(f"{mode + ':':<{width}} {passed} passed, {len(runs) - passed} failed")
    passed = sum(run.passed for run in results)
    tests = len({run.test.path for run in results})
    print(
        f"{'overall:':<{width}} {passed} passed, {len(results) - passed} failed "
        f"({tests} tests x {len(modes)} modes), {mismatch_count} mode mismatches"
    )


def update_expectations(grouped):
    """Rewrites .expected from actual output, only where every mode agrees and nothing crashed."""
    updated, refused = [], []
    for path, runs in grouped.items():
        first = runs[0]
        if any(run.outcome.is_failure_of_engine for run in runs):
            refused.append((path, "the engine crashed or timed out"))
        elif len({run.actual for run in runs}) > 1:
            refused.append((path, "modes disagree (MODE MISMATCH)"))
        elif first.passed:
            continue
        else:
            with open(first.test.expected_path, "w", encoding="utf-8", newline="") as handle:
                handle.write(first.actual)
            updated.append(path)
    for path in updated:
        print(f"updated {os.path.splitext(path)[0]}.expected")
    for path, reason in refused:
        print(f"not updated {os.path.splitext(path)[0]}.expected: {reason}")
    print(f"{len(updated)} expectation files rewritten: review them with `git diff` before committing.")


def load_pending(root):
    """Tests of features xjs does not have yet: `Conformance/pending.txt`, one path or
    folder prefix per line, `# reason` after it. They must fail; one that passes must
    be taken off the list (so the list never hides a working feature)."""
    pending = []
    path = os.path.join(root, "pending.txt")
    if not os.path.exists(path):
        return pending
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            entry = line.split("#", 1)[0].strip()
            if entry:
                pending.append(entry)
    return pending


def is_pending(path, pending):
    return any(path == entry or path.startswith(entry.rstrip("/") + "/") for entry in pending)


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="xjs", help="xjs (default) or node (to validate the suite)")
    parser.add_argument("--xjs", help="path of the xjs binary (default: .build/release/xjs, or $XJS)")
    parser.add_argument("--node", help="path of node for --engine node")
    parser.add_argument("--mode", action="append", help="engine mode(s) to run (default: every mode the build has)")
    parser.add_argument("--filter", help="only tests whose path contains this text")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per test (default 10; 50 in gc-stress, 30 in arm64-sim)")
    parser.add_argument(
        "--time-scale", type=float, default=1.0,
        help="multiply every time limit, the tests' own --timeout-ms included (for instrumented builds: Scripts/sanitize)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2, help="parallel runs")
    parser.add_argument("--update", action="store_true", help="rewrite .expected files from actual output")
    parser.add_argument("--list", action="store_true", help="list the selected tests and exit")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every result")
    return parser.parse_args()


def runnable_tests(engine, tests):
    """Splits off the tests the engine cannot run as written: node has no equivalent of a
    header's xjs-flags (a time or heap limit, --allow-ffi), so it skips those tests."""
    if engine.name == "xjs":
        return tests, []
    runnable, skipped = [], []
    for test in tests:
        try:
            flags = test.header_flags
        except HeaderError:
            flags = ["(bad header)"]
        (skipped if flags else runnable).append(test)
    return runnable, skipped


def main():
    options = parse_arguments()
    tests = collect_tests(options.filter)
    if options.list:
        print("\n".join(test.path for test in tests))
        return 0
    if not tests:
        print("no tests selected", file=sys.stderr)
        return 1
    try:
        engine = make_engine(options.engine, options.xjs, options.node)
        modes = engine.select_modes(parse_mode_list(options.mode))
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    tests, skipped = runnable_tests(engine, tests)
    print(f"{len(tests)} tests, engine {engine.name} ({engine.path}), modes: {' '.join(modes)}", flush=True)
    if skipped:
        print(f"skipped {len(skipped)} tests whose xjs-flags the {engine.name} host has no equivalent of")
    pending = load_pending(os.path.dirname(os.path.abspath(__file__))) if options.engine == "xjs" else []
    results = run_all(
        engine, tests, modes, options.timeout, max(options.jobs, 1), options.verbose, options.update, pending, options.time_scale)
    grouped = by_test(results)
    if options.update:
        update_expectations(grouped)
        return 0
    pending_paths = {path for path in grouped if is_pending(path, pending)}
    unexpected_passes = sorted(path for path in pending_paths if all(run.passed for run in grouped[path]))
    report_failures({path: runs for path, runs in grouped.items() if path not in pending_paths})
    mismatches = mode_mismatches(grouped)
    report_mode_mismatches(mismatches)
    counted = [run for run in results if run.test.path not in pending_paths]
    report_summary(counted, modes, len(mismatches))
    if pending_paths:
        print(f"pending: {len(pending_paths)} tests of features not built yet (Conformance/pending.txt), not counted")
    for path in unexpected_passes:
        print(f"PENDING TEST PASSES: {path} — take it off Conformance/pending.txt")
    ok = all(run.passed for run in counted) and not mismatches and not unexpected_passes
    return 0 if ok else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
