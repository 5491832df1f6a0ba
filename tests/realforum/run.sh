#!/usr/bin/env bash
# run.sh COMMAND...: install and start the test forums, run COMMAND with their URLs in the
# environment, and stop them afterwards whatever happens. A Spirit instance that fails to
# start fails the run. Exits with COMMAND's status.
#   GOROD_REALFORUM_URL          an instance with Spirit's rate limit and double-post guard off
#   GOROD_REALFORUM_LIMITED_URL  an instance with both on, as a real forum has them
#   GOROD_REALFORUM_HOME         where the seeded db, the instances' dbs and manifest.json are
#   GOROD_REALFORUM_URL_GW<n>, GOROD_REALFORUM_LIMITED_URL_GW<n>
#                                the same two for pytest-xdist's worker gw<n> (GOROD_TEST_WORKERS, 3)
#   GOROD_FORUM_SPIRIT_URL, GOROD_FORUM_SPIRIT_LIMITED_URL
#                                two more (limits off, on) for the conformance suite of tests/forums:
#                                its threads outlive a test, which the instances above do not
#                                (each of their tests puts the seeded db back)
# The live engines of ../shared/realforum/engines (MyBB, phpBB, SMF, FluxBB, Misago, NodeBB;
# tests/forums/forumlab.py) are installed in the background meanwhile, in parallel:
#   GOROD_FORUMS_HOME            their folders (each writes <engine>/status.json when it is up or failed)
#   GOROD_FORUM_<ENGINE>_URL     each one's URL (MYBB PHPBB SMF FLUXBB MISAGO NODEBB)
#   GOROD_FORUMS="mybb phpbb"    (input) start only these; "none" for none
set -euo pipefail
here=$(dirname "$0")
source "$here/common.sh"
forums_home="$REALFORUM_HOME/forums"
lab="$REPO_ROOT/tests/forums/forumlab.py"

t0=$(date +%s%N)
mkdir -p "$REALFORUM_HOME"
# The main pytest run is split over GOROD_TEST_WORKERS processes (pytest-xdist, tests/forums/split.sh):
# each worker resets its Spirit databases per test, so each gets an open and a limited instance of
# its own (open-gw0, limited-gw0, ...; URLs in GOROD_REALFORUM_URL_GW0, GOROD_REALFORUM_LIMITED_URL_GW0)
workers=${GOROD_TEST_WORKERS:-3}
names="open limited conform conform-limited"
for ((w = 0; w < workers; w++)); do names="$names open-gw$w limited-gw$w"; done
trap 'python3 "$lab" down "$forums_home"; for name in $names; do "$here/stop.sh" "$name"; done' EXIT
trap 'exit 130' INT TERM  # so that the EXIT trap stops the forums on ^C too
python3 "$lab" up "$forums_home"
eval "$(python3 "$lab" env "$forums_home")"
export GOROD_FORUMS_HOME="$forums_home"
"$here/setup.sh"
jobs=()
for name in $names; do
    case "$name" in *limited*) flag=--limits ;; *) flag= ;; esac
    "$here/start.sh" "$name" $flag > /dev/null &
    jobs+=($!)
done
for job in "${jobs[@]}"; do wait "$job"; done   # (set -e: one that failed to start fails the run)
export GOROD_REALFORUM_HOME="$REALFORUM_HOME"
export GOROD_REALFORUM_URL=$(cat "$REALFORUM_HOME/open.url")
export GOROD_REALFORUM_LIMITED_URL=$(cat "$REALFORUM_HOME/limited.url")
export GOROD_FORUM_SPIRIT_URL=$(cat "$REALFORUM_HOME/conform.url")
export GOROD_FORUM_SPIRIT_LIMITED_URL=$(cat "$REALFORUM_HOME/conform-limited.url")
for ((w = 0; w < workers; w++)); do
    export "GOROD_REALFORUM_URL_GW$w=$(cat "$REALFORUM_HOME/open-gw$w.url")"
    export "GOROD_REALFORUM_LIMITED_URL_GW$w=$(cat "$REALFORUM_HOME/limited-gw$w.url")"
done
echo "realforum: up in $(( ($(date +%s%N) - t0) / 1000000 )) ms at $GOROD_REALFORUM_URL" \
    "and $GOROD_REALFORUM_LIMITED_URL (limits on)"
"$@"
