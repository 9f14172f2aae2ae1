#!/usr/bin/env bash
# `make test-repeat N=5`: runs every test target alone, N times back to back, while stress-ng keeps every core busy,
# then prints how often each test passed and failed. A flaky test shows up as a row with failures.
set -uo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
# A build of its own, so that working on the tree meanwhile never changes the binaries under test.
export TEST_SCRATCH=.build-repeat
swift build --build-tests --scratch-path "$TEST_SCRATCH" >/dev/null || { echo "the build failed"; exit 1; }
outcomes=$(mktemp)
stress-ng --cpu 0 --cpu-load 100 --quiet &
load=$!
trap 'kill $load 2>/dev/null; wait $load 2>/dev/null; rm -f "$outcomes"' EXIT
echo "load: stress-ng --cpu 0 (every core busy), pid $load"
for run in $(seq 1 "$runs"); do
  echo "== run $run of $runs"
  bash Tools/Checks/test-targets.sh "$outcomes" | sed 's/^/  /'
done
python3 - "$outcomes" "$runs" <<'PY'
import collections, sys
path, runs = sys.argv[1], int(sys.argv[2])
tally = collections.defaultdict(lambda: [0, 0])
for line in open(path, encoding="utf-8"):
    target, outcome, test = line.rstrip("\n").split("|", 2)
    tally[(target, test)][0 if outcome == "passed" else 1] += 1
flaky = sorted(k for k, (p, f) in tally.items() if f)
print(f"\n{len(tally)} tests, {runs} runs under load: {sum(p for p, _ in tally.values())} passes, "
      f"{sum(f for _, f in tally.values())} failures")
for target, test in flaky:
    passed, failed = tally[(target, test)]
    print(f"  FAILED {failed} of {passed + failed}: {target} {test}")
if not flaky:
    print("  every test passed every time")
sys.exit(1 if flaky else 0)
PY
