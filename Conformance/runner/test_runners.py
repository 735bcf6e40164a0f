#!/usr/bin/env python3
"""Self-tests of the conformance runners (standard library unittest; no engine needed
except the node-host checks, which are skipped when node is absent).

Run: python3 Conformance/runner/test_runners.py
"""

import importlib.util
import os
import shutil
import sys
import tempfile
import unittest

CONFORMANCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, CONFORMANCE)
sys.path.insert(0, os.path.join(CONFORMANCE, "test262"))

import frontmatter  # noqa: E402
from runner import outcome  # noqa: E402
from runner.engines import NodeEngine, EngineError, XJSEngine, parse_mode_list  # noqa: E402
from runner.process import ProcessResult, run_limited  # noqa: E402


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


suite = load_module("suite_run", os.path.join(CONFORMANCE, "run.py"))
t262 = load_module("test262_run", os.path.join(CONFORMANCE, "test262", "run.py"))


def result(exit_code=0, stdout="", stderr="", timed_out=False):
    return ProcessResult(exit_code, stdout, stderr, 0.01, timed_out=timed_out)


def classify(exit_code=0, stdout="", stderr="", timed_out=False):
    return outcome.classify(result(exit_code, stdout, stderr, timed_out), timeout=10)


class FrontmatterTests(unittest.TestCase):
    def test_lists_mapping_and_text(self):
        source = (
            "// header\n/*---\nesid: sec-x\ndescription: |\n  multi\n  line\n"
            "flags: [onlyStrict, async]\nincludes:\n  - compareArray.js\n  - propertyHelper.js\n"
            "negative:\n  phase: parse\n  type: SyntaxError\nfeatures: [Symbol, 'quoted']\n---*/\ncode();\n"
        )
        meta = frontmatter.parse(source)
        self.assertEqual(meta["flags"], ["onlyStrict", "async"])
        self.assertEqual(meta["includes"], ["compareArray.js", "propertyHelper.js"])
        self.assertEqual(meta["negative"], {"phase": "parse", "type": "SyntaxError"})
        self.assertEqual(meta["features"], ["Symbol", "quoted"])
        self.assertEqual(meta["description"], "multi\nline")

    def test_carriage_return_line_breaks(self):
        meta = frontmatter.parse("/*---\rflags: [raw]\rincludes: [a.js]\r---*/\r")
        self.assertEqual(meta, {"flags": ["raw"], "includes": ["a.js"]})

    def test_flow_list_over_several_lines(self):
        meta = frontmatter.parse("/*---\nfeatures: [a,\n  b, c]\n---*/")
        self.assertEqual(meta["features"], ["a", "b", "c"])

    def test_no_metadata(self):
        self.assertEqual(frontmatter.parse("var x;"), {})

    def test_malformed_metadata_is_reported(self):
        with self.assertRaises(frontmatter.FrontmatterError):
            frontmatter.parse("/*---\nflags: [raw\n---*/")
        with self.assertRaises(frontmatter.FrontmatterError):
            frontmatter.parse("/*---\nflags: [raw]\n")
        with self.assertRaises(frontmatter.FrontmatterError):
            frontmatter.parse("/*---\nthis is not yaml\n---*/")


class OutcomeTests(unittest.TestCase):
    def test_kinds(self):
        self.assertEqual(classify(0).kind, outcome.OK)
        uncaught = classify(1, stderr="Uncaught TypeError: x is not a function\n    at f (a.js:1:2)\n")
        self.assertEqual((uncaught.kind, uncaught.error_name), (outcome.UNCAUGHT, "TypeError"))
        early = classify(1, stderr="SyntaxError: Unexpected token at a.js:3:4\n  x y\n    ^\n")
        self.assertEqual((early.kind, early.error_name), (outcome.EARLY, "SyntaxError"))
        crash = classify(-11)
        self.assertEqual(crash.kind, outcome.CRASH)
        self.assertIn("SIGSEGV", crash.detail)
        self.assertEqual(classify(134).kind, outcome.CRASH)
        self.assertEqual(classify(2).kind, outcome.CRASH)
        self.assertEqual(classify(0, timed_out=True).kind, outcome.TIMEOUT)

    def test_error_names(self):
        self.assertEqual(outcome.error_name("Uncaught Test262Error: Expected a TypeError"), "Test262Error")
        self.assertEqual(outcome.error_name("Uncaught Test262: This statement should not be evaluated."), "")
        self.assertEqual(outcome.error_name("Uncaught RangeError"), "RangeError")
        self.assertEqual(outcome.error_name("Uncaught 42"), "")
        self.assertEqual(outcome.error_name("weird prefix then ReferenceError later"), "ReferenceError")


