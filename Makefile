# portal — the two commands a new machine needs are `make run` and `make test`.
# DATA is the shared snapshot folder (holding rickandmorty/ and pokeapi/); it is read in
# place, never copied into the repository.
DATA ?= ../shared/data
SWIFT ?= swift
PORT ?= 8080
# Debian packages the build and the end-to-end tests need (libsqlite3-dev: GRDB, the disk cache).
DEBIAN_PACKAGES := libncurses-dev libjpeg62-turbo-dev libpng-dev tmux libsqlite3-dev

export LANG := C.UTF-8
export PORTAL_DATA := $(abspath $(DATA))

.PHONY: all deps build run list mirror test bench bench-quick clean

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

## Open the browser on the offline snapshot.
run: build
	@test -d "$(DATA)" || { echo "make: data folder not found: $(DATA) (set DATA=...)"; exit 1; }
	.build/release/portal --data $(DATA)

## Print every character from the snapshot (plain output, no terminal UI).
list: build
	.build/release/portal list characters --data $(DATA)

## Serve the snapshot over HTTP on 127.0.0.1:$(PORT) (see docs/mirror.md); faults and
## scale through MIRROR_FLAGS, e.g. make mirror MIRROR_FLAGS="--latency 150 --scale 1000000".
mirror: deps
	$(SWIFT) build --product portal-mirror
	.build/debug/portal-mirror --data $(DATA) --host 127.0.0.1 --port $(PORT) $(MIRROR_FLAGS)

## All tests: unit, golden screens, mirror integration, and end-to-end in tmux.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Speed, memory and network figures (release build); see docs/benchmarks.md.
bench: deps
	bench/run.sh

bench-quick: deps
	bench/run.sh --quick

clean:
	rm -rf .build
