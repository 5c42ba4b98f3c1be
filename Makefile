# fsfind — two commands on a fresh Debian machine:
#   make run    installs what is missing, builds, indexes the sample tree and runs a few queries
#   make test   installs what is missing and runs every test
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
BUILD_FLAGS ?=
# Debian packages the build and the tests need.
DEPS := libmagic-dev pkg-config file tmux

.PHONY: deps build release run test clean

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

clean:
	rm -rf .build
