"""The Supabase CLI's everyday project commands on the stack's command line (supastack.project_commands):
`migration new/list`, `db push`, `db diff` against a shadow database, `db dump`, `functions new`, run on a
project folder of their own against databases of the test cluster."""
from __future__ import annotations

import re

import psycopg
import pytest
from fastapi.testclient import TestClient

from supastack.cli import main
from supastack.functions.loader import load

FIRST = """create table public.notes (id bigint generated always as identity primary key, body text not null);
alter table public.notes enable row level security;
grant select on public.notes to authenticated;
"""


@pytest.fixture
def project(tmp_path, cluster, monkeypatch):
    (tmp_path / "migrations").mkdir()
    (tmp_path / "migrations" / "20260101000000_notes.sql").write_text(FIRST)
    (tmp_path / "functions").mkdir()
    database = cluster.create_database("cli")
    monkeypatch.setenv("DATABASE_URL", database)
    monkeypatch.chdir(tmp_path)
    return tmp_path, database


def cli(project, *argv: str) -> int:
    return main(["--workdir", str(project[0]), "--data-dir", str(project[0] / ".data"), *argv])


def test_migration_new_names_the_file_with_the_utc_time(project, capsys):
    assert cli(project, "migration", "new", "Add due dates") == 0
    created = [p.name for p in (project[0] / "migrations").glob("*add_due_dates.sql")]
    assert len(created) == 1 and re.fullmatch(r"\d{14}_add_due_dates\.sql", created[0])
    assert "Created new migration at" in capsys.readouterr().out
    assert cli(project, "migration", "new", "../outside") == 1
    assert not list(project[0].parent.glob("*outside*"))


def test_push_applies_what_is_pending_and_list_shows_both_sides(project, capsys):
    assert cli(project, "db", "push", "--db-url", project[1], "--dry-run") == 0
    assert "20260101000000_notes" in capsys.readouterr().out
    with psycopg.connect(project[1]) as conn:   # a dry run changes nothing
        assert conn.execute("select to_regclass('public.notes')").fetchone() == (None,)
    assert cli(project, "db", "push", "--db-url", project[1]) == 0
    assert "Applied 1 migration(s)" in capsys.readouterr().out
    with psycopg.connect(project[1]) as conn:
        assert conn.execute("select count(*) from public.notes").fetchone() == (0,)
    (project[0] / "migrations" / "20260102000000_later.sql").write_text("alter table public.notes add tag text;")
    assert cli(project, "migration", "list") == 0
    rows = capsys.readouterr().out.splitlines()
    assert any(r.split("|")[0].strip() == r.split("|")[1].strip() == "20260101000000" for r in rows[1:])
    assert any(r.split("|")[0].strip() == "20260102000000" and r.split("|")[1].strip() == "" for r in rows[1:])


def test_diff_finds_changes_made_by_hand_and_writes_them_as_a_migration(project, capsys):
    assert cli(project, "db", "push", "--db-url", project[1]) == 0
    assert cli(project, "db", "diff") == 0
    assert "No schema changes found" in capsys.readouterr().err
    with psycopg.connect(project[1]) as conn:   # what someone changed in a SQL console
        conn.execute("alter table public.notes add column due date")
        conn.execute("create policy \"staff read notes\" on public.notes for select to authenticated using (true)")
    assert cli(project, "db", "diff") == 0
    printed = capsys.readouterr().out
    assert 'add column "due" date' in printed and 'create policy "staff read notes"' in printed
    assert cli(project, "db", "diff", "-f", "due_dates") == 0
    written = list((project[0] / "migrations").glob("*_due_dates.sql"))
    assert len(written) == 1 and 'add column "due" date' in written[0].read_text()
    capsys.readouterr()
    assert cli(project, "db", "diff") == 0                 # the shadow now has it too
    assert "No schema changes found" in capsys.readouterr().err


def test_dump_gives_the_projects_schema_or_its_rows(project, capsys, tmp_path):
    assert cli(project, "db", "push", "--db-url", project[1]) == 0
    with psycopg.connect(project[1]) as conn:
        conn.execute("insert into public.notes (body) values ('Ligar para a Maria')")
    capsys.readouterr()
    assert cli(project, "db", "dump") == 0
    schema = capsys.readouterr().out
    assert "CREATE TABLE public.notes" in schema and "auth.users" not in schema and "Ligar" not in schema
    out = tmp_path / "data.sql"
    assert cli(project, "db", "dump", "--data-only", "-f", str(out)) == 0
    assert "Ligar para a Maria" in out.read_text() and "CREATE TABLE" not in out.read_text()


def test_functions_new_makes_a_function_the_gateway_can_mount(project, capsys):
    assert cli(project, "functions", "new", "hello-world") == 0
    main_py = project[0] / "functions" / "hello-world" / "main.py"
    answer = TestClient(load("hello-world", main_py).app).post("/", json={"name": "Maria"})
    assert answer.status_code == 200 and answer.json() == {"message": "Olá, Maria!"}
    assert cli(project, "functions", "new", "hello-world") == 1     # never overwritten
    assert "already exists" in capsys.readouterr().err
