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
# Debian packages the build and the end-to-end tests need (libsqlite3-dev: the disk cache, through CSQLite;
# libjq-dev: `portal list --jq` and the detail pane's jq prompt, through CJQ;
# libcurl4-openssl-dev: the live network, through CCurl; libwebsockets-dev: the WebSocket client of
# live lists, through CWebSockets).
DEBIAN_PACKAGES := libncurses-dev libjpeg62-turbo-dev libpng-dev tmux libsqlite3-dev libchafa-dev libjq-dev libcurl4-openssl-dev libwebsockets-dev libglib2.0-dev xvfb xterm xdotool imagemagick

# What portal and the tests are run with. Not exported to every command: SwiftPM reloads
# every package manifest when its environment changes (13 s here), so `swift build` always
# runs with the caller's environment and only the commands that run portal get these.
RUN_ENV := LANG=C.UTF-8 PORTAL_DATA="$(abspath $(DATA))"
# What the debug binary is built from: `make run` calls SwiftPM only when one of these is
# newer than the binary, so a second `make run` opens at once (docs/benchmarks.md, "Clean clone").
PORTAL_INPUTS := Package.swift $(shell find Sources -type f 2>/dev/null)

.PHONY: all deps build debug run list mirror test bench bench-quick fuzz clean screenshots venv

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
	@touch .build/debug/portal

# The binary is up to date when no input is newer (SwiftPM leaves an unchanged binary's
# time alone, so `debug` touches it).
.build/debug/portal: $(PORTAL_INPUTS)
	@$(MAKE) --no-print-directory debug

## Open the browser on the offline snapshot; without one (outside this workspace), on the
## live API.
run: $(PORTAL_BIN)
	@if [ -d "$(DATA)/rickandmorty" ]; then \
	  $(RUN_ENV) "$(PORTAL_BIN)" --data "$(DATA)"; \
	else \
	  echo "make: no snapshot in $(DATA) (set DATA=...); opening the live API instead"; \
	  $(RUN_ENV) "$(PORTAL_BIN)"; \
	fi

## Print every character from the snapshot (plain output, no terminal UI).
list: $(PORTAL_BIN)
	$(RUN_ENV) "$(PORTAL_BIN)" list characters --data $(DATA)

## Serve the snapshot over HTTP on 127.0.0.1:$(PORT) (see docs/mirror.md); faults and
## scale through MIRROR_FLAGS, e.g. make mirror MIRROR_FLAGS="--latency 150 --scale 1000000".
mirror: deps
	$(SWIFT) build --product portal-mirror
	.build/debug/portal-mirror --data $(DATA) --host 127.0.0.1 --port $(PORT) $(MIRROR_FLAGS)

## All tests: unit, golden screens, mirror integration, and end-to-end in tmux.
## Suites run side by side, at most TEST_WIDTH at a time (a test inside a `.serialized`
## suite still runs alone in it): the tmux tests wait on their own threads (offThePool),
## so they hold none of the two cooperative threads the in-process mirrors answer on.
## Width 2, not more: at 4, CPU-heavy tests held both cooperative threads and the in-process
## mirrors stalled (docs/benchmarks.md, "Clean clone").
## About 3.5 minutes on 2 cores after the build (docs/benchmarks.md, "Clean clone").
TEST_WIDTH ?= 2
test: deps venv
	$(SWIFT) build --build-tests
	$(RUN_ENV) XDG_CACHE_HOME="$(CURDIR)/.build/test-cache" SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) \
	  $(SWIFT) test --skip-build

## The official MCP Python client (PyPI mcp) that the `portal mcp` end-to-end test drives, and
## Supabase's Realtime client (PyPI realtime) that checks the mirror's /realtime/v1/websocket
## (scripts/realtime_check.py), in a venv made once (docs/agents.md); pip reaches PyPI.
venv:
	@.build/venv/bin/python -c 'import mcp, realtime' 2>/dev/null || { python3 -m venv .build/venv && .build/venv/bin/pip install -q mcp realtime; }

## The README's screenshots: portal in xterm -ti vt340 under Xvfb (docs/pictures.md).
screenshots: deps
	$(SWIFT) build --product portal
	COLUMNS_=120 ROWS_=34 SHRINK=1 DATA="$(DATA)" scripts/screenshots.sh docs/images

## Speed, memory and network figures (release build); see docs/benchmarks.md.
bench: deps
	PORTAL_DATA="$(abspath $(DATA))" bench/run.sh

bench-quick: deps
	PORTAL_DATA="$(abspath $(DATA))" bench/run.sh --quick

## libFuzzer targets under ASan, FUZZ_SECONDS each (default 60), seeded from the snapshot;
## their own package and scratch path (Fuzz/, .build-fuzz), never part of `make test`.
## FUZZ_TARGETS="fuzz-headers fuzz-image" runs some only; FUZZ_RUNS=1000000 stops each
## target after that many runs. See docs/fuzzing.md.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS="$(FUZZ_RUNS)" FUZZ_TARGETS="$(FUZZ_TARGETS)" DATA=$(DATA) SWIFT=$(SWIFT) Fuzz/run.sh

clean:
	rm -rf .build
