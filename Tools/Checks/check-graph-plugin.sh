#!/usr/bin/env bash
# `APP_GRAPH_CHECK=1 swift build` on a copy of the tree: a registration whose dependency nothing registers, added to
# the first feature's repository assembly, fails SwiftPM's own build with a compiler-style line at that
# registration; undone, the checked build succeeds again.
#
# Usage: check-graph-plugin.sh [<work folder>]   (default: .build-graph-plugin; the copy and its build live there)
#
# The check is a step of SwiftPM's build through a build-tool plugin, whose tool SwiftPM builds a second time for
# the host, with every module of the app: this check alone compiles the app twice, so it is not a step of
# `make test` (whose scaffold test proves the same diagnostic through `make build`); CI runs it after `make test`.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${1:-$root/.build-graph-plugin}"
clone="$work/package"
scratch="$work/build"
source "$root/Tools/Checks/copy-tree.sh"
source "$root/Tools/Checks/swift-retry.sh"
source "$root/Tools/Checks/broken-graph.sh"
export ROOT_TESTS_ONLY=1
source "$root/Tools/Checks/check.sh"

echo "== Copying the working tree to $clone"
copy_tree "$root" "$clone"
mkdir -p "$scratch"
assembly="$(ls "$clone"/Modules/Features/*/Repository/*RepositoryAssembly.swift | head -n 1)"
feature="$(basename "$(dirname "$(dirname "$assembly")")")"
break_graph "$assembly" "$feature" "$work/assembly.orig"

echo "== APP_GRAPH_CHECK=1 swift build --product app, with a registration nothing satisfies in $feature (log: $work/broken-build.log)"
start=$(date +%s)
set +e
swift_retry env APP_GRAPH_CHECK=1 swift build --package-path "$clone" --scratch-path "$scratch" --product app \
  >"$work/broken-build.log" 2>&1
status=$?
set -e
echo "($(($(date +%s) - start)) s)"
grep -E "^$assembly:[0-9]+: error:" "$work/broken-build.log" | sort -u | head -n 3 || true
check "swift build fails on the missing registration" test "$status" -ne 0
check "the diagnostic points at the registration, naming the missing type" \
  grep -qE "^$assembly:$broken_line: error: .*${feature}MissingService" "$work/broken-build.log"

mend_graph "$assembly" "$work/assembly.orig"
echo "== The same build with the registration undone (log: $work/checked-build.log)"
checked_build() {
  swift_retry env APP_GRAPH_CHECK=1 swift build --package-path "$clone" --scratch-path "$scratch" --product app \
    >"$work/checked-build.log" 2>&1 || { tail -n 20 "$work/checked-build.log" >&2; return 1; }
}
check "with the registration undone, the checked build succeeds again" checked_build

if [ "$failures" -gt 0 ]; then
  echo "graph plugin check: $failures check(s) failed" >&2
  exit 1
fi
echo "graph plugin check: all checks passed"
