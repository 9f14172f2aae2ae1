#!/usr/bin/env bash
# Scaffolds a feature as a package of its own: bash Tools/Scaffold/new-feature.sh <Name>
#
# Creates Modules/Features/<Name>: its manifest (Package.swift, the package "<Name>"), its layers Repository,
# UseCase, Presenter and Feature (one target each), its test support Testing, its host Host/main.swift (the
# executable <Name>Host: the feature alone on the kits) and its tests Tests/<Name>Tests; what it offers other
# features in Modules/Interfaces/<Name>Interface and its test double beside it in
# Modules/Interfaces/<Name>InterfaceTesting. Adds one line, `  "<Name>",`, as the last entry of the root's
# `features` list (Package.swift) and one, the same, as the last entry of the `interfaces` list
# (Modules/Interfaces/Package.swift). Nothing else changes: the app's feature registry and the reliability registry
# are generated from the root's dependencies at build time.
#
# Refuses, creating nothing: a malformed name, a name ending in a suffix the scaffold adds, a name that would be
# one of the app's own commands, and a name SwiftPM would take for a package the graph already has (package
# identities are the last component of a package's path or URL, in lower case: `kits`, `courses`, `graphql`,
# `flyingfox`), each a usage error (64); a feature, an interface or a folder that exists (1).
#
# Templates live in Tools/Scaffold/Template: <folder>/*.swift.template for each folder, and Package.swift.template.
# Their placeholders are
#   __NAME__         the name as given            WeatherAlerts
#   __LOWER__        the name in lowerCamelCase    weatherAlerts
#   __COMMAND__      the command, kebab-case       weather-alerts
#   __UPPER_SNAKE__  the settings' prefix          WEATHER_ALERTS   (WEATHER_ALERTS_API_URL)
# and, in the manifest, `.package(url: "<URL>", from: "__FROM__")` takes the version the other manifests ask of
# that package, so that every manifest declares a package alike.
set -euo pipefail

name="${1:-}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
template="$root/Tools/Scaffold/Template"
layers=(Repository UseCase Presenter Feature Testing Host)

fail() {
  echo "error: $1" >&2
  [ -n "${2:-}" ] && echo "$2" >&2
  exit "${3:-1}"
}

[ -n "$name" ] || fail "no feature name given" "usage: make feature NAME=Foo   (an UpperCamelCase name)" 64
[[ "$name" =~ ^[A-Z][A-Za-z0-9]*$ ]] ||
  fail "'$name' is not an UpperCamelCase name" "Use letters and digits, starting with a capital: make feature NAME=Weather" 64
case "$name" in
  *Repository | *UseCase | *Presenter | *Feature | *Testing | *Tests | *Plugin)
    fail "'$name' must not end in Repository, UseCase, Presenter, Feature, Testing, Tests or Plugin" \
      "The suffixes are added for you: make feature NAME=Weather creates WeatherRepository … WeatherTests." 64
    ;;
esac

# Word boundaries: a lower-case letter or digit before a capital (WeatherAlerts), and the last capital of a run
# before a lower-case letter (HTTPStatus -> HTTP Status).
words() { printf '%s' "$name" | sed -E -e 's/([a-z0-9])([A-Z])/\1'"$1"'\2/g' -e 's/([A-Z])([A-Z][a-z])/\1'"$1"'\2/g'; }
command="$(words - | tr '[:upper:]' '[:lower:]')"
upper_snake="$(words _ | tr '[:lower:]' '[:upper:]')"
case "$command" in
  ui | di | cache | help | settings)
    fail "a feature named '$name' would be \`app $command\`, which is the app's own command" \
      "Choose another name; ui, di, cache, help and settings are taken." 64
    ;;
esac
# lowerCamelCase: a leading run of capitals is lowered, except a last one that starts a word (HTTPStatus -> httpStatus).
lower="$(printf '%s' "$name" | sed -E -e 's/^([A-Z]+)([A-Z][a-z])/\L\1\E\2/' -e 't' -e 's/^([A-Z]+)/\L\1/')"

package="$root/Package.swift"
interfaces_package="$root/Modules/Interfaces/Package.swift"
sources="$root/Modules/Features/$name"
interface="$root/Modules/Interfaces/${name}Interface"
double="$root/Modules/Interfaces/${name}InterfaceTesting"

