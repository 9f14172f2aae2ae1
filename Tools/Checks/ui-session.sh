# Drives `app ui` in a real terminal (a tmux server of its own), for the scaffold and removal checks. Source it,
# then: ui_start <status file> <command line>, wait_for_pane <text>, ui_keys <key>..., ui_exited <status file>
# <expected status>, ui_stop. Every wait has a guard of 60 s against a hang.

ui_socket="app-ui-check-$$"

ui_tmux() { tmux -L "$ui_socket" "$@"; }

# Runs `command` (a shell command line) at 80×24; its exit status is written to `status file`.
ui_start() {
  rm -f "$1"
  ui_tmux -f /dev/null new-session -d -s ui -x 80 -y 24 "$2; echo \$? > '$1'"
}

# Waits until the pane shows `text`.
wait_for_pane() {
  local tries=0
  until ui_tmux capture-pane -p -t ui 2>/dev/null | grep -qF -- "$1"; do
    tries=$((tries + 1))
    [ "$tries" -lt 600 ] || return 1
    sleep 0.1
  done
}

# Types keys as tmux names them (Enter, Escape, C-c).
ui_keys() { ui_tmux send-keys -t ui "$@"; }

# Waits until the command has ended, and checks its status.
ui_exited() {
  local tries=0
  until [ -s "$1" ]; do
    tries=$((tries + 1))
    [ "$tries" -lt 600 ] || return 1
    sleep 0.1
  done
  test "$(cat "$1")" = "$2"
}

ui_stop() { ui_tmux kill-server 2>/dev/null || true; }
