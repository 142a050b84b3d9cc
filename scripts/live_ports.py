"""Ports for `make test`'s live stack (API, database, app, mail inbox, mail SMTP), printed on one line.

TEST_API_PORT, TEST_DB_PORT, TEST_APP_PORT, TEST_INBUCKET_PORT and TEST_INBUCKET_SMTP_PORT choose them. Otherwise
the preferred ones are used when free, and a free one in their place when not. All lie below the kernel's
ephemeral range: a port in that range may be the local end of any outgoing connection at the moment the server
binds it (a browser's, npm's), and the server then fails with 'Address already in use'."""
from __future__ import annotations

import os
import random
import socket
from pathlib import Path

NAMES = ("API", "DB", "APP", "INBUCKET", "INBUCKET_SMTP")
PREFERRED = (29321, 29322, 29300, 29324, 29325)


def ephemeral_start() -> int:
    path = Path("/proc/sys/net/ipv4/ip_local_port_range")
    return int(path.read_text().split()[0]) if path.exists() else 32768


def is_free(port: int) -> bool:
    """Nobody listens on it, on any address (a stack on 0.0.0.0 binds every one)."""
    with socket.socket() as s:
        try:
            s.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True


def choose() -> list[int]:
    chosen: list[int] = []
    low, high = 10000, ephemeral_start()
    for name, preferred in zip(NAMES, PREFERRED, strict=True):
        given = os.environ.get(f"TEST_{name}_PORT")
        if given:
            chosen.append(int(given))
            continue
        port = preferred
        while port in chosen or not is_free(port):
            port = random.randrange(low, high)
        chosen.append(port)
    return chosen


if __name__ == "__main__":
    print(*choose())
