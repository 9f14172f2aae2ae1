# Sourced by the scripts that call `swift build` or `swift test`.
#
# swift_retry <command>...: runs the command; when a signal ended it (a status of 128 or more: SwiftPM's own
# crash, such as the signal 11 in libdispatch while a build-tool plugin runs), runs it once more and appends a
# line saying so to $SWIFT_RETRY_LOG (when set), which `make test`'s step table shows. A compile error or a test
# failure (any other status) is never retried. `make` turns a recipe's 139 into 2, so the status is read here, at
# the call itself.
swift_retry() {
  "$@"
  local status=$?
  if [ "$status" -ge 128 ]; then
    local line="retried once after signal $((status - 128)): $*"
    echo "$line" >&2
    [ -n "${SWIFT_RETRY_LOG:-}" ] && echo "$line" >>"$SWIFT_RETRY_LOG"
    "$@"
    status=$?
  fi
  return "$status"
}
