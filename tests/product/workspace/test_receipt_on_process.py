"""A receipt tracked for a process shows on the process (its receipt number), without overwriting one it has."""

from __future__ import annotations

from conftest import MARIA_CLIENT, SECRETARY, act_as


def new_process(conn, receipt: str | None = None) -> int:
    return conn.execute(
        "insert into public.processes (type, client_id, receipt_number) values ('Asilo', %s, %s) returning id",
        (MARIA_CLIENT, receipt),
    ).fetchone()[0]


def receipt_of(conn, process_id: int) -> str | None:
    return conn.execute("select receipt_number from public.processes where id = %s", (process_id,)).fetchone()[0]


def test_a_tracked_receipt_becomes_the_receipt_of_a_process_without_one(conn):
    act_as(conn, SECRETARY)
    process = new_process(conn)
    conn.execute(
        "insert into public.uscis_receipts (process_id, receipt_number) values (%s, 'IOE0999000111')", (process,)
    )
    assert receipt_of(conn, process) == "IOE0999000111"
    # a second receipt of the same process is tracked, the process keeps its first one
    conn.execute(
        "insert into public.uscis_receipts (process_id, receipt_number) values (%s, 'IOE0999000222')", (process,)
    )
    assert receipt_of(conn, process) == "IOE0999000111"


def test_a_process_keeps_the_receipt_it_was_given(conn):
    act_as(conn, SECRETARY)
    process = new_process(conn, "EAC2690000001")
    conn.execute(
        "insert into public.uscis_receipts (process_id, receipt_number) values (%s, 'IOE0999000333')", (process,)
    )
    assert receipt_of(conn, process) == "EAC2690000001"
