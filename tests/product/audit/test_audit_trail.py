"""The audit trail: each kind of change on a business table is recorded with its actor through the real client,
the trail is append-only and tamper-evident (verify finds a changed entry), and only administrators read it."""

from __future__ import annotations

import uuid

import psycopg
import pytest
from postgrest.exceptions import APIError

from conftest import ADMIN, ASSISTANT, JOAO, MARIA, MARIA_CLIENT, SECRETARY


def log_of(sb, table: str, row_id: str) -> list[dict]:
    return (sb.table("audit_log").select("*").eq("table_name", table).eq("row_id", row_id).order("id")
            .execute().data)


def test_insert_update_delete_are_recorded_with_the_actor(sign_in, user_id):
    assistant = sign_in(ASSISTANT)
    title = f"Tarefa auditada {uuid.uuid4().hex[:6]}"
    task = assistant.table("tasks").insert({"title": title, "client_id": MARIA_CLIENT, "priority": "alta"}).execute()
    task_id = str(task.data[0]["id"])
    assistant.table("tasks").update({"priority": "baixa"}).eq("id", task_id).execute()
    sign_in(ADMIN).table("tasks").delete().eq("id", task_id).execute()

    entries = log_of(sign_in(ADMIN), "tasks", task_id)
    assert [e["action"] for e in entries] == ["INSERT", "UPDATE", "DELETE"]
    inserted, updated, deleted = entries
    assert inserted["actor_id"] == user_id(ASSISTANT) and inserted["actor_role"] == "authenticated"
    assert inserted["actor_name"] == "Bruno Assistente"
    assert inserted["new_values"]["title"] == title and inserted["old_values"] is None
    assert inserted["client_id"] == MARIA_CLIENT and inserted["client_name"] == "Maria Silva"
    # an update keeps only the columns that changed, old and new
    assert updated["old_values"]["priority"] == "alta" and updated["new_values"]["priority"] == "baixa"
    assert "title" not in updated["new_values"]
    assert deleted["actor_id"] == user_id(ADMIN) and deleted["old_values"]["title"] == title
    assert deleted["new_values"] is None


def test_a_process_row_names_its_client_and_a_client_change_is_recorded(sign_in, user_id, audit_stack):
    admin = sign_in(ADMIN)
    process = admin.table("processes").insert({"type": "Green Card", "client_id": MARIA_CLIENT,
                                               "status": "em andamento"}).execute().data[0]
    admin.table("clients").update({"phone": "+1 305 555 0101"}).eq("id", MARIA_CLIENT).execute()
    by_process = admin.table("audit_log").select("table_name, action, client_id").eq("process_id", process["id"]) \
        .execute().data
    assert {"table_name": "processes", "action": "INSERT", "client_id": MARIA_CLIENT} in by_process
    phone = [e for e in log_of(admin, "clients", MARIA_CLIENT) if "phone" in (e["new_values"] or {})][-1]
    assert phone["new_values"]["phone"] == "+1 305 555 0101" and phone["actor_id"] == user_id(ADMIN)
    # a change made outside the API names the database user
    audit_stack.sql("update public.processes set status = 'aguardando documentos' where id = %s", (process["id"],))
    direct = [e for e in log_of(admin, "processes", str(process["id"])) if e["action"] == "UPDATE"][-1]
    assert direct["actor_id"] is None and direct["actor_role"] == "postgres"


@pytest.mark.parametrize("email", [MARIA, JOAO, SECRETARY, ASSISTANT])
def test_clients_and_other_staff_read_nothing(sign_in, email):
    sign_in(ASSISTANT).table("tasks").insert({"title": "Tarefa para o histórico", "client_id": MARIA_CLIENT}) \
        .execute()
    assert sign_in(ADMIN).table("audit_log").select("id").limit(1).execute().data
    assert sign_in(email).table("audit_log").select("id").limit(5).execute().data == []
    with pytest.raises(APIError) as refused:
        sign_in(email).rpc("audit_verify").execute()
    assert refused.value.code == "42501"


def test_the_trail_refuses_changes_even_from_the_owner(audit_stack):
    for statement in ("update audit.record_changes set actor_role = 'x'", "delete from audit.record_changes",
                      "truncate audit.record_changes", "delete from audit.chain"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            audit_stack.sql(statement)


def test_secrets_are_not_copied(audit_stack, sign_in):
    tables = {t for (t,) in audit_stack.sql(
        "select distinct event_object_table from information_schema.triggers"
        " where trigger_name = 'audit_record_changes'")}
    assert {"clients", "processes", "financial_payments", "client_documents", "tasks", "appointments", "messages",
            "leads", "user_roles"} <= tables
    assert not tables & {"system_settings", "calendar_feeds", "notification_deliveries"}


def test_verify_finds_a_tampered_entry(audit_stack, sign_in):
    admin = sign_in(ADMIN)
    assert admin.rpc("audit_verify").execute().data == []
    task = admin.table("tasks").insert({"title": "Tarefa a adulterar", "client_id": MARIA_CLIENT}).execute().data[0]
    entry = log_of(admin, "tasks", str(task["id"]))[0]["id"]
    assert admin.rpc("audit_verify").execute().data == []  # sealed now
    with psycopg.connect(audit_stack.db_url, autocommit=True) as conn:
        # someone with the database owner's powers switches the guard off to rewrite history
        conn.execute("alter table audit.record_changes disable trigger user")
        for (part,) in conn.execute("select inhrelid::regclass::text from pg_inherits"
                                    " where inhparent = 'audit.record_changes'::regclass").fetchall():
            conn.execute(f"alter table {part} disable trigger user")
        conn.execute("update audit.record_changes set new_values = new_values || '{\"title\": \"Outra\"}'"
                     " where id = %s", (entry,))
    broken = admin.rpc("audit_verify").execute().data
    assert broken[0]["entry_id"] == entry and broken[0]["problem"] == "registro alterado"
