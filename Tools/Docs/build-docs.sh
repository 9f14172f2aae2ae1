#!/usr/bin/env bash
# Builds the documentation: one DocC archive per module (its `<Module>.docc` catalog and its symbols), then the
# architecture articles (Docs/Architecture.docc), whose symbol links resolve against every module's archive. Any
# warning fails the build (a link to a symbol that does not exist, or no longer does, among them).
#
# Usage: build-docs.sh <scratch path> [<output folder>, default .build-docs]
#
#   1. Each package's symbol graphs, internal symbols included (a screen is an internal type of its feature):
#      `swift build --build-tests` on the scratch path (a build `make test` made is reused), then SwiftPM's
#      `dump-symbol-graph`, whose folder the next package's dump empties, so they are copied out one package at a
#      time. (Not the swift-docc-plugin: SwiftPM crashes running any command plugin of a package in a package
#      cycle, and the kits and the test kits are one.)
#   2. One archive per module, kits first, then the interfaces, then each feature's layers bottom up, each converted
#      with `--dependency` on every archive before it: a page links another module's symbol absolutely
#      (``/DI/Container``), and the link is checked against that module's archive.
#   3. The articles, with `--dependency` on every module's archive.
#
# Every `docc convert` runs with `--warnings-as-errors`; a warning left in a log fails the script too (docc leaves
# a missing dependency archive a warning whatever the flag).
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mkdir -p "${1:?usage: build-docs.sh <scratch path> [<output folder>]}" && cd "$1" && pwd)"
out="${2:-$root/.build-docs}"
docc="${DOCC:-$(command -v docc || echo /opt/swift/usr/bin/docc)}"
source "$root/Tools/Checks/swift-retry.sh"
source "$root/Tools/Checks/packages.sh"
# The parameters a summary already covers are not documented one by one.
flags=(--warnings-as-errors --enable-experimental-external-link-support --disable-parameters-and-returns-validation)

# The modules, in dependency order, as "<package folder>:<module>".
modules=()
for kit in DI Infrastructure Repository UseCase Presenter FeatureKit; do modules+=("Modules/Kits:$kit"); done
for interface in "$root"/Modules/Interfaces/*Interface; do
  [ -d "$interface" ] && modules+=("Modules/Interfaces:$(basename "$interface")")
done
for feature in $(cd "$root" && packages | grep '^Modules/Features/'); do
  for layer in Repository UseCase Presenter Feature; do modules+=("$feature:$(basename "$feature")$layer"); done
done
# The packages in the order `make test` builds them (packages.sh), so the checkouts the last one leaves in the
# scratch path are those the app's build needs most.
packages="$(printf '%s\n' "${modules[@]}" | cut -d: -f1 | awk '!seen[$0]++')"

mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$out/.work"
# DOCS_GRAPHS_KEPT=1 converts the symbol graphs of the last run again (while the catalogs are being written).
if [ "${DOCS_GRAPHS_KEPT:-0}" = 1 ] && [ -d "$work/graphs" ]; then
  rm -rf "$out"/*.doccarchive "$work/input" "$work/logs"/*.docc.log
  packages=""
else
  rm -rf "$out"/*.doccarchive "$work"
fi
mkdir -p "$work/logs" "$work/graphs" "$work/cwd"
# docc convert looks for a catalog in its working folder when none is given: it runs in an empty one.
cd "$work/cwd"

# fail <message> <log>: the log's errors and warnings, then the message.
fail() {
  grep -E '(error|warning):' "$2" | sort -u | head -n 30 >&2 || true
  echo "build-docs: $1 (log: $2)" >&2
  exit 1
}
# clean <log>: fails when the log has a warning.
clean() {
  if grep -qE '(^|: )warning: ' "$1"; then fail "a warning" "$1"; fi
}

for package in $packages; do
  name="$(basename "$package")"
  log="$work/logs/$name.log"
  swift_retry swift build --package-path "$root/$package" --scratch-path "$scratch" --build-tests >"$log" 2>&1 \
    || fail "$package does not build" "$log"
  swift_retry swift package --package-path "$root/$package" --scratch-path "$scratch" \
    dump-symbol-graph --minimum-access-level internal >>"$log" 2>&1 || fail "no symbol graphs of $package" "$log"
  clean "$log"
  written="$(sed -n 's/^Files written to //p' "$log" | tail -n 1)"
  [ -d "$written" ] || fail "dump-symbol-graph said no folder" "$log"
  mkdir -p "$work/graphs/$name"
  cp "$written"/*.symbols.json "$work/graphs/$name/"
done

dependencies=()
for entry in "${modules[@]}"; do
  package="${entry%%:*}" module="${entry##*:}"
  graphs="$work/graphs/$(basename "$package")"
  input="$work/input/$module"
  mkdir -p "$input"
  [ -f "$graphs/$module.symbols.json" ] || fail "no symbol graph of $module" "$work/logs/$(basename "$package").log"
  cp "$graphs/$module.symbols.json" "$input/"
  for extension in "$graphs/$module"@*.symbols.json; do
    [ ! -e "$extension" ] || cp "$extension" "$input/"
  done
  catalog="$(find "$root/$package" -name '.*' -prune -o -type d -name "$module.docc" -print | head -n 1)"
  [ -n "$catalog" ] || { echo "build-docs: $module has no catalog ($module.docc in its target's folder)" >&2; exit 1; }
  log="$work/logs/$module.docc.log"
  "$docc" convert "$catalog" --additional-symbol-graph-dir "$input" --output-path "$out/$module.doccarchive" \
    "${flags[@]}" "${dependencies[@]}" >"$log" 2>&1 || fail "$module's documentation has errors" "$log"
  clean "$log"
  dependencies+=(--dependency "$out/$module.doccarchive")
done

log="$work/logs/Architecture.docc.log"
"$docc" convert "$root/Docs/Architecture.docc" --output-path "$out/Architecture.doccarchive" "${flags[@]}" \
  "${dependencies[@]}" >"$log" 2>&1 || fail "the articles have errors" "$log"
clean "$log"
echo "docs: ${#modules[@]} modules' references and the articles, every link resolved, in $out"
