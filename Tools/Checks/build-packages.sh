#!/usr/bin/env bash
# Builds every package with its tests into one build folder, one after another (see packages.sh for the order):
# each kit is compiled once, by the first package that needs it.
#
# Usage: build-packages.sh <build folder>
# Writes each package's log to <build folder>/build-logs/<package>.log; prints one line per package with its time
# and what it compiled. Stops at the first package that fails to build.
set -uo pipefail
cd "$(dirname "$0")/../.."
source Tools/Checks/swift-retry.sh
source Tools/Checks/packages.sh
scratch="${1:?usage: build-packages.sh <build folder>}"
mkdir -p "$scratch/build-logs"
for package in $(packages); do
  name="$([ "$package" = . ] && echo root || basename "$package")"
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
