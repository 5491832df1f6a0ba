"""How long forumlab waits for a forum's install (watch_install): an install slower than the
wait finishes while it makes progress, a hung one is stopped soon after the wait, none runs
past the outer bound, and a failing one fails with its status. Fake installs (small Python
scripts) and short bounds stand in for the real ones (minutes)."""
from __future__ import annotations

import subprocess
import sys

from forumlab import watch_install

BOUNDS = {"wait": 1.0, "stall": 2.0, "outer": 8.0, "sample": 0.2, "cpu_step": 0.2}


def run(tmp_path, script: str, **bounds) -> tuple[str, subprocess.Popen]:
    log = tmp_path / "install.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=out, stderr=subprocess.STDOUT)
        error = watch_install(proc, "install.sh", logs=lambda: [log, *tmp_path.glob("*.log")],
                              **{**BOUNDS, **bounds})
    return error, proc


def test_an_install_slower_than_the_wait_finishes_while_its_log_grows(tmp_path):
    error, proc = run(tmp_path, "import time\nfor i in range(12):\n    print(i, flush=True); time.sleep(0.2)")
    assert error == "" and proc.returncode == 0


def test_an_install_busy_on_the_cpu_with_a_silent_log_is_progress_too(tmp_path):
    # npm writes its log at the end: meanwhile only its CPU says it works
    error, proc = run(tmp_path, "import time\nend = time.monotonic() + 3\nwhile time.monotonic() < end: pass")
    assert error == "" and proc.returncode == 0


def test_a_hung_install_is_stopped_soon_after_the_wait_and_says_so(tmp_path):
    error, proc = run(tmp_path, "import time; print('started', flush=True); time.sleep(60)")
    assert "did not finish within 1 s and made no progress for" in error, error
    assert proc.returncode is not None and proc.returncode != 0     # killed, not left running


def test_no_install_runs_past_the_outer_bound(tmp_path):
    error, proc = run(tmp_path, "import time\nwhile True:\n    print('.', flush=True); time.sleep(0.1)", outer=3.0)
    assert "did not finish within 3 s (the outer bound, GOROD_FORUMS_WAIT_MAX)" in error, error
    assert proc.returncode is not None


def test_a_failed_install_fails_with_its_status(tmp_path):
    error, _ = run(tmp_path, "import sys; print('npm ERR! 404'); sys.exit(3)")
    assert error == "install.sh exited with status 3"
    assert "npm ERR! 404" in (tmp_path / "install.log").read_text()


def test_a_stopped_install_leaves_the_tail_of_the_log_it_was_writing_in_its_own(tmp_path):
    import forumlab
    folder = tmp_path / "nodebb"
    (folder / "forum").mkdir(parents=True)
    (folder / "forum" / "npm-install.log").write_text("npm http fetch GET 200\nnpm WARN stalled\n")
    own = folder / "install.log"
    with open(own, "w") as log:
        log.write("[0s] redis 7.0\n")
        forumlab._append_newest_log(log, forumlab._logs(folder), own)
    text = own.read_text()
    assert text.startswith("[0s] redis 7.0") and text.rstrip().endswith("npm WARN stalled")
    assert "npm-install.log" in text
