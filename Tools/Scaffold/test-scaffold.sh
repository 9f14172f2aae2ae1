#!/usr/bin/env bash
# Proves that adding a feature takes one command: scaffolds "Foo" into a copy of this working tree, checks that
# exactly its package (Modules/Features/Foo: its manifest, its layers, Testing, its host and its tests), its
# interface and its double, and one line in each of the root's and the interfaces' manifests were added, and that
# its product code keeps to the budget (16 files, 450 lines); that names SwiftPM would take for a package it has
# are refused; builds the copy, runs `app foo` (the bundled demo items), `app foo --json`, `app foo mark`,
# `app --help`, `app di check`, `app di graph`, `app ui foo` in tmux, a broken graph failing `make build`, the
# slices check; runs `FooHost foo` (Foo's package alone). Then proves that each feature (Foo, Courses, Search;
# SCAFFOLD_ALONE names fewer) builds and passes its tests alone whatever state the others are in, with a compile
# error in the others' sources and tests (test-alone.sh); and proves removal both ways: without Courses, and
# without Search. `APP_GRAPH_CHECK=1 swift build`, which compiles the app's modules a second time, has a check of
# its own (check-graph-plugin.sh).
#
# The copy and its build folder live in .build-scaffold/. `make test` runs it on its own copy and build
# (SCAFFOLD_WORKDIR, with SCAFFOLD_BUILT=1: the copy was made and every package built, and their test targets ran),
# so that adding Foo and removing each feature build incrementally on the build that served the test targets.
set -euo pipefail

# The root's copies of the packages' test targets are left out, as `make test` leaves them: each package's tests
# are built in that package.
export ROOT_TESTS_ONLY=1
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${SCAFFOLD_WORKDIR:-$root/.build-scaffold}"
clone="$work/package"
scratch="$work/build"
source "$root/Tools/Checks/check.sh"
source "$root/Tools/Checks/copy-tree.sh"
source "$root/Tools/Checks/swift-retry.sh"
source "$root/Tools/Checks/broken-graph.sh"

step() { printf '\n== %s (%d s into the scaffold test)\n' "$*" "$SECONDS"; }

if [ "${SCAFFOLD_BUILT:-}" = 1 ]; then
  step "Scaffolding into the built copy $clone"
  test -z "$(git -C "$clone" status --porcelain)" || { echo "scaffold test: $clone is not a clean copy" >&2; exit 1; }
else
  step "Copying the working tree to $clone"
  copy_tree "$root" "$clone"
  mkdir -p "$scratch"
fi

step "Scaffolding: make feature NAME=Foo"
make -s -C "$clone" feature NAME=Foo
feature="$clone/Modules/Features/Foo"
manifest="$feature/Package.swift"
interfaces_manifest="$clone/Modules/Interfaces/Package.swift"
check "the repository layer exists" test -f "$feature/Repository/FooRepositoryAssembly.swift"
check "the use-case layer exists" test -f "$feature/UseCase/FooUseCaseAssembly.swift"
check "the presenter layer exists" test -f "$feature/Presenter/FooPresenterAssembly.swift"
check "the feature layer exists" test -f "$feature/Feature/FooPlugin.swift"
check "the testing layer exists" test -f "$feature/Testing/FooReliability.swift"
check "its host exists" test -f "$feature/Host/main.swift"
check "its interface exists" test -f "$clone/Modules/Interfaces/FooInterface/FooItemFinder.swift"
check "its interface's double exists, beside it" \
  test -f "$clone/Modules/Interfaces/FooInterfaceTesting/FooItemFinderDouble.swift"
check "its tests exist, in its package" test -f "$feature/Tests/FooTests/FooCommandTests.swift"
check "no placeholder is left" \
  test -z "$(grep -rl '__[A-Z_]*__' "$feature" "$clone/Modules/Interfaces/FooInterface" \
    "$clone/Modules/Interfaces/FooInterfaceTesting" || true)"

# Its manifest: the package Foo, on the kits, the test kits and the interfaces, offering its own interface and
# using no other, declaring each external package exactly as another manifest does.
check "it is a package of its own, named Foo, its manifest under 60 lines" \
  test -f "$manifest" -a "$(grep -cx '  name: "Foo",' "$manifest" || true)" = 1 -a "$(wc -l <"$manifest")" -lt 60
check "its host is under 60 lines" test "$(wc -l <"$feature/Host/main.swift")" -lt 60
check "it offers FooInterface and uses no other interface" \
  test "$(grep -oE '"[A-Za-z]+Interface(Testing)?"' "$manifest" | sort -u | tr '\n' ' ')" \
  = '"FooInterface" "FooInterfaceTesting" '
