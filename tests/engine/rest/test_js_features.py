"""supabase-js (postgrest-js) against the fixture stack on RPC counts, overloads, schemas, computed
fields and relationships, stripped nulls, missing defaults, logic-tree literals and embed disambiguation
(the script is tests/engine/rest/js/postgrest_features.mjs)."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
JS_SCRIPT = Path(__file__).parent / "js" / "postgrest_features.mjs"


def test_supabase_js_features(rest_stack):
    env = {**os.environ, "SUPABASE_URL": rest_stack.url, "SUPABASE_ANON_KEY": rest_stack.anon_key,
           "SUPABASE_SERVICE_ROLE_KEY": rest_stack.service_role_key, "NODE_PATH": str(REPO / "node_modules")}
    out = subprocess.run(["node", str(JS_SCRIPT)], env=env, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    results = json.loads(out.stdout)
    failures = {name: r for name, r in results.items() if not r["ok"]}
    assert not failures, json.dumps(failures, indent=1)
    assert len(results) == 11
