"""The workspace's rules in PostgreSQL: one process record (its client reads it through the portal's view),
process history, document requests answered by upload, families, unread messages, the staff directory, search
and the timeline."""
from __future__ import annotations

import psycopg
import pytest

from conftest import (
    ADMIN,
    ASSISTANT,
    JOAO,
    JOAO_CLIENT,
    MARIA,
    MARIA_CLIENT,
    SECRETARY,
    act_as,
    as_owner,
)


def ids(conn, query: str, *params) -> set:
    return {r[0] for r in conn.execute(query, params)}


# --- one record per process -------------------------------------------------------------------------------

def test_a_client_reads_its_own_processes_through_the_portal_view_only(conn):
    """DESIGN section 5: processes are staff data; the portal's view shows a client its own, from the same rows."""
    act_as(conn, MARIA)
    assert ids(conn, "select id from public.processes") == set()
    assert ids(conn, "select process_id from public.client_processes") == {1, 5}
    act_as(conn, JOAO)
    assert ids(conn, "select id from client_processes") == {2, 3, 6}
    act_as(conn, SECRETARY)
    assert ids(conn, "select id from public.client_processes") == ids(
        conn, "select id from public.processes where client_id is not null")


def test_a_client_cannot_write_processes(conn):
    act_as(conn, MARIA)
    with pytest.raises(psycopg.errors.InsufficientPrivilege), conn.transaction():
        conn.execute("insert into public.processes (type, client_id) values ('Asilo', %s)", (MARIA_CLIENT,))
    assert conn.execute("update public.processes set stage = 'Aprovado' where id = 1").rowcount == 0


def test_client_processes_is_a_read_only_view_of_processes(conn):
    act_as(conn, ADMIN)
    conn.execute("update public.processes set description = 'Nova descrição' where id = 2")
    row = conn.execute("select description, status from public.client_processes where id = 2").fetchone()
    assert row == ("Nova descrição", "em andamento")
    with pytest.raises(psycopg.errors.InsufficientPrivilege), conn.transaction():
        conn.execute("insert into public.client_processes (client_id, status) values (%s, 'pendente')", (MARIA_CLIENT,))


def test_the_portal_copy_moved_into_processes(conn):
    # the seed's portal rows: the I-90 process had no staff record and now is one; descriptions live on processes
    row = conn.execute(
        "select type, case_type_id, client_id::text, status from public.processes where id = 6").fetchone()
    assert row == ("Substituição do Green Card (I-90)", "substituicao_green_card", JOAO_CLIENT, "concluído")
    assert conn.execute("select count(*) from public.processes where client_id is not null and description is null"
                        ).fetchone()[0] == 0


# --- creating, closing, history -----------------------------------------------------------------------------

def test_a_new_process_takes_its_type_from_the_catalogue_and_records_its_history(conn):
    act_as(conn, SECRETARY)
    pid = conn.execute(
        "insert into public.processes (case_type_id, client_id, category, responsible_id) "
        "values ('naturalizacao', %s, 'USCIS', %s) returning id", (MARIA_CLIENT, ASSISTANT)).fetchone()[0]
    assert conn.execute("select type, client_name from public.processes where id = %s", (pid,)).fetchone() == \
        ("Naturalização (N-400)", "Maria Silva")
    conn.execute("update public.processes set stage = 'Biometria' where id = %s", (pid,))
    conn.execute("update public.processes set status = 'concluído' where id = %s", (pid,))
    assert conn.execute("select closed_at is not null from public.processes where id = %s", (pid,)).fetchone()[0]
    conn.execute("update public.processes set status = 'em andamento', responsible_id = %s where id = %s", (ADMIN, pid))
    assert conn.execute("select closed_at from public.processes where id = %s", (pid,)).fetchone()[0] is None
    events = conn.execute("select kind, from_value, to_value, actor_id::text from public.process_events "
                          "where process_id = %s order by created_at, kind", (pid,)).fetchall()
    kinds = [e[0] for e in events]
    assert kinds.count("status_change") == 2 and "created" in kinds and "stage_change" in kinds
    assert "responsible_change" in kinds
    assert all(e[3] == SECRETARY for e in events)
    # the client follows the stage and status changes of its own process, not who is responsible
    act_as(conn, MARIA)
    seen = {r[0] for r in conn.execute("select kind from public.process_events where process_id = %s", (pid,))}
    assert seen == {"created", "stage_change", "status_change"}
    act_as(conn, JOAO)
    assert conn.execute("select count(*) from public.process_events where process_id = %s", (pid,)).fetchone()[0] == 0


def test_nobody_writes_process_history_through_the_api(conn):
    act_as(conn, ADMIN)
    with pytest.raises(psycopg.errors.InsufficientPrivilege), conn.transaction():
        conn.execute("insert into public.process_events (process_id, kind) values (1, 'stage_change')")


