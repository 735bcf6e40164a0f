#!/usr/bin/env python3
"""Content-process benchmarks (issue 19): how long a host waits for a new content process to
answer its first script, cold and warm, and how much memory an idle one holds, against the
same work done without a content process (`xjs run`) and by other engines started as
subprocesses (node; qjs when QJS points at one or it is on PATH).

- content, cold: the first launch of a fresh host (xjs-shell) after the page cache was dropped
  (when /proc/sys/vm/drop_caches is writable; otherwise the first launch, noted as warm-cache);
- content, warm: later launches from the same host (median);
  each launch is `ContentProcess(policy:)` (spawn, hello, MDWE or not, engine set-up, seccomp,
  ready) plus `evaluate("1 + 1")` answered, timed inside the host;
- subprocess: spawn to exit of `xjs run -e '1 + 1'`, of `xjs run --dom` on a blank page (the
  same engine and DOM set-up as a content process, in one process), `node -e '1 + 1'` and
  `qjs -e '1 + 1'` (median of the runs; an engine that is not installed is left out);
- idle RSS: VmRSS of a content process that answered its first script and waits, and of each
  engine process 300 ms into `setTimeout(() => {}, 10000)`.

Usage: Benchmarks/content/run.py [--build DIR] [--runs 20] [--jitless]
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def drop_caches():
    try:
        subprocess.run(["sync"], check=False)
        with open("/proc/sys/vm/drop_caches", "w") as handle:
            handle.write("3\n")
        return True
    except OSError:
        return False


def shell_launches(shell, page, count, jitless):
    args = [shell] + (["--jitless"] if jitless else []) + [page, f"bench-launch {count}"]
    output = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    line = [text for text in output.splitlines() if text.startswith("{")][-1]
    return json.loads(line)


def time_subprocess(command, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return times


def idle_rss(command):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.3)
    if process.poll() is not None:
        sys.exit(f"{' '.join(command)} exited before its memory was read")
    rss = 0
    with open(f"/proc/{process.pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    process.kill()
    process.wait()
    return rss


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--jitless", action="store_true", help="deny JIT to the content processes (MDWE)")
    options = parser.parse_args()
    xjs = os.path.join(options.build, "xjs")
    shell = os.path.join(options.build, "xjs-shell")
    for path in (xjs, shell):
        if not os.access(path, os.X_OK):
            sys.exit(f"{path} is missing: swift build -c release --product xjs && swift build -c release --product xjs-shell")
    os.environ["XJS_EXECUTABLE"] = xjs
    page = os.path.join(tempfile.mkdtemp(), "blank.html")
    with open(page, "w") as handle:
        handle.write("<!doctype html><title>blank</title>")

    dropped = drop_caches()
    cold = shell_launches(shell, page, 1, options.jitless)
    warm = shell_launches(shell, page, options.runs, options.jitless)
    flags = ["--jitless"] if options.jitless else []
    rows = [
        ("content process, cold" + ("" if dropped else " (page cache not dropped)"), cold["launch_ms"][0],
         cold["idle_rss_kb"]),
        ("content process, warm", statistics.median(warm["launch_ms"][1:] or warm["launch_ms"]),
         warm["idle_rss_kb"]),
    ]
    engines = [("xjs run (no content process)", [xjs, "run"] + flags)]
    if shutil.which("node"):
        engines.append(("node", ["node"] + (["--jitless"] if options.jitless else [])))
    qjs = os.environ.get("QJS") or shutil.which("qjs")
    if qjs:
        engines.append(("qjs", [qjs, "--std"]))
    for name, command in engines:
        times = time_subprocess(command + ["-e", "1 + 1"], options.runs)
        # qjs has its timers in the os module (global with --std).
        waits = "os.setTimeout(() => {}, 10000)" if name == "qjs" else "setTimeout(() => {}, 10000)"
        rss = idle_rss(command + ["-e", waits])
        rows.append((name + ", subprocess", statistics.median(times), rss))
        if name.startswith("xjs run"):
            waiting = os.path.join(os.path.dirname(page), "waiting.html")
            with open(waiting, "w") as handle:
                handle.write("<!doctype html><title>blank</title><script>setTimeout(() => {}, 10000)</script>")
            times = time_subprocess(command + ["--dom", page], options.runs)
            rows.append(("xjs run --dom blank page, subprocess", statistics.median(times), idle_rss(command + ["--dom", waiting])))
    mode = "JIT denied (MDWE)" if options.jitless else "JIT allowed"
    print(f"Content-process launch and first script, {mode}, medians of {options.runs}:")
    print(f"  {'':48} {'first answer':>13} {'idle RSS':>10}")
    for name, milliseconds, rss in rows:
        print(f"  {name:48} {milliseconds:10.2f} ms {rss / 1024:7.1f} MB")


if __name__ == "__main__":
    main()
