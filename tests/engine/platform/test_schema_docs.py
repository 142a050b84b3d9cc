"""supabase/schema.sql and docs/database.md are generated from a freshly migrated database
(supastack.db.schemadoc): they must equal what the current migrations produce."""
from __future__ import annotations

import difflib
from pathlib import Path

import psycopg
import pytest

from supastack.core.config import REPO_ROOT
from supastack.db.schemadoc import DOCS_FILE, SCHEMA_FILE, generate, normalise_dump
from supastack.db.typegen import TYPES_FILE


@pytest.fixture(scope="module")
def fresh_db(cluster):
    """Migrations only, no seed: what `make schema` generates from."""
    return cluster.migrated_database("schemadoc", REPO_ROOT / "migrations")


@pytest.fixture(scope="module")
def generated(fresh_db) -> dict[Path, str]:
    return generate(fresh_db, REPO_ROOT)


@pytest.mark.parametrize("path", [SCHEMA_FILE, DOCS_FILE, Path(TYPES_FILE)], ids=str)
def test_committed_file_is_current(generated, path):
    expected = generated[path]
    committed = (REPO_ROOT / path).read_text() if (REPO_ROOT / path).exists() else ""
    if committed != expected:
        diff = "".join(list(difflib.unified_diff(committed.splitlines(True), expected.splitlines(True),
                                                 f"{path} (committed)", f"{path} (from the migrations)"))[:80])
        pytest.fail(f"{path} is stale: run `make schema` and commit the result.\n{diff}")


def test_every_public_table_and_view_has_a_section(generated, fresh_db):
    with psycopg.connect(fresh_db) as conn:
        names = [r[0] for r in conn.execute(
            "select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace "
            "where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')").fetchall()]
    assert len(names) > 40
    assert [n for n in names if f"\n### {n}\n" not in generated[DOCS_FILE]] == []


def test_schema_has_policies_grants_and_platform_additions(generated):
    schema = generated[SCHEMA_FILE]
    assert "\\restrict" not in schema and "Dumped by pg_dump" not in schema and "\nSET " not in schema
    assert "\n\n\n" not in schema
    assert "CREATE POLICY" in schema and "GRANT " in schema
    assert "ON storage.objects" in schema            # the migrations' policies on the platform's tables
    assert "ON auth.users" in schema                 # and their triggers there


def test_normalising_drops_what_varies_between_dumps():
    raw = ("--\n-- PostgreSQL database dump\n--\n\n\\restrict Zq81kXbQ\n\n-- Dumped from database version 18.1\n"
           "-- Dumped by pg_dump version 18.1\n\nSET statement_timeout = 0;\n"
           "SELECT pg_catalog.set_config('search_path', '', false);\n\n\n\nCREATE TABLE public.t (id int);   \n\n"
           "\\unrestrict Zq81kXbQ\n\n")
    assert normalise_dump(raw) == ("--\n-- PostgreSQL database dump\n--\n\nCREATE TABLE public.t (id int);\n")


def test_generated_types_cover_tables_functions_and_enums(generated, fresh_db):
    """The app's Database type names every public table with Row/Insert/Update and its foreign keys, and the
    functions the API can call (defaults optional)."""
    types = generated[Path(TYPES_FILE)]
    with psycopg.connect(fresh_db) as conn:
        tables = [r[0] for r in conn.execute(
            "select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace "
            "where n.nspname = 'public' and c.relkind in ('r', 'p')").fetchall()]
    assert [t for t in tables if f"\n      {t}: {{\n        Row: {{" not in types] == []
    assert "foreignKeyName: 'processes_client_id_fkey'" in types
    assert "export type Database = {" in types and "Json" in types