check "it depends on the kits, the test kits and the interfaces, and on no other feature's package" \
  test "$(grep -oE '\.package\(path: "[^"]+"\)' "$manifest" | tr '\n' ' ')" \
  = '.package(path: "../../Kits") .package(path: "../../TestKits") .package(path: "../../Interfaces") '
declared_alike() { # every external package of Foo's manifest, declared as the root declares it
  local line
  while read -r line; do
    grep -qF -- "$line" "$clone/Package.swift" || { echo "not as the root declares it: $line" >&2; return 1; }
  done < <(grep -oE '\.package\(url: [^)]*\)' "$manifest")
  test "$(grep -c '\.package(url:' "$manifest")" = 1
}
check "it declares one external package (ArgumentParser's), with the root's URL and requirement" declared_alike

entry='^  "Foo",$'
check "Package.swift lists it once" test "$(grep -c "$entry" "$clone/Package.swift")" = 1
check "as the last entry of the features list" \
  test "$(grep -A1 "$entry" "$clone/Package.swift" | tail -n 1)" = "]"
check "Modules/Interfaces/Package.swift lists its interface once" \
  test "$(grep -c "$entry" "$interfaces_manifest")" = 1
check "as the last entry of the interfaces list" test "$(grep -A1 "$entry" "$interfaces_manifest" | tail -n 1)" = "]"
check "Package.swift gained exactly that one line" \
  test "$(git -C "$clone" diff --numstat -- Package.swift | cut -f1,2)" = "$(printf '1\t0')"
check "Modules/Interfaces/Package.swift gained exactly that one line" \
  test "$(git -C "$clone" diff --numstat -- Modules/Interfaces/Package.swift | cut -f1,2)" = "$(printf '1\t0')"
check "nothing outside the feature's folder, its interface and its double, and those two lines changed" \
  test -z "$(cd "$clone" && git status --porcelain 2>/dev/null |
    grep -vE '^( M Package.swift| M Modules/Interfaces/Package.swift|\?\? Modules/Features/Foo/|\?\? Modules/Interfaces/FooInterface(Testing)?/)$' ||
    true)"

# Product code: the layers and the interface, not the manifest, the host, the test support (the interface's
# double included) or the tests; lines that are not blank or comments. The budget is what one screen with a list,
# an item and a change through the store's write path takes when each thing is said once.
product=("$feature/Repository" "$feature/UseCase" "$feature/Presenter" "$feature/Feature" "$clone/Modules/Interfaces/FooInterface")
product_files="$(find "${product[@]}" -name '*.swift' | wc -l)"
product_lines="$(find "${product[@]}" -name '*.swift' -exec cat {} + | grep -cvE '^[[:space:]]*(//.*)?$')"
echo "product code: $product_files files, $product_lines lines"
check "its product code, screens and the mark included, is at most 16 files" test "$product_files" -le 16
check "and at most 450 lines that are not blank or comments" test "$product_lines" -le 450
check "its screens are generated with it" test -f "$feature/Feature/FooScreens.swift"

step "Scaffolding Foo again, or a name that is taken, must fail without touching anything"
before="$(cd "$clone" && git status --porcelain && git diff)"
unchanged() { test "$before" = "$(cd "$clone" && git status --porcelain && git diff)"; }
set +e
again="$(make -s -C "$clone" feature NAME=Foo 2>&1)"
status=$?
set -e
check "a second 'make feature NAME=Foo' fails" test "$status" -ne 0
check "it says why" grep -q "a feature named 'Foo' is already in Package.swift" <<<"$again"
check "nothing changed" unchanged
set +e
bad="$(bash "$clone/Tools/Scaffold/new-feature.sh" 'foo-bar' 2>&1)"
status=$?
set -e
check "a malformed name is a usage error (64)" test "$status" -eq 64
check "it says what a good name looks like" grep -q "UpperCamelCase" <<<"$bad"
check "and created nothing" test ! -e "$clone/Modules/Features/foo-bar"
set +e
taken="$(bash "$clone/Tools/Scaffold/new-feature.sh" Ui 2>&1)"
status=$?
set -e
check "a feature named as one of the app's commands (Ui) is a usage error (64)" test "$status" -eq 64
check "it says which command" grep -q "a feature named 'Ui' would be \`app ui\`, which is the app's own command" <<<"$taken"
check "and created nothing" test ! -e "$clone/Modules/Features/Ui"
# SwiftPM knows a package by its identity, its folder's or its URL's last name in lower case: a feature named as
# one of the packages (ours or an external one) would be taken for it.
for name in Kits TestKits Interfaces Graphql FlyingFox; do
  identity="$(tr '[:upper:]' '[:lower:]' <<<"$name")"
  set +e
  taken="$(bash "$clone/Tools/Scaffold/new-feature.sh" "$name" 2>&1)"
  status=$?
  set -e
  check "a feature named $name, whose lower case is the package identity '$identity', is a usage error (64)" \
    test "$status" -eq 64
  check "it says which package" grep -q "a feature named '$name' would be the package '$identity', which the graph already has" <<<"$taken"
  check "and created nothing" eval 'test ! -e "$clone/Modules/Features/$name" && unchanged'
