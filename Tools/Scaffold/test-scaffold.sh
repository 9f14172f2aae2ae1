#!/usr/bin/env bash
# Proves that adding a feature takes one command: scaffolds "Foo" into a copy of this working tree, checks that
# exactly its five layer folders, its interface and its double, its tests and one Package.swift line were added, and
# that its product code keeps to the budget (16 files, 450 lines), builds the copy, runs `app foo` (the bundled demo
# items), `app foo --json`, `app foo mark`, `app --help`, `app di check`, `app di graph`, `app ui foo` in tmux and
# `swift test --filter FooTests`. Then proves removal both ways: without Courses, and without Search.
#
# The copy and its build folder live in .build-scaffold/. `make test` runs it on its own copy and build
# (SCAFFOLD_WORKDIR, with SCAFFOLD_BUILT=1: the copy was made and built, and its test targets ran), so that adding
# Foo and removing each feature build incrementally on the build that served the test targets.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${SCAFFOLD_WORKDIR:-$root/.build-scaffold}"
clone="$work/package"
scratch="$work/build"
failures=0
source "$root/Tools/Checks/copy-tree.sh"

step() { printf '\n== %s\n' "$*"; }
check() { # description, command...
  local description="$1"
  shift
  if "$@"; then
    echo "ok: $description"
  else
    echo "FAILED: $description" >&2
    failures=$((failures + 1))
  fi
}

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
check "the repository layer exists" test -f "$feature/Repository/FooRepositoryAssembly.swift"
check "the use-case layer exists" test -f "$feature/UseCase/FooUseCaseAssembly.swift"
check "the presenter layer exists" test -f "$feature/Presenter/FooPresenterAssembly.swift"
check "the feature layer exists" test -f "$feature/Feature/FooPlugin.swift"
check "the testing layer exists" test -f "$feature/Testing/FooReliability.swift"
check "its interface exists" test -f "$clone/Modules/Interfaces/FooInterface/FooItemFinder.swift"
check "its interface's double exists, beside it" \
  test -f "$clone/Modules/Interfaces/FooInterfaceTesting/FooItemFinderDouble.swift"
check "its tests exist" test -f "$clone/Tests/FooTests/FooCommandTests.swift"
check "no placeholder is left" \
  test -z "$(grep -rl '__[A-Z_]*__' "$feature" "$clone/Modules/Interfaces/FooInterface" \
    "$clone/Modules/Interfaces/FooInterfaceTesting" "$clone/Tests/FooTests" || true)"
entry='^  Feature("Foo", offersInterface: true),$'
check "Package.swift lists it once" test "$(grep -c "$entry" "$clone/Package.swift")" = 1
check "as the last entry of the features list" \
  test "$(grep -A1 "$entry" "$clone/Package.swift" | tail -n 1)" = "]"
check "Package.swift gained exactly that one line" \
  test "$(git -C "$clone" diff --numstat -- Package.swift | cut -f1,2)" = "$(printf '1\t0')"
check "nothing outside the feature's folder, its interface and its double, its tests and Package.swift changed" \
  test -z "$(cd "$clone" && git status --porcelain 2>/dev/null |
    grep -vE '^( M Package.swift|\?\? Modules/Features/Foo/|\?\? Modules/Interfaces/FooInterface(Testing)?/|\?\? Tests/FooTests/)$' || true)"

# Product code: the layers and the interface, not the test support (the interface's double included) or the tests;
# lines that are not blank or comments. The budget is what one screen with a list, an item and a change through
# the store's write path takes when each thing is said once.
product=("$feature/Repository" "$feature/UseCase" "$feature/Presenter" "$feature/Feature" "$clone/Modules/Interfaces/FooInterface")
product_files="$(find "${product[@]}" -name '*.swift' | wc -l)"
product_lines="$(find "${product[@]}" -name '*.swift' -exec cat {} + | grep -cvE '^[[:space:]]*(//.*)?$')"
echo "product code: $product_files files, $product_lines lines"
check "its product code, screens and the mark included, is at most 16 files" test "$product_files" -le 16
check "and at most 450 lines that are not blank or comments" test "$product_lines" -le 450
check "its screens are generated with it" test -f "$feature/Feature/FooScreens.swift"

