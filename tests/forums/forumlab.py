"""The six live forum engines of `make test`: MyBB, phpBB, SMF, FluxBB, Misago, NodeBB.

    python3 tests/forums/forumlab.py up HOME     # start every engine's install in the background
    python3 tests/forums/forumlab.py env HOME    # the GOROD_FORUM_<ENGINE>_URL lines for the shell
    python3 tests/forums/forumlab.py wait HOME   # block until every engine is up or failed
    python3 tests/forums/forumlab.py down HOME   # stop them all, by the PIDs they recorded

Each engine is installed from `../shared/realforum/engines/<engine>/` (its source tarball and
its own install/seed/stop scripts, run as they are) into HOME/<engine>/ on free 127.0.0.1
ports. `up` returns at once: the installs run in parallel while the unit tests run, and each
writes HOME/<engine>/status.json when it is over (state "up" with the URL and accounts, or
"failed" with the log). Tests get an engine through `live_engine()` (pytest), which waits for
that file. Only the standard library here: `up` runs before gorod's venv matters.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
ENGINES = ("mybb", "phpbb", "smf", "fluxbb", "misago", "nodebb")
# An install may take WAIT_SECONDS; past that it goes on only while it makes progress (its logs
# grow, or its processes use CPU) within STALL_SECONDS, and never past OUTER_SECONDS. Under heavy
# load a slow install still finishes; a hung one fails with its log a little after WAIT_SECONDS.
WAIT_SECONDS = float(os.environ.get("GOROD_FORUMS_WAIT", "480"))
STALL_SECONDS = float(os.environ.get("GOROD_FORUMS_STALL", "90"))
OUTER_SECONDS = float(os.environ.get("GOROD_FORUMS_WAIT_MAX", str(max(900.0, WAIT_SECONDS))))


@dataclass(frozen=True)
class Accounts:
    gm: str
    players: tuple[str, ...]
    password: str


PHP_ACCOUNTS = Accounts("Мастер", ("Вася", "Петя", "Аня", "Катя"), "pass12345")
ACCOUNTS = {
    "mybb": PHP_ACCOUNTS, "phpbb": PHP_ACCOUNTS, "smf": PHP_ACCOUNTS, "fluxbb": PHP_ACCOUNTS,
    "misago": Accounts("gm", ("Vasya", "Petya", "Masha", "Olya"), "pass1234"),
    "nodebb": Accounts("gm", ("Вася", "Петя", "Маша", "Оля"), "GorodLab!2718"),
}


@dataclass
class Status:
    engine: str
    state: str                       # "up" or "failed"
    url: str
    gm: str
    players: list[str]
    password: str
    seconds: float
    log: str
    error: str = ""
    users: dict = field(default_factory=dict)
    passwords: dict = field(default_factory=dict)   # a player's own password where not `password` (Spirit)


def engines_dir() -> Path | None:
    for candidate in (os.environ.get("GOROD_SHARED"), ROOT.parent / "shared", ROOT / "shared"):
        if candidate and (Path(candidate) / "realforum" / "engines").is_dir():
            return Path(candidate) / "realforum" / "engines"
    return None


def selected() -> list[str]:
    """The engines of this run: all, or those GOROD_FORUMS names (space-separated; "none")."""
    wanted = os.environ.get("GOROD_FORUMS")
    if wanted is None:
        return list(ENGINES)
    unknown = set(wanted.split()) - set(ENGINES) - {"none"}
    if unknown:
        sys.exit(f"GOROD_FORUMS: unknown engine(s) {sorted(unknown)}; known: {' '.join(ENGINES)}")
    return [e for e in ENGINES if e in wanted.split()]


def env_name(engine: str) -> str:
    return f"GOROD_FORUM_{engine.upper()}_URL"


# -- ports ----------------------------------------------------------------------------------
def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _ports(taken: set[int]) -> int:
    """A port P with P, P+1 and P+80 free (the scripts put Redis on P+1 and MariaDB on P+80)."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        wanted = {port, port + 1, port + 80}
        if port + 80 < 65000 and not wanted & taken and all(_free(p) for p in wanted):
            taken.update(wanted)
            return port


