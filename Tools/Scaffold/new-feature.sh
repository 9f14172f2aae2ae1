#!/usr/bin/env bash
# Scaffolds a feature as a vertical slice: bash Tools/Scaffold/new-feature.sh <Name>
#
# Creates Modules/Features/<Name>/{Repository,UseCase,Presenter,Feature,Testing} (one target each), what it offers
# other features in Modules/Interfaces/<Name>Interface and its test double beside it in
# Modules/Interfaces/<Name>InterfaceTesting, the test target Tests/<Name>Tests, and adds
# `Feature("<Name>", offersInterface: true),` as the last entry of the `features` list in Package.swift. Nothing
# else changes: the app's feature registry and the reliability registry are generated
# from Package.swift at build time.
#
# Templates live in Tools/Scaffold/Template/<folder>/*.swift.template; their placeholders are
#   __NAME__         the name as given            WeatherAlerts
#   __LOWER__        the name in lowerCamelCase    weatherAlerts
#   __COMMAND__      the command, kebab-case       weather-alerts
#   __UPPER_SNAKE__  the settings' prefix          WEATHER_ALERTS   (WEATHER_ALERTS_API_URL)
set -euo pipefail

name="${1:-}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
template="$root/Tools/Scaffold/Template"
layers=(Repository UseCase Presenter Feature Testing)

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

case "$command" in
  di | help) fail "'$command' is a built-in command of the app" "Pick another name." 64 ;;
esac

package="$root/Package.swift"
sources="$root/Modules/Features/$name"
interface="$root/Modules/Interfaces/${name}Interface"
double="$root/Modules/Interfaces/${name}InterfaceTesting"
tests="$root/Tests/${name}Tests"
grep -Eq "^[[:space:]]*Feature\(\"$name\"[,)]" "$package" &&
  fail "a feature named '$name' is already in Package.swift" "Choose another name, or remove the existing entry first."
[ -e "$sources" ] && fail "$sources already exists" "Choose another name, or remove that folder first."
[ -e "$tests" ] && fail "$tests already exists" "Choose another name, or remove that folder first."
[ -e "$interface" ] && fail "$interface already exists" "Choose another name, or remove that folder first."
[ -e "$double" ] && fail "$double already exists" "Choose another name, or remove that folder first."
grep -q '^let features = \[$' "$package" ||
  fail "Package.swift has no 'let features = [' list to add the feature to"
awk '/^let features = \[$/ { inList = 1; next } inList && /^\]$/ { found = 1; exit } END { exit !found }' "$package" ||
  fail "Package.swift's 'let features = [' list has no closing ']' on a line of its own"

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

render() { # template folder, destination folder
  mkdir -p "$2"
  local file base
  for file in "$1"/*.template; do
    base="$(basename "$file" .template)"
    base="${base//__NAME__/$name}"
    sed -e "s/__NAME__/$name/g" -e "s/__LOWER__/$lower/g" -e "s/__COMMAND__/$command/g" \
      -e "s/__UPPER_SNAKE__/$upper_snake/g" "$file" >"$2/$base"
    sort_imports "$2/$base"
  done
}

for layer in "${layers[@]}"; do
  render "$template/$layer" "$sources/$layer"
done
render "$template/Interface" "$interface"
render "$template/InterfaceTesting" "$double"
render "$template/Tests" "$tests"
# The templates are laid out for a short name; a long one can push lines past the limit, which swift-format fixes.
if swift format --version >/dev/null 2>&1; then
  swift format format --in-place --recursive "$sources" "$interface" "$double" "$tests"
fi

# Add the one entry: after the last entry of the `features` list.
awk -v entry="  Feature(\"$name\", offersInterface: true)," '
  /^let features = \[$/ { inList = 1 }
  inList && /^\]$/ { print entry; inList = 0 }
  { print }
' "$package" >"$package.new"
mv "$package.new" "$package"

echo "Created the $name feature, one target per layer:"
for layer in "${layers[@]}"; do
  printf '  Modules/Features/%s/%-11s %s\n' "$name" "$layer/" "$(cd "$sources/$layer" && ls | tr '\n' ' ')"
done
printf '  Modules/Interfaces/%sInterface/  %s\n' "$name" "$(cd "$interface" && ls | tr '\n' ' ')"
printf '  Modules/Interfaces/%sInterfaceTesting/  %s\n' "$name" "$(cd "$double" && ls | tr '\n' ' ')"
printf '  Tests/%sTests/  %s\n' "$name" "$(cd "$tests" && ls | tr '\n' ' ')"
echo "  Package.swift: Feature(\"$name\", offersInterface: true) added to the features list"
echo "Try it: swift run app $command   and   swift test --filter ${name}Tests"
echo "Then add ${upper_snake}_API_URL to the README's configuration table (AppTests checks every setting is there)."
