#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets (ASan + coverage) in .build-fuzz, writes their
# seed corpora from the snapshot, runs each target for FUZZ_SECONDS and prints what each
# run did. Exits 1 when any target found a crash, a hang or a broken invariant.
#
#   FUZZ_SECONDS  seconds per target (default 60)
#   FUZZ_RUNS     stop a target after this many runs (default: none; FUZZ_SECONDS still caps it)
#   FUZZ_TARGETS  which targets (default: all)
#   DATA          the shared snapshot folder (default ../shared/data)
#
# A target's corpus grows across runs in .build-fuzz/corpus/<target>; what it finds is
# saved in .build-fuzz/findings/<target>/ (crash-…, timeout-…, oom-…), with the log.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SECONDS_EACH=${FUZZ_SECONDS:-60}
RUNS_EACH=${FUZZ_RUNS:-}
DATA=${DATA:-../shared/data}
ALL_TARGETS="fuzz-rickandmorty-page fuzz-pokeapi-page fuzz-postgrest-page fuzz-any-api fuzz-api-url fuzz-base-url fuzz-headers fuzz-json-models fuzz-json-tree fuzz-keys fuzz-image fuzz-cache-answer fuzz-grid fuzz-sanitize fuzz-graphql fuzz-graphql-schema fuzz-openapi fuzz-event-stream fuzz-graphql-ws"
TARGETS=${FUZZ_TARGETS:-$ALL_TARGETS}
SCRATCH=.build-fuzz
SEEDS=$SCRATCH/seeds

test -d "$DATA/rickandmorty" || { echo "make fuzz: data folder not found: $DATA (set DATA=...)"; exit 1; }

# Build output without the linker's noise: gold warns about every ASan symbol it cannot
# export, which says nothing about our code.
quiet_build() {
    local log
    log=$(mktemp)
    if ! nice -n 10 "$SWIFT" build --package-path Fuzz "$@" >"$log" 2>&1; then
        grep -v "ld.gold: warning: Cannot export local symbol" "$log" | tail -40
        rm -f "$log"
        return 1
    fi
    grep -E "(error|warning):" "$log" | grep -v "ld.gold: warning: Cannot export local symbol" || true
    rm -f "$log"
}

echo "make fuzz: building the seed generator ($SCRATCH-seeds)"
quiet_build --scratch-path "$SCRATCH-seeds" --product fuzz-seeds
rm -rf "$SEEDS"
"$SCRATCH-seeds/debug/fuzz-seeds" "$DATA" "$SEEDS"

# Coverage and ASan both, for Swift and C. `--sanitize=fuzzer` lets SwiftPM link
# libFuzzer's `main` in place of the executable's own; ASan comes as one combined
# `-sanitize=fuzzer,address` after it. Not `--sanitize=fuzzer --sanitize=address`: SwiftPM
# passes two `-sanitize=` options in an order that changes from run to run, the compiler
# keeps only the last, and a build came out with coverage and no ASan, or ASan and no
# coverage (a fuzzer that runs blind). C takes -fsanitize options additively.
#
# Optimised (-O for Swift, -O2 for C), as fuzzers are usually built: an unoptimised Swift
# build spends most of each run looking up generic metadata and copying, and ran the
# stateful targets (fuzz-grid, fuzz-keys) at tens of inputs a second. Overflow checks and
# preconditions stay in -O, so every trap the fuzzers look for is still there; -g keeps
# the stacks symbolized.
SANITIZE=(--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=address -Xswiftc -O -Xcc -O2)
# A fuzzer must have coverage counters, and start in libFuzzer (which says "INFO: Seed").
# (grep -c, not -q: -q stops reading, nm dies of SIGPIPE, and pipefail calls that a failure.)
instrumented() {
    [ "$(nm "$SCRATCH/debug/$1" 2>/dev/null | grep -c __start___sancov_cntrs)" -gt 0 ] &&
        [ "$(SWIFT_BACKTRACE=enable=no "$SCRATCH/debug/$1" -runs=0 2>&1 </dev/null | grep -c "INFO: Seed")" -gt 0 ]
}
for target in $TARGETS; do
    echo "make fuzz: building $target (-sanitize=fuzzer,address)"
    quiet_build --scratch-path "$SCRATCH" --product "$target" "${SANITIZE[@]}"
    instrumented "$target" || { echo "make fuzz: $target lacks coverage counters or libFuzzer's main"; exit 1; }
done

# Swift's own backtracer would take over a trap for half a minute; libFuzzer must see it
# at once to save the input. ASan symbolizes with the toolchain's llvm-symbolizer.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:handle_sigill=1:handle_abort=1:symbolize=1}
SYMBOLIZER=$(dirname "$(command -v "$SWIFT")")/llvm-symbolizer
[ -x "$SYMBOLIZER" ] && export ASAN_SYMBOLIZER_PATH="$SYMBOLIZER"

