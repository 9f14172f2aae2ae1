#!/usr/bin/env bash
# Proves that removing a feature is deleting its package's folder and its one entry in the root's Package.swift.
#
# Usage: check-removal.sh <package copy> <scratch path> <Feature> <other feature> [<field> <command>...]
# Works on a copy (the scaffold test's): deletes Modules/Features/<Feature> and the `  "<Feature>",` line of the
# root's `features` list, then checks that nothing else changed, that the root builds, `app di check` passes,
# `app --help` no longer lists the command, the slices check passes, `app ui` opens without its tab, and that the
# other feature's package still builds and its host runs. (That package never names the removed one, so its build
# is the one its tests passed on: the build here compiles nothing of the removed feature, which its log shows.) With a <field> and a command, it also runs
# `app <command>` (a --json command of another feature that uses the removed one's interface) against a loopback
# GitHub and the bundled demos, and checks that it succeeds with <field> null. The removed feature's interface and
# its double (Modules/Interfaces/<Feature>Interface, <Feature>InterfaceTesting) stay, with their line in
# Modules/Interfaces/Package.swift, for as long as another feature's manifest uses them. Exits 1 on a failure.
#
# With REMOVAL_SET_ASIDE=<dir>, the folder is moved there instead of deleted, so that a caller that checks another
# removal next can move it back as it was: files put back by git would be new to the build, and compiled again.
set -euo pipefail

clone="$1"
scratch="$2"
feature="$3"
other="$4"
null_field="${5:-}"
probe=("${@:6}")
command="$(printf '%s' "$feature" | sed -E 's/([a-z0-9])([A-Z])/\1-\2/g' | tr '[:upper:]' '[:lower:]')"
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/swift-retry.sh"
source "$here/check.sh"
# The root without its copies of the packages' test targets: those of the removed feature are gone with its folder.
export ROOT_TESTS_ONLY=1

# The entries of the root's `features` list, one a line.
features_list() { awk '$0 == "let features = [" { inList = 1; next } inList && /^\]$/ { exit } inList { print }' "$1"; }

printf '\n== Removing the %s feature: its folder and its one entry\n' "$feature"
entry="  \"$feature\","
entries="$(features_list "$clone/Package.swift" | grep -cxF "$entry" || true)"
check "Package.swift's features list has exactly one entry for $feature" test "$entries" = 1
if [ -n "${REMOVAL_SET_ASIDE:-}" ]; then
  mkdir -p "$REMOVAL_SET_ASIDE"
  mv "$clone/Modules/Features/$feature" "$REMOVAL_SET_ASIDE/$feature"
else
  rm -rf "$clone/Modules/Features/$feature"
fi
awk -v entry="$entry" '
  $0 == "let features = [" { inList = 1 }
  inList && /^\]$/ { inList = 0 }
  !(inList && $0 == entry) { print }
' "$clone/Package.swift" >"$clone/Package.swift.new"
mv "$clone/Package.swift.new" "$clone/Package.swift"
check "Package.swift lost exactly that line" \
  test "$(git -C "$clone" diff --numstat -- Package.swift | cut -f1,2)" = "$(printf '0\t1')"
check "nothing else changed" \
  test -z "$(cd "$clone" && git status --porcelain -- . ":(exclude)Modules/Features/$feature" ":(exclude)Package.swift")"
users="$( (grep -lE "\"${feature}Interface(Testing)?\"" "$clone"/Modules/Features/*/Package.swift 2>/dev/null || true) |
  wc -l)"
if [ "$users" -gt 0 ]; then
  check "its interface and its double stay, as $users other feature manifest(s) use them" \
    test -d "$clone/Modules/Interfaces/${feature}Interface" -a -d "$clone/Modules/Interfaces/${feature}InterfaceTesting"
fi

printf '\n== Building the copy without %s (%d s into the removal check)\n' "$feature" "$SECONDS"
if swift_retry swift build --package-path "$clone" --scratch-path "$scratch" >"$scratch/removal-build.log" 2>&1; then
  echo "ok: the root builds without $feature"
else
  grep -E 'error:' "$scratch/removal-build.log" | sort -u | head -n 20 >&2
  tail -n 20 "$scratch/removal-build.log" >&2
  echo "FAILED: the root builds without $feature" >&2
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

printf '\n== %s package without %s: swift build --package-path Modules/Features/%s (%d s into the removal check)\n' \
  "$other" "$feature" "$other" "$SECONDS"
other_log="$scratch/removal-package-build.log"
if swift_retry swift build --package-path "$clone/Modules/Features/$other" --scratch-path "$scratch" >"$other_log" 2>&1; then
  echo "ok: ${other}'s package builds without $feature"
else
  grep -E 'error:' "$other_log" | sort -u | head -n 20 >&2
  echo "FAILED: ${other}'s package builds without $feature" >&2
  failures=$((failures + 1))
fi
removed_compiled="$(grep -oE "^\[[0-9]+/[0-9]+\] Compiling ${feature}[A-Za-z]*" "$other_log" | grep -v "Compiling ${feature}Interface" | sort -u || true)"
check "and compiles nothing of $feature" test -z "$removed_compiled"
other_command="$(printf '%s' "$other" | sed -E 's/([a-z0-9])([A-Z])/\1-\2/g' | tr '[:upper:]' '[:lower:]')"
host_help="$("$(swift build --package-path "$clone/Modules/Features/$other" --scratch-path "$scratch" --show-bin-path)/${other}Host" \
  --help 2>&1 || true)"
check "'${other}Host --help' lists '$other_command'" grep -Eq "^  $other_command " <<<"$host_help"

if [ "$failures" -gt 0 ]; then
  echo "removal check: $failures check(s) failed" >&2
  exit 1
fi
echo "removal check: all checks passed"
