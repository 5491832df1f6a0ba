#!/usr/bin/env bash
# stop.sh NAME: stop the test forum instance NAME by the PID that start.sh recorded.
set -uo pipefail
source "$(dirname "$0")/common.sh"
name=${1:?usage: stop.sh NAME}
pidfile="$REALFORUM_HOME/$name.pid"
[ -f "$pidfile" ] || exit 0
pid=$(cat "$pidfile")
if kill "$pid" 2>/dev/null; then
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
fi
rm -f "$pidfile" "$REALFORUM_HOME/$name.url"
