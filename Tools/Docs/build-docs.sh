#!/usr/bin/env bash
# Builds the documentation: one DocC archive per module (its `<Module>.docc` catalog and its symbols), then the
# architecture articles (Docs/Architecture.docc), whose symbol links resolve against every module's archive. Any
# warning fails the build (a link to a symbol that does not exist, or no longer does, among them).
#
# Usage: build-docs.sh <scratch path> [<output folder>, default .build-docs]
#
#   1. Each module's symbol graph, internal symbols included (a screen is an internal type of its feature), read
#      from the debug build in the scratch path (made here with `swift build --build-tests`, or `make test`'s,
#      DOCS_BUILT=1) by swift-symbolgraph-extract. (Not the swift-docc-plugin: SwiftPM crashes running any command
#      plugin of a package in a package cycle, and the kits and the test kits are one.)
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
extract="$(dirname "$(command -v swift)")/swift-symbolgraph-extract"
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
rm -rf "$out"/*.doccarchive "$work"
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

# 1. The packages built with their tests (unless DOCS_BUILT=1 says the scratch path holds that build already, as
#    `make test`'s does), then each module's symbol graph, read from its built module by swift-symbolgraph-extract
#    with the search paths and C module maps its compilation used (from SwiftPM's build description): no build
#    is planned again, so nothing is compiled a second time.
start=$SECONDS
if [ "${DOCS_BUILT:-0}" != 1 ]; then
  for package in $packages; do
    log="$work/logs/$(basename "$package").log"
    swift_retry swift build --package-path "$root/$package" --scratch-path "$scratch" --build-tests >"$log" 2>&1 \
      || fail "$package does not build" "$log"
    clean "$log"
  done
fi
bin="$scratch/debug"
[ -f "$scratch/debug.yaml" ] && [ -d "$bin/Modules" ] || fail "no debug build in $scratch" /dev/null
# Every search path and C module map the compilations were given, and the target triple.
mapfile -t extract_flags < <(python3 - "$scratch/debug.yaml" <<'PY'
import re, sys
flags, triple = [], ""
for line in open(sys.argv[1], encoding="utf-8"):
    if not line.lstrip().startswith("args: ["):
        continue
    args = re.findall(r'"((?:[^"\\]|\\.)*)"', line)
    for index, arg in enumerate(args[:-1]):
        value = args[index + 1]
        if arg == "-target":
            triple = triple or value
            continue
        if arg in ("-I", "-module-cache-path"):
            found = [arg, value]
        elif arg == "-Xcc" and value.startswith("-fmodule-map-file="):
            found = [arg, value]
        elif arg == "-Xcc" and value == "-I" and index + 3 < len(args) and args[index + 2] == "-Xcc":
            found = [arg, value, "-Xcc", args[index + 3]]
        else:
            continue
        if found not in flags:
            flags.append(found)
print("\n".join(["-target", triple] + [part for pair in flags for part in pair]))
PY
)
for entry in "${modules[@]}"; do
  module="${entry##*:}"
  log="$work/logs/$module.log"
  mkdir -p "$work/graphs/$module"
  "$extract" -module-name "$module" -I "$bin/Modules" "${extract_flags[@]}" \
    -minimum-access-level internal -output-dir "$work/graphs/$module" >"$log" 2>&1 \
    || fail "no symbol graph of $module" "$log"
  clean "$log"
done
echo "docs: the symbol graphs of ${#modules[@]} modules in $((SECONDS - start)) s"
start=$SECONDS

dependencies=()
for entry in "${modules[@]}"; do
  package="${entry%%:*}" module="${entry##*:}"
  graphs="$work/graphs/$module"
  input="$work/input/$module"
  mkdir -p "$input"
  [ -f "$graphs/$module.symbols.json" ] || fail "no symbol graph of $module" "$work/logs/$module.log"
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
echo "docs: ${#modules[@]} modules' references and the articles converted in $((SECONDS - start)) s, every link resolved, in $out"
