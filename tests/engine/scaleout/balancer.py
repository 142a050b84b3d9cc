"""HAProxy (Debian's package) in front of several API nodes: the configuration docs/deploy.md shows, on free ports.

- health checks on the stack's own health endpoint (`GET /auth/v1/health`) every 500 ms, a node out after two
  failures and back after two successes;
- WebSockets pass through (HAProxy upgrades them by itself; `timeout tunnel` keeps an idle realtime socket open
  between the client's heartbeats);
- `retry-on conn-failure` with `option redispatch`: a request that could not reach a node (refused, reset
  before it was sent) goes to another one; a request already sent is never replayed (it may have been written).
"""
from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import httpx

from harness import free_port

CONFIG = """global
    maxconn 2000
defaults
    mode http
    option http-server-close
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    retries 3
    retry-on conn-failure
    option redispatch 1
frontend api
    bind 127.0.0.1:{port}
    default_backend nodes
backend nodes
    balance {balance}
    option httpchk GET /auth/v1/health
    http-check expect status 200
    default-server inter 500ms fall 2 rise 2
{servers}
"""


def haproxy_binary() -> str | None:
    return shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)


class Balancer:
    def __init__(self, folder: Path, nodes: list[str], balance: str = "roundrobin") -> None:
        binary = haproxy_binary()
        if binary is None:
            raise RuntimeError("haproxy is not installed")
        self.port = free_port()
        servers = "\n".join(f"    server n{i} {node.split('://', 1)[1]} check" for i, node in enumerate(nodes))
        self.config = Path(folder) / "haproxy.cfg"
        self.config.write_text(CONFIG.format(port=self.port, balance=balance, servers=servers))
        log = open(Path(folder) / "haproxy.log", "wb")
        self.proc = subprocess.Popen([binary, "-db", "-f", str(self.config)], stdout=log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(f"{self.url}/auth/v1/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("haproxy did not start: " + (Path(folder) / "haproxy.log").read_text()[-2000:])
            time.sleep(0.1)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
