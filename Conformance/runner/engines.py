"""Engine adapters: how to run a script file in xjs (or in node, to validate the runners).

An engine mode (interp, gc-stress, jit, arm64-sim) maps to command-line flags in
one table per engine; add a row when a new tier lands.
"""

import os
import shutil

from .process import run_limited

CONFORMANCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPOSITORY_DIR = os.path.dirname(CONFORMANCE_DIR)
DEFAULT_XJS = os.path.join(REPOSITORY_DIR, ".build", "release", "xjs")
NODE_HOST = os.path.join(CONFORMANCE_DIR, "runner", "node_host.js")

# xjs mode name -> flags for `xjs run`.
XJS_MODE_FLAGS = {
    "interp": ["--jitless"],
    "gc-stress": ["--gc-stress"],
    "jit-eager": ["--jit=eager"],
    "jit": ["--jit"],
    "arm64-sim": ["--jit=eager", "--jit-target=arm64-sim"],
}
# What to assume while `xjs --version` prints no "modes:" line.
XJS_ASSUMED_MODES = ["interp", "gc-stress"]

# node mode name -> V8 flags. Only used to check the runners against a reference engine.
NODE_MODE_FLAGS = {
    "interp": ["--jitless", "--no-expose-wasm"],  # without the second, V8 warns on stderr
    "jit": [],
    "gc-stress": ["--gc-interval=100"],
}


class EngineError(Exception):
    """A problem with the engine itself (missing binary, unknown mode): reported, then exit 2."""


class Engine:
    name = ""
    default_mode = "interp"

    def available_modes(self):
        raise NotImplementedError

    def command(self, mode, script, test262=False, timeout_ms=None, module=False, preludes=(), extra_flags=()):
        """argv running `script` (as a module when `module`, after the `preludes` scripts), with
        the test's own `extra_flags` (its `// xjs-flags:` header)."""
        raise NotImplementedError

    def select_modes(self, requested):
        """The modes to run: all available ones, or the requested ones if the build has them."""
        available = self.available_modes()
        if not requested:
            return available
        missing = [mode for mode in requested if mode not in available]
        if missing:
            raise EngineError(
                f"mode {', '.join(missing)} not available in this {self.name} build "
                f"(available: {' '.join(available)})"
            )
        return requested


class XJSEngine(Engine):
    name = "xjs"
    default_mode = "interp"

    def __init__(self, path=None):
        self.path = os.path.abspath(path or os.environ.get("XJS") or DEFAULT_XJS)
        if not os.path.isfile(self.path) or not os.access(self.path, os.X_OK):
            raise EngineError(
                f"xjs binary not found at {self.path}\n"
                "  build it with `swift build -c release --product xjs` (or run Scripts/test), "
                "or pass --xjs PATH"
            )
        self._modes = None

    def available_modes(self):
        if self._modes is None:
            self._modes = self._modes_from_version()
        return self._modes

    def _modes_from_version(self):
        """Reads the `modes: interp gc-stress ...` line of `xjs --version`."""
        result = run_limited([self.path, "--version"], timeout=10)
        for line in result.stdout.splitlines():
            if line.startswith("modes:"):
                named = line[len("modes:") :].split()
                unknown = [mode for mode in named if mode not in XJS_MODE_FLAGS]
                if unknown:
                    raise EngineError(
                        f"xjs --version lists modes this runner has no flags for: {' '.join(unknown)} "
                        "(add them to XJS_MODE_FLAGS in Conformance/runner/engines.py)"
                    )
                return named
        return list(XJS_ASSUMED_MODES)

    def command(self, mode, script, test262=False, timeout_ms=None, module=False, preludes=(), extra_flags=()):
        argv = [self.path, "run"]
        if test262:
            argv.append("--test262")
        argv += XJS_MODE_FLAGS[mode]
        if timeout_ms:
            argv += ["--timeout-ms", str(int(timeout_ms))]
        if module:
            argv.append("--module")
        argv += [f"--prelude={prelude}" for prelude in preludes]
        return argv + list(extra_flags) + [script]


class NodeEngine(Engine):
    name = "node"
    default_mode = "jit"

    def __init__(self, path=None):
        found = shutil.which(path or "node")
        if not found:
            raise EngineError(f"node not found ({path or 'node'}); pass --node PATH")
        self.path = found

    def available_modes(self):
        return list(NODE_MODE_FLAGS)

    def command(self, mode, script, test262=False, timeout_ms=None, module=False, preludes=(), extra_flags=()):
        if module or preludes:
            raise EngineError("the node host runs scripts only (no module tests)")
        if extra_flags:
            raise EngineError(f"the node host has no equivalent of {' '.join(extra_flags)}")
        argv = [self.path] + NODE_MODE_FLAGS[mode]
        if test262:
            argv.append("--expose-gc")
        argv.append(NODE_HOST)
        if test262:
            argv.append("--test262")
        return argv + [script]


def make_engine(name, xjs_path=None, node_path=None):
    if name == "xjs":
        return XJSEngine(xjs_path)
    if name == "node":
        return NodeEngine(node_path)
    raise EngineError(f"unknown engine {name!r} (choose xjs or node)")


def parse_mode_list(values):
    """--mode may be repeated or comma-separated: ['interp,jit', 'gc-stress'] -> [...]."""
    modes = []
    for value in values or []:
        for mode in value.split(","):
            if mode.strip() and mode.strip() not in modes:
                modes.append(mode.strip())
    return modes
