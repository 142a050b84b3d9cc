"""The foundation: embedded PostgreSQL with Supabase's platform schemas, keys, health, app server."""
import httpx
import psycopg

from supastack.core import jwt


def test_health_and_rest_root(stack):
    assert httpx.get(f"{stack.url}/auth/v1/health").status_code == 200
    assert httpx.get(f"{stack.url}/rest/v1/").status_code == 200


def test_platform_schema(stack):
    roles = {r[0] for r in stack.sql("select rolname from pg_roles where rolname in "
                                     "('anon','authenticated','service_role')")}
    assert roles == {"anon", "authenticated", "service_role"}
    assert stack.sql("select rolbypassrls from pg_roles where rolname='service_role'")[0][0] is True
    # pgcrypto works as on a hosted Supabase
    hashed = stack.sql("select extensions.crypt('x', extensions.gen_salt('bf'))")[0][0]
    assert hashed.startswith("$2a$")
    assert stack.sql("select count(*) from pg_publication where pubname='supabase_realtime'")[0][0] == 1
    with psycopg.connect(stack.db_url) as conn:
        conn.execute("set role authenticated")
        conn.execute("select set_config('request.jwt.claims', %s, true)",
                     ('{"sub":"6de95fae-dec9-44a4-9d6d-b8b22ff110b4","role":"authenticated"}',))
        assert str(conn.execute("select auth.uid()").fetchone()[0]) == "6de95fae-dec9-44a4-9d6d-b8b22ff110b4"
        assert conn.execute("select auth.role()").fetchone()[0] == "authenticated"


def test_keys_are_signed_with_the_project_secret(stack):
    claims = jwt.verify(stack.anon_key, stack.settings.jwt_secret)
    assert claims["role"] == "anon" and claims["iss"] in ("supabase-demo", "supabase")  # CLI default, or generated
    assert jwt.verify(stack.service_role_key, stack.settings.jwt_secret)["role"] == "service_role"


def test_gateway_key_mapping(stack):
    s = stack.settings
    assert jwt.bearer_token({"apikey": s.secret_key}, s) == s.service_role_key
    assert jwt.bearer_token({"authorization": f"Bearer {s.publishable_key}"}, s) == s.anon_key
    assert jwt.bearer_token({"apikey": s.anon_key}, s) == s.anon_key
    assert jwt.bearer_token({}, s) is None


def test_app_server_gives_env_at_run_time(stack):
    r = httpx.get(f"{stack.app_url}/env.js")
    assert r.status_code == 200
    assert stack.anon_key in r.text and "window.location.origin" in r.text


def test_seed_files_are_uploaded_once_and_served(stack):
    from supastack.cli import seed_bucket_objects

    root = stack.workdir / "supabase" / "seed-storage" / "client_documents"
    files = [p for p in root.rglob("*") if p.is_file()]
    assert files, "the demo documents the seed points at"
    first = seed_bucket_objects(stack.settings)
    assert seed_bucket_objects(stack.settings) == 0          # idempotent: existing objects are kept
    assert first in (0, len(files))
    passport = "c0000000-0000-4000-8000-000000000001/1700000000000.pdf"
    r = httpx.get(f"{stack.url}/storage/v1/object/client_documents/{passport}",
                  headers={"Authorization": f"Bearer {stack.service_role_key}"})
    assert r.status_code == 200
    assert r.content == (root / passport).read_bytes()
    assert r.headers["content-type"].startswith("application/pdf")
    # every seeded document row points at a file that now exists
    paths = [row[0] for row in
             stack.sql("select file_path from public.client_documents where id::text like 'f5000000-%'")]
    names = {row[0] for row in stack.sql("select name from storage.objects where bucket_id = 'client_documents'")}
    assert set(paths) <= names


def test_oversized_json_bodies_are_refused_before_reading(stack):
    big = b"[" + b"1," * (6 * 1024 * 1024) + b"1]"   # ~12 MiB, over the 10 MiB default
    for path in ("/rest/v1/process_stages", "/auth/v1/token?grant_type=password", "/functions/v1/system-settings"):
        r = httpx.post(f"{stack.url}{path}", content=big, headers={"Content-Type": "application/json",
                                                                   "apikey": stack.anon_key})
        assert r.status_code == 413, path
        assert r.json()["message"] == "Request body too large"
    # small bodies still reach the service
    r = httpx.post(f"{stack.url}/auth/v1/token?grant_type=password", json={"email": "x@y.z", "password": "nope"})
    assert r.status_code == 400


def test_env_js_gives_browsers_the_public_api_url_behind_a_proxy(cluster):
    from harness import StackProcess

    s = StackProcess(cluster, name="public_url", seed=False,
                     env={"API_EXTERNAL_URL": "https://api.escritorio.example.com",
                          "JWT_SECRET": "x7Vq2m9L0pT4s8Wb1nR6yK3cZ5hJ0fGd2aQe7uI9oP1",
                          "ALLOW_LOCAL_MAIL_SINK": "true",
                          "SETTINGS_ENCRYPTION_KEY": "Qm3vT8rL1pZ6wX0cN4bH7yK2sD9fG5jA8eU1oI3tR6q"})
    try:
        r = httpx.get(f"{s.app_url}/env.js")
        assert "https://api.escritorio.example.com" in r.text and s.url not in r.text
        # the named API is another origin: the page opens its connection early, and keeps it
        assert 'link.href = "https://api.escritorio.example.com"' in r.text
        assert "window.location.origin" not in r.text
    finally:
        s.stop()
