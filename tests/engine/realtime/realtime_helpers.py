"""Realtime test helpers: user tokens and a supabase-js listener (imported by name, not through conftest,
so that running several test folders together cannot pick another folder's conftest)."""
from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path

from harness import access_token
from supastack.core import jwt

FIXTURE = Path(__file__).parent / "fixture"
LISTENER = Path(__file__).parent / "js" / "listen.mjs"


def user_token(stack, user_id: str | None = None, ttl: int = 3600, role: str = "authenticated") -> str:
    return access_token(stack, user_id, role=role, ttl=ttl)


def sub_of(token: str) -> str:
    return jwt.jose_jwt.get_unverified_claims(token)["sub"]


class NodeListener:
    """supabase-js (Node) subscribed as `spec` says; every event it receives is a JSON line."""

    def __init__(self, stack, spec: dict) -> None:
        env = {**os.environ, "SUPABASE_URL": stack.url, "SUPABASE_ANON_KEY": stack.anon_key}
        self.proc = subprocess.Popen(["node", str(LISTENER), json.dumps(spec)], env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.events: queue.Queue[dict] = queue.Queue()
        self.seen: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            line = line.strip()
            if line.startswith("{"):
                self.events.put(json.loads(line))

    def wait(self, predicate, timeout: float = 5.0) -> dict:
        deadline = time.monotonic() + timeout
        for event in self.seen:
            if predicate(event):
                return event
        while time.monotonic() < deadline:
            try:
                event = self.events.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            self.seen.append(event)
            if predicate(event):
                return event
        raise AssertionError(f"no matching event within {timeout}s; seen: {self.seen}; "
                             f"stderr: {self._stderr()}")

    def drain(self, seconds: float) -> list[dict]:
        time.sleep(seconds)
        while not self.events.empty():
            self.seen.append(self.events.get())
        return self.seen

    def command(self, command: dict) -> None:
        self.proc.stdin.write(json.dumps(command) + "\n")
        self.proc.stdin.flush()

    def _stderr(self) -> str:
        if self.proc.poll() is None:
            return "(running)"
        return self.proc.stderr.read()[-2000:]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
