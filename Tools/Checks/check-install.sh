#!/usr/bin/env bash
# `make install` into a temporary PREFIX: the binary runs, links the Swift runtime (and libstdc++, SQLite and libgcc's
# unwinder) statically, has no run path, and comes with completions and a man page; `make uninstall` then removes
# exactly those files and nothing else.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
prefix="$(mktemp -d)"
log="$(mktemp)"
home="$(mktemp -d)"
trap 'rm -rf "$prefix" "$log" "$home"' EXIT
source "$root/Tools/Checks/check.sh"

mkdir -p "$prefix/share/man/man1"
echo "keep me" >"$prefix/share/man/man1/other.1"
make -s -C "$root" install PREFIX="$prefix" >"$log" 2>&1 || { tail -n 30 "$log" >&2; exit 1; }

check "bin/app --version runs" grep -Eq '^app version [0-9]' <<<"$("$prefix/bin/app" --version)"
check "ldd shows no libswiftCore" bash -c "! ldd '$prefix/bin/app' | grep -q libswiftCore"
# libstdc++ and SQLite are linked in wherever their archives are installed (see RELEASE_FLAGS).
if [[ -f "$(clang -print-file-name=libstdc++.a 2>/dev/null)" ]]; then
  check "ldd shows no libstdc++" bash -c "! ldd '$prefix/bin/app' | grep -q libstdc++"
fi
if [[ -f "$(clang -print-file-name=libsqlite3.a 2>/dev/null)" ]]; then
  check "ldd shows no libsqlite3" bash -c "! ldd '$prefix/bin/app' | grep -q libsqlite3"
fi
check "ldd shows no libgcc_s" bash -c "! ldd '$prefix/bin/app' | grep -q libgcc_s"
check "the binary has no run path" bash -c "! readelf -d '$prefix/bin/app' | grep -Eq 'RUNPATH|RPATH'"
check "bash completion is installed" grep -q "_app" "$prefix/share/bash-completion/completions/app"
check "zsh completion is installed" grep -q "#compdef app" "$prefix/share/zsh/site-functions/_app"
check "fish completion is installed" grep -q "complete -c 'app'" "$prefix/share/fish/vendor_completions.d/app.fish"
check "the man page is the app's" bash -c \
  "grep -q '^.Dt APP 1' '$prefix/share/man/man1/app.1' && grep -q '^.Sh SYNOPSIS' '$prefix/share/man/man1/app.1'"
check "the installed app runs a command" "$prefix/bin/app" di check
# The bundled demo catalog, cached in the database and read back from it.
check "the installed app caches in its database" bash -c "APP_HOME='$home' '$prefix/bin/app' courses >/dev/null \
  && APP_HOME='$home' '$prefix/bin/app' cache info | grep -Eq '^courses +[1-9]'"
# A command the main thread hands to a task: that thread then waits without leaving, so the C library loads no
# unwinder (libgcc_s) for it while the command runs.
check "a read loads no library once started" bash -c \
  "! APP_HOME='$home' LD_DEBUG=files '$prefix/bin/app' courses --offline 2>&1 >/dev/null | grep 'dynamically loaded'"
# `app help settings` is the discussion of `app settings` in the man page: every word of it, in its order (the
# man page's own line breaks and zero-width escapes aside).
flat() { sed -e 's/\\&//g' | tr -s ' \t\n' ' '; }
settings_page="$("$prefix/bin/app" help settings | flat)"
man_text="$(flat <"$prefix/share/man/man1/app.1")"
check "the settings page is not empty" grep -q "Read by every command: APP_HOME .* values: " <<<"$settings_page"
check "the man page has the settings page" grep -qF -- "$settings_page" <<<"$man_text"

make -s -C "$root" uninstall PREFIX="$prefix" >/dev/null
left="$(cd "$prefix" && find . -type f | sort)"
check "uninstall removed exactly what install put there" test "$left" = "./share/man/man1/other.1"

if [ "$failures" -gt 0 ]; then
  echo "install check: $failures check(s) failed" >&2
  exit 1
fi
echo "install check: all checks passed"