def make_test(flags=(), negative=None, includes=()):
    meta = {"flags": list(flags), "includes": list(includes)}
    if negative:
        meta["negative"] = negative
    return t262.Test("dir/t.js", source="body();\n", meta=meta)


class Test262JudgeTests(unittest.TestCase):
    def judge(self, test, exit_code=0, stdout="", stderr="", timed_out=False):
        run = result(exit_code, stdout, stderr, timed_out)
        return t262.judge(test, run, outcome.classify(run, 10))[0]

    def test_plain(self):
        self.assertTrue(self.judge(make_test()))
        self.assertFalse(self.judge(make_test(), 1, stderr="Uncaught Test262Error: boom"))
        self.assertFalse(self.judge(make_test(), -6))
        self.assertFalse(self.judge(make_test(), 0, timed_out=True))

    def test_negative_parse(self):
        test = make_test(negative={"phase": "parse", "type": "SyntaxError"})
        self.assertTrue(self.judge(test, 1, stderr="SyntaxError: bad at t.js:1:1"))
        self.assertFalse(self.judge(test, 1, stderr="Uncaught SyntaxError: thrown at run time"))
        self.assertFalse(self.judge(test, 1, stderr="ReferenceError: wrong type at t.js:1:1"))
        self.assertFalse(self.judge(test, 1, stderr="Uncaught Test262: This statement should not be evaluated."))
        self.assertFalse(self.judge(test, 0))
        self.assertFalse(self.judge(test, 139, stderr="SyntaxError: then crashed"))

    def test_negative_runtime(self):
        test = make_test(negative={"phase": "runtime", "type": "TypeError"})
        self.assertTrue(self.judge(test, 1, stderr="Uncaught TypeError: x"))
        self.assertFalse(self.judge(test, 1, stderr="TypeError: early at t.js:1:1"))
        self.assertFalse(self.judge(test, 1, stderr="Uncaught RangeError: x"))
        self.assertFalse(self.judge(test, 0))

    def test_resolution_phase(self):
        # Loading or linking a module graph fails before it runs: reported like an early error.
        test = make_test(["module"], negative={"phase": "resolution", "type": "SyntaxError"})
        self.assertTrue(self.judge(test, 1, stderr="SyntaxError: no export 'x' at /t/a.js:1:9"))
        self.assertFalse(self.judge(test, 1, stderr="Uncaught SyntaxError: thrown at run time"))
        self.assertFalse(self.judge(test, 1, stderr="TypeError: Cannot find module '/t/b.js'"))
        self.assertFalse(self.judge(test, 0))

    def test_async(self):
        test = make_test(flags=["async"])
        self.assertTrue(self.judge(test, 0, stdout="Test262:AsyncTestComplete\n"))
        self.assertFalse(self.judge(test, 0, stdout=""))
        self.assertFalse(self.judge(test, 0, stdout="Test262:AsyncTestFailure:Test262Error: no\n"))
        failing_then_complete = "Test262:AsyncTestFailure:x\nTest262:AsyncTestComplete\n"
        self.assertFalse(self.judge(test, 0, stdout=failing_then_complete))
        self.assertFalse(self.judge(test, 1, stdout="Test262:AsyncTestComplete\n", stderr="Uncaught Error: x"))

    def test_variants(self):
        self.assertEqual(t262.variants(make_test()), ["sloppy", "strict"])
        self.assertEqual(t262.variants(make_test(["onlyStrict"])), ["strict"])
        self.assertEqual(t262.variants(make_test(["noStrict"])), ["sloppy"])
        self.assertEqual(t262.variants(make_test(["raw"])), ["sloppy"])
        self.assertEqual(t262.variants(make_test(["module"])), ["module"])

    def test_skips(self):
        self.assertEqual(t262.skip_reason(make_test(["module"])), "")
        self.assertEqual(t262.skip_reason(make_test(["CanBlockIsTrue"])), "")
        self.assertIn("CanBlockIsFalse", t262.skip_reason(make_test(["CanBlockIsFalse"])))
        self.assertIn("unknown flag", t262.skip_reason(make_test(["mystery"])))

    def test_position_mapping(self):
        mapped = t262.Runner.map_positions("SyntaxError: x at /tmp/s/7-t.js:12:3", "/tmp/s/7-t.js", "dir/t.js", 10)
        self.assertEqual(mapped, "SyntaxError: x at dir/t.js:2:3")
        mapped = t262.Runner.map_positions("at 7-t.js:4:1", "/tmp/s/7-t.js", "dir/t.js", 10)
        self.assertEqual(mapped, "at harness:4:1")


class HarnessTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp()
        os.mkdir(os.path.join(self.directory, "harness"))
        for name in ("assert.js", "sta.js", "doneprintHandle.js", "extra.js"):
            with open(os.path.join(self.directory, "harness", name), "w") as handle:
                handle.write(f"// {name}\n")
        self.harness = t262.Harness(self.directory)

    def tearDown(self):
        shutil.rmtree(self.directory)

    def test_strict_prefix_comes_first_then_harness_in_order(self):
        script, prelude_lines = self.harness.compose(make_test(["async"], includes=["extra.js"]), "strict")
        expected = '"use strict";\n// assert.js\n// sta.js\n// doneprintHandle.js\n// extra.js\nbody();\n'
        self.assertEqual(script, expected)
        self.assertEqual(prelude_lines, 5)

    def test_raw_is_unmodified(self):
        test = make_test(["raw"])
        test.source = "'use strict'\r\n[0]"
        self.assertEqual(self.harness.compose(test, "sloppy"), ("'use strict'\r\n[0]", 0))

    def test_missing_include_is_an_error(self):
        with self.assertRaises(OSError):
            self.harness.compose(make_test(includes=["absent.js"]), "sloppy")


class KnownFailureTests(unittest.TestCase):
    def results(self):
        passing = t262.TestResult(t262.Test("a/pass.js"), t262.PASS, runs=[t262.Run("interp", "sloppy", True, "", 0, 0, "")])
        failing = t262.TestResult(t262.Test("a/fail.js"), t262.FAIL, runs=[t262.Run("interp", "sloppy", False, "x", 0, 1, "")])
        return [passing, failing]

    def test_compare(self):
        known = {("a/pass.js", "*"), ("b/not-run.js", "*")}
        new, still, fixed = t262.compare_with_known(self.results(), ["interp"], known)
        self.assertEqual(new, [("a/fail.js", "interp")])
        self.assertEqual(still, [])
        self.assertEqual(fixed, [("a/pass.js", "interp")])

    def test_update_keeps_entries_outside_the_run(self):
        known = {("a/pass.js", "*"), ("b/not-run.js", "*"), ("a/pass.js", "jit")}
        text = t262.updated_known_failures(self.results(), ["interp"], known)
        entries = [line for line in text.splitlines() if line and not line.startswith("#")]
        self.assertEqual(entries, ["a/fail.js", "a/pass.js jit", "b/not-run.js"])

    def test_file_format(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.write("# comment\na/x.js\na/y.js jit  # why\n\n")
        try:
            self.assertEqual(t262.load_known_failures(handle.name), {("a/x.js", "*"), ("a/y.js", "jit")})
        finally:
            os.unlink(handle.name)


class SuiteExpectationTests(unittest.TestCase):
    def judge(self, expected, actual, kind=outcome.OK, first_line=""):
        test = suite.SuiteTest("area/t.js")
        return suite.judge(test, expected, actual, outcome.Outcome(kind, first_line=first_line))[0]

    def test_module_tests(self):
        self.assertTrue(suite.SuiteTest("area/m.mjs").expected_path.endswith("area/m.expected"))
        # A module's early errors name it by its absolute path.
        self.assertTrue(suite.is_error_line("SyntaxError: no export at /abs/area/m.mjs:3:9", "m.mjs"))
        self.assertFalse(suite.is_error_line("SyntaxError: no export at /abs/area/xm.mjs:3:9", "m.mjs"))

    def test_plain_output(self):
        self.assertTrue(self.judge("a\nb\n", "a\nb\n"))
        self.assertFalse(self.judge("a\nb\n", "a\n"))
        self.assertFalse(self.judge(None, "a\n"))

    def test_expected_uncaught_error(self):
        expected = "before\nUncaught TypeError: ...\n"
        self.assertTrue(self.judge(expected, "before\nUncaught TypeError: x is not a function\n", outcome.UNCAUGHT))
        self.assertFalse(self.judge(expected, "before\nUncaught RangeError: x\n", outcome.UNCAUGHT))
        self.assertFalse(self.judge(expected, "other\nUncaught TypeError: x\n", outcome.UNCAUGHT))
        # Printing the error text and exiting 0 is not the same as failing with it.
        self.assertFalse(self.judge(expected, "before\nUncaught TypeError: x\n", outcome.OK))

    def test_expected_early_error(self):
        expected = "SyntaxError: ... at t.js:2:5\n"
        self.assertTrue(self.judge(expected, "SyntaxError: Unexpected token at t.js:2:5\n", outcome.EARLY))
        self.assertFalse(self.judge(expected, "SyntaxError: Unexpected token at t.js:2:6\n", outcome.EARLY))

    def test_unexpected_error(self):
        self.assertFalse(self.judge("a\n", "a\nUncaught Error: x\n", outcome.UNCAUGHT))

    def test_ellipsis(self):
        self.assertTrue(suite.line_matches("Uncaught TypeError: ...", "Uncaught TypeError: anything at all"))
        self.assertFalse(suite.line_matches("Uncaught TypeError: exact", "Uncaught TypeError: exactly"))
        self.assertTrue(suite.line_matches("a (1+1) ... [x]", "a (1+1) b [x]"))


class HeaderFlagTests(unittest.TestCase):
    def test_flags_from_leading_comments(self):
        text = "// Calls into libc.\n// xjs-flags: --allow-ffi\nprint(1);\n"
        self.assertEqual(suite.read_header_flags(text), ["--allow-ffi"])
        self.assertEqual(suite.read_header_flags("// no flags\nprint(1);\n"), [])

    def test_only_the_leading_comment_block_counts(self):
        text = "print(1);\n// xjs-flags: --allow-ffi\n"
        self.assertEqual(suite.read_header_flags(text), [])

    def test_limits_are_allowed(self):
        text = "// Hostile.\n// xjs-flags: --timeout-ms=500 --max-heap=64m\nprint(1);\n"
        self.assertEqual(suite.read_header_flags(text), ["--timeout-ms=500", "--max-heap=64m"])

    def test_a_time_scale_stretches_a_tests_own_time_limit_only(self):
        flags = ["--timeout-ms=500", "--max-heap=64m"]
        self.assertEqual(suite.scaled_limit_flags(flags, 4), ["--timeout-ms=2000", "--max-heap=64m"])
        self.assertEqual(suite.scaled_limit_flags(flags, 1), flags)

    def test_mode_changing_flags_are_refused(self):
        with self.assertRaises(suite.HeaderError):
            suite.read_header_flags("// xjs-flags: --jitless\n")
        with self.assertRaises(suite.HeaderError):
            suite.read_header_flags("// xjs-flags: --allow-ffi --gc-stress\n")

    def test_flags_go_before_the_script(self):
        engine = XJSEngine.__new__(XJSEngine)
        engine.path = "/bin/xjs"
        argv = engine.command("interp", "t.js", extra_flags=["--allow-ffi"])
        self.assertEqual(argv, ["/bin/xjs", "run", "--jitless", "--allow-ffi", "t.js"])
        self.assertEqual(engine.command("jit", "t.js"), ["/bin/xjs", "run", "--jit", "t.js"])

    def test_node_cannot_take_xjs_flags(self):
        engine = NodeEngine.__new__(NodeEngine)
        engine.path = "/bin/node"
        with self.assertRaises(EngineError):
            engine.command("jit", "t.js", extra_flags=["--allow-ffi"])

    def test_node_skips_tests_with_xjs_flags_and_xjs_runs_them(self):
        limited = suite.SuiteTest("hostile/loops/while-true.js")
        plain = suite.SuiteTest("language/closures/counter.js")
        self.assertEqual(limited.header_flags, ["--timeout-ms=500"])
        self.assertEqual(plain.header_flags, [])
        node = NodeEngine.__new__(NodeEngine)
        node.name = "node"
        self.assertEqual(suite.runnable_tests(node, [limited, plain]), ([plain], [limited]))
        xjs = XJSEngine.__new__(XJSEngine)
        self.assertEqual(suite.runnable_tests(xjs, [limited, plain]), ([limited, plain], []))


class ProcessTests(unittest.TestCase):
    def test_exit_code_and_output(self):
        finished = run_limited([sys.executable, "-c", "import sys; print('out'); sys.stderr.write('err'); sys.exit(3)"])
        self.assertEqual((finished.exit_code, finished.stdout, finished.stderr), (3, "out\n", "err"))

    def test_timeout_kills_the_process_group(self):
        script = "import subprocess, time; subprocess.Popen(['sleep', '30']); time.sleep(30)"
        finished = run_limited([sys.executable, "-c", script], timeout=0.5)
        self.assertTrue(finished.timed_out)
        self.assertLess(finished.duration, 5)

    def test_output_cap(self):
        finished = run_limited([sys.executable, "-c", "while True: print('x' * 1000)"], output_limit=100_000)
        self.assertTrue(finished.output_overflow)

    def test_missing_binary(self):
        self.assertTrue(run_limited(["/nonexistent/binary"]).launch_error)

    def test_signal(self):
        finished = run_limited([sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"])
        self.assertEqual(outcome.classify(finished).kind, outcome.CRASH)


@unittest.skipUnless(shutil.which("node"), "node is not installed")
class NodeHostTests(unittest.TestCase):
    def run_script(self, text, test262=False):
        directory = tempfile.mkdtemp()
        try:
            with open(os.path.join(directory, "s.js"), "w") as handle:
                handle.write(text)
            argv = NodeEngine().command("jit", "s.js", test262=test262)
            return run_limited(argv, cwd=directory, timeout=20)
        finally:
            shutil.rmtree(directory)

    def test_contract(self):
        printed = self.run_script("print('a', 1, [2, 3]); var g = this.g = 1;")
        self.assertEqual((printed.exit_code, printed.stdout), (0, "a 1 2,3\n"))
        early = self.run_script("print(1);\nvar x = (1 +;\n")
        self.assertEqual((early.exit_code, early.stdout), (1, ""))
        self.assertTrue(early.stderr.startswith("SyntaxError: "), early.stderr)
        self.assertIn(" at s.js:2:13", early.stderr.splitlines()[0])
        uncaught = self.run_script("print(1);\nnull.x;\n")
        self.assertEqual((uncaught.exit_code, uncaught.stdout), (1, "1\n"))
        self.assertTrue(uncaught.stderr.startswith("Uncaught TypeError: "), uncaught.stderr)

    def test_global_code_and_host_object(self):
        script = "var declared = 1; print(Object.getOwnPropertyDescriptor(this, 'declared').configurable);"
        script += "var other = $262.createRealm(); print(other.global.Array !== Array, other.evalScript('1 + 1'));"
        script += "print(typeof $262.gc, $262.global === this);"
        finished = self.run_script(script, test262=True)
        self.assertEqual(finished.stdout, "false\ntrue 2\nfunction true\n", finished.stderr)

    def test_modes(self):
        self.assertEqual(parse_mode_list(["interp,jit", "jit", "gc-stress"]), ["interp", "jit", "gc-stress"])
        with self.assertRaises(EngineError):
            NodeEngine().select_modes(["arm64-sim"])


if __name__ == "__main__":
    unittest.main()
