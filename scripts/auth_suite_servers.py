"""The four auth servers of supabase-py's auth integration suite (its infra/docker-compose.yml), served by this
stack on one database, so that the suite runs against it as it is:

    9999  sign-up on, e-mail confirmations on (GoTrue's mailer autoconfirm off), SMS on
    9998  sign-up on, confirmations off, SMS on
    9997  sign-up off
    9996  sign-up on, confirmations off, access tokens RS256 with the compose file's key (its GOTRUE_JWT_KEYS
          without the HS256 "oct" entry, as a signing-keys file: --asymmetric-keys FILE)

All with the suite's JWT secret and HS256 access tokens (9996 apart), anonymous sign-ins on and roomy limits
(the suite signs up hundreds of users from one address). The suite's clients name GoTrue's root; here auth
lives under /auth/v1, so point them there (`http://localhost:{PORT}/auth/v1` in tests/_sync|_async/clients.py).

    .venv/bin/python scripts/auth_suite_servers.py --asymmetric-keys keys.json   # READY; Ctrl-C or kill PID stops
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO / "tests"), str(REPO / "supabase")]

from harness import Cluster, StackProcess  # noqa: E402

SUITE_SECRET = "37c304f8-51aa-419a-a1af-06154e63707a"
ASYMMETRIC_SECRET = "Z7-AyPyChGNcQsX16cPBV-pPBo4q-zckDxkq1VZjATo"
ROOMY = {"SIGN_IN_FAILURES_PER_IP": "100000", "SIGN_IN_FAILURES_PER_EMAIL": "100000",
         "RATE_LIMIT_EMAIL_SENT": "100000", "RATE_LIMIT_SMS_SENT": "100000", "ANONYMOUS_USERS_PER_HOUR": "100000"}


def server_env(port: int, **extra: str) -> dict[str, str]:
    return {**ROOMY, "JWT_SECRET": SUITE_SECRET, "ENABLE_ANONYMOUS_SIGN_INS": "true", "AUTH_ASYMMETRIC_KEYS": "false",
            "API_PORT": str(port), "APP_PORT": str(port - 1000), "INBUCKET_PORT": str(port - 2000),
            "INBUCKET_SMTP_PORT": str(port - 3000), "SITE_URL": f"http://localhost:{port}",
            "API_EXTERNAL_URL": f"http://localhost:{port}", **extra}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--asymmetric-keys", required=True, type=Path, help="signing-keys file for port 9996")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, signal.default_int_handler)   # `kill PID` stops everything too
    cluster = Cluster()
    first = StackProcess(cluster, REPO, seed=False, name="suite", env=server_env(
        9999, ENABLE_SIGNUP="true", ENABLE_EMAIL_CONFIRMATIONS="true", AUTH_SMS_ENABLED="true"))
    others = {9998: {"ENABLE_SIGNUP": "true", "AUTH_SMS_ENABLED": "true"},
              9997: {"ENABLE_SIGNUP": "false"},
              9996: {"ENABLE_SIGNUP": "true", "AUTH_SMS_ENABLED": "true", "JWT_SECRET": ASYMMETRIC_SECRET,
                     "AUTH_SIGNING_KEYS_PATH": str(args.asymmetric_keys.resolve())}}
    procs = []
    try:
        for port, extra in others.items():
            data = cluster.tmp / f"server-{port}"
            data.mkdir()
            env = {**os.environ, "DATABASE_URL": first.db_url, **server_env(port, **extra)}
            with open(data / "stack.log", "ab") as log:
                procs.append(subprocess.Popen(
                    [sys.executable, "-m", "supastack", "--workdir", str(REPO), "--data-dir", str(data), "serve"],
                    env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL))
        for port in others:
            deadline = time.monotonic() + 180
            while True:
                try:
                    if httpx.get(f"http://localhost:{port}/auth/v1/health", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise SystemExit(f"the server on {port} did not start: see {cluster.tmp}/server-{port}")
                time.sleep(0.2)
        print("READY", flush=True)
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(15)
        first.stop()
        cluster.stop()


if __name__ == "__main__":
    main()
