#!/usr/bin/env bash
# run.sh COMMAND...: install and start the test forums, run COMMAND with their URLs in the
# environment, and stop them afterwards whatever happens. A Spirit instance that fails to
# start fails the run. Exits with COMMAND's status.
#   GOROD_REALFORUM_URL          an instance with Spirit's rate limit and double-post guard off
#   GOROD_REALFORUM_LIMITED_URL  an instance with both on, as a real forum has them
#   GOROD_REALFORUM_HOME         where the seeded db, the instances' dbs and manifest.json are
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
trap 'python3 "$lab" down "$forums_home"; for name in open limited conform conform-limited; do "$here/stop.sh" "$name"; done' EXIT
trap 'exit 130' INT TERM  # so that the EXIT trap stops the forums on ^C too
python3 "$lab" up "$forums_home"
eval "$(python3 "$lab" env "$forums_home")"
export GOROD_FORUMS_HOME="$forums_home"
"$here/setup.sh"
"$here/start.sh" open > /dev/null &
open_job=$!
"$here/start.sh" limited --limits > /dev/null &
limited_job=$!
"$here/start.sh" conform > /dev/null &
conform_job=$!
"$here/start.sh" conform-limited --limits > /dev/null &
conform_limited_job=$!
wait "$open_job"
wait "$limited_job"
wait "$conform_job"
wait "$conform_limited_job"
export GOROD_REALFORUM_HOME="$REALFORUM_HOME"
export GOROD_REALFORUM_URL=$(cat "$REALFORUM_HOME/open.url")
export GOROD_REALFORUM_LIMITED_URL=$(cat "$REALFORUM_HOME/limited.url")
export GOROD_FORUM_SPIRIT_URL=$(cat "$REALFORUM_HOME/conform.url")
export GOROD_FORUM_SPIRIT_LIMITED_URL=$(cat "$REALFORUM_HOME/conform-limited.url")
echo "realforum: up in $(( ($(date +%s%N) - t0) / 1000000 )) ms at $GOROD_REALFORUM_URL" \
    "and $GOROD_REALFORUM_LIMITED_URL (limits on)"
"$@"