# -- the install commands, one per engine ---------------------------------------------------
def _command(engine: str, src: Path, home: Path, port: int, extra_port: int) -> tuple[list[str], dict]:
    here = src / engine
    work = home / engine / "forum"
    env = {"PATH": f"{HERE / 'bin'}:{os.environ.get('PATH', '/usr/bin:/bin')}"}   # apt-get waits for dpkg's lock
    if engine in ("mybb", "phpbb", "smf", "fluxbb"):
        cmd = ["bash", str(here / "install.sh"), str(here / "src.tar.gz"), str(port), str(work)]
        if engine == "fluxbb":
            env["ANTIBOT"] = "keep"          # the shipped anti-bot login addon stays on
    elif engine == "misago":
        cmd = ["bash", str(here / "install.sh"), str(home / engine / "forum"), str(port), str(extra_port)]
        env["PYTHON"] = os.environ.get("GOROD_MISAGO_PYTHON", "python3.11")
    else:  # nodebb
        cmd = ["bash", str(here / "install.sh"), str(port)]
        env["LAB_DIR"] = str(work)
        env["NPM_CACHE"] = str(home / "cache" / "npm")   # kept between runs: a warm npm install
    return cmd, env


def _stop_command(engine: str, src: Path, home: Path, status: dict) -> tuple[list[str], dict]:
    here = src / engine
    work = home / engine / "forum"
    if engine == "nodebb":
        return ["bash", str(here / "stop.sh"), str(status["port"])], {"LAB_DIR": str(work)}
    return ["bash", str(here / "stop.sh"), str(work)], {}


# -- up / down ------------------------------------------------------------------------------
def up(home: Path) -> int:
    src = engines_dir()
    if src is None:
        print("forums: ../shared/realforum/engines is absent: the live forum engines are not started")
        return 0
    home.mkdir(parents=True, exist_ok=True)
    taken: set[int] = set()
    plan = {}
    chosen = selected()
    for engine in ENGINES:
        for stale in ("status.json", "plan.json"):
            (home / engine / stale).unlink(missing_ok=True)
    for engine in chosen:
        folder = home / engine
        folder.mkdir(exist_ok=True)
        port = _ports(taken)
        extra = _ports(taken)
        plan[engine] = {"port": port, "extra_port": extra, "url": f"http://127.0.0.1:{port}"}
        (folder / "plan.json").write_text(json.dumps(plan[engine]), encoding="utf-8")
    for engine in chosen:
        # one detached supervisor per engine (its own process group, PID recorded): runs the
        # install, writes status.json
        log = open(home / engine / "supervisor.log", "w")
        proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "install", str(home), engine],
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        (home / engine / "supervisor.pid").write_text(str(proc.pid))
    if chosen:
        print("forums: installing " + ", ".join(f"{e} at {plan[e]['url']}" for e in chosen) + " in the background")
    return 0


