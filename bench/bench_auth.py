"""Sign-in latency against one bcrypt verification at the same cost: the ratio shows the service's overhead."""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import bcrypt  # noqa: E402
import httpx  # noqa: E402

from harness import Cluster, StackProcess  # noqa: E402

SIGN_INS = 30
PASSWORD = "Bench@12345"


def main() -> None:
    cluster = Cluster()
    stack = None
    try:
        stack = StackProcess(cluster, name="benchauth", seed=False)
        base = f"{stack.url}/auth/v1"
        admin = {"apikey": stack.service_role_key, "Authorization": f"Bearer {stack.service_role_key}"}
        httpx.post(f"{base}/admin/users", headers=admin,
                   json={"email": "bench@example.test", "password": PASSWORD, "email_confirm": True}).raise_for_status()
        headers = {"apikey": stack.anon_key, "X-Supabase-Api-Version": "2024-01-01"}
        body = {"email": "bench@example.test", "password": PASSWORD}
        with httpx.Client(headers=headers) as http:
            for _ in range(3):  # warm-up: connections, pool, code paths
                http.post(f"{base}/token?grant_type=password", json=body).raise_for_status()
            sign_ins = []
            for _ in range(SIGN_INS):
                t = time.perf_counter()
                http.post(f"{base}/token?grant_type=password", json=body).raise_for_status()
                sign_ins.append(time.perf_counter() - t)
        hashed = bcrypt.hashpw(PASSWORD.encode(), bcrypt.gensalt(10, prefix=b"2a"))
        verifies = []
        for _ in range(10):
            t = time.perf_counter()
            bcrypt.checkpw(PASSWORD.encode(), hashed)
            verifies.append(time.perf_counter() - t)
        sign_in_ms = statistics.median(sign_ins) * 1000
        verify_ms = statistics.median(verifies) * 1000
        print(f"auth sign-in p50 {sign_in_ms:.1f} ms; bcrypt verify {verify_ms:.1f} ms; "
              f"ratio {sign_in_ms / verify_ms:.2f}")
    finally:
        if stack:
            stack.stop()
        cluster.stop()


if __name__ == "__main__":
    main()
