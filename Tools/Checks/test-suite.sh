#!/usr/bin/env bash
# `make test` after the slice checks: one debug build serves every step that needs one.
#
# 1. Copies the working tree to .build-suite/package (what git tracks or would track) and builds it with its tests
#    (`make test-build`: the build, then the checks it feeds: warnings, README, signatures, graph).
# 2. Runs every test target alone on that build (`Tools/Checks/test-targets.sh`), while `make install`'s release
#    build and its check (`Tools/Checks/check-install.sh`) run beside them: the test targets mostly wait on
#    processes, terminals and sockets, and leave the cores to the release build.
# 3. Runs the scaffold test on the same copy and build (`Tools/Scaffold/test-scaffold.sh`): adding Foo, then
#    removing Courses and Search, each an incremental build of the build the test targets ran on.
#
# Every step runs even when one before it failed (but the build); exits 1 when any failed. Prints where the time
# went, step by step.
set -uo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${SUITE_WORKDIR:-$root/.build-suite}"
copy="$work/package"
scratch="$work/build"
source "$root/Tools/Checks/copy-tree.sh"

suite_start=$(date +%s)
timings=()
failed=()
# timed <name> <command>...: runs the command, notes how long it took and whether it failed.
timed() {
  local name="$1" start status
  shift
  start=$(date +%s)
  "$@"
  status=$?
  timings+=("$(printf '%-66s %5d s%s' "$name" $(($(date +%s) - start)) "$([ $status -eq 0 ] || echo '  FAILED')")")
  [ $status -eq 0 ] || failed+=("$name")
  return $status
}

report() {
  echo
  echo "Where the time went ($(nproc) cores):"
  printf '  %s\n' "${timings[@]}"
  printf '  %-66s %5d s\n' "in all (after the slice checks)" $(($(date +%s) - suite_start))
}

echo "== Copying the working tree to $copy"
timed "copying the tree" copy_tree "$root" "$copy"
mkdir -p "$scratch"

echo "== Building the copy with its tests: make test-build"
if ! timed "debug build with tests, and its checks (make test-build)" make -s -C "$copy" test-build SCRATCH="$scratch"
then
  report
  echo "test suite: the build or a check of it failed" >&2
  exit 1
fi

# The man page, from the build just made, for the install check (which would otherwise build every product again
# in debug in the tree).
echo "== The man page: swift package plugin generate-manual"
timed "the man page (generate-manual, on that build)" \
  swift package --package-path "$copy" --scratch-path "$scratch" plugin generate-manual --configuration debug \
  >"$work/manual.log" 2>&1 || tail -n 20 "$work/manual.log"
manual="$scratch/plugins/GenerateManual/outputs/app/app.1"

echo "== make install's release build and its check, beside the test targets (log: $work/install.log)"
install_start=$(date +%s)
rm -f "$work/install.end"
(
  MANUAL_PAGE="$manual" bash "$root/Tools/Checks/check-install.sh" >"$work/install.log" 2>&1
  status=$?
  date +%s >"$work/install.end"
  exit $status
) &
install=$!

echo "== Every test target alone"
TEST_SCRATCH="$scratch" timed "every test target alone (test-targets.sh)" bash "$copy/Tools/Checks/test-targets.sh"

echo "== The scaffold test, on the same copy and build"
SCAFFOLD_WORKDIR="$work" SCAFFOLD_BUILT=1 timed "scaffold Foo, then remove Courses and Search (test-scaffold.sh)" \
  bash "$root/Tools/Scaffold/test-scaffold.sh"

echo "== make install's check"
wait "$install"
status=$?
cat "$work/install.log"
timings+=("$(printf '%-66s %5d s%s' "install: release build and check (beside the two above)" \
  $(($(cat "$work/install.end" 2>/dev/null || date +%s) - install_start)) "$([ $status -eq 0 ] || echo '  FAILED')")")
[ $status -eq 0 ] || failed+=("install check")

report
if [ ${#failed[@]} -gt 0 ]; then
  echo "test suite: failed: ${failed[*]}" >&2
  exit 1
fi
echo "test suite: every step passed"
