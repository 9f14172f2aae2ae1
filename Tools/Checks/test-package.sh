#!/usr/bin/env bash
# Builds one package with its tests and runs each of its test targets alone, as `swift test --package-path
# <package> --filter <Target>` would: `make test-feature NAME=Courses` is `test-package.sh Modules/Features/Courses`.
#
# Usage: test-package.sh <package folder> [--skip-build]
#   TEST_SCRATCH   the build folder (default: the package's own .build); `make test` shares one among all packages,
#                  so that each kit is compiled once
#   TEST_OUTCOMES  a file to append every test's outcome to, as `<target>|<passed|failed>|<test>`
#
# A feature's tests that run a process run the feature's own host (`<Name>Host`): APP_BINARY names it, so that the
# root's `app`, which a shared build folder also holds, is never what they test. Prints one line per target and
# which modules the build compiled; exits 1 when the build or any target fails.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/swift-retry.sh"

package="${1:?usage: test-package.sh <package folder> [--skip-build]}"
skip_build="${2:-}"
[ -f "$package/Package.swift" ] || { echo "error: $package has no Package.swift" >&2; exit 64; }
package="$(cd "$package" && pwd)"
scratch="${TEST_SCRATCH:-$package/.build}"
mkdir -p "$scratch"
name="$(basename "$package")"
log_dir="$scratch/test-logs/$name"
mkdir -p "$log_dir"
swift_args=(--package-path "$package" --scratch-path "$scratch")

if [ "$skip_build" != --skip-build ]; then
  echo "== swift build --build-tests --package-path ${package#"$PWD"/}"
  start=$(date +%s)
  swift_retry swift build --build-tests "${swift_args[@]}" >"$log_dir/build.log" 2>&1
  status=$?
  # What the build compiled: the evidence that a feature's build touches no other feature.
  compiled="$(grep -oE '^\[[0-9]+/[0-9]+\] Compiling [A-Za-z0-9_]+' "$log_dir/build.log" | awk '{print $3}' | sort -u |
    tr '\n' ' ')"
  echo "compiled: ${compiled:-nothing} ($(($(date +%s) - start)) s)"
  if [ $status -ne 0 ]; then
    grep -E 'error:' "$log_dir/build.log" | sort -u | head -n 20
    echo "test-package: the build of $name failed (log: $log_dir/build.log)"
    exit 1
  fi
fi

description="$(swift package "${swift_args[@]}" describe --type json 2>/dev/null)"
# Its test targets on the first line, its host (an executable product named <Name>Host) on the second.
mapfile -t described < <(python3 -c '
import json, sys
text = sys.stdin.read()
package = json.loads(text[text.index("{"):])
print(" ".join(sorted(t["name"] for t in package["targets"] if t["type"] == "test")))
print(" ".join(p["name"] for p in package["products"] if "executable" in p["type"] and p["name"].endswith("Host")))
' <<<"$description")
targets="${described[0]:-}"
host="${described[1]:-}"
bin="$(swift build "${swift_args[@]}" --show-bin-path)"
environment=()
if [ -n "$host" ]; then
  environment=(APP_BINARY="$bin/$host")
fi
[ -n "$targets" ] || { echo "$name: no test target"; exit 0; }

failed=()
for target in $targets; do
  log="$log_dir/$target.log"
  start=$(date +%s)
  swift_retry env "${environment[@]}" swift test --skip-build "${swift_args[@]}" --filter "^${target}\\." >"$log" 2>&1
  status=$?
  summary=$(grep -E "Test run with [0-9]+ tests?" "$log" | tail -1 | sed 's/^[^A-Za-z]*//')
  echo "$target: ${summary:-no summary} ($(($(date +%s) - start)) s)${host:+, running $host}"
  if [ -n "${TEST_OUTCOMES:-}" ]; then
    grep -E "^[^A-Za-z]*Test .* (passed|failed)( after|$)" "$log" | grep -v "Test run with" |
      sed -E "s/^[^A-Za-z]*Test (.*) (passed|failed)( after .*| with .*)?$/${target}|\\2|\\1/" >>"$TEST_OUTCOMES"
  fi
  if [ $status -ne 0 ]; then
    failed+=("$target")
    # The failing tests first (a parameterized test's arguments may themselves contain "error:"), then the rest.
    { grep -E "^✘|✘ Test" "$log"; grep -E "error:" "$log" | grep -v "^◇"; } | head -30 | cut -c1-2000
    echo "(the whole log: $log)"
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "$name: failed: ${failed[*]}"
  exit 1
fi
echo "$name: every test target passes alone"
