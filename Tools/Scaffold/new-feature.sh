#!/usr/bin/env bash
# Scaffolds a feature module: bash Tools/Scaffold/new-feature.sh <Name>
#
# Creates Modules/Features/<Name> (plugin, assembly, presenter, command), Tests/<Name>Tests, and adds
# "<Name>" to the `features` list in Package.swift. Nothing else changes: the app's feature registry
# is generated from Package.swift at build time.
set -euo pipefail

name="${1:-}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
template="$root/Tools/Scaffold/Template"

fail() {
  echo "error: $1" >&2
  [ -n "${2:-}" ] && echo "$2" >&2
  exit "${3:-1}"
}

[ -n "$name" ] || fail "no feature name given" "usage: make feature NAME=Foo   (an UpperCamelCase name)" 64
[[ "$name" =~ ^[A-Z][A-Za-z0-9]*$ ]] ||
  fail "'$name' is not an UpperCamelCase name" "Use letters and digits, starting with a capital: make feature NAME=Weather" 64
case "$name" in
  *Feature | *Tests | *Plugin) fail "'$name' must not end in Feature, Tests or Plugin" "The suffixes are added for you." 64 ;;
esac

# The command users type: UpperCamelCase -> kebab-case (WeatherAlerts -> weather-alerts).
command="$(printf '%s' "$name" | sed -E 's/([a-z0-9])([A-Z])/\1-\2/g' | tr '[:upper:]' '[:lower:]')"
case "$command" in
  di | help) fail "'$command' is a built-in command of the app" "Pick another name." 64 ;;
esac

sources="$root/Modules/Features/$name"
tests="$root/Tests/${name}Tests"
grep -Eq "^[[:space:]]*\"$name\",[[:space:]]*$" "$root/Package.swift" &&
  fail "a feature named '$name' is already in Package.swift" "Choose another name, or remove the existing entry first."
[ -e "$sources" ] && fail "$sources already exists" "Choose another name, or remove that folder first."
[ -e "$tests" ] && fail "$tests already exists" "Choose another name, or remove that folder first."
grep -q '^let features = \[$' "$root/Package.swift" ||
  fail "Package.swift has no 'let features = [' list to add the feature to"

render() { # template file -> destination
  sed -e "s/__NAME__/$name/g" -e "s/__COMMAND__/$command/g" "$1" >"$2"
}

mkdir -p "$sources" "$tests"
for file in "$template"/Sources/*.template; do
  base="$(basename "$file" .template)"
  render "$file" "$sources/${base//__NAME__/$name}"
done
for file in "$template"/Tests/*.template; do
  base="$(basename "$file" .template)"
  render "$file" "$tests/${base//__NAME__/$name}"
done

# Add the one entry: after the last entry of the `features` list.
awk -v entry="  \"$name\"," '
  /^let features = \[$/ { inList = 1 }
  inList && /^\]$/ { print entry; inList = 0 }
  { print }
' "$root/Package.swift" >"$root/Package.swift.new"
mv "$root/Package.swift.new" "$root/Package.swift"

echo "Created the $name feature:"
echo "  Modules/Features/$name/   (${name}Plugin, ${name}Assembly, ${name}Presenter, ${name}Command)"
echo "  Tests/${name}Tests/"
echo "  Package.swift: \"$name\" added to the features list"
echo "Try it: swift run app $command   and   swift test --filter ${name}Tests"
