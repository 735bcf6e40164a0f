#!/usr/bin/env bash
# The embedding benchmarks: the C API (libxjs.so, release) beside QuickJS's C API, and the Swift
# API. Prints one line per measurement: engine, what, median ns/op, min ns/op (7 runs each, CPU
# time).
#
#   Benchmarks/embedding/c/run.sh                   # QuickJS from $QUICKJS_DIR (default /work/ext/quickjs,
#                                                   # a bellard/quickjs checkout with libquickjs.a built)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
scratch="${XJS_SCRATCH_PATH:-$root/.build}"
quickjs="${QUICKJS_DIR:-/work/ext/quickjs}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$root/Scripts/build-c-library" "$scratch/c" >/dev/null
cc -O2 -I"$scratch/c/include" "$here/xjs_embedding.c" -L"$scratch/c/lib" -lxjs -Wl,-rpath,"$scratch/c/lib" \
  -o "$work/xjs_embedding"
"$work/xjs_embedding"
if [ -f "$quickjs/libquickjs.a" ]; then
  cc -O2 -I"$quickjs" "$here/quickjs_embedding.c" "$quickjs/libquickjs.a" -lm -lpthread -ldl -o "$work/quickjs_embedding"
  "$work/quickjs_embedding"
else
  echo "quickjs: $quickjs/libquickjs.a not found (build it there with: make libquickjs.a)" >&2
fi
swift run -c release --package-path "$root/Benchmarks/embedding/swift" 2>/dev/null | sed 's/^/xjs-swift\t/'