done

step "Building the copy"
if ! swift_retry swift build --package-path "$clone" --scratch-path "$scratch" >"$work/build.log" 2>&1; then
  grep -E 'error:' "$work/build.log" | sort -u | head -n 20 >&2
  echo "FAILED: the copy builds" >&2
  echo "scaffold test: the copy does not build; see $work/build.log" >&2
  exit 1
fi
echo "ok: the copy builds"
app="$scratch/debug/app"
check "its use case and interface show presentation their own values only (check-signatures)" \
  python3 "$clone/Tools/Checks/check-signatures.py" "$clone" "$scratch/debug"

step "Running it"
home="$work/app-home"
rm -rf "$home"
run_app() { env -u FOO_API_URL APP_HOME="$home" "$app" "$@"; }
demo_items="$(printf 'd1  Demo item one\nd2  Demo item two\nd3  Demo item three')"
demo="$(run_app foo 2>"$work/foo-stderr.txt")"
check "'app foo' prints the bundled demo items" test "$demo" = "$demo_items"
check "and says once on stderr that they are the demo's" \
  test "$(cat "$work/foo-stderr.txt")" = "note: showing the bundled demo items; set FOO_API_URL to use a Foo API."
json="$(run_app foo --json)"
check "'app foo --json' is JSON with a source" \
  python3 -c 'import json, sys; d = json.loads(sys.argv[1]); sys.exit(d["source"] not in ("network", "cache"))' "$json"
check "'app foo mark d3' marks the item" test "$(run_app foo mark d3)" = "Marked d3"
check "and 'app foo' shows the mark" \
  test "$(run_app foo)" = "$(printf 'd1  Demo item one\nd2  Demo item two\nd3  ★ Demo item three')"
check "'app --help' lists foo with its summary" \
  grep -Eq '^  foo +List the Foo items, from the cache or the Foo API\.' <<<"$(run_app --help)"
contains() { [[ "$1" == *"$2"* ]]; }
check "'app help settings' explains the new feature's setting, from its declaration alone" \
  contains "$(run_app help settings)" "$(printf 'Read by app foo:\n  FOO_API_URL\n      the Foo API (http or https)\n')"
check "'app di check' passes with the new feature" run_app di check
set +e
ui_extra="$(run_app ui foo extra 2>&1 </dev/null)"
status=$?
set -e
check "'app ui foo extra' is a usage error (64) naming the word, before it looks for a terminal" \
  test "$status" -eq 64 -a "${ui_extra%%$'\n'*}" = "error: Unexpected argument 'extra': app ui foo takes no arguments"
check "'app di graph' draws the feature's REST client on the demo origin" \
  grep -qF '"RESTClient[fooAPI]" -> "HTTPClient[fooDemo]";' <<<"$(run_app di graph)"

step "app ui foo, in a real terminal (tmux)"
source "$root/Tools/Checks/ui-session.sh"
ui_start "$work/ui-status" "env -u FOO_API_URL APP_HOME='$home' LANG=C.UTF-8 TERM=xterm-256color '$app' ui foo"
check "'app ui foo' lists the items with the first selected" wait_for_pane "›d1  Demo item one"
ui_keys j Enter
check "Enter opens the item's detail" wait_for_pane " name:  Demo item two"
ui_keys Escape
check "Esc goes back to the list, the item still selected" wait_for_pane "›d2  Demo item two"
# The first run's note about the demo items stood on the status line until the first key; now the list's own.
check "the list's status line names the keys that act on it" wait_for_pane "3 items · Enter: open · m: mark · r: refresh · ?: keys"
ui_keys m
check "m marks the selected item, and the list shows it at once" wait_for_pane "›d2  ★ Demo item two"
ui_keys q
check "q quits with status 0" ui_exited "$work/ui-status" 0
ui_stop

step "A broken graph fails the build: make build"
assembly="$feature/Repository/FooRepositoryAssembly.swift"
break_graph "$assembly" Foo "$work/FooRepositoryAssembly.swift.orig"
set +e
make -s -C "$clone" build SCRATCH="$scratch" >"$work/broken-build.log" 2>&1
status=$?
set -e
grep -E "^$assembly:[0-9]+: error:" "$work/broken-build.log" | sort -u | head -n 3 || true
check "make build fails on the missing registration" test "$status" -ne 0
check "the diagnostic points at the registration, naming the missing type" \
  grep -qE "^$assembly:$broken_line: error: .*FooMissingService" "$work/broken-build.log"
