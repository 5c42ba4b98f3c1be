# fsfind — two commands on a fresh Debian machine:
#   make run    installs what is missing, builds, indexes the sample tree and runs a few queries
#   make test   installs what is missing and runs every test
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
BUILD_FLAGS ?=
# Debian packages the build and the tests need.
DEPS := libmagic-dev pkg-config file
# What `make bench` compares against, and how: N entries in the synthetic tree, RUNS rounds.
BENCH_DEPS := plocate hyperfine time
N ?= 1000000
RUNS ?= 5
BENCH_WORK ?= /tmp/fsfind-bench
BENCH_FLAGS ?=

.PHONY: deps build release run test bench clean

deps:
	@bash scripts/install-deps.sh $(DEPS)

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)

run: release
	@bash scripts/run-sample.sh "$$($(SWIFT) build -c release --show-bin-path)/fsfind"

test: deps
	$(SWIFT) build $(BUILD_FLAGS)
	$(SWIFT) test $(BUILD_FLAGS)

# fsfind vs find, file and plocate on /usr and a synthetic tree of N entries; writes
# benchmarks/RESULTS.md. Example: make bench N=100000 RUNS=5
bench: release
	@bash scripts/install-deps.sh $(BENCH_DEPS)
	python3 benchmarks/bench.py --fsfind "$$($(SWIFT) build -c release --show-bin-path)/fsfind" \
		--n $(N) --runs $(RUNS) --work $(BENCH_WORK) $(BENCH_FLAGS)

clean:
	rm -rf .build
