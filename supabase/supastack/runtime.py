"""What runs for a data folder: the API process that `start` launched, recorded in `<data>/stack.json`
with the ports it serves, so that `stop` signals only that process (never a reused PID) and `status`
prints the URLs that are really served."""
from __future__ import annotations

import json
import os
import signal
import time
from dataclasses import asdict, dataclass
from pathlib import Path


@dataclass
class Running:
    pid: int
    started: str          # the process's start time (/proc/<pid>/stat field 22): a reused PID differs
    host: str
    api_port: int
    app_port: int
    db_port: int


PRIVATE_UMASK = 0o077
DATA_DIR_MODE = 0o700
_CLUSTER = "pg"          # the embedded PostgreSQL's folder: the server keeps its own modes (0700/0600)


def data_dir_mode(embedded_as_other_user: bool) -> int:
    """0700; 0701 (traversable, not listable) when the embedded PostgreSQL runs as another user (started as
    root, it runs as `nobody`) and must reach its cluster folder inside."""
    return DATA_DIR_MODE | (0o001 if embedded_as_other_user else 0)


def secure_data_dir(data_dir: Path, embedded_as_other_user: bool = False) -> None:
    """The data folder holds client documents, mail, keys and logs: the folder 0700, and whatever an older
    version left readable by group or others (stored files 0644 in 0755 folders) narrowed to the owner."""
    data_dir.mkdir(parents=True, exist_ok=True, mode=DATA_DIR_MODE)
    os.chmod(data_dir, data_dir_mode(embedded_as_other_user))
    for folder, dirs, files in os.walk(data_dir):
        if Path(folder) == data_dir and _CLUSTER in dirs:
            dirs.remove(_CLUSTER)
        for name in dirs + files:
            path = os.path.join(folder, name)
            try:
                mode = os.lstat(path).st_mode
                if mode & 0o077 and not os.path.islink(path):
                    os.chmod(path, mode & 0o700)
            except FileNotFoundError:    # removed meanwhile (a running stack's temporary file)
                continue


def state_file(data_dir: Path) -> Path:
    return data_dir / "stack.json"


def _start_time(pid: int) -> str | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]


def _command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def record(data_dir: Path, running: Running) -> None:
    path = state_file(data_dir)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(asdict(running), indent=2))
    tmp.replace(path)
    (data_dir / "stack.pid").write_text(str(running.pid))   # for tools that look for a pid file


def recorded(data_dir: Path) -> Running | None:
    try:
        return Running(**json.loads(state_file(data_dir).read_text()))
    except (OSError, ValueError, TypeError):
        return None


def forget(data_dir: Path) -> None:
    state_file(data_dir).unlink(missing_ok=True)
    (data_dir / "stack.pid").unlink(missing_ok=True)


def start_time_of(pid: int) -> str:
    """The identity `record` keeps for a process started now."""
    return _start_time(pid) or ""


def is_alive(running: Running) -> bool:
    """The recorded process still runs: same PID, same start time, and it is a supastack server."""
    if _start_time(running.pid) != running.started:
        return False
    command = _command_line(running.pid)
    return "supastack" in command and " serve" in command


def current(data_dir: Path) -> Running | None:
    """The recorded API process if it still runs; a stale record is forgotten."""
    running = recorded(data_dir)
    if running is None:
        return None
    if is_alive(running):
        return running
    forget(data_dir)
    return None


def _signal(running: Running, sig: int) -> None:
    """To the server's process group when it leads one (its forked workers too), else to the process."""
    try:
        if os.getpgid(running.pid) == running.pid:
            os.killpg(running.pid, sig)
        else:
            os.kill(running.pid, sig)
    except ProcessLookupError:
        pass


def stop(running: Running, grace: float = 10.0) -> None:
    """SIGTERM, then SIGKILL after `grace` seconds if the server still runs."""
    _signal(running, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        if not is_alive(running):
            return
        time.sleep(0.1)
    _signal(running, signal.SIGKILL)
