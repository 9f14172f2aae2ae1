# Everyday commands. `make run` and `make test` work on a fresh Debian machine with Swift installed.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Swift from /opt/swift when it is not already on PATH.
ifneq ($(wildcard /opt/swift/usr/bin/swift),)
export PATH := $(PATH):/opt/swift/usr/bin
endif

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SOURCES := Modules Apps Tests Tools/FeatureRegistryGenerator Tools/Plugins Tools/TestSupport

.PHONY: help setup build run test test-unit scaffold-test stress lint format feature clean

help: ## List the targets.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

setup: ## Install the system libraries (SQLite, libcurl) when pkg-config cannot find them.
	@missing=""; \
	command -v pkg-config >/dev/null || missing="pkg-config"; \
	pkg-config --exists sqlite3 2>/dev/null || missing="$$missing libsqlite3-dev"; \
	pkg-config --exists libcurl 2>/dev/null || missing="$$missing libcurl4-openssl-dev"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: setup ## Build everything (debug).
	swift build

run: setup ## Run the app's courses home screen.
	swift run app courses

test: setup test-unit scaffold-test ## Run the whole test suite, including the feature scaffold test.

test-unit: setup ## Run every test target (wall-clock suites, named *TimingTests, last and alone).
	swift build --build-tests
	swift test --skip-build --skip TimingTests
	swift test --skip-build --filter TimingTests

scaffold-test: setup ## Scaffold a feature into a temporary copy, build it, run it and its tests.
	bash Tools/Scaffold/test-scaffold.sh

stress: setup ## Faults, concurrency, crashes, fuzzing and DI under TSan; prints a table.
	swift build --product app
	swift build --product stress
	swift test --scratch-path .build-tsan --sanitize=thread --filter DITests > .build/tsan-di.log 2>&1 || true
	STRESS_TSAN_LOG=.build/tsan-di.log .build/debug/stress

lint: ## Check formatting with swift-format.
	swift format lint --strict --recursive --parallel $(SOURCES) Package.swift

format: ## Rewrite sources in the project's format.
	swift format format --in-place --recursive --parallel $(SOURCES) Package.swift

feature: ## Scaffold a feature module: make feature NAME=Foo
	@bash Tools/Scaffold/new-feature.sh "$(NAME)"

clean: ## Remove build products.
	rm -rf .build .build-*
