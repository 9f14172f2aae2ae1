#!/usr/bin/env bash
# Builds packages with their tests into one build folder, one after another: every package (in packages.sh's order)
# or the ones given. Each kit is compiled once, by the first package that needs it.
#
# Usage: build-packages.sh <build folder> [<package folder>...]
# Writes each package's log to <build folder>/build-logs/<package>.log ("root" for the root); prints one line per
# package with its time and how many modules it compiled. A `swift` call a signal ends is run once more
# (swift-retry.sh). Stops at the first package that fails to build, printing its errors.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/swift-retry.sh"
source "$here/packages.sh"
scratch="${1:?usage: build-packages.sh <build folder> [<package folder>...]}"
shift
[ $# -gt 0 ] || set -- $(cd "$here/../.." && packages)
mkdir -p "$scratch/build-logs"
for package in "$@"; do
  case "$package" in /*) ;; *) package="$here/../../$package" ;; esac
  package="$(cd "$package" && pwd)"
  name="$([ "$package" = "$(cd "$here/../.." && pwd)" ] && echo root || basename "$package")"
  log="$scratch/build-logs/$name.log"
  start=$(date +%s)
  swift_retry swift build --build-tests --package-path "$package" --scratch-path "$scratch" >"$log" 2>&1
  status=$?
  compiled="$(grep -oE '^\[[0-9]+/[0-9]+\] Compiling [A-Za-z0-9_]+' "$log" | awk '{print $3}' | sort -u | wc -l)"
  echo "$name: built in $(($(date +%s) - start)) s, $compiled modules compiled (log: $log)"
  if [ $status -ne 0 ]; then
    grep -E 'error:' "$log" | sort -u | head -n 20
    echo "build-packages: $name failed to build" >&2
    exit 1
  fi
done