# in_list <file> <list>: the entries of `let <list> = [` … `]`, one a line.
in_list() { awk -v list="let $2 = [" '$0 == list { inList = 1; next } inList && /^\]$/ { exit } inList { print }' "$1"; }
for manifest in "$package:features" "$interfaces_package:interfaces"; do
  file="${manifest%:*}" list="${manifest##*:}"
  grep -qxF "let $list = [" "$file" || fail "${file#"$root"/} has no 'let $list = [' list to add the feature to"
  awk -v list="let $list = [" '$0 == list { inList = 1; next } inList && /^\]$/ { found = 1; exit } END { exit !found }' \
    "$file" || fail "${file#"$root"/}'s 'let $list = [' list has no closing ']' on a line of its own"
done
in_list "$package" features | grep -xF "  \"$name\"," >/dev/null &&
  fail "a feature named '$name' is already in Package.swift" "Choose another name, or remove the existing entry first."
in_list "$interfaces_package" interfaces | grep -xF "  \"$name\"," >/dev/null &&
  fail "an interface named '$name' is already in Modules/Interfaces/Package.swift" \
    "Choose another name, or remove its entry and its two folders first."
[ -e "$sources" ] && fail "$sources already exists" "Choose another name, or remove that folder first."
[ -e "$interface" ] && fail "$interface already exists" "Choose another name, or remove that folder first."
[ -e "$double" ] && fail "$double already exists" "Choose another name, or remove that folder first."

