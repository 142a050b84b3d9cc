"""The test harness cleans up after itself: a full run leaves over a gigabyte of cluster data, and a
machine that runs the suites many times a day filled its disk with them."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

from harness import OWNER_FILE, TEST_DIR_PREFIX, Cluster, free_port, owner_mark, sweep_abandoned_test_dirs


def _folder(root: Path, name: str, owner: str | None) -> Path:
    folder = root / f"{TEST_DIR_PREFIX}{name}"
    (folder / "pg").mkdir(parents=True)
    (folder / "pg" / "data").write_bytes(b"x" * 1024)
    if owner is not None:
        (folder / OWNER_FILE).write_text(owner)
    return folder


def test_folders_of_sessions_that_died_are_removed_and_live_ones_kept(tmp_path):
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True, check=True)
    dead = _folder(tmp_path, "dead", finished.stdout.strip())
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        alive = _folder(tmp_path, "alive", str(running.pid))
        mine = _folder(tmp_path, "mine", str(os.getpid()))
        unowned = _folder(tmp_path, "unowned", None)
        garbled = _folder(tmp_path, "garbled", "not a pid")
        other = tmp_path / "someone-else"
        other.mkdir()

        removed = sweep_abandoned_test_dirs(tmp_path)

        assert removed == [dead]
        assert not dead.exists()
        assert all(f.exists() for f in (alive, mine, unowned, garbled, other))
    finally:
        running.kill()
        running.wait()


def test_the_session_cluster_marks_its_folder_with_its_owner(cluster):
    assert cluster.tmp.name.startswith(TEST_DIR_PREFIX)
    pid, started = (cluster.tmp / OWNER_FILE).read_text().split()
    assert pid == str(os.getpid()) and started.isdigit()
    assert cluster.tmp.exists()


def test_a_pid_the_kernel_gave_to_another_process_does_not_keep_a_dead_session(tmp_path):
    # the owner's pid is alive, but it is a later process (another start time): the session is gone
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        pid, started = owner_mark(running.pid).split()
        reused = _folder(tmp_path, "reused", f"{pid} {int(started) + 1}")
        alive = _folder(tmp_path, "alive", f"{pid} {started}")
        assert sweep_abandoned_test_dirs(tmp_path) == [reused]
        assert alive.exists() and not reused.exists()
    finally:
        running.kill()
        running.wait()


def test_a_folder_whose_server_still_answers_is_kept_when_its_owner_looks_gone(tmp_path):
    # an owner this process cannot see (another PID namespace) looks dead; its server still listens
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True, check=True)
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        serving = _folder(tmp_path, "serving", finished.stdout.strip())
        (serving / "pg" / "postmaster.pid").write_text(f"123\n{serving}/pg\n1700000000\n{server.getsockname()[1]}\n")
        stopped = _folder(tmp_path, "stopped", finished.stdout.strip())
        (stopped / "pg" / "postmaster.pid").write_text(f"123\n{stopped}/pg\n1700000000\n{free_port()}\n")
        assert sweep_abandoned_test_dirs(tmp_path) == [stopped]
        assert serving.exists()


def test_a_stopped_cluster_leaves_no_folder_unless_asked_to_keep_it(cluster, monkeypatch):
    monkeypatch.setenv("TEST_DATABASE_URL", cluster.base_url)     # no second server: only the folder matters
    gone = Cluster()
    (gone.tmp / "stack-1" / "storage").mkdir(parents=True)
    gone.stop()
    assert not gone.tmp.exists()

    monkeypatch.setenv("SUPASTACK_KEEP_TEST_DATA", "1")
    kept = Cluster()
    kept.stop()
    try:
        assert kept.tmp.exists()
    finally:
        shutil.rmtree(kept.tmp)
