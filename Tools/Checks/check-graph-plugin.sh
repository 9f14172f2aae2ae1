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
export ROOT_TESTS_ONLY=1
source "$root/Tools/Checks/check.sh"

echo "== Copying the working tree to $clone"
copy_tree "$root" "$clone"
mkdir -p "$scratch"
assembly="$(ls "$clone"/Modules/Features/*/Repository/*RepositoryAssembly.swift | head -n 1)"
feature="$(basename "$(dirname "$(dirname "$assembly")")")"
entry='public func assemble(into registrar: Registrar) {'
line="$(grep -nF "$entry" "$assembly" | head -n 1 | cut -d: -f1)"
[ -n "$line" ] || { echo "check-graph-plugin: no '$entry' in $assembly" >&2; exit 1; }
cp "$assembly" "$work/assembly.orig"
# Into the assembly's own file: SwiftPM may miss a source file added and deleted between two builds of one package
# (its build plan kept, the deleted file then a missing input), never an edit.
cat >>"$assembly" <<SWIFT

/// A dependency nothing registers.
public protocol ${feature}MissingService: Sendable {}

/// A service whose registration asks for \`\`${feature}MissingService\`\`.
public struct ${feature}Broken: Sendable {
  let missing: any ${feature}MissingService
}
SWIFT
# The registration goes first in assemble(into:), on the line after it: where the diagnostic must point.
sed -i "${line}a\\    registrar.register(${feature}Broken.self) { r in ${feature}Broken(missing: try r.resolve((any ${feature}MissingService).self)) }" \
  "$assembly"
line=$((line + 1))

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
  grep -qE "^$assembly:$line: error: .*${feature}MissingService" "$work/broken-build.log"

mv "$work/assembly.orig" "$assembly"
# Back as it was, with a time of now: the compiler takes a source whose time is that of its last build (to the
# second) as unchanged, and the copy kept the time the file had before the edit.
touch "$assembly"
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
