"""The client_documents bucket and its object policies; the realtime publication."""
from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from data_actors import ACTORS, ANON, JOAO, MARIA, STAFF
from data_sqlroles import act_as, undone

from supastack.core.config import REPO_ROOT


@pytest.fixture(scope="module")
def conn(data_db_url):
    with psycopg.connect(data_db_url) as c:
        yield c


def test_bucket(conn):
    public, limit, mimes = conn.execute(
        "select public, file_size_limit, allowed_mime_types from storage.buckets "
        "where id = 'client_documents'").fetchone()
    assert public is False and limit == 25 * 1024 * 1024
    assert {"application/pdf", "image/jpeg", "image/png", "image/webp", "image/heic", "application/msword",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/vnd.ms-excel",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "text/plain"} == set(mimes)


def _names(client_id: str) -> list[str]:
    return [f"{client_id}/1700000000000.pdf", f"attachments/{client_id}/1700000000000-nota.pdf"]


OBJECTS = _names(MARIA.client_id) + _names(JOAO.client_id) + ["outros/arquivo.pdf"]


def _put_objects(conn) -> None:
    for name in OBJECTS:
        conn.execute("insert into storage.objects (bucket_id, name, metadata) values ('client_documents', %s, '{}')",
                     (name,))


@pytest.mark.parametrize("actor", ACTORS, ids=str)
def test_objects_visible_per_actor(conn, actor):
    with undone(conn):
        _put_objects(conn)
        act_as(conn, actor)
        seen = {r[0] for r in conn.execute("select name from storage.objects where bucket_id = 'client_documents'")}
        if actor in STAFF:
            assert seen == set(OBJECTS)
        elif actor is ANON:
            assert seen == set()
        else:
            # its conversation's attachments, and in its own folder only the files of shared documents of its
            # own (the seed shares Maria's 1700000000000.pdf; João's documents point at other files)
            shared = {r[0] for r in conn.execute(
                "select file_path from public.client_documents where client_id = %s", (actor.client_id,))}
            visible = {name for name in _names(actor.client_id) if name.startswith("attachments/") or name in shared}
            assert seen == visible
            assert f"attachments/{actor.client_id}/1700000000000-nota.pdf" in seen


@pytest.mark.parametrize("actor", [MARIA, JOAO], ids=str)
@pytest.mark.parametrize("where", ["own", "own_attachment", "other", "other_attachment", "root", "attachments_root"])
def test_client_uploads_only_into_own_folders(conn, actor, where):
    other = JOAO if actor is MARIA else MARIA
    name = {"own": f"{actor.client_id}/novo.pdf", "own_attachment": f"attachments/{actor.client_id}/1-novo.pdf",
            "other": f"{other.client_id}/novo.pdf", "other_attachment": f"attachments/{other.client_id}/1-novo.pdf",
            "root": "novo.pdf", "attachments_root": "attachments/novo.pdf"}[where]
    with undone(conn):
        act_as(conn, actor)
        statement = "insert into storage.objects (bucket_id, name, owner) values ('client_documents', %s, %s)"
        if where.startswith("own"):
            assert conn.execute(statement, (name, actor.user_id)).rowcount == 1
        else:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement, (name, actor.user_id))


@pytest.mark.parametrize("actor", [*STAFF, MARIA, ANON], ids=str)
def test_only_staff_change_or_remove_objects(conn, actor):
    with undone(conn):
        _put_objects(conn)
        act_as(conn, actor)
        if actor is ANON:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute("insert into storage.objects (bucket_id, name) values ('client_documents', 'x/y.pdf')")
            return
        updated = conn.execute("update storage.objects set metadata = '{\"a\": 1}' where name = %s",
                               (OBJECTS[0],)).rowcount
        deleted = conn.execute("delete from storage.objects where name = %s", (OBJECTS[1],)).rowcount
        assert (updated, deleted) == ((1, 1) if actor in STAFF else (0, 0))


def test_realtime_publication(conn):
    published = {r[0] for r in conn.execute(
        "select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'")}
    assert {"messages", "client_documents", "process_notifications"} <= published
    replica_identity = conn.execute(
        "select relreplident from pg_class where oid = 'public.messages'::regclass").fetchone()[0]
    assert replica_identity == "f"


def test_realtime_migration_is_idempotent(conn):
    migration = next(Path(REPO_ROOT, "migrations").glob("*_realtime.sql"))
    with undone(conn):
        conn.execute(migration.read_text())
        conn.execute(migration.read_text())