def test_the_responsible_is_a_staff_member(conn):
    act_as(conn, ADMIN)
    with pytest.raises(psycopg.errors.CheckViolation), conn.transaction():
        conn.execute("update public.processes set responsible_id = %s where id = 1", (MARIA,))
    conn.execute("update public.processes set responsible_id = %s where id = 1", (SECRETARY,))


def test_the_staff_directory_is_for_staff(conn):
    act_as(conn, SECRETARY)
    staff = ids(conn, "select id::text from public.staff_directory()")
    assert {ADMIN, ASSISTANT, SECRETARY} <= staff and MARIA not in staff
    act_as(conn, MARIA)
    assert conn.execute("select count(*) from public.staff_directory()").fetchone()[0] == 0


def test_case_types_are_read_by_staff_and_kept_by_administrators(conn):
    act_as(conn, SECRETARY)
    labels = ids(conn, "select label from public.case_types")
    assert {"Asilo (I-589)", "Naturalização (N-400)", "DACA (I-821D)", "Processo consular", "TPS (I-821)"} <= labels
    with pytest.raises(psycopg.errors.InsufficientPrivilege), conn.transaction():
        conn.execute("insert into public.case_types (id, label, category) values ('x', 'Xis', 'USCIS')")
    act_as(conn, MARIA)
    assert conn.execute("select count(*) from public.case_types").fetchone()[0] == 0


# --- document requests --------------------------------------------------------------------------------------

PENDING_MARIA = "d6000000-0000-4000-8000-000000000002"
PENDING_JOAO = "d6000000-0000-4000-8000-000000000003"


def test_a_client_reads_its_own_document_requests_through_the_portal_view(conn):
    act_as(conn, MARIA)
    assert ids(conn, "select id::text from public.document_requests") == set()  # staff data (DESIGN section 5)
    assert ids(conn, "select id::text from public.client_document_requests") == {
        "d6000000-0000-4000-8000-000000000001", PENDING_MARIA}


def test_an_upload_against_a_request_marks_it_received(conn):
    act_as(conn, MARIA)
    conn.execute(
        "insert into public.client_documents "
        "(client_id, name, file_path, uploaded_by, uploader_id, document_request_id) "
        "values (%s, 'Certidão', %s, 'client', %s, %s)",
        (MARIA_CLIENT, f"{MARIA_CLIENT}/certidao.pdf", MARIA, PENDING_MARIA))
    status, fulfilled_at = conn.execute(
        "select status, fulfilled_at from public.client_document_requests where id = %s", (PENDING_MARIA,)).fetchone()
    assert status == "fulfilled" and fulfilled_at is not None
    # the document belongs to the request's process
    assert conn.execute("select process_id from public.client_documents where document_request_id = %s",
                        (PENDING_MARIA,)).fetchone()[0] == 1


def test_a_client_cannot_answer_another_clients_request(conn):
    act_as(conn, MARIA)
    with pytest.raises(psycopg.errors.ForeignKeyViolation), conn.transaction():
        conn.execute(
            "insert into public.client_documents "
            "(client_id, name, file_path, uploaded_by, uploader_id, document_request_id) "
            "values (%s, 'Doc', %s, 'client', %s, %s)", (MARIA_CLIENT, f"{MARIA_CLIENT}/x.pdf", MARIA, PENDING_JOAO))
    as_owner(conn)
    assert conn.execute("select status from public.document_requests where id = %s", (PENDING_JOAO,)).fetchone()[0] \
        == "pending"


# --- families -----------------------------------------------------------------------------------------------

def test_families_are_one_level_deep_and_share_a_timeline(conn):
    act_as(conn, ASSISTANT)
    conn.execute("update public.clients set principal_client_id = %s, relationship = 'spouse' where id = %s",
                 (MARIA_CLIENT, JOAO_CLIENT))
    with pytest.raises(psycopg.errors.CheckViolation), conn.transaction():
        conn.execute("update public.clients set principal_client_id = %s, relationship = 'child' where id = %s",
                     (JOAO_CLIENT, MARIA_CLIENT))
    with pytest.raises(psycopg.errors.CheckViolation), conn.transaction():
        conn.execute("update public.clients set principal_client_id = %s where id = %s", (MARIA_CLIENT, JOAO_CLIENT))
        conn.execute("update public.clients set relationship = null where id = %s", (JOAO_CLIENT,))
    own = ids(conn, "select client_id::text from public.workspace_timeline(%s)", JOAO_CLIENT)
    family = ids(conn, "select client_id::text from public.workspace_timeline(%s, null, true)", JOAO_CLIENT)
    assert own == {JOAO_CLIENT}
    assert family == {JOAO_CLIENT, MARIA_CLIENT}


