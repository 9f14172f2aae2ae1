#!/usr/bin/env bash
# Proves that the documentation build checks its links: after build-docs.sh made the archives in <output folder>,
# a copy of the articles and a copy of a module's catalog, each with one link to a symbol that does not exist,
# must fail to convert and name the link (build-docs.sh converted the untouched ones).
#
# Usage: test-docs.sh <output folder of build-docs.sh>
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$(cd "${1:?usage: test-docs.sh <output folder of build-docs.sh>}" && pwd)"
docc="${DOCC:-$(command -v docc || echo /opt/swift/usr/bin/docc)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
flags=(--warnings-as-errors --enable-experimental-external-link-support --disable-parameters-and-returns-validation)
dependencies=()
for archive in "$out"/*.doccarchive; do
  [ "$(basename "$archive")" = Architecture.doccarchive ] || dependencies+=(--dependency "$archive")
done
[ ${#dependencies[@]} -gt 0 ] || { echo "FAILED: no module archive in $out"; exit 1; }
cd "$work"

# expect <name> <catalog copy> <link that must be named> [<symbol graph folder>]
expect() {
  local name="$1" catalog="$2" link="$3" graphs="${4:-}"
  local convert=("$docc" convert "$catalog" --output-path "$work/$name.doccarchive" "${flags[@]}")
  [ -z "$graphs" ] || convert+=(--additional-symbol-graph-dir "$graphs")
  if output=$("${convert[@]}" "${dependencies[@]}" 2>&1); then
    echo "FAILED: $name converted with a link to $link, which does not exist"; exit 1
  fi
  grep -qF "'$link' doesn't exist" <<<"$output" \
    || { echo "FAILED: $name failed without naming $link:"; echo "$output" | head -n 20; exit 1; }
  echo "ok: a link to $link, which does not exist, fails $name"
}

cp -R "$root/Docs/Architecture.docc" "$work/Articles.docc"
printf '# Probe\n\nA link to ``/DI/Containr``.\n' >"$work/Articles.docc/Probe.md"
expect "the articles" "$work/Articles.docc" "Containr"

cp -R "$root/Modules/Kits/DI/DI.docc" "$work/DI.docc"
printf '\n- ``Containr``\n' >>"$work/DI.docc/DI.md"
expect "DI's reference" "$work/DI.docc" "Containr" "$out/.work/input/DI"
echo "docs: a link to a symbol that does not exist fails the articles and a module's reference"
