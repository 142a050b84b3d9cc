"""A restart must not widen anything: privileges after the N-th start equal those after the first, and the
security suite as a whole runs against a stack that was migrated and restarted (see conftest's sec_stack)."""
from __future__ import annotations

import uuid

from security_helpers import ADMIN_USER, MARIA_CLIENT, SECRETARY_USER

from harness import StackProcess
from supastack.db.migrate import migrate

# Every privilege the API roles hold on the database's objects, and the default privileges for new ones.
PRIVILEGES_SQL = """
select 'table', table_schema || '.' || table_name, grantee, privilege_type
  from information_schema.role_table_grants where grantee in ('anon', 'authenticated', 'service_role')
union all
select 'column', table_schema || '.' || table_name || '.' || column_name, grantee, privilege_type
  from information_schema.column_privileges where grantee in ('anon', 'authenticated', 'service_role')
union all
select 'routine', p.oid::regprocedure::text, r.rolname, 'EXECUTE'
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  cross join pg_roles r
 where n.nspname in ('public', 'auth', 'storage', 'realtime') and r.rolname in ('anon', 'authenticated', 'service_role')
   and has_function_privilege(r.oid, p.oid, 'EXECUTE')
union all
select 'default', d.defaclnamespace::regnamespace::text || ':' || d.defaclobjtype::text, d.defaclacl::text, ''
  from pg_default_acl d
order by 1, 2, 3, 4
"""


def test_privileges_after_restarts_equal_those_after_the_first_start(cluster):
    s = StackProcess(cluster, name="privileges")
    try:
        first = s.sql(PRIVILEGES_SQL)
        assert first, "the snapshot must see the API roles' privileges"
        for _ in range(2):   # `start` and `migrate` both run the bootstrap and the migrations again
            migrate(s.db_url, s.settings.migrations_dir, None, log=lambda *_: None)
        s.restart()
        assert s.sql(PRIVILEGES_SQL) == first
    finally:
        s.stop()


def test_after_a_restart_a_secretary_still_cannot_rewrite_her_e_mail(attacker, sec_stack):
    r = attacker.patch(f"/rest/v1/profiles?id=eq.{SECRETARY_USER}", "secretary",
                       json={"email": "admin@escritorio.test"})
    assert r.status_code in (401, 403) and r.json()["code"] == "42501"
    assert sec_stack.sql("select email from profiles where id = %s", (SECRETARY_USER,)) == \
        [("secretaria@escritorio.test",)]


def test_after_a_restart_anon_still_cannot_call_the_role_helpers(attacker):
    for fn, args in (("has_role", {"role_name": "administrator"}), ("is_staff", {}), ("is_admin", {}),
                     ("current_client_id", {})):
        r = attacker.post(f"/rest/v1/rpc/{fn}", None, json=args)
        assert r.status_code == 401 and r.json()["code"] == "42501", (fn, r.text)


def test_authors_are_recorded_by_the_database(attacker, sec_stack):
    """A staff member cannot record an action in a colleague's name, on insert nor on update."""
    headers = {"Prefer": "return=representation"}
    r = attacker.post("/rest/v1/interactions", "secretary", headers=headers, json={
        "client_id": MARIA_CLIENT, "type": "call", "content": "Ligação registrada em nome de outra pessoa",
        "created_by": ADMIN_USER, "created_by_name": "Ana Administradora"})
    assert r.status_code == 201, r.text
    row = r.json()[0]
    assert row["created_by"] == SECRETARY_USER and row["created_by_name"] == "Daniela Secretária"
    r = attacker.patch(f"/rest/v1/interactions?id=eq.{row['id']}", "secretary", headers=headers,
                       json={"created_by": ADMIN_USER, "created_by_name": "Ana Administradora"})
    assert r.status_code == 200 and r.json()[0]["created_by"] == SECRETARY_USER
    assert r.json()[0]["created_by_name"] == "Daniela Secretária"

    receipt = "IOE" + str(uuid.uuid4().int)[:10]
    r = attacker.post("/rest/v1/uscis_receipts", "secretary", headers=headers,
                      json={"receipt_number": receipt, "process_id": 1, "created_by": ADMIN_USER})
    assert r.status_code == 201, r.text
    assert r.json()[0]["created_by"] == SECRETARY_USER

    # documents: the uploader is the caller, and staff cannot pass a file off as the client's
    path = f"{MARIA_CLIENT}/{uuid.uuid4().hex}.pdf"
    r = attacker.post("/rest/v1/client_documents", "secretary", headers=headers, json={
        "client_id": MARIA_CLIENT, "name": "Procuração", "file_path": path, "uploaded_by": "client"})
    assert r.status_code == 403
    r = attacker.post("/rest/v1/client_documents", "secretary", headers=headers, json={
        "client_id": MARIA_CLIENT, "name": "Procuração", "file_path": path, "uploaded_by": "office",
        "uploader_id": ADMIN_USER})
    assert r.status_code == 201 and r.json()[0]["uploader_id"] == SECRETARY_USER
    r = attacker.patch(f"/rest/v1/client_documents?id=eq.{r.json()[0]['id']}", "secretary", headers=headers,
                       json={"uploaded_by": "client", "uploader_id": ADMIN_USER})
    assert r.status_code == 200
    assert (r.json()[0]["uploaded_by"], r.json()[0]["uploader_id"]) == ("office", SECRETARY_USER)
