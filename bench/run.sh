#!/usr/bin/env bash
# make bench: speed, memory and network economy of portal (see docs/benchmarks.md).
#
#   bench/run.sh [--quick] [--only frames,memory,inserts,sparse,stalls,network,jumps,anyapi,startup,cache,idle,bytes,pictures,mcp]
#
# Builds the three executables in release mode, then runs bench/bench.py, which prints one
# table and writes bench/results.json. Reports only: it never fails because a figure
# misses its goal (it fails only when something cannot be built or run).
#
# Environment:
#   BENCH_SCRATCH  SwiftPM scratch path (default .build, shared with `make build` and
#                  `make mirror`, so their release objects are reused)
#   DATA / PORTAL_DATA  the snapshot folder (default ../shared/data)
#   SWIFT          the swift driver (default swift)
set -euo pipefail

cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SCRATCH=${BENCH_SCRATCH:-.build}
DATA=${PORTAL_DATA:-${DATA:-../shared/data}}
export LANG=C.UTF-8

BENCH_TMP=$(mktemp -d "${TMPDIR:-/tmp}/portal-bench.XXXXXX")
export BENCH_TMP
export BENCH_TAG="bench-$$"

# Backstop for an interrupted run: stop every process the harness recorded (by pid) and
# every tmux server on this run's private sockets. bench.py cleans up itself first.
cleanup() {
  local status=$?
  if [ -n "${BENCH_PY_PID:-}" ]; then kill "$BENCH_PY_PID" 2>/dev/null || true; wait "$BENCH_PY_PID" 2>/dev/null || true; fi
  for f in "$BENCH_TMP"/*/pids; do
    [ -f "$f" ] || continue
    while read -r pid; do kill "$pid" 2>/dev/null || true; done <"$f"
    if [ -f "$f.tmux" ]; then
      while read -r sock; do tmux -L "$sock" kill-server 2>/dev/null || true; done <"$f.tmux"
    fi
  done
  rm -rf "$BENCH_TMP"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

command -v tmux >/dev/null || { echo "bench: tmux is needed (make deps)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench: python3 is needed" >&2; exit 1; }
[ -d "$DATA/rickandmorty" ] || { echo "bench: data folder not found: $DATA (set DATA=...)" >&2; exit 1; }

start=$(date +%s)
echo "bench: building portal, portal-mirror and portal-bench (release, scratch path $SCRATCH)" >&2
"$SWIFT" build -c release --scratch-path "$SCRATCH" --product portal-bench >&2
"$SWIFT" build -c release --scratch-path "$SCRATCH" --product portal-mirror >&2
"$SWIFT" build -c release --scratch-path "$SCRATCH" --product portal >&2
BIN=$("$SWIFT" build -c release --scratch-path "$SCRATCH" --show-bin-path)
echo "bench: built in $(( $(date +%s) - start )) s" >&2

python3 bench/bench.py --bin "$BIN" --data "$DATA" "$@" &
BENCH_PY_PID=$!
wait "$BENCH_PY_PID"
BENCH_PY_PID=
echo "bench: total $(( $(date +%s) - start )) s (build included)" >&2