def install(home: Path, engine: str) -> int:
    """Run one engine's install script; write its status.json whatever happens."""
    src = engines_dir()
    assert src is not None
    folder = home / engine
    plan = json.loads((folder / "plan.json").read_text(encoding="utf-8"))
    cmd, extra_env = _command(engine, src, home, plan["port"], plan["extra_port"])
    log_path = folder / "install.log"
    accounts = ACCOUNTS[engine]
    started = time.monotonic()
    error = ""
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **extra_env},
                                cwd=str(folder))
        error = watch_install(proc, cmd[1], logs=lambda: _logs(folder))
        if error and proc.returncode is not None and proc.returncode < 0:   # stopped by the watch
            _append_newest_log(log, _logs(folder), log_path)
    if not error:
        error = _answers(plan["url"])
    users = _users(folder / "forum" / "seed.json")
    status = Status(engine, "failed" if error else "up", plan["url"], accounts.gm, list(accounts.players),
                    accounts.password, round(time.monotonic() - started, 1), str(log_path), error, users)
    tmp = folder / "status.json.tmp"
    tmp.write_text(json.dumps({**asdict(status), "port": plan["port"]}, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, folder / "status.json")
    return 0


def _logs(folder: Path) -> list[Path]:
    """Where an install writes as it goes: its own log, and the logs its script writes in the
    engine's folder (NodeBB's npm-install.log and setup.log, Misago's pg/server.log, ...)."""
    return [folder / "install.log", *folder.glob("forum/*.log"), *folder.glob("forum/*/*.log")]


def watch_install(proc: subprocess.Popen, what: str, *, logs, wait: float | None = None,
                  stall: float | None = None, outer: float | None = None, sample: float = 5.0,
                  cpu_step: float = 1.0) -> str:
    """Wait for an install: "" when it exits 0, else why it failed. Up to `wait` seconds
    whatever it does; then on while it makes progress (`logs()` grow, or its processes use
    CPU: `cpu_step` seconds since the last progress, more than idle servers use in `stall`)
    within `stall` seconds; never past `outer`. An install stopped for it is killed."""
    wait = WAIT_SECONDS if wait is None else wait
    stall = STALL_SECONDS if stall is None else stall
    outer = max(wait, OUTER_SECONDS if outer is None else outer)
    started = last_progress = time.monotonic()
    seen = (_log_state(logs()), _tree_cpu(proc.pid))
    while True:
        try:
            code = proc.wait(timeout=sample)
            return "" if code == 0 else f"{what} exited with status {code}"
        except subprocess.TimeoutExpired:
            pass
        now = time.monotonic()
        logs_now, cpu_now = _log_state(logs()), _tree_cpu(proc.pid)
        if logs_now != seen[0] or cpu_now - seen[1] >= cpu_step:
            last_progress, seen = now, (logs_now, cpu_now)
        elif cpu_now < seen[1]:
            seen = (seen[0], cpu_now)                            # a child left the tree
        elapsed = now - started
        if elapsed >= outer:
            why = f"{what} did not finish within {outer:.0f} s (the outer bound, GOROD_FORUMS_WAIT_MAX)"
        elif elapsed >= wait and now - last_progress >= stall:
            why = (f"{what} did not finish within {wait:.0f} s and made no progress for {now - last_progress:.0f} s "
                   "(its logs did not grow, its processes used no CPU)")
        else:
            continue
        proc.kill()
        proc.wait()
        return why


def _append_newest_log(log, paths: list[Path], own: Path, lines: int = 20) -> None:
    """An install stopped while writing another log (NodeBB's npm-install.log): its tail at
    the end of the install's own log, which is what a failed test shows."""
    written = [p for p in paths if p != own and p.exists()]
    if not written:
        return
    newest = max(written, key=lambda p: p.stat().st_mtime)
    log.write(f"\n---- forumlab: the install was stopped; the last lines of {newest}:\n")
    log.write("\n".join(newest.read_text(errors="replace").splitlines()[-lines:]) + "\n")
    log.flush()


def _log_state(paths: list[Path]) -> tuple:
    state = []
    for path in sorted(paths):
        try:
            st = path.stat()
        except OSError:
            continue
        state.append((str(path), st.st_size, st.st_mtime_ns))
    return tuple(state)


def _tree_cpu(root: int) -> float:
    """CPU seconds used by the process `root` and its live descendants (and the children they
    have waited for), from /proc; 0 where /proc cannot say."""
    parents, times = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        pid = int(stat.parent.name)
        parents[pid] = int(fields[1])
        times[pid] = sum(int(t) for t in fields[11:15])    # utime stime cutime cstime
    tree, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid in tree:
            continue
        tree.add(pid)
        todo += [child for child, parent in parents.items() if parent == pid]
    return sum(times.get(pid, 0) for pid in tree) / os.sysconf("SC_CLK_TCK")


def _answers(url: str) -> str:
    import urllib.request
    try:
        with urllib.request.urlopen(url + "/", timeout=30) as response:
            return "" if response.status == 200 else f"{url}/ answered HTTP {response.status}"
    except OSError as exc:
        return f"{url}/ does not answer after the install: {exc}"


def _users(seed: Path) -> dict:
    try:
        return json.loads(seed.read_text(encoding="utf-8").strip().splitlines()[-1]).get("users", {})
    except (OSError, ValueError, IndexError, AttributeError):
        return {}


def wait(home: Path, engines=ENGINES, timeout: float | None = None) -> dict[str, dict]:
    """Each engine's status once its install is over. The supervisor bounds the install
    (watch_install) and writes the status: this waits while it is alive, up to its outer
    bound and a minute more for the check after the install."""
    deadline = time.monotonic() + (max(OUTER_SECONDS, WAIT_SECONDS) + 60 if timeout is None else timeout)
    out = {}
    for engine in engines:
        path = home / engine / "status.json"
        while not path.exists() and time.monotonic() < deadline:
            if not _supervisor_alive(home, engine):
                time.sleep(0.2)      # it may have written the file just now
                break
            time.sleep(0.5)
        out[engine] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
    return out


def _supervisor_alive(home: Path, engine: str) -> bool:
    try:
        pid = int((home / engine / "supervisor.pid").read_text())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return False
    try:   # a zombie (its parent, run.sh's `up`, has exited) is dead
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except OSError:
        return False


def down(home: Path) -> int:
    src = engines_dir()
    if src is None or not home.is_dir():
        return 0
    for engine in ENGINES:
        folder = home / engine
        pidfile = folder / "supervisor.pid"
        if pidfile.exists():
            # an install still running: stop its process group (the supervisor's own session)
            try:
                pid = int(pidfile.read_text())
                if _supervisor_alive(home, engine):
                    os.killpg(pid, signal.SIGTERM)
                    for _ in range(50):
                        if not _supervisor_alive(home, engine):
                            break
                        time.sleep(0.1)
            except (OSError, ValueError):
                pass
            pidfile.unlink(missing_ok=True)
        plan = folder / "plan.json"
        if not plan.exists():
            continue
        cmd, env = _stop_command(engine, src, home, json.loads(plan.read_text(encoding="utf-8")))
        subprocess.run(cmd, env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=120)
        plan.unlink()
    return 0


def env(home: Path) -> int:
    for engine in ENGINES:
        plan = home / engine / "plan.json"
        if plan.exists():
            print(f"export {env_name(engine)}={json.loads(plan.read_text())['url']}")
    return 0


# -- for the tests ----------------------------------------------------------------------------
def live_engine(engine: str) -> Status:
    """The engine's status once its install is over: skip when it is not part of this run
    (no ../shared, or pytest run outside run.sh), fail with its log when it did not start."""
    import pytest
    home = os.environ.get("GOROD_FORUMS_HOME")
    if not os.environ.get(env_name(engine)) or not home:
        if engines_dir() is None:
            why = "../shared/realforum/engines is absent"
        elif home and os.environ.get("GOROD_FORUMS") is not None:
            why = f"not in GOROD_FORUMS={os.environ['GOROD_FORUMS']!r}"
        else:
            why = "not started: run `make test` (or tests/realforum/run.sh pytest ...)"
        pytest.skip(f"live {engine} forum: {why}")
    status = wait(Path(home), (engine,))[engine]
    if status is None:
        pytest.fail(f"live {engine} forum: no status.json: its install's supervisor ended without one, or "
                    f"{max(OUTER_SECONDS, WAIT_SECONDS) + 60:.0f} s passed (see {home}/{engine}/install.log)",
                    pytrace=False)
    if status["state"] != "up":
        tail = _tail(status["log"])
        pytest.fail(f"live {engine} forum failed to install: {status['error']}\n{tail}", pytrace=False)
    fields = {k: status[k] for k in Status.__dataclass_fields__ if k in status}
    return Status(**fields)


def _tail(path: str, lines: int = 25) -> str:
    try:
        return "\n".join(Path(path).read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return f"(no log at {path})"


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("up", "down", "wait", "env", "install"):
        print(__doc__, file=sys.stderr)
        return 2
    home = Path(argv[1]).resolve()
    if argv[0] == "up":
        return up(home)
    if argv[0] == "down":
        return down(home)
    if argv[0] == "env":
        return env(home)
    if argv[0] == "install":
        return install(home, argv[2])
    for engine, status in wait(home).items():
        print(engine, status["state"] if status else "no status", status and status["seconds"],
              status and status["error"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
