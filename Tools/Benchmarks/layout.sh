#!/usr/bin/env bash
# `make bench BENCH_ARGS="--only layout"`: what the package layout costs a developer, on a warm tree.
#
# In a copy of the working tree (.build-bench-layout/now), with each feature its own package:
#   - an edit in Search's presenter, then Courses' presenter tests: the time to their result;
#   - an edit in Courses' presenter, then the same tests;
#   - `app courses --offline`, from a warm home: on the app `make install` builds (its RELEASE_FLAGS), the figure
#     its target is for, and on the root's debug app;
#   - every feature package's build and tests, as `make test` runs them, on a build folder where only the kits are
#     built (the per-feature steps);
# then the same with EXTRA more features scaffolded (8 by default), and, with --before REV, the two edits in a copy
# of REV (the layout before: one package, `swift test --filter`), side by side. Prints medians (and min-max) of
# RUNS runs, and each ratio against its target.
#
# Usage: layout.sh [--runs N] [--extra N] [--before REV]
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/Tools/Checks/copy-tree.sh"
source "$root/Tools/Checks/packages.sh"
runs=5
extra=8
before=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --extra) extra="$2"; shift 2 ;;
    --before) before="$2"; shift 2 ;;
    *) echo "usage: layout.sh [--runs N] [--extra N] [--before REV]" >&2; exit 64 ;;
  esac
done
[ "$runs" -ge 3 ] || { echo "error: --runs must be at least 3" >&2; exit 64; }
work="$root/.build-bench-layout"
export ROOT_TESTS_ONLY=1
mkdir -p "$work"

