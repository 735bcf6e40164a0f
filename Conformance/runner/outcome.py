"""Classify an engine process result by the xjs command-line contract.

- exit 0: the script completed.
- exit 1: an uncaught exception (stderr's first line starts with "Uncaught ")
  or an early/parse error (any other first line, e.g. "SyntaxError: ... at f.js:1:2").
- anything else (a signal, 134, 139, ...), or a timeout: the engine crashed or hung.
"""

import re
from dataclasses import dataclass

OK, UNCAUGHT, EARLY, CRASH, TIMEOUT, OVERFLOW, LAUNCH = (
    "ok",
    "uncaught",
    "early",
    "crash",
    "timeout",
    "overflow",
    "launch-error",
)

_LEADING_NAME = re.compile(r"([A-Za-z_$][\w$]*)(?::|\s*$)")
_ANY_ERROR_TOKEN = re.compile(r"\b([A-Za-z_$][\w$]*Error)\b")


@dataclass
class Outcome:
    kind: str
    first_line: str = ""  # stderr's first line when the script failed
    error_name: str = ""  # e.g. "TypeError"; empty when none could be read
    detail: str = ""  # human-readable reason for crashes and timeouts

    @property
    def is_failure_of_engine(self):
        return self.kind in (CRASH, TIMEOUT, OVERFLOW, LAUNCH)

    def describe(self):
        if self.kind == OK:
            return "completed normally"
        if self.kind in (UNCAUGHT, EARLY):
            return self.first_line
        return f"{self.kind.upper()}: {self.detail}"


def classify(result, timeout=None):
    if result.launch_error:
        return Outcome(LAUNCH, detail=result.launch_error)
    if result.timed_out:
        limit = f" after {timeout:g} s" if timeout else ""
        return Outcome(TIMEOUT, detail=f"killed{limit}")
    if result.output_overflow:
        return Outcome(OVERFLOW, detail="output limit exceeded, killed")
    if result.exit_code == 0:
        return Outcome(OK)
    if result.exit_code == 1:
        first = first_line(result.stderr)
        kind = UNCAUGHT if first.startswith("Uncaught") else EARLY
        return Outcome(kind, first_line=first, error_name=error_name(first))
    if result.exit_code < 0:
        detail = f"killed by {result.signal_name}"
    elif result.exit_code == 2:
        detail = "exit status 2 (script file not found or bad usage)"
    else:
        detail = f"exit status {result.exit_code}"
    first = first_line(result.stderr)
    return Outcome(CRASH, first_line=first, detail=detail + (f"; stderr: {first}" if first else ""))


def first_line(text):
    return text.split("\n", 1)[0].rstrip("\r")


def error_name(line):
    """The error type named by an error line: the leading name, else the first *Error token."""
    body = line[len("Uncaught ") :] if line.startswith("Uncaught ") else line
    leading = _LEADING_NAME.match(body.strip())
    if leading and leading.group(1).endswith("Error"):
        return leading.group(1)
    token = _ANY_ERROR_TOKEN.search(line)
    return token.group(1) if token else ""
