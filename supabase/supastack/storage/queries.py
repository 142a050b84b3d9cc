"""SQL on storage.buckets and storage.objects, run on a connection already in the caller's scope (RLS applies)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from psycopg import AsyncConnection, sql
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb

from supastack.core.rows import one
from supastack.storage.backend import ObjectKey

BUCKET_COLUMNS = sql.SQL(
    "id, name, coalesce(owner::text, owner_id, '') as owner, owner_id, public, type, file_size_limit, "
    "allowed_mime_types, created_at, updated_at")
OBJECT_COLUMNS = sql.SQL(
    "id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, "
    "last_accessed_at")
SORTABLE_OBJECT_COLUMNS = ("name", "updated_at", "created_at", "last_accessed_at")
SORTABLE_BUCKET_COLUMNS = ("id", "name", "created_at", "updated_at")

Conn = AsyncConnection[Any]
Query = str | sql.SQL | sql.Composed
Params = Sequence[Any] | Mapping[str, Any] | None


async def _rows(conn: Conn, query: Query, params: Params = None) -> list[dict]:
    cur = conn.cursor(row_factory=dict_row)
    await cur.execute(query, params)
    return await cur.fetchall() if cur.description else []


async def _one(conn: Conn, query: Query, params: Params = None) -> dict | None:
    rows = await _rows(conn, query, params)
    return rows[0] if rows else None


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


# -- buckets ------------------------------------------------------------------------------------

async def list_buckets(conn: Conn, *, search: str = "", sort_column: str = "name", sort_order: str = "asc",
                       limit: int | None = None, offset: int = 0) -> list[dict]:
    column = sort_column if sort_column in SORTABLE_BUCKET_COLUMNS else "name"
    order = sql.SQL("desc" if sort_order.lower() == "desc" else "asc")
    query = sql.SQL("select {cols} from storage.buckets where name ilike %s escape '\\' "
                    "order by {col} {order} limit %s offset %s").format(
        cols=BUCKET_COLUMNS, col=sql.Identifier(column), order=order)
    return await _rows(conn, query, ("%" + _like_escape(search) + "%", limit, offset))


async def get_bucket(conn: Conn, bucket_id: str) -> dict | None:
    return await _one(conn, sql.SQL("select {cols} from storage.buckets where id = %s").format(cols=BUCKET_COLUMNS),
                      (bucket_id,))


async def insert_bucket(conn: Conn, *, bucket_id: str, name: str, owner: str | None, owner_id: str | None,
                        public: bool, file_size_limit: int | None, allowed_mime_types: list[str] | None,
                        bucket_type: str) -> dict:
    return one(await _one(conn, """
        insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
        values (%s, %s, %s, %s, %s, %s, %s, %s) returning id, name""",
                      (bucket_id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, bucket_type)))


async def update_bucket(conn: Conn, bucket_id: str, changes: dict) -> bool:
    sets = [sql.SQL("{} = %s").format(sql.Identifier(k)) for k in changes] + [sql.SQL("updated_at = now()")]
    query = sql.SQL("update storage.buckets set {} where id = %s returning id").format(sql.SQL(", ").join(sets))
    return await _one(conn, query, (*changes.values(), bucket_id)) is not None


async def delete_bucket(conn: Conn, bucket_id: str) -> bool:
    return await _one(conn, "delete from storage.buckets where id = %s returning id", (bucket_id,)) is not None


async def bucket_has_objects(conn: Conn, bucket_id: str) -> bool:
    return await _one(conn, "select 1 as x from storage.objects where bucket_id = %s limit 1", (bucket_id,)) is not None


# -- objects ------------------------------------------------------------------------------------

async def find_object(conn: Conn, bucket_id: str, name: str, for_update: bool = False) -> dict | None:
    query = sql.SQL("select {cols} from storage.objects where bucket_id = %s and name = %s{lock}").format(
        cols=OBJECT_COLUMNS, lock=sql.SQL(" for update") if for_update else sql.SQL(""))
    return await _one(conn, query, (bucket_id, name))


async def visible_objects(conn: Conn, bucket_id: str, names: list[str]) -> dict[str, dict]:
    """The rows among `names` the caller may see, by name."""
    query = sql.SQL("select {cols} from storage.objects where bucket_id = %s and name = any(%s)").format(
        cols=OBJECT_COLUMNS)
    return {r["name"]: r for r in await _rows(conn, query, (bucket_id, names))}


async def lock_version(conn: Conn, bucket_id: str, name: str) -> str | None:
    """The version an upsert will replace, row locked (None when there is no row the caller may update)."""
    row = await _one(conn, "select version from storage.objects where bucket_id = %s and name = %s for update",
                     (bucket_id, name))
    return row["version"] if row else None


async def references(conn: Conn, keys: Sequence[ObjectKey]) -> list[bool]:
    """For each stored version: whether a row points at it (or, for bytes stored before versions, whether
    `<name>/<version>` is itself an object's name). A key without a version counts as used: never garbage."""
    if not keys:
        return []
    rows = await _rows(conn, """
        select k.i, k.v is null or exists (
          select 1 from storage.objects o
          where o.bucket_id = k.b and ((o.name = k.n and o.version = k.v) or o.name = k.n || '/' || k.v)) as used
        from unnest(%s::text[], %s::text[], %s::text[]) with ordinality as k(b, n, v, i)
        order by k.i""", ([k.bucket for k in keys], [k.name for k in keys], [k.version for k in keys]))
    return [r["used"] for r in rows]


async def adopt_version(conn: Conn, bucket_id: str, name: str, version: str) -> str | None:
    """The version of a row written before versions were stored (given `version` when it had none)."""
    row = await _one(conn, """
        update storage.objects set version = coalesce(version, %s) where bucket_id = %s and name = %s
        returning version""", (version, bucket_id, name))
    return row["version"] if row else None


async def write_object(conn: Conn, *, bucket_id: str, name: str, owner: str | None, owner_id: str | None,
                       metadata: dict, user_metadata: dict | None, version: str, upsert: bool) -> dict:
    """Insert the object's row (or, with `upsert`, replace the existing one): INSERT/UPDATE policies decide."""
    conflict = sql.SQL("""
        on conflict (bucket_id, name) do update set
          owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
          user_metadata = excluded.user_metadata, version = excluded.version,
          updated_at = now(), last_accessed_at = now()""") if upsert else sql.SQL("")
    query = sql.SQL("""
        insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
        values (%s, %s, %s, %s, %s, %s, %s) {conflict} returning {cols}""").format(
        conflict=conflict, cols=OBJECT_COLUMNS)
    return one(await _one(conn, query, (bucket_id, name, owner, owner_id, Jsonb(metadata),
                                        Jsonb(user_metadata) if user_metadata is not None else None, version)))


async def rename_object(conn: Conn, *, bucket_id: str, name: str, dst_bucket: str, dst_name: str,
                        owner: str | None, owner_id: str | None, metadata: dict, version: str) -> dict | None:
    query = sql.SQL("""
        update storage.objects set bucket_id = %s, name = %s, owner = %s, owner_id = %s,
          metadata = metadata || %s, version = %s, updated_at = now()
        where bucket_id = %s and name = %s returning {cols}""").format(cols=OBJECT_COLUMNS)
    return await _one(conn, query, (dst_bucket, dst_name, owner, owner_id, Jsonb(metadata), version,
                                    bucket_id, name))


async def delete_objects(conn: Conn, bucket_id: str, names: list[str]) -> list[dict]:
    query = sql.SQL("delete from storage.objects where bucket_id = %s and name = any(%s) returning {cols}").format(
        cols=OBJECT_COLUMNS)
    return await _rows(conn, query, (bucket_id, names))


async def delete_all_objects(conn: Conn, bucket_id: str) -> list[dict]:
    return await _rows(conn, "delete from storage.objects where bucket_id = %s returning name, version", (bucket_id,))


async def search(conn: Conn, bucket_id: str, *, prefix: str, search: str, limit: int, offset: int,
                 column: str, order: str) -> list[dict]:
    """One folder level under `prefix`: sub-folders first (all fields null), then objects, as storage.search does.

    Names are relative to `prefix`; `search` filters on the start of the next segment (case-insensitive).
    """
    column = column if column in SORTABLE_OBJECT_COLUMNS else "name"
    direction = sql.SQL("desc" if order.lower() == "desc" else "asc")
    query = sql.SQL("""
        with matched as (
          select substr(name, %(plen)s + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
          from storage.objects
          where bucket_id = %(bucket)s and name ilike %(pattern)s escape '\\'
        ), entries as (
          select distinct on (split_part(rest, '/', 1)) 0 as kind, split_part(rest, '/', 1) as name,
                 null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
                 null::timestamptz as last_accessed_at, null::jsonb as metadata
          from matched where strpos(rest, '/') > 0
          union all
          select 1, rest, id, updated_at, created_at, last_accessed_at, metadata
          from matched where strpos(rest, '/') = 0
        )
        select name, id, updated_at, created_at, last_accessed_at, metadata from entries
        order by kind, case when kind = 0 then name end {dir}, {col} {dir}, name {dir}
        limit %(limit)s offset %(offset)s""").format(col=sql.Identifier(column), dir=direction)
    return await _rows(conn, query, {"plen": len(prefix), "bucket": bucket_id,
                                     "pattern": _like_escape(prefix + search) + "%",
                                     "limit": limit, "offset": offset})




async def list_v2(conn: Conn, bucket_id: str, *, prefix: str, delimited: bool, limit: int, start_after: str,
                  order: str, column: str, column_after: str | None) -> list[dict]:
    """One page (`limit` rows) of storage-api's list-v2, names in byte order ("C"), after the cursor.

    Delimited: the entries one level below `prefix` (raw, as S3: "docs" lists the folder "docs/" and
    files starting with "docs"); a folder is its common prefix ending in "/", `id` null, and when sorting
    by a timestamp it carries its oldest object's created_at as both timestamps (as search_v2 does).
    """
    by_time = column in ("created_at", "updated_at")
    direction = sql.SQL("desc" if order == "desc" else "asc")
    op = sql.SQL("<" if order == "desc" else ">")
    if by_time:
        sort_key = sql.SQL("coalesce(date_trunc('milliseconds', {c}), 'epoch'::timestamptz)").format(
            c=sql.Identifier(column))
        after = sql.SQL("(%(after)s = '' or row({k}, name collate \"C\") {op} "
                        "row(coalesce(nullif(%(column_after)s, '')::timestamptz, 'epoch'::timestamptz), "
                        "%(after)s::text))").format(k=sort_key, op=op)
        order_by = sql.SQL("{k} {d}, name collate \"C\" {d}").format(k=sort_key, d=direction)
    else:
        after = sql.SQL("(%(after)s = '' or name collate \"C\" {op} %(after)s::text)").format(op=op)
        order_by = sql.SQL("name collate \"C\" {d}").format(d=direction)
    source: sql.Composable
    if delimited:
        folder_time = sql.SQL("min(created_at)") if by_time else sql.SQL("null::timestamptz")
        source = sql.SQL("""
            with raw as (
              select name, id, metadata, updated_at, created_at, last_accessed_at,
                     case when strpos(substr(name, %(plen)s + 1), '/') > 0
                          then left(name, %(plen)s + strpos(substr(name, %(plen)s + 1), '/')) end as folder
              from storage.objects
              where bucket_id = %(bucket)s and name collate "C" like %(pattern)s escape '\\'
            ), entries as (
              select folder as name, null::uuid as id, null::jsonb as metadata, {ft} as updated_at,
                     {ft} as created_at, null::timestamptz as last_accessed_at, true as is_folder
              from raw where folder is not null group by folder
              union all
              select name, id, metadata, updated_at, created_at, last_accessed_at, false
              from raw where folder is null
            )
            select * from entries""").format(ft=folder_time)
    else:
        source = sql.SQL("""
            select name, id, metadata, updated_at, created_at, last_accessed_at, false as is_folder
            from storage.objects
            where bucket_id = %(bucket)s and name collate "C" like %(pattern)s escape '\\'""")
    query = sql.SQL("select * from ({source}) page where {after} order by {order_by} limit %(limit)s").format(
        source=source, after=after, order_by=order_by)
    return await _rows(conn, query, {"plen": len(prefix), "bucket": bucket_id,
                                     "pattern": _like_escape(prefix) + "%", "after": start_after,
                                     "column_after": column_after or "", "limit": limit})
