#!/usr/bin/env bash
# Proves swift-retry.sh's rule: a command a signal ends is run once more and the retry is logged; a command that
# fails with a status of its own (a compile error, a test failure) is not run again.
set -uo pipefail
source "$(dirname "$0")/swift-retry.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SWIFT_RETRY_LOG="$work/retries.log"
failures=0
check() { if "${@:2}"; then echo "ok: $1"; else echo "FAILED: $1"; failures=$((failures + 1)); fi; }

# Killed by SIGSEGV on its first run, done on its second.
swift_retry bash -c '[ -e "$1/ran" ] && exit 0; touch "$1/ran"; kill -SEGV $$' _ "$work" 2>/dev/null
check "a command a signal ended is run once more, and its second status counts" test $? -eq 0
check "and the retry is logged with the signal" grep -q "retried once after signal 11" "$SWIFT_RETRY_LOG"
# Killed by a signal both times: the second status stands.
swift_retry bash -c 'kill -SEGV $$' 2>/dev/null
check "a command a signal ends twice fails with the signal's status" test $? -eq 139
# A failure of its own: once, never again.
swift_retry bash -c 'echo x >>"$1/count"; exit 1' _ "$work"
check "a command that fails with status 1 keeps it" test $? -eq 1
check "and is not run again" test "$(wc -l <"$work/count")" -eq 1
# Every build and test the scripts of `make test` start goes through swift_retry (a path or a package
# description asked of SwiftPM builds nothing, and `swift run` runs a host built just before).
tools="$(cd "$(dirname "$0")/../.." && pwd)/Tools"
bare="$(grep -nE '(^|[^_a-z-])swift (build|test)( |$)' "$tools"/Checks/*.sh "$tools"/Scaffold/*.sh |
  grep -vE ':[0-9]+: *#|swift_retry (env [^ ]+ )*swift (build|test)|--show-bin-path|echo |printf |check "' || true)"
check "every swift build and swift test of the scripts is retried on a signal" test -z "$bare"
[ -z "$bare" ] || echo "$bare"
[ "$failures" -eq 0 ] && echo "swift-retry: a signal is retried once, a failure never" || exit 1
