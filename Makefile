# fsfind — two commands on a fresh Debian machine:
#   make run    installs what is missing, builds, indexes the sample tree and runs a few queries
#   make test   installs what is missing and runs every test
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
BUILD_FLAGS ?=
# Debian packages, in three sets (issue 44): what building needs, what running needs, what testing
# needs. `make run` installs the first two, `make test` all three; `make deb` the first and the
# packaging tools. The Swift toolchain itself is not a Debian package and is not among them.
#
# Building: the headers fsfind compiles against. Every C library is loaded with dlopen on first
# use, not linked (Package.swift says why), so these are headers only: libmagic's, FFmpeg's
# (libavformat, libavcodec, libavutil, libswscale), libexif's, libarchive's, libdeflate's,
# SQLite's, zlib's, Zstandard's and Snowball's (libstemmer). cairo's types are declared by hand
# (Sources/CLibraryTypes), as the glib family's: libcairo2-dev would bring 56 more packages.
# debian/control's Build-Depends is this list (scripts/build-deb.sh checks that they agree).
BUILD_DEPS := libmagic-dev libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libexif-dev
BUILD_DEPS += libarchive-dev libdeflate-dev libsqlite3-dev zlib1g-dev libzstd-dev
BUILD_DEPS += libstemmer-dev
# Running: the libraries fsfind loads, each with what it is for and whether the package Depends on,
# Recommends or Suggests it, listed once in debian/fsfind.dlopen (debian/rules turns it into the
# package's fields). Running needs what the package Depends on and Recommends; what it Suggests
# (GMime, Snowball, the preview's chafa and libswscale, the WebP loader) only the tests use.
RUN_DEPS := $(shell awk '$$1 == "Depends" || $$1 == "Recommends" { print $$3 }' debian/fsfind.dlopen)
SUGGESTED := $(shell awk '$$1 == "Suggests" { print $$3 }' debian/fsfind.dlopen)
# Testing. The headers of the glib family, cairo and libxml2, most found only through pkg-config,
# for the checks that each function type fsfind declares by hand is the real header's
# (Tests/CLibraryTypeChecks; only the test build compiles them, `make build` and `make release`
# build the two executables alone).
TEST_DEPS := pkg-config libpoppler-glib-dev libcairo2-dev libgdk-pixbuf-2.0-dev libgmime-3.0-dev libchafa-dev
TEST_DEPS += libxml2-dev libglib2.0-dev
# The libraries the package only suggests: the e-mail, language, preview and WebP tests use them.
TEST_DEPS += $(SUGGESTED)
# file(1), whose answers the content-type tests compare with fsfind's.
TEST_DEPS += file
# The shells, tmux and man for the completion, man page and interactive tests.
TEST_DEPS += bash-completion zsh fish tmux man-db groff-base
# fzf for contrib/fsfind-fzf's test (issue 41 item 5).
TEST_DEPS += fzf
# Samba's smbd and its Python client (samba.samba3.mdscli): the Spotlight-over-SMB end-to-end test
# runs a real smbd on loopback against `fsfind serve` (issue 18).
TEST_DEPS += samba python3-samba
# The session bus (dbus-run-session) and gdbus for the desktop search end-to-end tests.
TEST_DEPS += libglib2.0-bin dbus
# `make deb`: debhelper and dpkg-buildpackage; `make test-package` adds lintian.
PACKAGE_DEPS := debhelper dpkg-dev
# `make install MDTOOLS=yes` also links mdfind, mdls and mdutil to fsfind (they then behave as
# those commands do; off by default, as another package may own the names).
MDTOOLS ?= no
MDTOOLS_NAMES = mdfind mdls mdutil
# `make install` builds this configuration; BIN=path installs an already built binary instead
# (the install test passes the debug binary it already has).
BUILD_CONFIG ?= release
BIN ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
# fsfind-reader, the position-independent build the commands that read files' contents run in
# (docs/decisions.md, "Two executables"); `fsfind` looks for it in ../libexec/fsfind.
LIBEXECDIR = $(DESTDIR)$(PREFIX)/libexec/fsfind
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# systemd looks for user units in /usr/local/lib/systemd/user and /usr/lib/systemd/user.
USERUNITDIR = $(DESTDIR)$(PREFIX)/lib/systemd/user
SYSTEMUNITDIR = $(DESTDIR)$(PREFIX)/lib/systemd/system
# `fsfind desktop-search`: the D-Bus activation file, GNOME Shell's provider file (system data
# folders only), the application entry it names, and KRunner's runner file.
DBUSSERVICEDIR = $(DESTDIR)$(PREFIX)/share/dbus-1/services
SEARCHPROVIDERDIR = $(DESTDIR)$(PREFIX)/share/gnome-shell/search-providers
APPLICATIONSDIR = $(DESTDIR)$(PREFIX)/share/applications
KRUNNERDIR = $(DESTDIR)$(PREFIX)/share/krunner/dbusplugins

