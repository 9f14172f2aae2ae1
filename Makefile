# Everyday commands. `make run` and `make test` work on a fresh Debian machine with Swift installed.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Swift from /opt/swift when it is not already on PATH.
ifneq ($(wildcard /opt/swift/usr/bin/swift),)
export PATH := $(PATH):/opt/swift/usr/bin
endif

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SOURCES := Modules Apps Tests Tools/FeatureRegistryGenerator Tools/GraphCheck Tools/Plugins Tools/Stress Tools/Benchmarks/Sources
# Every package's manifest, for swift-format: the root's, the kits', the test kits', the interfaces', each feature's.
MANIFESTS := Package.swift Tools/Benchmarks/Package.swift $(wildcard Modules/*/Package.swift Modules/Features/*/Package.swift)

.PHONY: help setup test-tools build build-release run test test-build check-sources check-build test-unit test-feature test-affected test-repeat check-slices pieces scaffold-test test-graph-plugin \
  test-clone stress bench bench-runner install \
  uninstall install-test lint \
  format feature clean

help: ## List the targets.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

setup: ## Install the system libraries (SQLite, libcurl, CA certificates) when missing.
	@missing=""; \
	command -v pkg-config >/dev/null || missing="pkg-config"; \
	pkg-config --exists sqlite3 2>/dev/null || missing="$$missing libsqlite3-dev"; \
	pkg-config --exists libcurl 2>/dev/null || missing="$$missing libcurl4-openssl-dev"; \
	[ -e /etc/ssl/certs/ca-certificates.crt ] || missing="$$missing ca-certificates"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

test-tools: ## Install what the tests run beside the app when missing: openssl, socat, nghttpd, python3, tmux, script, zsh, fish.
	@missing=""; \
	command -v openssl >/dev/null || missing="$$missing openssl"; \
	command -v tmux >/dev/null || missing="$$missing tmux"; \
	command -v script >/dev/null || missing="$$missing bsdutils"; \
	command -v setpriv >/dev/null || missing="$$missing util-linux"; \
	command -v socat >/dev/null || missing="$$missing socat"; \
	command -v nghttpd >/dev/null || [ -x /usr/sbin/nghttpd ] || missing="$$missing nghttp2-server"; \
	command -v python3 >/dev/null || missing="$$missing python3"; \
	command -v zsh >/dev/null || missing="$$missing zsh"; \
	command -v fish >/dev/null || missing="$$missing fish"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

# The app's dependency graph, validated like `app di check` but in a fixed environment: every problem is printed
# as `file:line: error: ...` at the registration to fix, and the step fails. `APP_GRAPH_CHECK=1 swift build` runs
# the same check as a step of SwiftPM's own build (at the cost of compiling the app's modules twice).
GRAPH_CHECK = swift build -q --scratch-path $(SCRATCH) --product GraphCheck && \
  $(SCRATCH)/debug/GraphCheck $(SCRATCH)/graph-check.swift

# Where the debug build goes: .build, or, for `make test`, the scratch folder of its copy of the tree.
SCRATCH ?= .build
# Where `make test-feature` and `make test-affected` build the packages: one folder for all of them, so that each kit
# is compiled once, whichever package is tested.
PACKAGES_SCRATCH ?= $(CURDIR)/.build-packages

build: setup ## Build everything (debug), then validate the app's dependency graph.
	@source Tools/Checks/swift-retry.sh && swift_retry swift build --scratch-path $(SCRATCH)
	@$(GRAPH_CHECK)

run: setup ## Validate the app's dependency graph, then run the app's courses home screen.
	@$(GRAPH_CHECK)
	swift run app courses

test: setup test-tools check-slices ## The whole suite: slices, one build for targets, scaffold and removal, install.
	bash Tools/Checks/test-suite.sh

test-build: setup test-tools check-sources ## Build every package with its tests, then check what the builds show: warnings, signatures, graph.
	@# Every package, one after another, into one build folder: each kit is compiled once.
	ROOT_TESTS_ONLY=1 bash Tools/Checks/build-packages.sh $(SCRATCH)
	@$(MAKE) -s check-build SCRATCH=$(SCRATCH)

