# Sourced by the shell checks. `check <description> <command>...` runs the command and prints `ok: <description>`,
# or `FAILED: <description>` on standard error, counting it in `failures`; the script ends by testing that count.
failures=0
check() {
  local description="$1"
  shift
  if "$@"; then
    echo "ok: $description"
  else
    echo "FAILED: $description" >&2
    failures=$((failures + 1))
  fi
}
