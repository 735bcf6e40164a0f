#!/usr/bin/env python3
"""Differential tester: generated programs run in every xjs engine mode and in node.

Programs come from jsgen.py (grammar-based, valid, deterministic and terminating; each one is
reproducible from (seed, index) alone). They run in batches, many programs per process so that
start-up does not dominate, each isolated by the batch's driver (an exception ends that program
only, and a crash or hang ends the batch at that program: the rest of the batch is run again
without it). Every program prints one result line (`#R hash count last-iteration`, or `#E ...`
for an exception that escaped it); results are compared per program:

  - between xjs modes (`xjs --version` lists them; the flags are XJS_MODE_FLAGS of
    Conformance/runner/engines.py): any difference is a bug;
  - between xjs and node (the reference, where the behaviour is specified): reported
    separately, for triage. Messages of engine-made errors are masked in this comparison.

A difference is confirmed by running that program alone, minimized (deleting statements and
blocks and lowering the iteration count while the same modes still disagree) and written to the
findings directory, one file per finding: a runnable script whose header says the seed, index,
modes and outputs. The summary says how many programs ran in each mode, the differences, wall
time and programs per second. Exit status: 1 if any two xjs modes disagreed, else 0.

  Scripts/fuzz/differential.py --smoke                   # short fixed run (CI), < 60 s
  Scripts/fuzz/differential.py --programs 20000 --seed 7 --jobs 1
  Scripts/fuzz/differential.py --programs 5000 --modes interp,jit --no-node
  Scripts/fuzz/differential.py --sample gc-stress=10     # gc-stress on every 10th program only
  Scripts/fuzz/differential.py --show 7:1234             # print program 1234 of seed 7
  Scripts/fuzz/differential.py --one 7:1234              # run it alone, every mode, print results

Python 3 standard library only.
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import jsgen  # noqa: E402

try:
    sys.path.insert(0, os.path.join(REPO, "Conformance"))
    from runner.engines import XJS_MODE_FLAGS  # noqa: E402
except Exception:  # the table, mirrored, for a checkout without the conformance runner
    XJS_MODE_FLAGS = {
        "interp": ["--jitless"],
        "gc-stress": ["--gc-stress"],
        "jit-eager": ["--jit=eager"],
        "jit": ["--jit"],
        "arm64-sim": ["--jit=eager", "--jit-target=arm64-sim"],
    }

NODE = "node"
# Seconds a batch may take per program, by mode (gc-stress collects at every allocation).
PER_PROGRAM_S = {"gc-stress": 6.0, "arm64-sim": 2.0}
PER_PROGRAM_DEFAULT_S = 1.0
# A mode that timed out where the others agree is run again alone with this many times the time
# before the program counts as a difference: gc-stress and arm64-sim are slow by design, and some
# generated programs take them longer than the batch allows on a loaded machine.
SLOW_RETRY_SCALE = 10
OWN_MESSAGE = re.compile(r"^(e-?[0-9]+|t[0-9]+|r|g)$")


def xjs_modes(xjs):
    try:
        out = subprocess.run([xjs, "--version"], capture_output=True, text=True, timeout=30).stdout
    except OSError as e:
        sys.exit(f"differential: cannot run {xjs}: {e}")
    for line in out.splitlines():
        if line.startswith("modes:"):
            return [m for m in line.split()[1:] if m in XJS_MODE_FLAGS]
    return ["interp", "gc-stress"]


class Runner:
    """Runs lists of programs in one engine mode and returns one result per program."""

    def __init__(self, xjs, tmpdir):
        self.xjs = xjs
        self.tmpdir = tmpdir
        self.lock = threading.Lock()
        self.counter = 0
        self.seconds = {}
        self.runs = {}

    def argv(self, mode, path):
        if mode == NODE:
            return [NODE, "--stack-size=2000", path]
        return [self.xjs, "run"] + XJS_MODE_FLAGS[mode] + [path]

    def _file(self, text):
        with self.lock:
            self.counter += 1
            n = self.counter
        path = os.path.join(self.tmpdir, f"b{n}.js")
        with open(path, "w") as f:
            f.write(text)
        return path

    def run_text(self, mode, text, n_programs, scale=1):
        """(stdout, stderr, returncode or 'timeout') of one script."""
        path = self._file(text)
        limit = (10 + n_programs * PER_PROGRAM_S.get(mode, PER_PROGRAM_DEFAULT_S)) * scale
        t0 = time.time()
        try:
            p = subprocess.run(self.argv(mode, path), capture_output=True, timeout=limit, cwd=self.tmpdir)
            out, err, rc = p.stdout, p.stderr, p.returncode
        except subprocess.TimeoutExpired as e:
            out, err, rc = e.stdout or b"", e.stderr or b"", "timeout"
        finally:
            try:
                os.unlink(path)
            except OSError:
                pass
        with self.lock:
            self.seconds[mode] = self.seconds.get(mode, 0.0) + time.time() - t0
        return out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), rc

    def run(self, mode, programs, scale=1):
        """{index: result text} for programs, a list of (index, source, is_async)."""
        results = {}
        todo = list(programs)
        while todo:
            out, err, rc = self.run_text(mode, jsgen.batch_source(todo), len(todo), scale)
            got, order, ended = parse_output(out)
            results.update(got)
            if ended:
                if rc not in (0,) or err.strip():
                    # finished, then failed (or complained) on the way out: charge it to the batch
                    for idx, _, _ in todo:
                        results[idx] = results.get(idx, "") + f"\n#EXIT {rc} {first_line(err)}"
                break
            if not order:
                if len(todo) == 1:
                    results[todo[0][0]] = f"#NOSTART {rc} {first_line(err)}"
                    break
                # nothing ran (a syntax error, or a crash before the first program): halve
                half = len(todo) // 2
                results.update(self.run(mode, todo[:half]))
                todo = todo[half:]
                continue
            culprit = order[-1]
            what = "#TIMEOUT" if rc == "timeout" else f"#CRASH {rc} {first_line(err)}"
            results[culprit] = (results.get(culprit, "") + "\n" + what).strip()
            pos = [p[0] for p in todo].index(culprit)
            todo = todo[pos + 1:]
        with self.lock:
            self.runs[mode] = self.runs.get(mode, 0) + len(programs)
        return results


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:300]
    return ""


def parse_output(out):
    """({index: lines}, [indices in the order they started], whether #END was reached)."""
    results, order, cur, ended = {}, [], None, False
    for line in out.splitlines():
        if line.startswith("#P "):
            try:
                cur = int(line[3:])
            except ValueError:
                continue
            order.append(cur)
            results[cur] = []
        elif line == "#END":
            ended = True
            cur = None
        elif cur is not None:
            results[cur].append(line)
    return {k: "\n".join(v) for k, v in results.items()}, order, ended


def for_node(result):
    """A result as compared with node's: messages of engine-made errors masked."""
    lines = []
    for line in result.splitlines():
        if line.startswith("#E ") and ": " in line:
            name, msg = line[3:].split(": ", 1)
            if not OWN_MESSAGE.match(msg):
                line = f"#E {name}: ~"
        elif line.startswith("#O "):
            continue  # emitted values before an escaping exception: in the #E program's hash anyway
        lines.append(line)
    return "\n".join(lines)


def groups(results):
    """Modes grouped by identical result: [[modes...], ...], biggest group first."""
    by = {}
    for mode, r in results.items():
        by.setdefault(r, []).append(mode)
    return sorted(by.values(), key=lambda g: -len(g))


# ---------------------------------------------------------------------------------------------
# Minimizing


def split_units(lines):
    """Deletable units of a program's lines: (start, end) ranges, blocks first (a line ending
    with `{` up to the line that closes it, found by indentation) then single lines."""
    units = []
    for k, line in enumerate(lines):
        s = line.rstrip()
        ind = len(line) - len(line.lstrip())
        if s.endswith("{") and k > 0:
            for j in range(k + 1, len(lines)):
                lj = lines[j]
                if len(lj) - len(lj.lstrip()) == ind and lj.strip().startswith("}"):
                    if lj.strip() in ("}", "};") or lj.strip().startswith("} while"):
                        units.append((k, j))
                    break
    singles = [(k, k) for k, line in enumerate(lines) if not line.rstrip().endswith("{") and line.strip() not in ("}", "};")
               and not line.strip().startswith("} ")]
    units.sort(key=lambda u: -(u[1] - u[0]))
    return units + singles


class Minimizer:
    def __init__(self, runner, modes, still, budget_s):
        self.runner, self.modes, self.still, self.deadline = runner, modes, still, time.time() + budget_s
        self.tests = 0

    def holds(self, src, is_async):
        if time.time() > self.deadline:
            return False
        self.tests += 1
        src = re.sub(r"^(async )?function p\d+\(", lambda m: (m.group(1) or "") + "function p0(", src, count=1)
        text = jsgen.batch_source([(0, src, is_async)])
        res = {}
        for m in self.modes:
            out, err, rc = self.runner.run_text(m, text, 1)
            got, order, ended = parse_output(out)
            if not ended and order:
                got[0] = got.get(0, "") + ("\n#TIMEOUT" if rc == "timeout" else f"\n#CRASH {rc}")
            res[m] = got.get(0, f"#NOSTART {rc} {first_line(err)}")
        return self.still(res)

    def minimize(self, src, is_async):
        src = re.sub(r"^(async )?function p\d+\(", lambda m: (m.group(1) or "") + "function p0(", src, count=1)
        if not self.holds(src, is_async):
            return None
        # fewer iterations first: everything after gets cheaper
        m = re.search(r"for \(let it = 0; it < (\d+); it\+\+\)", src)
        if m:
            n = int(m.group(1))
            for cand in sorted({1, 2, 3, 5, 10, 20, 50, 100, 200, 400, n // 2} - {0}):
                if cand >= n:
                    break
                t = src.replace(m.group(0), f"for (let it = 0; it < {cand}; it++)", 1)
                if self.holds(t, is_async):
                    src = t
                    break
        progress = True
        while progress and time.time() < self.deadline:
            progress = False
            lines = src.split("\n")
            for (a, b) in split_units(lines):
                if b >= len(lines):
                    continue
                cand = "\n".join(lines[:a] + lines[b + 1:])
                if cand != src and self.holds(cand, is_async):
                    src = cand
                    progress = True
                    break
        return src


# ---------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--xjs", default=os.environ.get("XJS", os.path.join(REPO, ".build", "release", "xjs")))
    ap.add_argument("--programs", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0, help="first program index (to continue a run)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--jobs", "-j", type=int, default=1)
    ap.add_argument("--batch", type=int, default=25, help="programs per process")
    ap.add_argument("--modes", default="", help="comma-separated xjs modes (default: all the build has)")
    ap.add_argument("--no-node", action="store_true")
    ap.add_argument("--sample", action="append", default=[], metavar="MODE=K",
                    help="run MODE on every K-th program only (e.g. gc-stress=10)")
    ap.add_argument("--findings", default="/work/diff-findings")
    ap.add_argument("--max-minimize", type=int, default=40, help="findings minimized per run (the rest are kept whole)")
    ap.add_argument("--minimize-seconds", type=float, default=90)
    ap.add_argument("--smoke", action="store_true", help="short fixed run for CI: exit 1 on any mode difference")
    ap.add_argument("--show", metavar="SEED:INDEX", help="print that program as a runnable script")
    ap.add_argument("--one", metavar="SEED:INDEX", help="run that program alone in every mode and print the results")
    ap.add_argument("--quiet", "-q", action="store_true")
    args = ap.parse_args()

    # The batches run in a scratch directory: a relative path must not change meaning there.
    args.xjs = os.path.abspath(args.xjs)
    if args.show:
        seed, idx = args.show.rsplit(":", 1)
        src, a, _ = jsgen.generate(seed, int(idx))
        print(jsgen.batch_source([(int(idx), src, a)]))
        return 0
    if args.one:
        seed, idx = args.one.rsplit(":", 1)
        src, a, tags = jsgen.generate(seed, int(idx))
        tmpdir = tempfile.mkdtemp(prefix="xjs-diff-")
        runner = Runner(args.xjs, tmpdir)
        engines = xjs_modes(args.xjs) + ([] if args.no_node or not shutil.which(NODE) else [NODE])
        res = {e: runner.run(e, [(int(idx), src, a)]).get(int(idx), "") for e in engines}
        shutil.rmtree(tmpdir, ignore_errors=True)
        print(f"program {seed}:{idx} tags: {' '.join(tags)}")
        for g in groups(res):
            print(f"[{' '.join(g)}]\n{res[g[0]]}")
        return 0
    if args.smoke:
        args.seed, args.start, args.programs, args.batch = "smoke", 0, 150, 25
        args.jobs = max(args.jobs, min(2, os.cpu_count() or 1))
        args.max_minimize, args.minimize_seconds = 3, 20
    if not os.path.exists(args.xjs):
        sys.exit(f"differential: no xjs at {args.xjs} (build it, or pass --xjs PATH)")
    modes = xjs_modes(args.xjs)
    if args.modes:
        want = [m.strip() for m in args.modes.split(",") if m.strip()]
        bad = [m for m in want if m not in modes]
        if bad:
            sys.exit(f"differential: mode {', '.join(bad)} not in this build (it has {' '.join(modes)})")
        modes = want
    use_node = not args.no_node and shutil.which(NODE) is not None
    if not args.no_node and not use_node and not args.smoke:
        print("differential: node not found; comparing xjs modes only", file=sys.stderr)
    sample = {}
    for s in args.sample:
        m, k = s.split("=")
        sample[m] = max(1, int(k))
    engines = modes + ([NODE] if use_node else [])

    tmpdir = tempfile.mkdtemp(prefix="xjs-diff-")
    runner = Runner(args.xjs, tmpdir)
    os.makedirs(args.findings, exist_ok=True)
    stats = {
        "programs": 0, "mode_diffs": 0, "node_diffs": 0, "unconfirmed": 0, "slow_retries": 0,
        "per_mode": {e: 0 for e in engines},
    }
    findings = []
    lock = threading.Lock()
    t_start = time.time()
    minimized = [0]

    def run_batch(indices):
        progs = []
        for idx in indices:
            src, a, tags = jsgen.generate(args.seed, idx)
            progs.append((idx, src, a))
        res = {}
        for e in engines:
            k = sample.get(e, 1)
            sub = [p for p in progs if p[0] % k == 0]
            if sub:
                res[e] = runner.run(e, sub)
        return progs, res

    def handle(progs, res):
        local = []
        for idx, src, a in progs:
            r = {e: res[e][idx] for e in res if idx in res[e]}
            with lock:
                for e in r:
                    stats["per_mode"][e] += 1
            xr = {e: v for e, v in r.items() if e != NODE}
            slow = [e for e, v in xr.items() if "#TIMEOUT" in v or v.startswith("#NOSTART timeout")]
            if slow and len(slow) < len(xr) and len({v for e, v in xr.items() if e not in slow}) == 1:
                for e in slow:
                    r[e] = xr[e] = runner.run(e, [(idx, src, a)], SLOW_RETRY_SCALE)[idx]
                with lock:
                    stats["slow_retries"] += 1
            if len(set(xr.values())) > 1:
                local.append(("mode", idx, src, a, r))
            elif NODE in r and xr:
                ref = next(iter(xr.values()))
                if for_node(ref) != for_node(r[NODE]):
                    local.append(("node", idx, src, a, r))
        return local

    def record(kind, idx, src, a, r):
        # confirm alone
        if kind == "mode":
            involved = [e for e in r if e != NODE]
        else:
            involved = [e for e in r if e != NODE][:1] + [NODE]

        def differs(res):
            if kind == "mode":
                vals = [v for e, v in res.items() if e != NODE]
                return len(set(vals)) > 1
            x = res[involved[0]]
            n = res[NODE]
            if "#NOSTART" in n or "#NOSTART" in x:
                return False
            return for_node(x) != for_node(n)

        mini = Minimizer(runner, involved, differs, 30)
        alone = mini.holds(src, a)
        text_alone = None
        if not alone:
            with lock:
                stats["unconfirmed"] += 1
        with lock:
            do_min = alone and minimized[0] < args.max_minimize
            if do_min:
                minimized[0] += 1
        small = None
        if do_min:
            mini = Minimizer(runner, involved, differs, args.minimize_seconds)
            small = mini.minimize(src, a)
        final_src = small or re.sub(r"^(async )?function p\d+\(", lambda m: (m.group(1) or "") + "function p0(", src, count=1)
        final_text = jsgen.batch_source([(0, final_src, a)])
        # outputs of the final program per involved engine
        outs = {}
        for e in involved:
            o, err, rc = runner.run_text(e, final_text, 1)
            outs[e] = (o.strip() + ("\n[stderr] " + first_line(err) if err.strip() else "") + f"\n[exit {rc}]")
        safe_seed = re.sub(r"[^A-Za-z0-9_.-]", "_", str(args.seed))
        name = f"{kind}-{safe_seed}-{idx}.js"
        path = os.path.join(args.findings, name)
        hdr = [f"// differential finding: {'MODE DIFFERENCE (bug)' if kind == 'mode' else 'xjs vs node (triage)'}",
               f"// seed {args.seed!r} index {idx}; regenerate: Scripts/fuzz/differential.py --show {args.seed}:{idx}",
               f"// confirmed alone: {'yes' if alone else 'NO (only inside its batch)'}; minimized: {'yes' if small else 'no'}",
               f"// engines: {' '.join(involved)}",
               "// result lines in the original batch run:"]
        for g in groups({e: r[e] for e in r}):
            hdr.append(f"//   [{' '.join(g)}]")
            for line in r[g[0]].splitlines()[:6]:
                hdr.append("//     " + line[:400])
        hdr.append("// this file's output per engine:")
        for e in involved:
            hdr.append(f"//   [{e}]")
            for line in outs[e].splitlines()[:8]:
                hdr.append("//     " + line[:400])
        cmd_modes = " ".join(f"{args.xjs} run {' '.join(XJS_MODE_FLAGS[e])} {name}" if e != NODE else f"node {name}" for e in involved)
        hdr.append("// run: " + cmd_modes)
        with open(path, "w") as f:
            f.write("\n".join(hdr) + "\n\n" + final_text)
        with lock:
            findings.append((kind, idx, alone, path))
            if not args.quiet:
                print(f"\n  {'MODE DIFFERENCE' if kind == 'mode' else 'node difference'}: program {idx} "
                      f"({'confirmed' if alone else 'batch only'}) -> {path}", flush=True)

    indices = list(range(args.start, args.start + args.programs))
    batches = [indices[k:k + args.batch] for k in range(0, len(indices), args.batch)]
    done = 0
    last_print = 0
    # differences are confirmed and minimized on the side, while the batches go on
    rec_pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futs = [pool.submit(run_batch, b) for b in batches]
        rec_futs = []
        for fut in concurrent.futures.as_completed(futs):
            progs, res = fut.result()
            diffs = handle(progs, res)
            with lock:
                stats["programs"] += len(progs)
                done += len(progs)
            for d in diffs:
                if d[0] == "mode":
                    stats["mode_diffs"] += 1
                else:
                    stats["node_diffs"] += 1
                if not args.quiet:
                    print(f"\n  {d[0]} difference in program {d[1]} (seed {args.seed}); confirming", flush=True)
                rec_futs.append(rec_pool.submit(record, *d))
            if not args.quiet and (time.time() - last_print > 5 or done == len(indices)):
                last_print = time.time()
                el = time.time() - t_start
                print(f"\r[{done}/{len(indices)}] {el:.0f}s {done / max(el, 1e-9):.1f} programs/s, "
                      f"mode diffs {stats['mode_diffs']}, node diffs {stats['node_diffs']}", end="", flush=True)
        for f in rec_futs:
            f.result()
    rec_pool.shutdown()
    wall = time.time() - t_start
    shutil.rmtree(tmpdir, ignore_errors=True)

    print()
    print(f"seed {args.seed!r}, programs {args.start}..{args.start + args.programs - 1}: {stats['programs']} programs "
          f"in {wall:.1f} s ({stats['programs'] / max(wall, 1e-9):.1f} programs/s), jobs {args.jobs}")
    for e in engines:
        secs = runner.seconds.get(e, 0.0)
        extra = f" (every {sample[e]}th)" if e in sample else ""
        print(f"  {e:10s} {stats['per_mode'][e]:7d} programs{extra}, {secs:8.1f} s in the engine")
    print(f"  differences between xjs modes: {stats['mode_diffs']}"
          + (f" ({stats['unconfirmed']} of all differences not reproduced alone)" if stats["unconfirmed"] else ""))
    if stats["slow_retries"]:
        print(f"  timeouts of a slow mode run again alone with {SLOW_RETRY_SCALE}x the time: {stats['slow_retries']}"
              " (counted as differences only if the results still differ)")
    if use_node:
        print(f"  differences from node (triage): {stats['node_diffs']}")
    for kind, idx, alone, path in sorted(findings):
        print(f"  {kind:4s} {idx:7d} {'confirmed' if alone else 'batch-only'} {path}")
    return 1 if stats["mode_diffs"] else 0


if __name__ == "__main__":
    sys.exit(main())