step "Scaffolding Foo again must fail without touching anything"
before="$(cat "$clone/Package.swift")"
set +e
again="$(make -s -C "$clone" feature NAME=Foo 2>&1)"
status=$?
set -e
check "a second 'make feature NAME=Foo' fails" test "$status" -ne 0
check "it says why" grep -q "a feature named 'Foo' is already in Package.swift" <<<"$again"
check "Package.swift is unchanged" test "$before" = "$(cat "$clone/Package.swift")"
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

step "Building the copy"
if ! swift build --package-path "$clone" --scratch-path "$scratch" >"$work/build.log" 2>&1; then
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
demo="$(run_app foo 2>"$work/foo-stderr.txt")"
check "'app foo' prints the bundled demo items" \
  test "$demo" = "$(printf 'd1  Demo item one\nd2  Demo item two\nd3  Demo item three')"
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

step "swift test --filter FooTests"
swift test --package-path "$clone" --scratch-path "$scratch" --filter FooTests 2>&1 | tee "$work/foo-tests.log" | tail -n 5
# What a failing test recorded, which the last lines do not show.
grep -E "recorded an issue" "$work/foo-tests.log" | head -n 10 || true
check "FooTests ran and passed" grep -Eq 'Test run with [1-9][0-9]* tests? (in [0-9]+ suites? )?passed' "$work/foo-tests.log"

step "A broken graph fails the build: APP_GRAPH_CHECK=1 swift build"
assembly="$clone/Modules/Features/Foo/Repository/FooRepositoryAssembly.swift"
cp "$assembly" "$work/FooRepositoryAssembly.swift.orig"
cat >"$clone/Modules/Features/Foo/Repository/FooBroken.swift" <<'SWIFT'
/// A dependency nothing registers.
public protocol FooMissingService: Sendable {}

/// A service whose registration asks for ``FooMissingService``.
public struct FooBroken: Sendable {
  let missing: any FooMissingService
}
SWIFT
# The registration goes first in assemble(into:); its line is where the diagnostic must point.
line="$(grep -n 'public func assemble(into registrar: Registrar) {' "$assembly" | cut -d: -f1)"
line=$((line + 1))
sed -i "$((line - 1))a\\    registrar.register(FooBroken.self) { r in FooBroken(missing: try r.resolve((any FooMissingService).self)) }" \
  "$assembly"
set +e
APP_GRAPH_CHECK=1 swift build --package-path "$clone" --scratch-path "$scratch" --product app >"$work/broken-build.log" 2>&1
status=$?
set -e
grep -F ": error:" "$work/broken-build.log" | head -n 3
check "swift build fails on the missing registration" test "$status" -ne 0
check "the diagnostic points at the registration, naming the missing type" \
  grep -qE "^$assembly:$line: error: .*FooMissingService" "$work/broken-build.log"
mv "$work/FooRepositoryAssembly.swift.orig" "$assembly"
rm "$clone/Modules/Features/Foo/Repository/FooBroken.swift"
check "with the registration undone, the checked build succeeds again" \
  env APP_GRAPH_CHECK=1 swift build --package-path "$clone" --scratch-path "$scratch" --product app -q

step "The slices of the copy, Foo among them"
check "every feature of the copy is a vertical slice" python3 "$root/Tools/Checks/check-slices.py" "$clone"

# Removing a feature, on the same copy and build: one more (incremental) build proves it, each way. Each feature
# uses the other's interface, which stays; the command that shows what the removed feature offered still works.
git -C "$clone" add -A
git -C "$clone" -c user.name=scaffold -c user.email=scaffold@localhost commit -qm "the Foo feature"
check "removing Courses is deleting its folder, its tests and its one entry" \
  bash "$root/Tools/Checks/check-removal.sh" "$clone" "$scratch" Courses SearchTests \
  relatedCourses search view octo/sample --json
git -C "$clone" checkout -q -- . && git -C "$clone" clean -fdq
check "removing Search is deleting its folder, its tests and its one entry" \
  bash "$root/Tools/Checks/check-removal.sh" "$clone" "$scratch" Search CoursesTests \
  relatedRepositories courses show c01 --json

if [ "$failures" -gt 0 ]; then
  echo "scaffold test: $failures check(s) failed" >&2
  exit 1
fi
echo
echo "scaffold test: all checks passed"
