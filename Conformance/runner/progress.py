"""A one-line progress display: rewritten in place on a terminal, periodic lines otherwise."""

import sys
import time


def format_duration(seconds):
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


class Progress:
    BAR_WIDTH = 24

    def __init__(self, total, label="", stream=sys.stderr, enabled=True):
        self.total = total
        self.label = label
        self.stream = stream
        self.enabled = enabled and total > 0
        self.interactive = stream.isatty()
        self.start = time.monotonic()
        self.last_print = 0.0
        self.last_line_len = 0

    def update(self, done, counts):
        """counts: ordered (name, number) pairs shown after done/total, e.g. [("pass", 3)]."""
        if not self.enabled:
            return
        now = time.monotonic()
        finished = done == self.total
        interval = 0.2 if self.interactive else 15.0
        if not finished and now - self.last_print < interval:
            return
        self.last_print = now
        line = self._line(done, counts, now - self.start)
        if self.interactive:
            padding = " " * max(self.last_line_len - len(line), 0)
            self.stream.write("\r" + line + padding + ("\n" if finished else ""))
            self.last_line_len = len(line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def clear(self):
        """Erases the in-place line so other output can be printed cleanly."""
        if self.enabled and self.interactive and self.last_line_len:
            self.stream.write("\r" + " " * self.last_line_len + "\r")
            self.stream.flush()

    def _line(self, done, counts, elapsed):
        filled = self.BAR_WIDTH * done // self.total
        bar = "#" * filled + "." * (self.BAR_WIDTH - filled)
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = format_duration((self.total - done) / rate) if rate > 0 else "?"
        shown = " ".join(f"{name} {number}" for name, number in counts)
        prefix = f"{self.label} " if self.label else ""
        return f"{prefix}[{bar}] {done}/{self.total} {shown} {rate:.1f}/s ETA {eta}"
