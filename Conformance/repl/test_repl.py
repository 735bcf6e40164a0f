#!/usr/bin/env python3
"""Drives the xjs REPL through a pseudo-terminal, as a person at a terminal would.

    python3 Conformance/repl/test_repl.py path/to/xjs [xjs options...]

Each step types keys (escape sequences included) and waits for what the REPL prints, with a
timeout, never a fixed sleep, so a slow machine only makes it slower. Exits non-zero with the
step that failed and the end of the screen output.
"""

import fcntl
import glob
import os
import pty
import re
import select
import shutil
import signal
import struct
import sys
import tempfile
import termios
import time

TIMEOUT = 30.0
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Failure(Exception):
    pass


SESSIONS = []  # every xjs started, so a failed run leaves none behind


class Session:
    def __init__(self, xjs, options, history_path):
        env = dict(os.environ, TERM="xterm", XJS_REPL_HISTORY=history_path)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(xjs, [xjs] + options, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 200, 0, 0))
        self.raw = b""
        self.position = 0  # how far into the cleaned output steps have matched
        self.exited = False
        self.reaped = False
        SESSIONS.append(self)

    @property
    def screen(self):
        """The output without cursor movements and carriage returns: redraws run together,
        results and prompts are on their own lines."""
        text = self.raw.decode("utf-8", "replace")
        return ESCAPES.sub("", text).replace("\r", "")

    def pump(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        ready, _, _ = select.select([self.fd], [], [], min(remaining, 0.2))
        if ready:
            try:
                data = os.read(self.fd, 65536)
            except OSError:  # EIO: the child closed the terminal
                data = b""
            if not data:
                self.exited = True
                return False
            self.raw += data
        return True

    def expect(self, needle, step):
        """Waits until `needle` appears after what earlier steps matched."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            index = self.screen.find(needle, self.position)
            if index >= 0:
                self.position = index + len(needle)
                return
            if self.exited or not self.pump(deadline):
                if self.exited:
                    # Read what is left before giving up.
                    index = self.screen.find(needle, self.position)
                    if index >= 0:
                        self.position = index + len(needle)
                        return
                raise Failure(
                    f"step '{step}': did not see {needle!r} within {TIMEOUT:.0f}s"
                    f"{' (xjs exited)' if self.exited else ''}; output since the last match:\n"
                    f"{self.screen[self.position:][-1500:]!r}"
                )

    def type(self, keys):
        os.write(self.fd, keys.encode("utf-8"))

    def prompt(self, step):
        self.expect("> ", step)

    def wait_exit(self, step):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid == self.pid:
                self.reaped = True
                return os.waitstatus_to_exitcode(status)
            self.pump(deadline)
        raise Failure(f"step '{step}': xjs did not exit within {TIMEOUT:.0f}s")


def run(xjs, options):
    work = tempfile.mkdtemp(prefix=f"xjs-repl-test-{os.getpid()}-")
    history_path = os.path.join(work, "history")
    loaded = os.path.join(work, "loaded.js")
    with open(loaded, "w") as file:
        file.write("var loaded = 6 * 7;\nloaded\n")
    session = Session(xjs, options, history_path)
    steps = 0

    def step(name, keys, *expected, prompt=True):
        nonlocal steps
        session.type(keys)
        for needle in expected:
            session.expect(needle, name)
        if prompt:
            session.prompt(name)
        steps += 1

    session.expect("type JavaScript", "banner")
    session.prompt("first prompt")
    step("arithmetic", "1+1\r", "\n2\n")
    step("string result quoted", "'a' + 'b'\r", "\n'ab'\n")
    step("multi-line function", "function add(a, b) {\r", "\n... ", prompt=False)
    step("multi-line function end", "return a + b }\r", "\nundefined\n")
    step("call", "add(2, 3)\r", "\n5\n")
    step("_ is the last result", "_ * 2\r", "\n10\n")
    step("Up recalls the last line", "\x1b[A\r", "_ * 2", "\n20\n")
    step("Ctrl-A then typing at the start", "+ 1\x0141 \r", "\n42\n")
    step("Left, Backspace, Ctrl-E", "12x3\x1b[D\x7f\x05 + 0\r", "\n123\n")
    step("Delete removes the character under the cursor", "9x9\x1b[D\x1b[D\x1b[3~\r", "\n99\n")
    step("Home and End keys", "+ 1\x1b[H2\x1b[F + 1\r", "\n4\n")
    step("Ctrl-U clears the line", "garbage\x15 7 * 6\r", "\n42\n")
    step("UTF-8: Backspace removes a whole character", "'a€b'\x1b[D\x1b[D\x7f\r", "\n'ab'\n")
    step("Ctrl-W removes the word before the cursor", "1 + garbage\x17 2\r", "\n3\n")
    step("Ctrl-K removes to the end", "5 * 5 junk\x01\x1b[C\x0b + 1\r", "\n6\n")
    step("a thrown error is reported", "throw new Error('boom')\r", "Uncaught Error: boom")
    step("_error holds it", "_error.message\r", "\n'boom'\n")
    step("Ctrl-C drops an incomplete input", "function g() {\r", "\n... ", prompt=False)
    step("after dropping it", "\x03", "\n")
    step("the next input stands alone", "typeof g\r", "\n'undefined'\n")
    step(".editor collects lines", ".editor\r", "Entering editor mode", prompt=False)
    step(".editor ends with Ctrl-D", "const e = 1;\rconst f2 = e + 1;\rf2 * 10\r\x04", "\n20\n")
    step("open template continues", "`one\r", "\n... ", prompt=False)
    step("template ends", "two`\r", "\n'one\\ntwo'\n")
    step("Tab completes a property", "Math.fl\t", "Math.floor", prompt=False)
    step("completed call runs", "(2.5)\r", "\n2\n")
    step("Tab completes a global", "parseIn\t", "parseInt", prompt=False)
    step("completed global runs", "('17')\r", "\n17\n")
    step("Ctrl-R finds add(", "\x12add(\r", "\n5\n")
    step(".help lists the commands", ".help\r", ".exit", ".load")
    step(".load evaluates a file", f".load {loaded}\r", "\n42\n")
    step("the loaded file's binding stays", "loaded + 1\r", "\n43\n")
    step("unknown dot command", ".nope\r", "Invalid REPL keyword")
    step("Ctrl-C interrupts a running loop", "console.log('spin' + 'ning'); while (true) {}\r", "\nspinning\n",
         prompt=False)
    step("the interrupt reaches the loop", "\x03", "Script execution interrupted")
    step("the REPL goes on after the interrupt", "1 + 2\r", "\n3\n")
    step("Ctrl-C clears a line being typed", "unfinished\x03", "\n")
    step("Ctrl-C on an empty line warns", "\x03", "(To exit, press Ctrl+C again or Ctrl+D or type .exit)")
    step("after the warning input works", "2 * 21\r", "\n42\n")
    session.type("\x04")
    status = session.wait_exit("Ctrl-D exits")
    if status != 0:
        raise Failure(f"step 'Ctrl-D exits': exit status {status}, expected 0")
    with open(history_path) as file:
        history = file.read().splitlines()
    for line in ["1+1", "add(2, 3)", "_ * 2", "41 + 1", ".help"]:
        if line not in history:
            raise Failure(f"history file: {line!r} missing from {history!r}")
    if history.count("_ * 2") != 1:
        raise Failure(f"history file: a repeat of the previous entry was stored: {history!r}")
    return steps + 1 + run_history_cap(xjs, options, work)


def run_history_cap(xjs, options, work):
    """A history file past the cap is cut to the newest 1000 lines when a session starts, and
    its last line is what Up recalls."""
    history_path = os.path.join(work, "long-history")
    with open(history_path, "w") as file:
        file.write("".join(f"{number}\n" for number in range(1100)))
    session = Session(xjs, options, history_path)
    session.prompt("first prompt (long history)")
    session.type("\x1b[A\r")
    session.expect("\n1099\n", "Up recalls the file's last line")
    session.prompt("Up recalls the file's last line")
    session.type("\x0c")
    deadline = time.monotonic() + TIMEOUT
    while b"\x1b[2J" not in session.raw:
        if not session.pump(deadline):
            raise Failure("step 'Ctrl-L clears the screen': no clear-screen sequence")
    session.type("\x04")
    status = session.wait_exit("Ctrl-D exits (long history)")
    if status != 0:
        raise Failure(f"step 'Ctrl-D exits (long history)': exit status {status}, expected 0")
    with open(history_path) as file:
        history = file.read().splitlines()
    if history != [str(number) for number in range(100, 1100)]:
        raise Failure(f"history file not cut to the newest 1000 lines: {len(history)} lines, from {history[:2]!r}")
    return 3


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip())
        return 2
    xjs, options = sys.argv[1], sys.argv[2:]
    try:
        steps = run(xjs, options)
    except Failure as failure:
        print(f"REPL test failed ({' '.join([xjs] + options)}): {failure}")
        return 1
    finally:
        for session in SESSIONS:
            if not session.reaped:
                os.kill(session.pid, signal.SIGKILL)
                os.waitpid(session.pid, 0)
        for work in glob.glob(os.path.join(tempfile.gettempdir(), f"xjs-repl-test-{os.getpid()}-*")):
            shutil.rmtree(work, ignore_errors=True)
    print(f"REPL test passed: {steps} steps ({' '.join([xjs] + options)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
