#!/usr/bin/env bash
# split.sh PYTEST...: run the suite as several pytest runs at once, each with the same command
# line: the tests that need no live forum engine (the main part, in GOROD_TEST_WORKERS
# processes, 3 by default: pytest-xdist), and those that do (marked live_forum) in the parts
# below, one process each. The live ones spend their time waiting (for an engine's install, a
# form's minimum age, a flood guard), not computing: run beside the rest they keep `make test`
# within its time. phpBB is the slowest engine to drive (a form's minimum age), so its tests
# are spread over three parts; each part's threads and users are its own. Their output is
# printed at the end, after the main run's, with each part's slowest tests (to rebalance).
# Exits non-zero when any part failed.
set -uo pipefail
out=$(mktemp -d)
phpbb_games="test_realforum_game or test_realforum_gm_trust or test_count_live or test_softdelete_live"
declare -A parts=(
    [live-spirit]="spirit and not phpbb"
    [live-phpbb]="phpbb and not ($phpbb_games)"
    # the nine-player game and the killed-worker game one after the other: run at once (two
    # parts), one of them found the GM's PM list behind a login page in 2 runs of 3 (cause not
    # found; the same players in both games)
    [live-phpbb-games]="phpbb and test_realforum_game"
    [live-phpbb-more]="phpbb and ($phpbb_games) and not test_realforum_game"
    [live-mybb-smf]="(mybb or smf) and not phpbb and not spirit"
    [live-others]="not (mybb or smf or phpbb or spirit)"
)
declare -A pids=()
for part in "${!parts[@]}"; do
    "$@" -m live_forum -k "${parts[$part]}" -p no:cacheprovider --durations=8 > "$out/$part.txt" 2>&1 &
    pids[$part]=$!
done
# the main part over GOROD_TEST_WORKERS processes (pytest-xdist; each has Spirit instances of
# its own, tests/realforum/run.sh); worksteal: a worker that is done takes tests from another
"$@" -m "not live_forum" -n "${GOROD_TEST_WORKERS:-3}" --dist worksteal --durations=15
status=$?   # the main run collects the whole suite: even "no test collected" (5) fails it
for part in $(printf '%s\n' "${!parts[@]}" | sort); do
    wait "${pids[$part]}"; rc=$?
    echo "==== $part (tests on the live forum engines, run beside the others: -k \"${parts[$part]}\")"
    cat "$out/$part.txt"
    # 5: no test collected (e.g. a -k that leaves none in a live part): not a failure
    if [ "$status" -eq 0 ] && [ "$rc" -ne 0 ] && [ "$rc" -ne 5 ]; then status=$rc; fi
done
rm -rf "$out"
exit "$status"
