"""supabase-js getClaims() against a stack signing with an ES256 key (the JS contract suite's live stack signs HS256):
starts such a stack and runs tests/engine/auth/js/get-claims-es256.test.mjs with `node --test` against it."""
from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from conftest import WORKDIR
from harness import REPO_ROOT, StackProcess

JS_TEST = REPO_ROOT / "tests" / "engine" / "auth" / "js" / "get-claims-es256.test.mjs"
JS_TESTS = 5  # the file's test() count: a file that silently ran fewer would otherwise pass


@pytest.fixture(scope="module")
def es256_stack(cluster, tmp_path_factory):
    keys_file = tmp_path_factory.mktemp("jskeys") / "signing_keys.json"  # created with a fresh ES256 key at start
    s = StackProcess(cluster, WORKDIR, name="authjs", env={"AUTH_SIGNING_KEYS_PATH": str(keys_file)})
    yield s
    s.stop()


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_supabase_js_get_claims_with_es256(es256_stack):
    env = {**os.environ, "SUPABASE_URL": es256_stack.url, "SUPABASE_ANON_KEY": es256_stack.anon_key,
           "SUPABASE_SERVICE_ROLE_KEY": es256_stack.service_role_key}
    out = subprocess.run(["node", "--test", "--test-reporter=tap", str(JS_TEST)], env=env, cwd=REPO_ROOT,
                         capture_output=True, text=True, timeout=120)
    report = out.stdout + out.stderr
    assert out.returncode == 0, report
    assert re.search(rf"^# pass {JS_TESTS}$", out.stdout, re.M), report
    assert re.search(r"^# fail 0$", out.stdout, re.M), report
