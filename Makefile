# portal — the two commands a new machine needs are `make run` and `make test`.
# DATA is the shared snapshot folder (holding rickandmorty/ and pokeapi/); it is read in
# place, never copied into the repository.
DATA ?= ../shared/data
SWIFT ?= swift
PORT ?= 8080
# The binary `make run` and `make list` open: the debug build. A clean clone compiles it in
# about half the time of a release build (docs/benchmarks.md, "Build"), and `make test`
# reuses it; `make build` (release) is for `make bench` and for installing.
PORTAL_BIN ?= .build/debug/portal
# Debian packages the build and the end-to-end tests need (libsqlite3-dev: GRDB, the disk cache;
# libjq-dev: `portal list --jq` and the detail pane's jq prompt, through CJQ;
# libcurl4-openssl-dev: the live network, through CCurl).
DEBIAN_PACKAGES := libncurses-dev libjpeg62-turbo-dev libpng-dev tmux libsqlite3-dev libchafa-dev libjq-dev libcurl4-openssl-dev libglib2.0-dev xvfb xterm xdotool imagemagick

export LANG := C.UTF-8
export PORTAL_DATA := $(abspath $(DATA))

.PHONY: all deps build debug run list mirror test bench bench-quick fuzz clean screenshots

all: build

## Install the Debian packages that are missing (checked first; nothing runs when all are there).
deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product portal

## The debug build of `portal` only (no mirror, no bench, no tests): what `make run` opens.
debug: deps
	$(SWIFT) build --product portal

## Open the browser on the offline snapshot; without one (outside this workspace), on the
## live API.
run: debug
	@if [ -d "$(DATA)/rickandmorty" ]; then \
	  "$(PORTAL_BIN)" --data "$(DATA)"; \
	else \
	  echo "make: no snapshot in $(DATA) (set DATA=...); opening the live API instead"; \
	  "$(PORTAL_BIN)"; \
	fi

## Print every character from the snapshot (plain output, no terminal UI).
list: debug
	"$(PORTAL_BIN)" list characters --data $(DATA)

## Serve the snapshot over HTTP on 127.0.0.1:$(PORT) (see docs/mirror.md); faults and
## scale through MIRROR_FLAGS, e.g. make mirror MIRROR_FLAGS="--latency 150 --scale 1000000".
mirror: deps
	$(SWIFT) build --product portal-mirror
	.build/debug/portal-mirror --data $(DATA) --host 127.0.0.1 --port $(PORT) $(MIRROR_FLAGS)

## All tests: unit, golden screens, mirror integration, and end-to-end in tmux.
## One test at a time: the end-to-end tests wait on tmux and child processes, and in
## parallel they held the two threads of the cooperative pool that the in-process mirrors
## answer on (their requests then timed out). About 1.5 minutes on 2 cores.
test: deps
	$(SWIFT) build --build-tests
	XDG_CACHE_HOME="$(CURDIR)/.build/test-cache" $(SWIFT) test --skip-build --no-parallel

## The README's screenshots: portal in xterm -ti vt340 under Xvfb (docs/pictures.md).
screenshots: deps
	$(SWIFT) build --product portal
	COLUMNS_=120 ROWS_=34 SHRINK=1 DATA="$(DATA)" scripts/screenshots.sh docs/images

## Speed, memory and network figures (release build); see docs/benchmarks.md.
bench: deps
	bench/run.sh

bench-quick: deps
	bench/run.sh --quick

## libFuzzer targets under ASan, FUZZ_SECONDS each (default 60), seeded from the snapshot;
## their own package and scratch path (Fuzz/, .build-fuzz), never part of `make test`.
## FUZZ_TARGETS="fuzz-headers fuzz-image" runs some only; FUZZ_RUNS=1000000 stops each
## target after that many runs. See docs/fuzzing.md.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS="$(FUZZ_RUNS)" FUZZ_TARGETS="$(FUZZ_TARGETS)" DATA=$(DATA) SWIFT=$(SWIFT) Fuzz/run.sh

clean:
	rm -rf .build
