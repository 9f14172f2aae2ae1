#!/usr/bin/env bash
# Runs every package's test targets, each alone, one package after another, as a user runs `swift test
# --package-path <package> --filter <Target>`: each must pass without the others beside it. Assumes every package
# was built with its tests into TEST_SCRATCH (build-packages.sh). Packages run one after another, never side by
# side, so that a `.timing` test has the machine to itself. With a file as $1, appends every test's outcome there
# as `<target>|<passed|failed>|<test>`.
set -uo pipefail
cd "$(dirname "$0")/../.."
source Tools/Checks/packages.sh
export TEST_OUTCOMES="${1:-}"
failed=()
for package in $(packages); do
  ROOT_TESTS_ONLY=1 bash Tools/Checks/test-package.sh "$package" --skip-build || failed+=("$package")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "test targets: failed in: ${failed[*]}"
  exit 1
fi
echo "test targets: every target of every package passes alone"
