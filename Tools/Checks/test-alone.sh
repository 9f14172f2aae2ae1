#!/usr/bin/env bash
# Tests one feature's package with every other feature of the tree broken: a compile error in each other feature's
# product code and in its tests. The feature must still build, its tests must pass (each target alone, its host
# where a test runs the app: test-package.sh), and its build must compile no module of another feature.
#
# Usage: test-alone.sh <tree> <Feature> <log>
#   TEST_SCRATCH   the build folder (as for test-package.sh)
#
# The errors are files of their own, added and then deleted, so that no file the builds know is touched (a file
# git puts back is new to the build, and compiled again). Prints what it broke, each test target's line and one
# `ok:`/`FAILED:` line per check; exits 1 when a check fails.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tree="${1:?usage: test-alone.sh <tree> <Feature> <log>}"
tested="${2:?usage: test-alone.sh <tree> <Feature> <log>}"
log="${3:?usage: test-alone.sh <tree> <Feature> <log>}"
features="$tree/Modules/Features"
source "$here/check.sh"

others=()
for other in $(cd "$features" && ls -d -- */ | tr -d /); do
  [ "$other" = "$tested" ] || others+=("$other")
done
broken=()
for other in "${others[@]}"; do
  test_folder="$(find "$features/$other/Tests" -mindepth 1 -maxdepth 1 -type d | sort | head -n 1)"
  for file in "$features/$other/UseCase/Broken.swift" "$test_folder/Broken.swift"; do
    printf 'let broken: Int = "not an Int"\n' >"$file"
    broken+=("$file")
  done
done
trap 'rm -f "${broken[@]}"' EXIT
printf 'broken: %s\n' "${broken[@]#"$tree"/}"

bash "$here/test-package.sh" "$features/$tested" >"$log" 2>&1
status=$?
grep -E '^(compiled:|[A-Za-z]+Tests:|[A-Za-z]+: (failed|every))' "$log" || true
[ "$status" -eq 0 ] || tail -n 30 "$log" >&2
check "$tested builds and its tests pass with every other feature broken" test "$status" -eq 0
check "${tested}Tests ran and passed" test -n "$(grep -E "^${tested}Tests: .*Test run with [1-9][0-9]* tests? .*passed" "$log")"
# The modules of other features its build compiled, from test-package.sh's `compiled:` line.
compiled_others=""
if [ ${#others[@]} -gt 0 ]; then
  compiled_others="$(grep -m1 '^compiled: ' "$log" | tr ' ' '\n' |
    grep -Ex "($(IFS='|'; echo "${others[*]}"))(Repository|UseCase|Presenter|Feature|Testing|Host|Tests|Demo)" || true)"
fi
check "and its build compiled no other feature's module" test -z "$compiled_others"
[ -z "$compiled_others" ] || echo "  compiled: $compiled_others" >&2
[ "$failures" -eq 0 ]
