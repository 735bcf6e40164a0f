#!/usr/bin/env python3
"""Runs web-platform-tests through `xjs run --dom` and counts subtests.

The WPT checkout stays outside the repository (as test262 does). Each test page is loaded with
`--doc-root=Conformance/wpt/overlay --doc-root=WPT`, so `/resources/testharness.js` is WPT's
and `/resources/testharnessreport.js` is ours (it prints one `WPT-RESULT {json}` line per
subtest and a `WPT-HARNESS {json}` line). `.any.js` and `.window.js` tests get the wrapper page
WPT's server would make for them.

The selection (what the DOM issue names, minus what xjs cannot run): every `.html`/`.htm` test
and `.any.js`/`.window.js` test under the given folders, except pages that need a server
(`.sub.`, `.https.`, `.h2.`), XML (`.xhtml`, `.xml`, `.svg`), iframes, new windows, workers,
network APIs, layout or user input (see SKIP_PATTERNS), and reference or support files
(`-ref`, `resources/`, `support/`).

A page whose harness errors or times out counts each subtest it reported, plus one failure for
the page itself; a page that reports nothing counts as one failed subtest.

Usage: Conformance/wpt/run.py --wpt /work/ext/wpt [--xjs PATH] [--mode interp] [--jobs 2]
       [--list-failures] [--filter text] [folder ...]
"""

import argparse
import json
import os
import re
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from runner.engines import XJS_MODE_FLAGS  # noqa: E402
from runner.process import run_limited  # noqa: E402

DEFAULT_FOLDERS = [
    "dom/nodes",
    "dom/events",
    "dom/traversal",
    "dom/collections",
    "dom/lists",
    "domparsing",
    "html/syntax",
    "html/webappapis/timers",
    "html/webappapis/microtask-queuing",
]
OVERLAY = os.path.join(HERE, "overlay")
DEFAULT_XJS = os.path.join(os.path.dirname(os.path.dirname(HERE)), ".build", "release", "xjs")

SKIPPED_NAME_PARTS = (".sub.", ".https.", ".h2.", ".tentative.", "-ref.", "-manual.", ".optional.")
SKIPPED_EXTENSIONS = (".xhtml", ".xht", ".xml", ".svg")
# Test pages that need what xjs does not have: frames and windows, workers, network, layout,
# user input (testdriver), and Range (not built).
SKIP_PATTERNS = re.compile(
    r"<iframe|createElement\(['\"]iframe|window\.open\(|<frame|<object|Worker\(|XMLHttpRequest|fetch\("
    r"|testdriver|getBoundingClientRect|offsetWidth|offsetHeight|getComputedStyle|elementFromPoint"
    r"|createRange\(|new Range\(|document\.write\(|execCommand|/common/reftest|SharedArrayBuffer"
)

# What a page's own helper scripts may not do (they hold utilities for many tests, so only the
# needs that no test of theirs could meet count: frames, windows, workers, network).
HELPER_SKIP_PATTERNS = re.compile(
    r"<iframe|createElement\(['\"]iframe|window\.open\(|Worker\(|XMLHttpRequest|fetch\("
)


def collect(wpt, folders, filter_text):
    tests = []
    for folder in folders:
        for directory, subdirectories, files in os.walk(os.path.join(wpt, folder)):
            subdirectories[:] = sorted(d for d in subdirectories if d not in ("resources", "support"))
            for name in sorted(files):
                path = os.path.join(directory, name)
                relative = os.path.relpath(path, wpt)
                if filter_text and filter_text not in relative:
                    continue
                if not is_test_file(name):
                    continue
                with open(path, encoding="utf-8", errors="replace") as handle:
                    text = handle.read()
                if name.endswith(".js") or "testharness.js" in text:
                    helpers = local_scripts(text, directory)
                    if not SKIP_PATTERNS.search(text) and not any(HELPER_SKIP_PATTERNS.search(h) for h in helpers):
                        tests.append(relative)
    return tests


def local_scripts(text, directory):
    """The text of the page's own helper scripts (`<script src>` relative to it, not WPT's
    /resources): a test whose helper makes iframes needs iframes too."""
    texts = []
    for src in re.findall(r"<script[^>]*\ssrc=[\"']?([^\"' >]+)", text):
        if src.startswith("/") or ":" in src:
            continue
        try:
            with open(os.path.join(directory, src), encoding="utf-8", errors="replace") as handle:
                texts.append(handle.read())
        except OSError:
            pass
    return texts