# What `make bench` compares against, and how: N entries in the synthetic tree, RUNS rounds.
# Tracker's miner and its Python bindings: benchmarks/watch-vs-tracker.py.
BENCH_DEPS := plocate hyperfine time recollcmd imagemagick chafa tmux tracker tracker-miner-fs \
	gir1.2-tracker-3.0 python3-gi
N ?= 1000000
RUNS ?= 5
BENCH_WORK ?= /tmp/fsfind-bench
BENCH_FLAGS ?=
# An earlier build's fsfind (e.g. `make bench BASELINE=/path/fsfind`): every fsfind row runs with
# both builds in the same rounds, alternating, for a before/after of every benchmark in one run.
BASELINE ?=

.PHONY: deps deps-build deps-run build release release-binaries release-bin-path run test lint format bench
.PHONY: clean install uninstall docs test-desktop deb test-package

deps-build:
	@bash scripts/install-deps.sh $(BUILD_DEPS)

deps-run:
	@bash scripts/install-deps.sh $(BUILD_DEPS) $(RUN_DEPS)

deps:
	@bash scripts/install-deps.sh $(BUILD_DEPS) $(RUN_DEPS) $(TEST_DEPS)

# The two executables, not every target: the test-only targets need the test set's headers.
PRODUCTS := fsfind fsfind-reader
build: deps-run
	for product in $(PRODUCTS); do $(SWIFT) build --product $$product $(BUILD_FLAGS) || exit 1; done

# Release builds link the Swift runtime and Foundation statically: a query starts in about half
# the time, for an 88 MB binary instead of 17 MB (benchmarks/RESULTS.md, "Start-up";
# docs/decisions.md). `make release RELEASE_FLAGS=` builds the shared-library way.
# The C++ runtime the Swift runtime is written against is linked statically too: the loader then
# neither maps libstdc++.so nor resolves its symbols, and its start-up code does not run, about a
# millisecond of a 7 ms query (benchmarks/RESULTS.md, "Start-up: the C++ runtime linked in").
# The linker takes `-lstdc++` from the first folder that has the library in either form, so a
# folder holding only the archive (a link to GCC's) comes first; without that archive (no
# libstdc++-dev) the folder stays empty and the shared library is linked as before.
# scripts/exported-symbols.map keeps the Swift symbols out of the dynamic symbol table (it says why).
# --disable-local-rpath: with nothing of Swift's left to load at run time, the binary's folder is
# not a library path; the loader no longer looks there (and in its glibc-hwcaps and tls
# subfolders, 30 failed lookups) for libc, libm, libz and libgcc_s: 1.4 ms less system time a start
# (benchmarks/RESULTS.md, "Start-up: packed relocations, no search of the binary's folder").
# The toolchain's lld links instead of gold when the C library reads packed relative relocations
# (glibc 2.36, Debian 12): fsfind-reader's 96,000 relocations then take 19 KB instead of 2.3 MB
# (`fsfind` itself, linked at a fixed address by Package.swift, has none), and the loader applies
# them in about a third less of a start's CPU time (benchmarks/RESULTS.md,
# "Start-up: packed relocations"). Elsewhere gold links as before.
# Concrete generic types' metadata (a `Set<Attribute>`'s storage, a `Result<Int, Errno>`) is reached
# through accessors that name the conformances they need, not through mangled names: the runtime
# resolves a mangled name's `Hashable` or `Error` requirement by scanning all of the binary's 6,900
# conformance records, once per type, which was most of a small query's own instructions
# (benchmarks/RESULTS.md, "Start-up: no conformance scans").
DIRECT_METADATA := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
STATIC_CXX := $(CURDIR)/.build/static-c++
PACKED_RELOCATIONS := $(shell command -v ld.lld >/dev/null 2>&1 && \
	ldd --version 2>/dev/null | head -1 | awk '{ split($$NF, v, "."); exit !(v[1] > 2 || (v[1] == 2 && v[2] >= 36)) }' && \
	echo -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)
