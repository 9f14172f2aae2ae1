#!/usr/bin/env bash
# Runs every test target alone, one after another, as a user runs `swift test --filter <Target>`: each must pass
# without the others beside it. Assumes `swift build --build-tests` ran. Prints one line per target; fails when
# any target fails. With a file as $1, appends every test's outcome there as `<target>|<passed|failed>|<test>`.
set -uo pipefail
cd "$(dirname "$0")/../.."
outcomes=${1:-}
failed=()
for directory in Tests/*/; do
  target=$(basename "$directory")
  log=$(mktemp)
  start=$(date +%s)
  swift test --skip-build ${TEST_SCRATCH:+--scratch-path "$TEST_SCRATCH"} --filter "^${target}\\." >"$log" 2>&1
  status=$?
  summary=$(grep -E "Test run with [0-9]+ tests?" "$log" | tail -1 | sed 's/^[^A-Za-z]*//')
  echo "$target: ${summary:-no summary} ($(( $(date +%s) - start )) s)"
  if [ -n "$outcomes" ]; then
    grep -E "^[^A-Za-z]*Test .* (passed|failed)( after|$)" "$log" | grep -v "Test run with" \
      | sed -E "s/^[^A-Za-z]*Test (.*) (passed|failed)( after .*| with .*)?$/${target}|\\2|\\1/" >>"$outcomes"
  fi
  if [ $status -ne 0 ]; then
    failed+=("$target")
    # The failing tests first (a parameterized test's arguments may themselves contain "error:"), then the rest.
    { grep -E "^✘|✘ Test" "$log"; grep -E "error:" "$log" | grep -v "^◇"; } | head -30 | cut -c1-2000
    mkdir -p .build/test-logs && cp "$log" ".build/test-logs/$target.log"
    echo "(the whole log: $(pwd)/.build/test-logs/$target.log)"
  fi
  rm -f "$log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "test targets: failed alone: ${failed[*]}"
  exit 1
fi
echo "test targets: every target passes alone"
