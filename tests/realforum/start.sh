#!/usr/bin/env bash
# start.sh NAME [--limits]: start a test forum instance on a free 127.0.0.1 port, on a fresh
# copy of the seeded database ($REALFORUM_HOME/NAME.sqlite3), in the background; record its
# PID (NAME.pid) and URL (NAME.url), wait until it answers, print the URL.
# --limits turns Spirit's rate limit and double-post guard back on for this instance.
set -euo pipefail
source "$(dirname "$0")/common.sh"
name=${1:?usage: start.sh NAME [--limits]}
limits=0
[ "${2:-}" = "--limits" ] && limits=1

"$(dirname "$0")/stop.sh" "$name"
db="$REALFORUM_HOME/$name.sqlite3"
cp "$REALFORUM_HOME/seed.sqlite3" "$db"
port=$("$REALFORUM_VENV/bin/python" -c \
    'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"

# exec: the recorded PID is the server's own, not a subshell's.
(export GOROD_FORUM_DB="$db" GOROD_FORUM_LIMITS="$limits"
 exec_manage=1 forum_manage runserver "127.0.0.1:$port" --noreload) \
    > "$REALFORUM_HOME/$name.log" 2>&1 &
pid=$!
echo "$pid" > "$REALFORUM_HOME/$name.pid"
echo "$url" > "$REALFORUM_HOME/$name.url"

if ! "$REALFORUM_VENV/bin/python" - "$url" "$pid" <<'PY'
import os, sys, time, urllib.request
url, pid = sys.argv[1], int(sys.argv[2])
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        sys.exit(f"realforum: the server (pid {pid}) exited")
    try:
        with urllib.request.urlopen(url + "/", timeout=5) as response:
            if response.status == 200:
                sys.exit(0)
    except OSError:
        pass
    time.sleep(0.1)
sys.exit(f"realforum: no answer from {url} within 60 s")
PY
then
    tail -n 30 "$REALFORUM_HOME/$name.log" >&2
    "$(dirname "$0")/stop.sh" "$name"
    exit 1
fi
echo "$url"