now_ms() { date +%s%3N; }
# median_of <numbers...>: "median (min-max)".
median_of() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%d (%d-%d)", m, v[1], v[NR] }'; }
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
tenths() { awk -v t="$1" 'BEGIN { printf "%.1f", t / 10 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
progress() { echo "layout bench: $*" >&2; }

# edit_to_result <copy> <file to edit> <mode>: ms from an edit of the file to Courses' presenter tests' result.
# mode "packages": the Courses package's build and tests; "single": the one-package layout's.
edit_to_result() {
  local copy="$1" file="$2" mode="$3" start
  printf '\n// edited %s\n' "$(now_ms)" >>"$copy/$file"
  start=$(now_ms)
  if [ "$mode" = packages ]; then
    swift build --build-tests --package-path "$copy/Modules/Features/Courses" --scratch-path "$copy/.build-bench" -q \
      >/dev/null 2>&1
    APP_BINARY="$copy/.build-bench/debug/CoursesHost" swift test --skip-build \
      --package-path "$copy/Modules/Features/Courses" --scratch-path "$copy/.build-bench" \
      --filter CoursesHomePresenterTests >"$work/last-test.log" 2>&1
  else
    swift build --build-tests --package-path "$copy" --scratch-path "$copy/.build-bench" -q >/dev/null 2>&1
    swift test --skip-build --package-path "$copy" --scratch-path "$copy/.build-bench" \
      --filter CoursesHomePresenterTests >"$work/last-test.log" 2>&1
  fi
  grep -q "Test run with [1-9][0-9]* tests.* passed" "$work/last-test.log" ||
    { echo "error: Courses' presenter tests did not pass; see $work/last-test.log" >&2; exit 1; }
  echo $(($(now_ms) - start))
}

# measure_edits <copy> <mode> <search file> <courses file>: sets SEARCH_EDIT and COURSES_EDIT (medians, ms).
measure_edits() {
  local copy="$1" mode="$2" search=() courses=() i
  edit_to_result "$copy" "$3" "$mode" >/dev/null # warm: the first build after the copy
  for i in $(seq "$runs"); do
    search+=("$(edit_to_result "$copy" "$3" "$mode")")
    courses+=("$(edit_to_result "$copy" "$4" "$mode")")
  done
  SEARCH_EDIT="$(median_of "${search[@]}")"
  COURSES_EDIT="$(median_of "${courses[@]}")"
  SEARCH_MEDIAN="$(median "${search[@]}")"
  COURSES_MEDIAN="$(median "${courses[@]}")"
}

# measure_start <copy>: sets START (median of 20 runs of `app courses --offline`, tenths of a ms, from a warm home)
# on the app `make install` builds (its release flags), and START_DEBUG the same on the root's debug app.
measure_start() {
  local copy="$1" flags
  flags="$(make -s -C "$copy" --no-print-directory --eval 'print-release-flags: ; @echo $(RELEASE_FLAGS)' \
    print-release-flags)"
  # shellcheck disable=SC2086 # the flags are words
  swift build $flags --package-path "$copy" --scratch-path "$copy/.build-bench-release" --product app -q >/dev/null 2>&1 ||
    { echo "error: the release build of $copy failed" >&2; exit 1; }
  START="$(median_start "$copy/.build-bench-release/release/app")"
  swift build --package-path "$copy" --scratch-path "$copy/.build-bench" --product app -q >/dev/null 2>&1
  START_DEBUG="$(median_start "$copy/.build-bench/debug/app")"
}

# median_start <app>: the median of 20 runs of `<app> courses --offline` from a warm home, in tenths of a ms.
median_start() {
  local app="$1" home times=() i start
  home="$(mktemp -d)"
  APP_HOME="$home" "$app" courses >/dev/null 2>&1
  for i in $(seq 20); do
    start=$(date +%s%N)
    APP_HOME="$home" "$app" courses --offline >/dev/null 2>&1
    times+=($((($(date +%s%N) - start) / 100000)))
  done
  rm -rf "$home"
  median "${times[@]}"
}

# measure_steps <copy>: sets STEPS (seconds): every feature package's build and tests, as make test runs them, on a
# build folder where only the kits were built first.
measure_steps() {
  local copy="$1" scratch="$copy/.build-steps" start package total=0
  rm -rf "$scratch"
  swift build --build-tests --package-path "$copy/Modules/Kits" --scratch-path "$scratch" -q >/dev/null 2>&1
  for package in $(cd "$copy" && packages); do
    case "$package" in Modules/Features/*) ;; *) continue ;; esac
    start=$(date +%s)
    TEST_SCRATCH="$scratch" bash "$copy/Tools/Checks/test-package.sh" "$copy/$package" >"$work/steps.log" 2>&1 ||
      { echo "error: $package failed; see $work/steps.log" >&2; exit 1; }
    total=$((total + $(date +%s) - start))
  done
  STEPS="$total"
}

search_file=Modules/Features/Search/Presenter/SearchViewModel.swift
courses_file=Modules/Features/Courses/Presenter/CoursesHomePresenter.swift
copy="$work/now"
progress "copying the tree to $copy"
copy_tree "$root" "$copy"
progress "two features: edits to Courses' test result ($runs runs each)"
measure_edits "$copy" packages "$search_file" "$courses_file"
now_search="$SEARCH_EDIT" now_courses="$COURSES_EDIT" now_courses_median="$COURSES_MEDIAN"
progress "two features: app courses --offline"
measure_start "$copy"
now_start="$START" now_start_debug="$START_DEBUG"
progress "two features: the per-feature steps of make test"
measure_steps "$copy"
now_steps="$STEPS"

progress "scaffolding $extra more features"
names=(Alpha Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliet Kilo Lima)
for i in $(seq 0 $((extra - 1))); do
  make -s -C "$copy" feature NAME="${names[$i]}" >/dev/null
done
progress "$((extra + 2)) features: edits to Courses' test result"
measure_edits "$copy" packages "$search_file" "$courses_file"
more_search="$SEARCH_EDIT" more_courses="$COURSES_EDIT" more_courses_median="$COURSES_MEDIAN"
progress "$((extra + 2)) features: app courses --offline"
measure_start "$copy"
more_start="$START" more_start_debug="$START_DEBUG"
progress "$((extra + 2)) features: the per-feature steps of make test"
measure_steps "$copy"
more_steps="$STEPS"

echo
echo "Package layout, on a warm tree (ms, median (min-max) of $runs runs; start-up: median of 20, make install's build and the debug one):"
printf '  %-62s %s\n' "edit in Search's presenter -> Courses' presenter tests" "$now_search"
printf '  %-62s %s\n' "edit in Courses' presenter -> Courses' presenter tests" "$now_courses"
printf '  %-62s %s ms\n' "app courses --offline" "$(tenths "$now_start")"
printf '  %-62s %s ms\n' "app courses --offline, the debug app" "$(tenths "$now_start_debug")"
printf '  %-62s %s s\n' "make test's per-feature steps (build and tests of each feature)" "$now_steps"
echo "With $extra more features scaffolded:"
printf '  %-62s %s\n' "edit in Search's presenter -> Courses' presenter tests" "$more_search"
printf '  %-62s %s  (%sx; target 1.2x)\n' "edit in Courses' presenter -> Courses' presenter tests" "$more_courses" \
  "$(ratio "$more_courses_median" "$now_courses_median")"
printf '  %-62s %s ms  (%sx; target 1.1x)\n' "app courses --offline" "$(tenths "$more_start")" \
  "$(ratio "$more_start" "$now_start")"
printf '  %-62s %s ms  (%sx)\n' "app courses --offline, the debug app" "$(tenths "$more_start_debug")" \
  "$(ratio "$more_start_debug" "$now_start_debug")"
printf '  %-62s %s s  (%sx; target 5x)\n' "make test's per-feature steps" "$more_steps" "$(ratio "$more_steps" "$now_steps")"

if [ -n "$before" ]; then
  old="$work/before"
  progress "the layout before: a copy of $before"
  rm -rf "$old"
  git -C "$root" worktree add -q --detach "$old" "$before" 2>/dev/null || { rm -rf "$old"; git -C "$root" worktree prune;
    git -C "$root" worktree add -q --detach "$old" "$before"; }
  measure_edits "$old" single "Modules/Features/Search/Presenter/SearchViewModel.swift" \
    "Modules/Features/Courses/Presenter/CoursesHomePresenter.swift"
  echo "The layout before ($before: one package, swift test --filter), on the same machine:"
  printf '  %-62s %s\n' "edit in Search's presenter -> Courses' presenter tests" "$SEARCH_EDIT"
  printf '  %-62s %s\n' "edit in Courses' presenter -> Courses' presenter tests" "$COURSES_EDIT"
  git -C "$root" worktree remove --force "$old"
fi