# With lld, the functions and variables a small query touches are laid out together, in the order
# scripts/startup.order lists them (written by scripts/startup-order.py from a run under Valgrind):
# a query faults in about 200 pages instead of 330 (benchmarks/RESULTS.md, "Start-up: no
# conformance scans"). A symbol the list names and the build no longer has is skipped.
# This package's Swift is compiled a section per function, so the list can move each function
# (a module's code is otherwise one section): 203 page faults become 188.
STARTUP_ORDER := $(if $(PACKED_RELOCATIONS),-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/startup.order \
	-Xlinker --no-warn-symbol-ordering -Xswiftc -Xfrontend -Xswiftc -function-sections)
RELEASE_FLAGS ?= --static-swift-stdlib --disable-local-rpath -Xlinker -L$(STATIC_CXX) \
	-Xlinker --version-script=$(CURDIR)/scripts/exported-symbols.map $(PACKED_RELOCATIONS) \
	$(DIRECT_METADATA) $(STARTUP_ORDER)

release: deps-build
	@$(MAKE) --no-print-directory release-binaries

# The release build without installing anything (debian/rules calls it inside dpkg-buildpackage).
release-binaries:
	@mkdir -p $(STATIC_CXX)
	@archive="$$(c++ -print-file-name=libstdc++.a 2>/dev/null || clang -print-file-name=libstdc++.a 2>/dev/null)"; \
		if [ -f "$$archive" ]; then ln -sf "$$archive" $(STATIC_CXX)/libstdc++.a; fi
	for product in $(PRODUCTS); do \
		$(SWIFT) build -c release --product $$product $(RELEASE_FLAGS) $(BUILD_FLAGS) || exit 1; \
	done

# The folder the release build's executables are in.
release-bin-path:
	@$(SWIFT) build -c release --show-bin-path $(BUILD_FLAGS)

# `make run` builds the debug configuration (`make build`): the sample's twenty files need no
# optimiser, and on a fresh machine that build takes about half the release build's time, which was
# most of `make run` (docs/decisions.md, "make run builds for debugging"). `make install` and `make
# deb` build the release binaries.
run: build
	@bash scripts/run-sample.sh "$$($(SWIFT) build --show-bin-path $(BUILD_FLAGS))/fsfind"

# One process runs every test; the end-to-end suites, which mostly wait, run on threads of their
# own beside the unit tests (docs/testing.md).
test: deps lint
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build $(BUILD_FLAGS)

# The code's format, checked against .swift-format (the toolchain's swift-format); `make format`
# rewrites the files to it.
FORMATTED := Sources Tests Package.swift
lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

format:
	$(SWIFT) format --in-place --recursive $(FORMATTED)

