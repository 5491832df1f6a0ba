#!/usr/bin/env bash
# stop.sh NAME: stop the test forum instance NAME by the PID that start.sh recorded.
set -uo pipefail
source "$(dirname "$0")/common.sh"
name=${1:?usage: stop.sh NAME}
pidfile="$REALFORUM_HOME/$name.pid"
[ -f "$pidfile" ] || exit 0
pid=$(cat "$pidfile")
if kill "$pid" 2>/dev/null; then
    # Gone, or a zombie waiting for init to reap it (its parent, start.sh, has exited).
    for _ in $(seq 100); do
        state=$(ps -o stat= -p "$pid" 2>/dev/null) || break
        case "$state" in Z*) break ;; esac
        sleep 0.05
    done
    kill -9 "$pid" 2>/dev/null || true
fi
rm -f "$pidfile" "$REALFORUM_HOME/$name.url"
