#!/usr/bin/env bash
# Proves that adding a feature takes one command: scaffolds "Foo" into a copy of this working tree,
# builds it, runs `app foo`, `app --help`, `app di check` and `swift test --filter FooTests`.
#
# The copy and its build folder live in .build-scaffold/ so that later runs build incrementally.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${SCAFFOLD_WORKDIR:-$root/.build-scaffold}"
clone="$work/package"
scratch="$work/build"
failures=0

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

step "Copying the working tree to $clone"
rm -rf "$clone"
mkdir -p "$clone" "$scratch"
(
  cd "$root"
  git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done |
    tar --null --files-from=- -cf -
) | tar -xf - -C "$clone"
git -C "$clone" init -q
git -C "$clone" add -A
git -C "$clone" -c user.name=scaffold -c user.email=scaffold@localhost commit -qm "copy of the working tree"

step "Scaffolding: make feature NAME=Foo"
make -s -C "$clone" feature NAME=Foo
check "the feature module exists" test -f "$clone/Modules/Features/Foo/FooAssembly.swift"
check "its tests exist" test -f "$clone/Tests/FooTests/FooTests.swift"
check "Package.swift lists it once" test "$(grep -c '^  "Foo",$' "$clone/Package.swift")" = 1
check "nothing outside the module, its tests and Package.swift changed" \
  test -z "$(cd "$clone" && git status --porcelain 2>/dev/null | grep -vE '^( M Package.swift|\?\? Modules/Features/Foo/|\?\? Tests/FooTests/)$' || true)"

step "Scaffolding Foo again must fail without touching anything"
before="$(cat "$clone/Package.swift")"
set +e
again="$(make -s -C "$clone" feature NAME=Foo 2>&1)"
status=$?
set -e
check "a second 'make feature NAME=Foo' fails" test "$status" -ne 0
check "it says why" grep -q "already in Package.swift" <<<"$again"
check "Package.swift is unchanged" test "$before" = "$(cat "$clone/Package.swift")"
set +e
bad="$(bash "$clone/Tools/Scaffold/new-feature.sh" 'foo-bar' 2>&1)"
status=$?
set -e
check "a malformed name is a usage error (64)" test "$status" -eq 64
check "it says what a good name looks like" grep -q "UpperCamelCase" <<<"$bad"

step "Building the copy"
swift build --package-path "$clone" --scratch-path "$scratch" 2>&1 | tail -n 3
app="$scratch/debug/app"

step "Running it"
check "'app foo' greets" test "$("$app" foo)" = "Hello, world, from Foo!"
check "'app foo Ada' greets Ada" test "$("$app" foo Ada)" = "Hello, Ada, from Foo!"
check "'app --help' lists foo with its summary" grep -Eq '^  foo +Greet someone from the Foo feature\.' <<<"$("$app" --help)"
check "'app di check' passes with the new feature" "$app" di check
check "'app di graph' draws the feature's factory" grep -q '"Factory<FooView, FooPresenter>" -> "FooGreeter";' <<<"$("$app" di graph)"

step "swift test --filter FooTests"
swift test --package-path "$clone" --scratch-path "$scratch" --filter FooTests 2>&1 | tee "$work/foo-tests.log" | tail -n 5
check "FooTests ran and passed" grep -Eq 'Test run with [1-9][0-9]* tests? (in [0-9]+ suites? )?passed' "$work/foo-tests.log"

if [ "$failures" -gt 0 ]; then
  echo "scaffold test: $failures check(s) failed" >&2
  exit 1
fi
echo
echo "scaffold test: all checks passed"