# fsfind vs find, file and plocate on /usr and a synthetic tree of N entries; writes
# benchmarks/RESULTS.md. Example: make bench N=100000 RUNS=5
bench: release
	@bash scripts/install-deps.sh $(BENCH_DEPS)
	python3 benchmarks/bench.py --fsfind "$$($(SWIFT) build -c release --show-bin-path $(BUILD_FLAGS))/fsfind" \
		--n $(N) --runs $(RUNS) --work $(BENCH_WORK) $(if $(BASELINE),--baseline $(BASELINE)) $(BENCH_FLAGS)

clean:
	rm -rf .build

# The binaries, the man page and the completion scripts where Debian's man, bash-completion, zsh
# and fish look for them, the `fsfind watch` user unit and the `fsfind serve` system unit where
# systemd looks for them.
install:
ifeq ($(BIN),)
	for product in $(PRODUCTS); do \
		$(SWIFT) build -c $(BUILD_CONFIG) --product $$product \
			$(if $(filter release,$(BUILD_CONFIG)),$(RELEASE_FLAGS)) $(BUILD_FLAGS) || exit 1; \
	done
	$(MAKE) install BIN="$$($(SWIFT) build -c $(BUILD_CONFIG) --show-bin-path $(BUILD_FLAGS))/fsfind"
else
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR) $(USERUNITDIR) $(SYSTEMUNITDIR)
	install -d $(DBUSSERVICEDIR) $(SEARCHPROVIDERDIR) $(APPLICATIONSDIR) $(KRUNNERDIR)
	install -m 755 "$(BIN)" $(BINDIR)/fsfind
	install -D -m 755 "$(dir $(BIN))fsfind-reader" $(LIBEXECDIR)/fsfind-reader
	sed 's|@BINDIR@|$(PREFIX)/bin|' contrib/fsfind-watch.service > $(USERUNITDIR)/fsfind-watch.service
	chmod 644 $(USERUNITDIR)/fsfind-watch.service
	sed 's|@BINDIR@|$(PREFIX)/bin|' contrib/fsfind-serve.service > $(SYSTEMUNITDIR)/fsfind-serve.service
	chmod 644 $(SYSTEMUNITDIR)/fsfind-serve.service
	sed 's|@BINDIR@|$(PREFIX)/bin|' contrib/desktop/org.fsfind.SearchProvider.service \
		> $(DBUSSERVICEDIR)/org.fsfind.SearchProvider.service
	sed 's|@BINDIR@|$(PREFIX)/bin|' contrib/desktop/org.fsfind.Fsfind.desktop > $(APPLICATIONSDIR)/org.fsfind.Fsfind.desktop
	chmod 644 $(DBUSSERVICEDIR)/org.fsfind.SearchProvider.service $(APPLICATIONSDIR)/org.fsfind.Fsfind.desktop
	install -m 644 contrib/desktop/org.fsfind.SearchProvider.ini $(SEARCHPROVIDERDIR)/org.fsfind.SearchProvider.ini
	install -m 644 contrib/desktop/fsfind-krunner.desktop $(KRUNNERDIR)/fsfind-krunner.desktop
	install -m 644 man/fsfind.1 $(MANDIR)/fsfind.1
	@# bash-completion sources the script; the generator's #! line would only say it can be run.
	sed '1{/^#!/d}' completions/fsfind.bash > $(BASHDIR)/fsfind
	chmod 644 $(BASHDIR)/fsfind
	install -m 644 completions/_fsfind $(ZSHDIR)/_fsfind
	install -m 644 completions/fsfind.fish $(FISHDIR)/fsfind.fish
ifeq ($(MDTOOLS),yes)
	for tool in $(MDTOOLS_NAMES); do ln -sf fsfind $(BINDIR)/$$tool; done
endif
endif