mend_graph "$assembly" "$work/FooRepositoryAssembly.swift.orig"
checked_build() {
  make -s -C "$clone" build SCRATCH="$scratch" >"$work/checked-build.log" 2>&1 ||
    { tail -n 20 "$work/checked-build.log" >&2; return 1; }
}
check "with the registration undone, make build succeeds again" checked_build

step "The slices of the copy, Foo among them"
check "every feature of the copy is a vertical slice" python3 "$root/Tools/Checks/check-slices.py" "$clone"

step "Foo's package alone: swift run --package-path Modules/Features/Foo FooHost foo"
host_home="$work/host-home"
rm -rf "$host_home"
# The host built first (a signal ending SwiftPM is retried there), so that `swift run` finds it up to date.
swift_retry swift build --package-path "$feature" --scratch-path "$scratch" --product FooHost >"$work/host-build.log" 2>&1 ||
  tail -n 20 "$work/host-build.log" >&2
set +e
host_demo="$(env -u FOO_API_URL APP_HOME="$host_home" swift run --package-path "$feature" --scratch-path "$scratch" \
  FooHost foo 2>"$work/host-stderr.txt")"
status=$?
set -e
check "'FooHost foo' prints the bundled demo items" test "$status" -eq 0 -a "$host_demo" = "$demo_items"
[ "$status" -eq 0 ] || tail -n 20 "$work/host-stderr.txt" >&2
host_bin="$(swift build --package-path "$feature" --scratch-path "$scratch" --show-bin-path)"
host_help="$(env APP_HOME="$host_home" "$host_bin/FooHost" --help 2>&1 || true)"
check "'FooHost --help' lists foo, and no other feature's command" \
  eval 'grep -Eq "^  foo +List the Foo items" <<<"$host_help" && ! grep -Eq "^  (courses|search) " <<<"$host_help"'

# Each feature is built and tested in its own package, so nothing another feature holds can break it: with a
# compile error in the sources and the tests of every other feature, it still builds and its tests pass, and its
# build compiles none of theirs (test-alone.sh). `make test` tests Courses and Search so before the scaffold
# (SCAFFOLD_ALONE=Foo); alone, this test takes each of the three. Foo goes last, and its run is its package's tests
# (each target alone, running FooHost where a test runs the app), the first they get: its package needs fewer
# external packages than the others, and SwiftPM removes the checkouts a build does not need.
git -C "$clone" add -A
git -C "$clone" -c user.name=scaffold -c user.email=scaffold@localhost commit -qm "the Foo feature"
for tested in ${SCAFFOLD_ALONE:-Courses Search Foo}; do
  step "$tested alone, every other feature broken: test-alone.sh Modules/Features/$tested"
  check "$tested passes alone with every other feature broken (test-alone.sh)" \
    env TEST_SCRATCH="$scratch" bash "$root/Tools/Checks/test-alone.sh" "$clone" "$tested" "$work/alone-$tested.log"
done
check "the broken files are restored" test -z "$(git -C "$clone" status --porcelain)"

# Removing a feature, on the same copy and build: one more (incremental) build proves it, each way. Each feature
# uses the other's interface, which stays; the command that shows what the removed feature offered still works.
# Search goes first and comes back as it was (moved aside, not restored by git, so nothing of it is compiled
# again); then Courses, whose removal also drops GraphQL from the graph, and SwiftPM its checkout.
aside="$work/set-aside"
rm -rf "$aside"
check "removing Search is deleting its folder and its one entry" \
  env REMOVAL_SET_ASIDE="$aside" bash "$root/Tools/Checks/check-removal.sh" "$clone" "$scratch" Search Courses \
  relatedRepositories courses show c01 --json
if [ -d "$aside/Search" ]; then mv "$aside/Search" "$clone/Modules/Features/Search"; fi
git -C "$clone" checkout -q -- . && git -C "$clone" clean -fdq
check "Search is back as it was" test -z "$(git -C "$clone" status --porcelain)"
check "removing Courses is deleting its folder and its one entry" \
  bash "$root/Tools/Checks/check-removal.sh" "$clone" "$scratch" Courses Search \
  relatedCourses search view octo/sample --json

if [ "$failures" -gt 0 ]; then
  echo "scaffold test: $failures check(s) failed" >&2
  exit 1
fi
echo
echo "scaffold test: all checks passed"
