#!/usr/bin/env bash
# Proves that check-slices' import rules catch a forbidden import (and its letter rules a Name spelled as a string,
# a payload read above the repository layer, a repo name lower-cased there, a store followed beside a read): a copy of the layers' sources, with one import
# injected at a time, must fail the check and name the file and the module; the untouched copy must pass, and so
# must a copy whose nested build folders hold a dependency's sources that break every rule.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fresh_copy() {
  rm -rf "$work/tree"
  mkdir -p "$work/tree"
  # The features (each a package: layers, extras, host, tests), the interfaces, the kit whose types presentation
  # may not name, and the scaffold's template; never a build folder (.build, .build-shared), at any depth.
  tar -C "$root" --exclude='.build*' -cf - Modules/Features Modules/Interfaces Modules/Kits/Infrastructure \
    Tools/Scaffold/Template | tar -C "$work/tree" -xf -
}

fresh_copy
python3 "$root/Tools/Checks/check-slices.py" --imports "$work/tree" >/dev/null \
  || { echo "FAILED: the untouched sources should pass the import rules"; exit 1; }

# A feature's own build folders hold its dependencies' checkouts, which are not the project's sources.
for build in Modules/Features/Search/.build/checkouts/Dependency Modules/Features/Courses/Presenter/.build-shared \
  Modules/Interfaces/.build/checkouts/Dependency; do
  mkdir -p "$work/tree/$build/Sources"
  printf '@_exported import GRDB\nimport CoursesRepository\nlet store: Store<Int>? = nil\n' \
    >"$work/tree/$build/Sources/Leak.swift"
done
python3 "$root/Tools/Checks/check-slices.py" --imports "$work/tree" >/dev/null \
  || { echo "FAILED: sources under a nested .build folder were read as the project's"; exit 1; }
echo "ok: sources under nested .build folders are not read"

expect_caught() { # <file relative to the copy> <module> <layer>
  fresh_copy
  local file="$work/tree/$1"
  [ -f "$file" ] || { echo "FAILED: $1 does not exist"; exit 1; }
  { echo "import $2"; cat "$file"; } >"$file.new" && mv "$file.new" "$file"
  if output=$(python3 "$root/Tools/Checks/check-slices.py" --imports "$work/tree"); then
    echo "FAILED: an injected 'import $2' in $1 passed the import rules"; exit 1
  fi
  grep -qF "$1:1: the $3 layer may not import $2" <<<"$output" \
    || { echo "FAILED: the report does not name $1 and $2:"; echo "$output"; exit 1; }
  echo "ok: an injected 'import $2' in $1 fails the check"
}

expect_caught Modules/Features/Courses/Presenter/CoursesHomePresenter.swift CoursesRepository Presenter
expect_caught Modules/Features/Courses/Presenter/CoursesHomePresenter.swift Infrastructure Presenter
expect_caught Modules/Features/Search/Feature/SearchQueryCommand.swift SearchRepository Feature
expect_caught Modules/Features/Search/Feature/RepoTable.swift GRDB Feature
expect_caught Modules/Features/Courses/UseCase/GetMainUseCase.swift SearchRepository UseCase
expect_caught Tools/Scaffold/Template/Presenter/__NAME__ItemsPresenter.swift.template __NAME__Repository Presenter
expect_caught Modules/Features/Courses/Presenter/CourseDetailPresenter.swift SearchInterface Presenter
expect_caught Modules/Features/Search/Feature/SearchScreens.swift CoursesUseCase Feature
expect_caught Modules/Features/Courses/UseCase/CourseDetailUseCase.swift SearchUseCase UseCase
expect_caught Modules/Interfaces/SearchInterface/RepoFinder.swift SearchRepository Interface
expect_caught Modules/Features/Courses/UseCase/CourseDetailUseCase.swift SearchInterfaceTesting UseCase
expect_caught Modules/Interfaces/SearchInterfaceTesting/RepoFinderDouble.swift SearchUseCase InterfaceTesting
expect_caught Modules/Interfaces/SearchInterfaceTesting/RepoFinderDouble.swift CoursesInterface InterfaceTesting
expect_caught Modules/Features/Courses/Host/main.swift CoursesRepository Host
expect_caught Modules/Features/Search/Host/main.swift SearchInterface Host

expect_leak() { # <file relative to the copy> <line to inject> <what the report says>
  fresh_copy
  local file="$work/tree/$1"
  [ -f "$file" ] || { echo "FAILED: $1 does not exist"; exit 1; }
  printf '%s\n' "$2" >>"$file"
  if output=$(python3 "$root/Tools/Checks/check-slices.py" --imports "$work/tree"); then
    echo "FAILED: '$2' in $1 passed the check"; exit 1
  fi
  grep -qF "$1:" <<<"$output" && grep -qF "$3" <<<"$output" \
    || { echo "FAILED: the report does not name $1 and '$3':"; echo "$output"; exit 1; }
  echo "ok: '$2' in $1 fails the check"
}

expect_leak Modules/Features/Courses/UseCase/CoursesValues.swift "@_exported import CoursesRepository" \
  "re-exports a module"
expect_leak Modules/Features/Courses/Feature/CoursesCommand.swift "let open: (Database) -> Void = { _ in }" \
  "the Feature layer names Database"
expect_leak Modules/Features/Search/Presenter/SearchViewModel.swift "typealias Page = StoreResponse<Int>" \
  "the Presenter layer names StoreResponse"
expect_leak Modules/Features/Search/Feature/RepoTable.swift "let client: HTTPClient? = nil" \
  "the Feature layer names HTTPClient"
expect_leak Tools/Scaffold/Template/Presenter/__NAME__ItemsPresenter.swift.template "typealias Row = CachedValue<Int>" \
  "the Presenter layer names CachedValue"
expect_leak Modules/Features/Search/Presenter/SearchPresenterAssembly.swift 'let origin = Name("github")' \
  "a Name spelled as a string outside its declaration"
expect_leak Modules/Features/Search/UseCase/StarRepoUseCase.swift "let bytes = report?.change.payload" \
  "a row's payload read above the repository layer"
expect_leak Modules/Features/Search/Feature/SearchScreens.swift "let key = fullName.lowercased()" \
  "a repo name lower-cased above the repository layer"
expect_leak Tools/Scaffold/Template/Presenter/__NAME__ItemsPresenter.swift.template 'let other = Name("remote")' \
  "a Name spelled as a string outside its declaration"
expect_leak Modules/Features/Courses/Presenter/StockPresenter.swift \
  "func stocked(among ids: [String]) -> AsyncStream<Set<String>> { .finished }" "a store followed beside a read"
expect_leak Tools/Scaffold/Template/Feature/__NAME__Screens.swift.template "let marks = stocks.observe(keys: ids)" \
  "a store followed beside a read"
echo "check-slices: the import rules catch every injected import, every presentation leak and every rule kept by the letter"