# The libFuzzer dictionary of tokens each target's input is made of.
dictionary() {
    case $1 in
        fuzz-postgrest-page | fuzz-any-api)
            # Rows are JSON, the window (or the Link) is a header: both sets of tokens.
            mkdir -p "$SCRATCH/dictionaries"
            cat Fuzz/Dictionaries/json.dict Fuzz/Dictionaries/headers.dict >"$SCRATCH/dictionaries/postgrest.dict"
            echo "$SCRATCH/dictionaries/postgrest.dict" ;;
        fuzz-api-url | fuzz-base-url) echo Fuzz/Dictionaries/url.dict ;;
        fuzz-headers) echo Fuzz/Dictionaries/headers.dict ;;
        fuzz-keys) echo Fuzz/Dictionaries/keys.dict ;;
        fuzz-sanitize) echo Fuzz/Dictionaries/controls.dict ;;
        fuzz-event-stream)
            # Event streams whose events carry JSON records: both sets of tokens.
            mkdir -p "$SCRATCH/dictionaries"
            cat Fuzz/Dictionaries/event-stream.dict Fuzz/Dictionaries/json.dict >"$SCRATCH/dictionaries/event-stream.dict"
            echo "$SCRATCH/dictionaries/event-stream.dict" ;;
        fuzz-graphql-ws) echo Fuzz/Dictionaries/json.dict ;;
        fuzz-image | fuzz-grid) ;;
        fuzz-openapi)
            # YAML and JSON documents: both sets of tokens.
            mkdir -p "$SCRATCH/dictionaries"
            cat Fuzz/Dictionaries/json.dict Fuzz/Dictionaries/openapi.dict >"$SCRATCH/dictionaries/openapi.dict"
            echo "$SCRATCH/dictionaries/openapi.dict" ;;
        fuzz-cache-answer)
            mkdir -p "$SCRATCH/dictionaries"
            cat Fuzz/Dictionaries/json.dict Fuzz/Dictionaries/headers.dict >"$SCRATCH/dictionaries/cache-answer.dict"
            echo "$SCRATCH/dictionaries/cache-answer.dict" ;;
        *) echo Fuzz/Dictionaries/json.dict ;;
    esac
}

failed=0
summary=()
for target in $TARGETS; do
    corpus=$SCRATCH/corpus/$target
    findings=$SCRATCH/findings/$target
    mkdir -p "$corpus" "$findings" "$SEEDS/$target"
    log=$findings/last-run.log
    echo "make fuzz: running $target for ${SECONDS_EACH}s${RUNS_EACH:+ or $RUNS_EACH runs}"
    status=0
    dict=$(dictionary "$target")
    # -timeout: one input taking 10 s is a hang (a loop); -rss_limit_mb: a decode that
    # needs more than 2 GB is a finding too.
    # The regression inputs go first: a finding that returns is found again at once.
    regressions=()
    [ -d "Fuzz/Regressions/$target" ] && regressions=("Fuzz/Regressions/$target")
    nice -n 10 "$SCRATCH/debug/$target" "$corpus" "${regressions[@]}" "$SEEDS/$target" \
        -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$findings/" ${dict:+-dict="$dict"} ${RUNS_EACH:+-runs="$RUNS_EACH"} >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$( (grep -oE "cov: [0-9]+" "$log" || true) | tail -1 | cut -d' ' -f2)
    size=$(ls "$corpus" | wc -l)
    if [ "$status" -eq 0 ]; then
        result="clean"
    else
        failed=1
        artifact=$( (grep -oE "Test unit written to [^ ]+" "$log" || true) | tail -1 | sed 's/Test unit written to //')
        reason=$( (grep -m1 -oE "Fatal error: .*|ERROR: (libFuzzer|AddressSanitizer): [A-Za-z-]+.*" "$log" || true) | cut -c1-120)
        result="FOUND ${reason:-exit $status} -> ${artifact:-$log}"
    fi
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    summary+=("$(printf '%-24s %10s runs %6s s %8s exec/s  cov %5s  corpus %5s  %s' "$target" "${runs:-?}" "${took:-$SECONDS_EACH}" "${speed:-?}" "${cov:-?}" "$size" "$result")")
done

echo
echo "make fuzz: up to ${SECONDS_EACH}s${RUNS_EACH:+ or $RUNS_EACH runs} per target (logs in $SCRATCH/findings/<target>/last-run.log)"
printf '%s\n' "${summary[@]}"
exit $failed
