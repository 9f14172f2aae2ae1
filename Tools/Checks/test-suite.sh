#!/usr/bin/env bash
# `make test` after the slice checks: one debug build folder serves every package and every step that needs one.
#
# 1. Copies the working tree to .build-suite/package (what git tracks or would track), runs the checks that need no
#    build, and builds every package with its tests into one build folder, one step a package (the kits, each
#    feature, the root; see packages.sh): each kit is compiled once. Then the checks the builds feed: warnings,
#    resolved versions, signatures, graph.
# 2. Runs every package's test targets alone on that build, one step a package, each feature's with every other
#    feature broken (test-alone.sh: a compile error in their sources and tests). `make install`'s release build
#    runs from the start at the lowest priority, on what the debug builds and the test targets (which mostly wait
#    on processes, terminals and sockets) leave of the cores; its check (`Tools/Checks/check-install.sh`) follows
#    once the man page is made.
# 3. Builds the documentation from that build's modules (`make docs`: Tools/Docs/build-docs.sh, every link
#    checked, and test-docs.sh, a link to nothing must fail it).
# 4. Runs the scaffold test on the same copy and build (`Tools/Scaffold/test-scaffold.sh`): adding Foo as a package,
#    testing Foo with the others broken, then removing Courses and Search, each an incremental build.
#
# Each test target is compiled and run once. `APP_GRAPH_CHECK=1 swift build`, which compiles the app's modules a
# second time, is checked apart (`make test-graph-plugin`, which CI runs after this).
#
# A `swift` call that a signal ends is run once more (swift-retry.sh); the step table says so. The root's copies of
# the packages' test targets are left out (ROOT_TESTS_ONLY=1), so each test target is compiled and run once.
#
# Every step runs even when one before it failed (but the build); exits 1 when any failed. Prints where the time
# went, step by step.
set -uo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${SUITE_WORKDIR:-$root/.build-suite}"
copy="$work/package"
scratch="$work/build"
source "$root/Tools/Checks/copy-tree.sh"
source "$root/Tools/Checks/packages.sh"
source "$root/Tools/Checks/swift-retry.sh"
export ROOT_TESTS_ONLY=1
export SWIFT_RETRY_LOG="$work/retries.log"

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
  if [ -s "$SWIFT_RETRY_LOG" ]; then
    echo "A swift call that a signal ended was run again:"
    sed 's/^/  /' "$SWIFT_RETRY_LOG"
  fi
}

echo "== Copying the working tree to $copy"
timed "copying the tree" copy_tree "$root" "$copy"
mkdir -p "$scratch"

rm -f "$SWIFT_RETRY_LOG"
# make install's release build starts now, at the lowest priority: it takes what the debug builds leave of the
# cores, then what the test targets leave (they mostly wait), and yields to both. Its check waits for the man page
# the debug build makes (a line through the FIFO), then runs `make install`, whose build is then done already.
manual="$scratch/plugins/GenerateManual/outputs/app/app.1"
echo "== make install's release build, from now on at the lowest priority, then its check (log: $work/install.log)"
install_start=$(date +%s)
rm -f "$work/install.end" "$work/manual.ready"
mkfifo "$work/manual.ready"
# In a session of its own (setsid), so that it ends with the suite however the suite ends. Where the kernel
# schedules each session as a group (autogroup), a nice value counts only inside the group: the group itself is
# given the lowest priority too.
setsid nice -n 19 bash -c '
  if [ -w /proc/self/autogroup ]; then echo 19 >/proc/self/autogroup; fi
  make -s -C "$1" build-release >"$2" 2>&1 || echo "(the release build failed: make install says why)" >>"$2"
  read -r _ <"$3"
  MANUAL_PAGE="$4" bash "$1/Tools/Checks/check-install.sh" >>"$2" 2>&1
  status=$?
  date +%s >"$5"
  exit $status' _ "$root" "$work/install.log" "$work/manual.ready" "$manual" "$work/install.end" &
install=$!
manual_ready=""
trap 'kill -- -"$install" 2>/dev/null; [ -z "$manual_ready" ] || kill "$manual_ready" 2>/dev/null' EXIT
echo "== The checks that need no build: make check-sources"
timed "checks of the sources (make check-sources)" make -s -C "$copy" check-sources || true

for package in $(cd "$copy" && packages); do
  name="$([ "$package" = . ] && echo root || basename "$package")"
  echo "== Building $name with its tests"
  if ! timed "build $name with its tests" bash "$copy/Tools/Checks/build-packages.sh" "$scratch" "$copy/$package"; then
    report
    echo "test suite: a package does not build" >&2
    exit 1
  fi
done
echo "== The checks of the build: make check-build"
timed "checks of the build (make check-build)" make -s -C "$copy" check-build SCRATCH="$scratch" || true

# The man page, from the build just made, for the install check (which would otherwise build every product again
# in debug in the tree).
echo "== The man page: swift package plugin generate-manual"
timed "the man page (generate-manual, on that build)" \
  swift_retry swift package --package-path "$copy" --scratch-path "$scratch" plugin generate-manual --configuration debug \
  >"$work/manual.log" 2>&1 || tail -n 20 "$work/manual.log"
# The install check may go on (it opens the FIFO once its build is done; until then, this writer waits).
echo ready >"$work/manual.ready" &
manual_ready=$!

for package in $(cd "$copy" && packages); do
  name="$([ "$package" = . ] && echo root || basename "$package")"
  case "$package" in
    Modules/Features/*)
      echo "== $name: every test target alone, every other feature broken"
      TEST_SCRATCH="$scratch" timed "test $name: every test target alone, the other features broken" \
        bash "$copy/Tools/Checks/test-alone.sh" "$copy" "$name" "$work/alone-$name.log"
      ;;
    *)
      echo "== $name: every test target alone"
      TEST_SCRATCH="$scratch" timed "test $name: every test target alone" \
        bash "$copy/Tools/Checks/test-package.sh" "$copy/$package" --skip-build
      ;;
  esac
done

echo "== The documentation: every module's reference and the articles, on that build (make docs)"
timed "the documentation (build-docs.sh), and a link to nothing fails it" \
  bash -c 'DOCS_BUILT=1 bash "$1/Tools/Docs/build-docs.sh" "$2" "$3" && bash "$1/Tools/Docs/test-docs.sh" "$3"' docs \
  "$copy" "$scratch" "$work/docs" || true

echo "== The scaffold test, on the same copy and build"
SCAFFOLD_WORKDIR="$work" SCAFFOLD_BUILT=1 SCAFFOLD_ALONE=Foo \
  timed "scaffold Foo, then remove Courses and Search (test-scaffold.sh)" bash "$root/Tools/Scaffold/test-scaffold.sh"

echo "== make install's release build and check"
wait "$install"
status=$?
cat "$work/install.log"
timings+=("$(printf '%-66s %5d s%s' "install: release build (from the start, lowest priority) and check" \
  $(($(cat "$work/install.end" 2>/dev/null || date +%s) - install_start)) "$([ $status -eq 0 ] || echo '  FAILED')")")
[ $status -eq 0 ] || failed+=("install check")

report
if [ ${#failed[@]} -gt 0 ]; then
  echo "test suite: failed: ${failed[*]}" >&2
  exit 1
fi
echo "test suite: every step passed"
