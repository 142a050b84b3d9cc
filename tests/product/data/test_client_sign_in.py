"""Log-ins made by the seed and by create_client_user work with the auth API (supabase-py)."""
from __future__ import annotations

import json

import psycopg
import pytest
from data_actors import ACTORS, DEMO_PASSWORD, MARIA_CLIENT, STAFF
from data_sqlroles import act_as

from supabase import create_client


@pytest.mark.parametrize("actor", [a for a in ACTORS if not a.is_anon], ids=str)
def test_demo_logins_sign_in(data_stack, actor):
    client = create_client(data_stack.url, data_stack.anon_key)
    session = client.auth.sign_in_with_password({"email": actor.email, "password": DEMO_PASSWORD}).session
    assert session.user.id == actor.user_id


def test_a_client_created_by_staff_signs_in(data_stack):
    email = "assinatura.nova@cliente.test"
    try:
        with psycopg.connect(data_stack.db_url, autocommit=True) as conn:
            with conn.transaction():
                act_as(conn, STAFF[1])
                conn.execute("select public.create_client_user(%s, %s, %s, null, null)",
                             (email, "senha-inicial", "Cliente Nova"))
        client = create_client(data_stack.url, data_stack.anon_key)
        session = client.auth.sign_in_with_password({"email": email, "password": "senha-inicial"}).session
        assert session.user.email == email
        assert session.user.user_metadata.get("full_name") == "Cliente Nova"
        # the token it got is one RLS understands: the new client sees its own row only
        claims = {"sub": session.user.id, "role": "authenticated"}
        with psycopg.connect(data_stack.db_url) as conn:
            conn.execute("set local role authenticated")
            conn.execute("select set_config('request.jwt.claims', %s, true)", (json.dumps(claims),))
            assert [r[0] for r in conn.execute("select email from public.clients")] == [email]
    finally:
        data_stack.sql("delete from public.clients where email = %s", (email,))
        data_stack.sql("delete from auth.users where email = %s", (email,))



def test_explain_with_the_projects_defaults(data_stack):
    """The project's config.toml says nothing of plan output: in local development supabase-py's explain()
    gets the plan (as from the clients' test PostgREST), run as the caller under RLS."""
    client = create_client(data_stack.url, data_stack.anon_key)
    client.auth.sign_in_with_password({"email": "maria.silva@cliente.test", "password": DEMO_PASSWORD})
    plan = client.table("clients").select("id").eq("id", MARIA_CLIENT).explain(format="json", analyze=True).execute()
    assert plan.data[0]["Plan"]["Actual Rows"] == 1 and "Execution Time" in plan.data[0]
    text = client.table("clients").select("id").explain(analyze=True, verbose=True, settings=True, buffers=True,
                                                         wal=True).execute()
    assert "public.clients" in str(text) and "Execution Time" in str(text)