# Every manifest of the repository (build folders and other dot-folders aside).
mapfile -t manifests < <(cd "$root" && find . -mindepth 1 -name '.*' -prune -o -name Package.swift -print | sed 's|^\./||' | sort)
# The package identities the graph has, each with the package it stands for: each local package's folder name
# (the root's, each of Modules/* and of Modules/Features/*, the benchmarks'), and each external package's, the last
# component of its URL without `.git`. SwiftPM compares them in lower case, so a feature named GraphQL would be
# taken for the GraphQL package.
identities() {
  printf '%s\t%s\n' "$(basename "$root")" "the root package, $root"
  local manifest url
  for manifest in "${manifests[@]}"; do
    [ "$manifest" = Package.swift ] || printf '%s\t%s\n' "$(basename "$(dirname "$manifest")")" "$(dirname "$manifest")"
  done
  for manifest in "$root"/Modules/*/; do
    manifest="${manifest%/}"
    printf '%s\t%s\n' "$(basename "$manifest")" "${manifest#"$root"/}"
  done
  for manifest in "${manifests[@]}"; do
    grep -oE 'url: "[^"]+"' "$root/$manifest" | cut -d'"' -f2 | while read -r url; do
      printf '%s\t%s\n' "$(basename "${url%/}" .git)" "$url"
    done
  done
}
lower_name="$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')"
taken="$(identities | awk -F '\t' -v name="$lower_name" 'tolower($1) == name { print $2; exit }')"
if [ -n "$taken" ]; then
  fail "a feature named '$name' would be the package '$lower_name', which the graph already has: $taken" \
    "SwiftPM knows a package by its folder's or its URL's last name, in lower case; choose a name no package has." 64
fi

# The version each package the manifest template declares is asked for by the other manifests, one for each.
requirements=()
while read -r url; do
  versions="$(for manifest in "${manifests[@]}"; do
    grep -oE "\.package\(url: \"$url\", from: \"[^\"]+\"\)" "$root/$manifest" || true
  done | sed -E 's/.*from: "([^"]+)".*/\1/' | sort -u)"
  [ -n "$versions" ] || fail "no manifest declares $url, which the template's Package.swift uses" \
    "Declare it in the root's Package.swift first, or drop it from Tools/Scaffold/Template/Package.swift.template."
  [ "$(wc -l <<<"$versions")" = 1 ] ||
    fail "the manifests ask for different versions of $url: $(tr '\n' ' ' <<<"$versions")" "Make them agree first."
  requirements+=(-e "s|(\.package\(url: \"$url\", from: \")__FROM__(\"\))|\1$versions\2|")
done < <(grep -oE '\.package\(url: "[^"]+", from: "__FROM__"\)' "$template/Package.swift.template" | cut -d'"' -f2)

# Sorts the file's first block of plain imports, which the module names in it may have put out of order.
sort_imports() {
  local file="$1" first last
  first="$(grep -n -m1 -E '^import [A-Za-z0-9_]+$' "$file" | cut -d: -f1 || true)"
  [ -n "$first" ] || return 0
  last="$(awk -v first="$first" 'NR >= first { if ($0 ~ /^import [A-Za-z0-9_]+$/) last = NR; else exit } END { print last }' "$file")"
  {
    head -n "$((first - 1))" "$file"
    sed -n "${first},${last}p" "$file" | LC_ALL=C sort
    tail -n "+$((last + 1))" "$file"
  } >"$file.sorted"
  mv "$file.sorted" "$file"
}

render_file() { # template file, destination file
  mkdir -p "$(dirname "$2")"
  sed -E -e "s/__NAME__/$name/g" -e "s/__LOWER__/$lower/g" -e "s/__COMMAND__/$command/g" \
    -e "s/__UPPER_SNAKE__/$upper_snake/g" "${requirements[@]}" "$1" >"$2"
  sort_imports "$2"
}

render() { # template folder, destination folder
  local file base
  for file in "$1"/*.template; do
    base="$(basename "$file" .template)"
    render_file "$file" "$2/${base//__NAME__/$name}"
  done
}

render_file "$template/Package.swift.template" "$sources/Package.swift"
for layer in "${layers[@]}"; do
  render "$template/$layer" "$sources/$layer"
done
# Each layer's reference, in the catalog `make docs` builds with the layer's symbols.
catalog() { # layer (or Interface), what it is, its overview
  local file="$work_catalogs/$1.md" folder="$sources/$1"
  [ "$1" != Interface ] || folder="$interface"
  sed -e "s/__LAYER__/$1/g" -e "s/__WHAT__/$2/g" -e "s/__OVERVIEW__/$3/g" "$template/Catalog.md.template" >"$file"
  render_file "$file" "$folder/$name$1.docc/$name$1.md"
}
work_catalogs="$(mktemp -d)"
catalog Repository "data layer: the __NAME__ API client and the stores" \
  "\`\`__NAME__API\`\` asks the __NAME__ API; the repository assembly registers the stores of the items and of the marks."
catalog UseCase "use cases: reading the items and marking them" \
  "\`\`__NAME__ItemsUseCase\`\` answers each read as states of \`\`__NAME__ItemList\`\`, with a typed \`\`__NAME__Failure\`\`."
catalog Presenter "presenter (MVP): the items' states" \
  "\`\`__NAME__ItemsPresenter\`\` renders each state of the use case's read or change into its view."
catalog Feature "commands, terminal view and \`app ui\` screens, and its plugin" \
  "\`\`__NAME__Plugin\`\` hands the app the feature's assemblies, commands and screens."
catalog Interface "interface: what it offers other features" \
  "A feature that shows related __NAME__ items asks an \`\`__NAME__ItemFinder\`\`, never the __NAME__ feature itself."
rm -rf "$work_catalogs"
render "$template/Tests" "$sources/Tests/${name}Tests"
render "$template/Interface" "$interface"
render "$template/InterfaceTesting" "$double"
# The templates are laid out for a short name; a long one can push lines past the limit, which swift-format fixes.
if swift format --version >/dev/null 2>&1; then
  swift format format --in-place --recursive "$sources" "$interface" "$double"
fi

# Add the one entry to each list: after its last entry.
for manifest in "$package:features" "$interfaces_package:interfaces"; do
  file="${manifest%:*}" list="${manifest##*:}"
  awk -v list="let $list = [" -v entry="  \"$name\"," '
    $0 == list { inList = 1 }
    inList && /^\]$/ { print entry; inList = 0 }
    { print }
  ' "$file" >"$file.new"
  mv "$file.new" "$file"
done

echo "Created the $name feature, a package of its own (Modules/Features/$name), one target per layer:"
printf '  Modules/Features/%s/%-16s %s\n' "$name" "Package.swift" \
  "the package $name: ${name}Feature, ${name}Testing, ${name}Slice, ${name}Host; it offers ${name}Interface"
for layer in "${layers[@]}"; do
  printf '  Modules/Features/%s/%-16s %s\n' "$name" "$layer/" "$(cd "$sources/$layer" && ls | tr '\n' ' ')"
done
printf '  Modules/Features/%s/%-16s %s\n' "$name" "Tests/${name}Tests/" \
  "$(cd "$sources/Tests/${name}Tests" && ls | tr '\n' ' ')"
printf '  Modules/Interfaces/%sInterface/  %s\n' "$name" "$(cd "$interface" && ls | tr '\n' ' ')"
printf '  Modules/Interfaces/%sInterfaceTesting/  %s\n' "$name" "$(cd "$double" && ls | tr '\n' ' ')"
echo "  Package.swift: \"$name\" added to the features list"
echo "  Modules/Interfaces/Package.swift: \"$name\" added to the interfaces list"
echo "Try it: swift run --package-path Modules/Features/$name ${name}Host $command   and   make test-feature NAME=$name" \
  "  and   swift run app $command"
echo "Then add ${upper_snake}_API_URL to the README's configuration table (AppTests checks every setting is there)."
