"""Run one engine process with a wall-clock limit and an output cap.

The child gets its own process group so a timeout kills everything it started,
and output is read incrementally so a script that prints forever cannot exhaust
the runner's memory.
"""

import os
import selectors
import signal
import subprocess
import time
from dataclasses import dataclass

DEFAULT_OUTPUT_LIMIT = 8 * 1024 * 1024  # bytes per stream


@dataclass
class ProcessResult:
    exit_code: int  # negative: killed by that signal
    stdout: str
    stderr: str
    duration: float  # seconds
    timed_out: bool = False
    output_overflow: bool = False
    launch_error: str = ""  # set when the process could not be started at all

    @property
    def signal_name(self):
        if self.exit_code >= 0:
            return ""
        try:
            return signal.Signals(-self.exit_code).name
        except ValueError:
            return f"signal {-self.exit_code}"


def run_limited(argv, cwd=None, timeout=10.0, env=None, output_limit=DEFAULT_OUTPUT_LIMIT):
    """Runs argv, returning its exit status and decoded output (never raises for child failures)."""
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            argv,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except OSError as error:
        return ProcessResult(-1, "", "", 0.0, launch_error=f"cannot start {argv[0]}: {error.strerror}")
    chunks = {proc.stdout: [], proc.stderr: []}
    sizes = {proc.stdout: 0, proc.stderr: 0}
    timed_out = overflow = False
    deadline = start + timeout
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdout, selectors.EVENT_READ)
        selector.register(proc.stderr, selectors.EVENT_READ)
        while selector.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                timed_out = True
                break
            for key, _ in selector.select(timeout=min(remaining, 1.0)):
                data = os.read(key.fd, 65536)
                if not data:
                    selector.unregister(key.fileobj)
                    continue
                chunks[key.fileobj].append(data)
                sizes[key.fileobj] += len(data)
                if sizes[key.fileobj] > output_limit:
                    overflow = True
            if overflow:
                break
    if timed_out or overflow:
        _kill_group(proc)
    exit_code = _wait(proc, deadline)
    if exit_code is None:  # closed its pipes but kept running past the deadline
        timed_out = True
        _kill_group(proc)
        exit_code = proc.wait()
    proc.stdout.close()
    proc.stderr.close()
    return ProcessResult(
        exit_code=exit_code,
        stdout=b"".join(chunks[proc.stdout]).decode("utf-8", "replace"),
        stderr=b"".join(chunks[proc.stderr]).decode("utf-8", "replace"),
        duration=time.monotonic() - start,
        timed_out=timed_out,
        output_overflow=overflow,
    )


def _wait(proc, deadline):
    try:
        return proc.wait(timeout=max(deadline - time.monotonic(), 0.05))
    except subprocess.TimeoutExpired:
        return None


def _kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