check-sources: ## The checks that need no build: test traits, dependency declarations, the checks' own self-tests (test-affected's plan too).
	python3 Tools/Checks/check-test-traits.py .
	python3 Tools/Checks/build-warnings.py --self-test
	python3 Tools/Checks/check-signatures.py --self-test
	@# One version of each dependency: every manifest declares a package as every other does.
	python3 Tools/Checks/check-dependencies.py --self-test
	python3 Tools/Checks/check-dependencies.py .
	@# What `make test-affected` plans for changes of each kind.
	python3 Tools/Checks/test-affected.py --self-test
	@# A swift call a signal ends is run once more; a failure of its own never is.
	bash Tools/Checks/test-swift-retry.sh
	@# What the pieces count (`make pieces`) follows, and where it stops.
	bash Tools/Checks/test-count-screen-pieces.sh

check-build: ## The checks of a build of every package in SCRATCH: warnings, resolved versions, signatures, graph.
	@# A fresh build prints no compiler warning for the project's own files (dependencies' warnings aside).
	python3 Tools/Checks/build-warnings.py "$$(pwd -P)" $(SCRATCH)/build-logs/*.log
	@# One version of each dependency across the packages' builds.
	python3 Tools/Checks/check-dependencies.py . --resolved
	@# Presentation sees use-case values only: read from the built modules' public signatures.
	python3 Tools/Checks/check-signatures.py . "$$(ROOT_TESTS_ONLY=1 swift build --scratch-path $(SCRATCH) --show-bin-path)"
	@ROOT_TESTS_ONLY=1 $(GRAPH_CHECK)

docs: setup ## Build the documentation into .build-docs: every module's reference (its catalog) and the architecture articles (Docs/Architecture.docc), every symbol link checked.
	bash Tools/Docs/build-docs.sh $(PACKAGES_SCRATCH)
	bash Tools/Docs/test-docs.sh .build-docs

test-unit: test-build ## Run every package's test targets, each alone, as `swift test --filter <Target>` does (.timing suites run alone).
	TEST_SCRATCH=$(SCRATCH) bash Tools/Checks/test-targets.sh

test-feature: setup test-tools ## Build one feature's package and run its tests, nothing of another feature built: make test-feature NAME=Courses
	@[ -n "$(NAME)" ] || { echo "usage: make test-feature NAME=<Feature>   (one of: $(notdir $(wildcard Modules/Features/*)))" >&2; exit 64; }
	@[ -f Modules/Features/$(NAME)/Package.swift ] || { echo "error: no feature package Modules/Features/$(NAME)" \
	  "(features: $(notdir $(wildcard Modules/Features/*)))" >&2; exit 64; }
	TEST_SCRATCH=$(PACKAGES_SCRATCH) bash Tools/Checks/test-package.sh Modules/Features/$(NAME)

# The revision `make test-affected` compares the work tree with.
BASE ?= origin/main

test-affected: setup test-tools ## Test the packages a change since BASE touches, and what depends on them: make test-affected BASE=<rev>
	TEST_SCRATCH=$(PACKAGES_SCRATCH) python3 Tools/Checks/test-affected.py "$(BASE)"

# How many times `make test-repeat` runs the unit suite.
N ?= 5

test-repeat: setup test-tools ## Run every test target N times (N=5) with every core loaded by stress-ng; tally per test.
	@command -v stress-ng >/dev/null || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq stress-ng; }
	bash Tools/Checks/test-repeat.sh $(N)

check-slices: test-tools ## Check that features are vertical slices, layers import only what they may, kits name no feature.
	python3 Tools/Checks/check-slices.py .
	bash Tools/Checks/test-check-slices.sh

pieces: ## Count each screen's pieces: the feature and kit files and types from the origin's answer to the terminal (PIECES_ARGS=--list names them).
	python3 Tools/Checks/count-screen-pieces.py . $(PIECES_ARGS)

scaffold-test: setup test-tools ## Scaffold a feature into a temporary copy, build it, run it and its tests.
	bash Tools/Scaffold/test-scaffold.sh

test-graph-plugin: setup ## On a copy, prove `APP_GRAPH_CHECK=1 swift build` fails at a broken registration (compiles the app twice; CI runs it after `make test`).
	bash Tools/Checks/check-graph-plugin.sh

# `STRESS_ONLY=ui make stress` runs only the rows of `app ui` under faults (through a pseudo-terminal); `STRESS_ONLY=changes`, the TSan row, the simulation of 10,000 schedules and the `changes: …` rows (stars kept, then sent by app sync).
stress: setup ## Faults, concurrency, crashes, fuzzing, app ui under faults and DI under TSan; prints a table.
	swift build --product app
	swift build --product stress
	@# STRESS_ONLY=ui runs the app ui rows alone: no TSan build, and so no TSan row.
	@# The write side's simulation runs 10,000 schedules, within 5 minutes, for every run but STRESS_ONLY=ui.
	@if [ "$$STRESS_ONLY" != ui ]; then \
	  swift test --package-path Modules/Kits --scratch-path .build-tsan --sanitize=thread --filter DITests \
	    > .build/tsan-di.log 2>&1 || true; \
	  export STRESS_TSAN_LOG=.build/tsan-di.log; \
	  echo "SIM_SCHEDULES=10000 swift test --package-path Modules/Kits --filter ChangeSimulationTests"; \
	  SIM_SCHEDULES=10000 swift test --package-path Modules/Kits --scratch-path .build-packages \
	    --filter ChangeSimulationTests > .build/simulation.log 2>&1 || true; \
	  export STRESS_SIM_LOG=.build/simulation.log; fi; \
	  echo .build/debug/stress; .build/debug/stress

# Extra arguments for the benchmark runner, e.g. BENCH_ARGS=--json or BENCH_ARGS="--only di --runs 9"; sections:
# di, http, app, fanout, cache, ui (`app ui` through a pseudo-terminal: keystroke to frame, a stock to the frame
# showing it, first frame, memory), sync (`app sync` of 1,000 waiting stars and unstars over 10 repos).
BENCH_ARGS ?=
BENCH_PACKAGE := Tools/Benchmarks

# How release binaries are built, by `make install` and `make bench` alike: the Swift runtime linked in (no
# shared libswiftCore to load and bind), lld packing the relative relocations (RELR), and no dynamic symbol table
# of the app's own symbols (SwiftPM's static linking exports all of them, which the loader and the runtime's
# start-up then search). See the README's Performance section.
#
# PIE=no (the default) links a position-dependent executable: the app's 96,000 pointers in its data are then
# final in the file, where a position-independent one relocates them at every start, touching some 250 pages
# (about 0.5 ms of each command). PIE=yes keeps the address-space randomization of the executable's own image
# (its libraries, stack and heap are randomized either way), at that cost: `make install PIE=yes`.
#
# The compiler is told to reach a concrete generic type's metadata through its accessor, with the witness tables
# of its requirements passed in, rather than by its mangled name: the runtime resolves a name by looking every
# requirement's conformance up in the whole binary (7,600 records), once per type. That was 30% of the instructions
# `app courses --offline` executed, for 0.9% more code.
#
# libstdc++ and SQLite are linked in as well, where their archives are installed (libstdc++'s comes with the C++
# library headers the Swift toolchain needs, SQLite's with libsqlite3-dev): the loader then looks for, maps and
# relocates neither library at every start. Foundation's ICU keeps 750 pointers to libstdc++'s type-info tables in
# its data, each bind a write that copies a page (0.5 ms of every command); SQLite's library was searched for, mapped
# and relocated, and the app's calls into it bound, before `main` (0.1-0.2 ms). SwiftPM always asks for `-lstdc++`,
# and the SQLite module for `-lsqlite3`; a folder holding only the archives, searched first, answers both. The loader
# is also spared the executable's `$ORIGIN` run path (`--disable-local-rpath`: nothing is installed beside the app,
# and every library was first looked for there) and libgcc_s, whose unwinder is linked in (`-static-libgcc`): 0.1 ms
# more, in the floor as in the app.
PIE ?= no
STATIC_ARCHIVES = $(wildcard $(shell clang -print-file-name=libstdc++.a 2>/dev/null) \
  $(shell clang -print-file-name=libsqlite3.a 2>/dev/null))
STATIC_ARCHIVES_DIR := $(CURDIR)/.build-static
STATIC_LIBS = $(if $(STATIC_ARCHIVES),$(shell mkdir -p $(STATIC_ARCHIVES_DIR) && \
  ln -sfn $(STATIC_ARCHIVES) $(STATIC_ARCHIVES_DIR)/ && echo -Xlinker -L$(STATIC_ARCHIVES_DIR)))
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
  -Xlinker --no-export-dynamic $(if $(filter no,$(PIE)),-Xlinker -no-pie) $(STATIC_LIBS) --disable-local-rpath \
  -Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

# `make bench BENCH_ARGS="--only layout"` (a section of its own, not run by default): what the package layout costs,
# edit to test result and start-up, with 8 more features scaffolded too (Tools/Benchmarks/layout.sh; LAYOUT_ARGS, for
# example "--before <rev>" for the layout of another revision side by side, or "--runs 7").
LAYOUT_ARGS ?=

bench: setup ## Benchmarks in release: DI vs Swinject, HTTP vs URLSession, the app against the floor, app ui through a pty (BENCH_ARGS=--json for JSON).
	@sections="$$(printf '%s\n' $(BENCH_ARGS) | awk 'p { print; exit } $$0 == "--only" { p = 1 }')"; \
	  if [[ ",$$sections," == *",layout,"* ]]; then bash Tools/Benchmarks/layout.sh $(LAYOUT_ARGS) || exit 1; fi; \
	  rest="$$(printf '%s' "$$sections" | tr ',' '\n' | grep -vx layout | paste -sd, -)"; \
	  if [ -z "$$sections" ]; then $(MAKE) -s bench-runner BENCH_ARGS="$(BENCH_ARGS)"; \
	  elif [ -n "$$rest" ]; then $(MAKE) -s bench-runner BENCH_ARGS="$$(printf '%s' "$(BENCH_ARGS)" | \
	    sed -E "s/--only [^ ]+/--only $$rest/")"; fi

bench-runner: setup
	@# GNU time measures the app's peak memory; strace counts a read's syncs and database writes.
	@missing=""; test -x /usr/bin/time || missing="time"; test -x /usr/bin/strace || missing="$$missing strace"; \
	  if [ -n "$$missing" ]; then { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; } >&2; fi
	@# Build output goes to stderr, so that standard output is only the table (or the JSON). SwiftPM may keep a
	@# build plan that still lists a source file deleted from the root package; if so, plan again once.
	@# Products one by one: the package's libraries (GRDB's dynamic one) are no executables to link without PIE.
	@swift build $(RELEASE_FLAGS) --package-path $(BENCH_PACKAGE) --product Benchmarks >&2 || { \
	  rm -f $(BENCH_PACKAGE)/.build/release.yaml $(BENCH_PACKAGE)/.build/*/release/description.json; \
	  swift build $(RELEASE_FLAGS) --package-path $(BENCH_PACKAGE) --product Benchmarks >&2; }
	@# The app, built by the same package from the same sources, so nothing is compiled twice; the floor with it.
	@# Its plan can miss a source file added to the root package since the last build; if so, plan again once.
	@swift build $(RELEASE_FLAGS) --package-path $(BENCH_PACKAGE) --product app >&2 || { \
	  rm -f $(BENCH_PACKAGE)/.build/release.yaml $(BENCH_PACKAGE)/.build/*/release/description.json; \
	  swift build $(RELEASE_FLAGS) --package-path $(BENCH_PACKAGE) --product app >&2; }
	@swift build $(RELEASE_FLAGS) --package-path $(BENCH_PACKAGE) --product Floor >&2
	@bin="$$(swift build $(RELEASE_FLAGS) --package-path $(BENCH_PACKAGE) --show-bin-path)"; \
	  $$bin/Benchmarks --app "$$bin/app" --floor "$$bin/Floor" $(BENCH_ARGS)

# Where `make install` puts the app: /usr/local as root, else ~/.local. Override with PREFIX=/some/where.
PREFIX ?= $(if $(filter 0,$(shell id -u)),/usr/local,$(HOME)/.local)
# The release build `make install` makes and installs (RELEASE_FLAGS: it starts faster, and runs without a Swift
# toolchain beside it).
INSTALL_SCRATCH := .build-install
INSTALL_BUILD = swift build $(RELEASE_FLAGS) --scratch-path $(INSTALL_SCRATCH) --product app
# What `make install` writes under PREFIX, and so exactly what `make uninstall` removes.
INSTALLED_FILES := bin/app share/man/man1/app.1 share/bash-completion/completions/app \
  share/zsh/site-functions/_app share/fish/vendor_completions.d/app.fish

# The man page `make install` installs: MANUAL_PAGE when given (one generated already), else the plugin's.
MANUAL_PAGE ?=
MANUAL := $(or $(MANUAL_PAGE),.build/plugins/GenerateManual/outputs/app/app.1)

build-release: setup ## Build the app in release as `make install` does (in .build-install), installing nothing.
	$(INSTALL_BUILD)

install: setup ## Build in release and install bin/app, shell completions and a man page under PREFIX.
	$(INSTALL_BUILD)
	@# The man page comes from ArgumentParser's generate-manual plugin, which builds every product itself; in
	@# debug it reuses what `make build` already built. `make test` hands it the page its own build made.
	@if [ -z "$(MANUAL_PAGE)" ]; then swift package plugin generate-manual --configuration debug >&2; fi
	@bin="$$($(INSTALL_BUILD) --show-bin-path)/app"; set -e; \
	  install -d "$(PREFIX)/bin" "$(PREFIX)/share/man/man1" "$(PREFIX)/share/bash-completion/completions" \
	    "$(PREFIX)/share/zsh/site-functions" "$(PREFIX)/share/fish/vendor_completions.d"; \
	  install -m 0755 "$$bin" "$(PREFIX)/bin/app"; \
	  install -m 0644 "$(MANUAL)" "$(PREFIX)/share/man/man1/app.1"; \
	  "$$bin" --generate-completion-script bash >"$(PREFIX)/share/bash-completion/completions/app"; \
	  "$$bin" --generate-completion-script zsh >"$(PREFIX)/share/zsh/site-functions/_app"; \
	  "$$bin" --generate-completion-script fish >"$(PREFIX)/share/fish/vendor_completions.d/app.fish"; \
	  echo "Installed under $(PREFIX):"; for f in $(INSTALLED_FILES); do echo "  $$f"; done
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "note: $(PREFIX)/bin is not on PATH; add it to run 'app'.";; esac

uninstall: ## Remove exactly what `make install` put under PREFIX.
	@for f in $(INSTALLED_FILES); do \
	  if [ -e "$(PREFIX)/$$f" ]; then rm -f "$(PREFIX)/$$f" && echo "removed $(PREFIX)/$$f"; fi; \
	done

install-test: setup ## Install into a temporary PREFIX, check the binary, completions and man page, then uninstall.
	bash Tools/Checks/check-install.sh

test-clone: ## Run `make test` in a fresh clone of HEAD in an empty directory, as a new user would.
	@dir="$$(mktemp -d)"; trap 'rm -rf "$$dir"' EXIT; \
	  git clone -q "$(CURDIR)" "$$dir/app" && echo "Fresh clone in $$dir/app (nothing beside it)" && \
	  $(MAKE) -C "$$dir/app" test

lint: ## Check formatting with swift-format.
	swift format lint --strict --recursive --parallel $(SOURCES) $(MANIFESTS)

format: ## Rewrite sources in the project's format.
	swift format format --in-place --recursive --parallel $(SOURCES) $(MANIFESTS)

feature: ## Scaffold a feature module: make feature NAME=Foo
	@bash Tools/Scaffold/new-feature.sh "$(NAME)"

clean: ## Remove build products.
	rm -rf .build .build-* $(BENCH_PACKAGE)/.build
	find Modules -name '.build*' -type d -prune -exec rm -rf {} +
