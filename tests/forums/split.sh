#!/usr/bin/env bash
# split.sh PYTEST...: run the suite as five pytest runs at once, each with the same command
# line: the tests that need no live forum engine (in GOROD_TEST_WORKERS processes, 2 by
# default), and those that do (marked live_forum) in four parts: Spirit's conformance entry
# (Spirit is up before pytest starts), phpBB's two (the slowest engine to drive: a form's
# minimum age; its conformance entry, its games), and the others' (MyBB, SMF, FluxBB, Misago,
# NodeBB). The live ones spend their time waiting (for an engine's
# install, a form's minimum age, a flood guard), not computing: run beside the rest they keep
# `make test` within its time. Their output is printed at the end, after the main run's.
# Exits non-zero when any of the five failed.
set -uo pipefail
out=$(mktemp -d)
"$@" -m live_forum -k "spirit and not phpbb" -p no:cacheprovider > "$out/live-spirit.txt" 2>&1 &
spirit=$!
# phpBB's in two: its conformance entry, and its games (own threads, own users' turns)
phpbb_games="test_realforum_game or test_realforum_gm_trust or test_count_live"
"$@" -m live_forum -k "phpbb and not ($phpbb_games)" -p no:cacheprovider > "$out/live-phpbb.txt" 2>&1 &
phpbb=$!
"$@" -m live_forum -k "phpbb and ($phpbb_games)" -p no:cacheprovider > "$out/live-phpbb-games.txt" 2>&1 &
phpbb_games_pid=$!
"$@" -m live_forum -k "not phpbb and not spirit" -p no:cacheprovider > "$out/live-others.txt" 2>&1 &
others=$!
# the main part over GOROD_TEST_WORKERS processes (pytest-xdist; each has Spirit instances of
# its own, tests/realforum/run.sh); worksteal: a worker that is done takes tests from the other
"$@" -m "not live_forum" -n "${GOROD_TEST_WORKERS:-2}" --dist worksteal
main=$?
wait "$spirit"; live_spirit=$?
wait "$phpbb"; live_phpbb=$?
wait "$phpbb_games_pid"; live_phpbb_games=$?
wait "$others"; live_others=$?
for part in live-spirit live-phpbb live-phpbb-games live-others; do
    echo "==== $part (tests on the live forum engines, run beside the others)"
    cat "$out/$part.txt"
done
rm -rf "$out"
status=$main   # the main run collects the whole suite: even "no test collected" (5) fails it
for rc in "$live_spirit" "$live_phpbb" "$live_phpbb_games" "$live_others"; do
    # 5: no test collected (e.g. a -k that leaves none in a live part): not a failure
    if [ "$status" -eq 0 ] && [ "$rc" -ne 0 ] && [ "$rc" -ne 5 ]; then status=$rc; fi
done
exit "$status"