# The mdfind, mdls and mdutil links are removed only when they point at fsfind.
uninstall:
	rm -f $(LIBEXECDIR)/fsfind-reader
	rmdir $(LIBEXECDIR) 2>/dev/null || true
	rm -f $(BINDIR)/fsfind $(MANDIR)/fsfind.1 $(BASHDIR)/fsfind $(ZSHDIR)/_fsfind $(FISHDIR)/fsfind.fish
	rm -f $(USERUNITDIR)/fsfind-watch.service $(SYSTEMUNITDIR)/fsfind-serve.service
	rm -f $(DBUSSERVICEDIR)/org.fsfind.SearchProvider.service $(SEARCHPROVIDERDIR)/org.fsfind.SearchProvider.ini
	rm -f $(APPLICATIONSDIR)/org.fsfind.Fsfind.desktop $(KRUNNERDIR)/fsfind-krunner.desktop
	for tool in $(MDTOOLS_NAMES); do \
		if [ "$$(readlink $(BINDIR)/$$tool)" = fsfind ]; then rm -f $(BINDIR)/$$tool; fi; \
	done

# Regenerates man/fsfind.1 and completions/ (see scripts/make-docs.sh).
docs: deps
	@bash scripts/make-docs.sh

# The desktop search boxes for real (issue 41): GNOME Shell 43 headless and KF5's runner engine
# searching the sample through a staged `make install` (PREFIX inside the stage, so every Exec
# line of the installed files resolves, as the Shell requires). Needs root (a private mount namespace for
# the Shell); installs gnome-shell and KF5's runner headers (about 300 packages) the first time.
DESKTOP_TEST_DEPS := gnome-shell gjs libkf5runner-dev qtbase5-dev g++ dbus libglib2.0-bin python3-gi
DESKTOP_STAGE ?= /tmp/fsfind-desktop-stage
test-desktop: build
	@bash scripts/install-deps.sh $(DESKTOP_TEST_DEPS)
	rm -rf $(DESKTOP_STAGE)
	$(MAKE) install PREFIX=$(DESKTOP_STAGE)/usr BIN="$$($(SWIFT) build --show-bin-path $(BUILD_FLAGS))/fsfind"
	"$(DESKTOP_STAGE)/usr/bin/fsfind" index --index $(DESKTOP_STAGE)/index.fsfind sample
	bash Tests/Desktop/gnome-shell-check.sh $(DESKTOP_STAGE) $(DESKTOP_STAGE)/index.fsfind paris 5 "2 more"
	bash Tests/Desktop/krunner-check.sh $(DESKTOP_STAGE) $(DESKTOP_STAGE)/index.fsfind paris 5

# The Debian package, fsfind_VERSION_ARCH.deb beside this file, built by debhelper and
# dpkg-buildpackage from debian/ (docs/decisions.md, "The Debian package"). SCRATCH is the folder
# SwiftPM builds in (default .build, as `make release`).
SCRATCH ?= $(CURDIR)/.build
DEB_VERSION = $(shell sed -n 's/.*static let string = "\(.*\)"/\1/p' Sources/FSFindModel/Version.swift)
DEB = fsfind_$(DEB_VERSION)_$(shell dpkg --print-architecture).deb
deb:
	@bash scripts/install-deps.sh $(BUILD_DEPS) $(PACKAGE_DEPS)
	bash scripts/build-deb.sh "$(SCRATCH)" "$(DEB_VERSION)" $(BUILD_DEPS)

# Builds the package, installs it with apt, uses it, runs it with one recommended library hidden,
# removes it and looks for leftovers (scripts/test-package.sh). Needs root; about ten minutes when
# the release build is not there yet, so not part of `make test`. FRESH_ROOT=DIR (a debootstrap'd
# Debian 12 minbase) also installs it into a copy of DIR, with and without its Recommends.
test-package: deb
	@bash scripts/install-deps.sh lintian
	FRESH_ROOT="$(FRESH_ROOT)" bash scripts/test-package.sh "$(DEB)" $(RUN_DEPS) $(SUGGESTED)