def is_test_file(name):
    if any(part in name for part in SKIPPED_NAME_PARTS) or name.endswith(SKIPPED_EXTENSIONS):
        return False
    if name.endswith((".any.js", ".window.js")):
        return True
    return name.endswith((".html", ".htm"))


def wrapper_page(relative, wpt):
    """The page WPT's server makes for `x.any.js` or `x.window.js` (its `// META: script=` lines
    become script elements)."""
    with open(os.path.join(wpt, relative), encoding="utf-8") as handle:
        source = handle.read()
    scripts = ["/resources/testharness.js", "/resources/testharnessreport.js"]
    folder = "/" + os.path.dirname(relative)
    for line in source.splitlines():
        match = re.match(r"//\s*META:\s*script=(\S+)", line)
        if match:
            src = match.group(1)
            scripts.append(src if src.startswith("/") else folder + "/" + src)
    scripts.append("/" + relative)
    tags = "".join(f'<script src="{src}"></script>\n' for src in scripts)
    return f"<!doctype html>\n<meta charset=utf-8>\n<body>\n<div id=log></div>\n{tags}"


def run_test(xjs, wpt, relative, mode, timeout, scratch):
    if relative.endswith(".js"):
        page = os.path.join(scratch, relative.replace("/", "__") + ".html")
        with open(page, "w", encoding="utf-8") as handle:
            handle.write(wrapper_page(relative, wpt))
    else:
        page = os.path.join(wpt, relative)
    argv = [xjs, "run", "--dom", *XJS_MODE_FLAGS[mode], f"--timeout-ms={timeout * 1000}"]
    argv += [f"--doc-root={OVERLAY}", f"--doc-root={wpt}", page]
    result = run_limited(argv, timeout=timeout + 5)
    subtests, harness = [], None
    for line in result.stdout.splitlines():
        if line.startswith("WPT-RESULT "):
            subtests.append(json.loads(line[len("WPT-RESULT ") :]))
        elif line.startswith("WPT-HARNESS "):
            harness = json.loads(line[len("WPT-HARNESS ") :])
    problem = ""
    if harness is None:
        problem = "no results (exit %d%s): %s" % (
            result.exit_code,
            ", timed out" if result.timed_out else "",
            result.stderr.strip().splitlines()[-1][:200] if result.stderr.strip() else "",
        )
    elif harness["status"] != "OK":
        problem = "harness %s: %s" % (harness["status"], (harness.get("message") or "")[:200])
    return relative, subtests, problem


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="*", default=DEFAULT_FOLDERS)
    parser.add_argument("--wpt", required=True, help="a web-platform-tests checkout")
    parser.add_argument("--xjs", default=os.environ.get("XJS", DEFAULT_XJS))
    parser.add_argument("--mode", default="interp", choices=sorted(XJS_MODE_FLAGS))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--timeout", type=int, default=30, help="seconds per page")
    parser.add_argument("--filter", default="")
    parser.add_argument("--list-failures", action="store_true")
    arguments = parser.parse_args()
    sys.stdout.reconfigure(errors="replace")
    wpt = os.path.abspath(arguments.wpt)
    tests = collect(wpt, arguments.folders, arguments.filter)
    totals = {}
    failures = []
    with tempfile.TemporaryDirectory() as scratch, ThreadPoolExecutor(arguments.jobs) as pool:
        futures = [
            pool.submit(run_test, arguments.xjs, wpt, test, arguments.mode, arguments.timeout, scratch)
            for test in tests
        ]
        for future in futures:
            relative, subtests, problem = future.result()
            folder = next((f for f in arguments.folders if relative.startswith(f)), "other")
            passed, total = totals.get(folder, (0, 0))
            passed += sum(1 for subtest in subtests if subtest["status"] == "PASS")
            total += max(len(subtests), 1) + (1 if problem and subtests else 0)
            totals[folder] = (passed, total)
            for subtest in subtests:
                if subtest["status"] != "PASS":
                    failures.append(f"{relative} :: {subtest['name']} :: {subtest['status']} {subtest.get('message') or ''}")
            if problem:
                failures.append(f"{relative} :: (page) :: {problem}")
    if arguments.list_failures:
        for line in failures:
            print(line[:400])
    all_passed = sum(p for p, _ in totals.values())
    all_total = sum(t for _, t in totals.values())
    for folder, (passed, total) in sorted(totals.items()):
        print(f"{folder:40} {passed:6}/{total:<6} {100.0 * passed / max(total, 1):6.2f} %")
    print(f"{'all (' + str(len(tests)) + ' pages, mode ' + arguments.mode + ')':40} {all_passed:6}/{all_total:<6} "
          f"{100.0 * all_passed / max(all_total, 1):6.2f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
