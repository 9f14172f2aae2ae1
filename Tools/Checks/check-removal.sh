#!/usr/bin/env bash
# Proves that removing a feature is deleting its folder, its tests and its one entry in Package.swift.
#
# Usage: check-removal.sh <package copy> <scratch path> <Feature> <other feature's tests> [<field> <command>...]
# Works on a copy (the scaffold test's): deletes Modules/Features/<Feature>, Tests/<Feature>Tests and the
# `Feature("<Feature>"` line, then checks that the package builds, `app di check` passes, `app --help` no longer
# lists the command, the slices check passes, and the other feature's tests still pass. With a <field> and a
# command, it also runs `app <command>` (a --json command of another feature that uses the removed one's
# interface) against a loopback GitHub and the bundled demos, and checks that it succeeds with <field> null. The
# removed feature's interface and its double stay for as long as a feature uses it. Exits 1 on a failure.
set -euo pipefail

clone="$1"
scratch="$2"
feature="$3"
other_tests="$4"
null_field="${5:-}"
probe=("${@:6}")
command="$(printf '%s' "$feature" | sed -E 's/([a-z0-9])([A-Z])/\1-\2/g' | tr '[:upper:]' '[:lower:]')"
here="$(cd "$(dirname "$0")" && pwd)"
failures=0

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

printf '\n== Removing the %s feature: its folder, its tests and its one entry\n' "$feature"
entries="$(grep -c "^  Feature(\"$feature\"" "$clone/Package.swift" || true)"
check "Package.swift has exactly one entry for $feature" test "$entries" = 1
rm -rf "$clone/Modules/Features/$feature" "$clone/Tests/${feature}Tests"
sed -i "/^  Feature(\"$feature\"/d" "$clone/Package.swift"
check "nothing else changed" \
  test -z "$(cd "$clone" && git status --porcelain -- . ":(exclude)Modules/Features/$feature" ":(exclude)Tests/${feature}Tests" \
    ":(exclude)Package.swift" ":(exclude)Modules/Features/Foo" ":(exclude)Tests/FooTests")"

printf '\n== Building the copy without %s\n' "$feature"
if swift build --package-path "$clone" --scratch-path "$scratch" >"$scratch/removal-build.log" 2>&1; then
  echo "ok: the whole package builds without $feature"
else
  tail -n 20 "$scratch/removal-build.log" >&2
  echo "FAILED: the whole package builds without $feature" >&2
  exit 1
fi
app="$scratch/debug/app"
check "'app di check' passes" "$app" di check
help="$("$app" --help)"
check "'app --help' no longer lists '$command'" bash -c "! grep -Eq '^  $command ' <<<\"\$1\"" _ "$help"
check "the slices check passes" python3 "$here/check-slices.py" "$clone"

# `app ui` opens without the feature: its tab is gone, the others' are there, and Ctrl-C ends it.
source "$here/ui-session.sh"
ui_home="$(mktemp -d)"
ui_start "$ui_home/status" "APP_HOME='$ui_home' LANG=C.UTF-8 TERM=xterm-256color '$app' ui"
check "'app ui' opens with the other features' tabs" wait_for_pane " foo "
check "and no tab for '$command'" bash -c "! tmux -L '$ui_socket' capture-pane -p -t ui | head -n 1 | grep -qF ' $command '"
ui_keys C-c
check "Ctrl-C ends it with status 130" ui_exited "$ui_home/status" 130
ui_stop
rm -rf "$ui_home"

if [ -n "$null_field" ]; then
  home="$(mktemp -d)"
  # The server writes its port once it listens; reading the FIFO waits for that.
  mkfifo "$home/port"
  python3 "$here/loopback-github.py" "$home/port" &
  github=$!
  read -r port <"$home/port"
  set +e
  json="$(env -u COURSES_API_URL APP_HOME="$home" GITHUB_API_URL="http://127.0.0.1:$port" \
    "$app" "${probe[@]}" 2>"$home/stderr")"
  status=$?
  set -e
  kill "$github" 2>/dev/null || true
  check "'app ${probe[*]}' succeeds without $feature" test "$status" -eq 0
  check "with \"$null_field\": null" python3 -c \
    'import json, sys; d = json.loads(sys.argv[1]); sys.exit(not (sys.argv[2] in d and d[sys.argv[2]] is None))' \
    "$json" "$null_field"
  rm -rf "$home"
fi

printf '\n== swift test --filter %s without %s\n' "$other_tests" "$feature"
swift test --package-path "$clone" --scratch-path "$scratch" --filter "$other_tests" >"$scratch/removal-tests.log" 2>&1 || true
tail -n 3 "$scratch/removal-tests.log"
check "$other_tests ran and passed" grep -Eq 'Test run with [1-9][0-9]* tests? (in [0-9]+ suites? )?passed' \
  "$scratch/removal-tests.log"

if [ "$failures" -gt 0 ]; then
  echo "removal check: $failures check(s) failed" >&2
  exit 1
fi
echo "removal check: all checks passed"