def test_the_timeline_of_a_process_holds_every_kind_of_event(conn):
    act_as(conn, ADMIN)
    conn.execute("update public.processes set stage = 'RFE' where id = 1")
    kinds = ids(conn, "select kind from public.workspace_timeline(null, 1)")
    assert {"stage_change", "document_requested", "document_received", "upload_client", "upload_office",
            "interaction_call", "uscis_status"} <= kinds
    # the portal's timeline of a process: stage changes, documents and requests, no staff-only rows
    act_as(conn, MARIA)
    kinds = ids(conn, "select kind from public.portal_process_timeline(1)")
    assert {"stage_change", "document_requested", "document_received", "upload_client"} <= kinds
    assert not any(k.startswith("interaction_") or k == "uscis_status" for k in kinds)
    assert ids(conn, "select kind from public.portal_process_timeline(2)") == set()  # João's process
    # the staff timeline run by a client shows nothing of another client
    assert ids(conn, "select client_id::text from public.workspace_timeline(%s)", JOAO_CLIENT) == set()



def test_the_timeline_labels_statuses_from_a_demo_provider(conn):
    """A status a demo provider invented is labelled on the staff timeline too, never passed off as USCIS's."""
    as_owner(conn)
    receipt = conn.execute("select id from public.uscis_receipts where process_id = 1 limit 1").fetchone()[0]
    conn.execute("insert into public.uscis_status_history (receipt_id, status, is_demo) "
                 "values (%s, 'Demo Interview Invented', true)", (receipt,))
    conn.execute("insert into public.uscis_status_history (receipt_id, status) values (%s, 'Case Was Approved')",
                 (receipt,))
    act_as(conn, ADMIN)
    details = ids(conn, "select detail from public.workspace_timeline(null, 1) where kind = 'uscis_status'")
    assert "Demo Interview Invented (demonstração)" in details
    assert "Case Was Approved" in details and "Demo Interview Invented" not in details

# --- unread messages ----------------------------------------------------------------------------------------

def test_unread_client_messages_per_thread_and_marking_them_read(conn):
    act_as(conn, SECRETARY)
    counts = dict(conn.execute("select client_id::text, unread from public.unread_message_counts()").fetchall())
    assert counts == {MARIA_CLIENT: 2, JOAO_CLIENT: 1}
    assert conn.execute("select public.mark_messages_read(%s)", (MARIA_CLIENT,)).fetchone()[0] == 2
    counts = dict(conn.execute("select client_id::text, unread from public.unread_message_counts()").fetchall())
    assert counts == {JOAO_CLIENT: 1}
    # a client reads the office's side of its own thread only
    act_as(conn, JOAO)
    assert dict(conn.execute("select client_id::text, unread from public.unread_message_counts()").fetchall()) == \
        {JOAO_CLIENT: 2}
    with pytest.raises(psycopg.errors.InsufficientPrivilege), conn.transaction():
        conn.execute("select public.mark_messages_read(%s)", (MARIA_CLIENT,))


# --- search -------------------------------------------------------------------------------------------------

def search(conn, q: str) -> set[tuple[str, str]]:
    return {(r[0], r[1]) for r in conn.execute("select kind, title from public.search_workspace(%s)", (q,))}


def test_search_finds_clients_processes_receipts_and_a_numbers(conn):
    act_as(conn, SECRETARY)
    assert ("client", "João Souza") in search(conn, "joao")  # accents do not matter
    assert ("receipt", "MSC2490123456") in search(conn, "msc2490")
    assert ("process", "Green Card") in search(conn, "MSC2490123456")
    assert ("a_number", "A234567890") in search(conn, "A2345")
    assert ("process", "Asilo") in search(conn, "asilo")
    assert search(conn, "j") == set()
    # LIKE's wildcards are matched literally
    assert search(conn, "%%") == set() and search(conn, "__") == set()


def test_search_respects_rls(conn):
    act_as(conn, MARIA)
    assert search(conn, "Souza") == set()
    assert search(conn, "MSC2490") == set()  # processes and receipts are staff data
    act_as(conn, None)
    with pytest.raises(psycopg.errors.InsufficientPrivilege), conn.transaction():
        conn.execute("select * from public.search_workspace('Maria')")


def test_the_portal_views_show_everything_to_the_service_role_and_nothing_to_anon(conn):
    as_owner(conn)
    everyone = ids(conn, "select id from public.processes where client_id is not null")
    assert ids(conn, "select id from public.client_processes") == everyone
    conn.execute("set local role service_role")
    assert ids(conn, "select id from public.client_processes") == everyone
    assert ids(conn, "select id from public.client_document_requests")
    as_owner(conn)
    act_as(conn, None)
    with pytest.raises(psycopg.errors.InsufficientPrivilege), conn.transaction():
        conn.execute("select id from public.client_processes")
