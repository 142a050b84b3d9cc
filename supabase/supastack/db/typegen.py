"""`supastack gen types typescript`: the `Database` type of supabase-js, from the database's catalog, in the
shape the Supabase CLI generates (Tables and Views with Row/Insert/Update/Relationships, Functions with
Args/Returns, Enums, CompositeTypes), so that `createClient<Database>()` checks the app's queries.

The text is formatted as prettier formats it (the app's settings), so the generated file stays byte-stable."""
from __future__ import annotations

import re
import subprocess
from collections import defaultdict
from pathlib import Path

import psycopg

HEADER = """export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];
"""

NUMBER = {"int2", "int4", "int8", "float4", "float8", "numeric", "oid", "money"}
STRING = {"text", "varchar", "bpchar", "char", "name", "uuid", "date", "time", "timetz", "timestamp", "timestamptz",
          "interval", "inet", "cidr", "macaddr", "bytea", "citext", "tsvector", "tsquery", "xml", "bit", "varbit",
          "int4range", "int8range", "numrange", "tsrange", "tstzrange", "daterange", "ltree", "regclass"}

COLUMNS_SQL = """
select c.relname, c.relkind, a.attname, t.typname, t.typtype, t.typcategory, e.typname, e.typtype,
       tn.nspname, en.nspname, not a.attnotnull, a.atthasdef or a.attidentity <> '' or a.attgenerated <> '',
       a.attidentity = 'a' or a.attgenerated <> '',
       c.relkind in ('r', 'p') or pg_catalog.pg_relation_is_updatable(c.oid::regclass, false) & 4 = 4
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  join pg_catalog.pg_type t on t.oid = a.atttypid
  join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
  left join pg_catalog.pg_type e on e.oid = t.typelem and t.typcategory = 'A'
  left join pg_catalog.pg_namespace en on en.oid = e.typnamespace
 where n.nspname = %s and c.relkind in ('r', 'p', 'v', 'm', 'f')
 order by c.relname, a.attnum
"""

RELATIONSHIPS_SQL = """
select con.conname, src.relname, array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
                                       join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n
                                       order by k.i),
       dst.relname, array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
                          join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n
                          order by k.i),
       exists (select 1 from pg_catalog.pg_constraint u
                where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                  and u.conkey::int2[] @> con.conkey::int2[] and u.conkey::int2[] <@ con.conkey::int2[])
  from pg_catalog.pg_constraint con
  join pg_catalog.pg_class src on src.oid = con.conrelid
  join pg_catalog.pg_class dst on dst.oid = con.confrelid
  join pg_catalog.pg_namespace n on n.oid = src.relnamespace
  join pg_catalog.pg_namespace dn on dn.oid = dst.relnamespace
 where con.contype = 'f' and n.nspname = %s and dn.nspname = %s
 order by src.relname, con.conname
"""

# BEFORE INSERT row triggers of the schema's tables, with their functions' source: a NOT NULL column such a
# trigger fills (`new.col := <value>`, `select ... into new.col`) may be left out of an insert. An assignment that
# only reworks the given value (`new.col := btrim(new.col)`) or copies the old row's does not fill it.
FILLING_TRIGGERS_SQL = """
select c.relname, p.prosrc
  from pg_catalog.pg_trigger t
  join pg_catalog.pg_class c on c.oid = t.tgrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_proc p on p.oid = t.tgfoid
 where n.nspname = %s and not t.tgisinternal and t.tgenabled <> 'D'
   and t.tgtype::int & 1 = 1 and t.tgtype::int & 2 = 2 and t.tgtype::int & 4 = 4
"""

_ASSIGNED = re.compile(r'\bnew\s*\.\s*"?([a-z_][a-z0-9_$]*)"?\s*:=([^;]*)|\binto\s+new\s*\.\s*"?([a-z_][a-z0-9_$]*)"?',
                       re.IGNORECASE)


def filled_by_triggers(sources: list[tuple[str, str]]) -> dict[str, set[str]]:
    """Per table, the columns its BEFORE INSERT row triggers fill."""
    filled: dict[str, set[str]] = defaultdict(set)
    for table, source in sources:
        for match in _ASSIGNED.finditer(source or ""):
            column = (match.group(1) or match.group(3)).lower()
            value = (match.group(2) or "").lower()
            if re.search(rf'\bnew\s*\.\s*"?{re.escape(column)}\b', value) or re.search(r"\bold\s*\.", value):
                continue
            filled[table].add(column)
    return filled


ENUMS_SQL = """
select t.typname, array_agg(e.enumlabel order by e.enumsortorder)
  from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
  join pg_catalog.pg_enum e on e.enumtypid = t.oid
 where n.nspname = %s group by t.typname order by t.typname
"""

FUNCTIONS_SQL = """
select p.proname, p.oid::regprocedure::text,
       coalesce(p.proargnames, '{}'), coalesce(p.proargmodes::text[], '{}'),
       array(select a.oid::regtype::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                    with ordinality as a(oid, i) order by a.i),
       array(select t2.typname::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                    with ordinality as a(oid, i) join pg_catalog.pg_type t2 on t2.oid = a.oid order by a.i),
       p.pronargdefaults, p.proretset, rt.typname, rt.typtype, rt.typcategory, rc.relname, rc.relkind, rn.nspname,
       re.typname, p.proisstrict
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  join pg_catalog.pg_type rt on rt.oid = p.prorettype
  left join pg_catalog.pg_class rc on rc.oid = rt.typrelid
  left join pg_catalog.pg_namespace rn on rn.oid = rc.relnamespace
  left join pg_catalog.pg_type re on re.oid = rt.typelem and rt.typcategory = 'A'
 where n.nspname = %s and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
   and not exists (select 1 from pg_catalog.pg_depend d where d.objid = p.oid and d.deptype = 'e')
 order by p.proname, p.oid::regprocedure::text
"""

_IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def _key(name: str) -> str:
    return name if _IDENT.match(name) else "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _string(value: str) -> str:
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _ts_type(schema: str, name: str, typtype: str, category: str, elem: str | None, elem_type: str | None,
             nsp: str, enums: set[str]) -> str:
    if category == "A" and elem:
        inner = _ts_type(schema, elem, elem_type or "b", "", None, None, nsp, enums)
        return f"{inner}[]" if re.match(r"^[A-Za-z_.\[\]'\"]+$", inner) else f"({inner})[]"
    if category == "" and name.startswith("_") and elem is None:   # a function's array argument (_text)
        inner = _ts_type(schema, name[1:], "b", "", None, None, nsp, enums)
        return f"{inner}[]" if re.match(r"^[A-Za-z_.\[\]'\"]+$", inner) else f"({inner})[]"
    if nsp == schema and name in enums:
        return f"Database[{_string(schema)}]['Enums'][{_string(name)}]"
    if typtype == "e":
        return "string"
    if name == "bool":
        return "boolean"
    if name in NUMBER:
        return "number"
    if name in ("json", "jsonb"):
        return "Json"
    if name in STRING:
        return "string"
    if name == "void":
        return "undefined"
    return "unknown"


def _object(members: list[str], indent: str) -> str:
    """`{` members one per line `}` (prettier keeps an object type expanded once written so)."""
    if not members:
        return "{}"
    inner = indent + "  "
    return "{\n" + "".join(f"{inner}{m};\n" for m in members) + indent + "}"


def _never(indent: str) -> str:
    return "{\n" + indent + "  [_ in never]: never;\n" + indent + "}"


def _schema(conn: psycopg.Connection, schema: str, indent: str) -> str:
    enums = {name: labels for name, labels in conn.execute(ENUMS_SQL, (schema,)).fetchall()}
    relations: dict[str, dict] = {}
    for (rel, kind, col, typ, typtype, cat, elem, elem_type, nsp, _elem_nsp, nullable, has_default, always,
         updatable) in conn.execute(COLUMNS_SQL, (schema,)).fetchall():
        entry = relations.setdefault(rel, {"kind": kind, "updatable": updatable, "columns": []})
        ts = _ts_type(schema, typ, typtype, cat, elem, elem_type, nsp, set(enums))
        entry["columns"].append((col, ts, nullable, has_default, always))
    filled = filled_by_triggers(conn.execute(FILLING_TRIGGERS_SQL, (schema,)).fetchall())
    for rel, entry in relations.items():
        entry["columns"] = [(c, t, nullable, has_default or c in filled.get(rel, ()), always)
                            for c, t, nullable, has_default, always in entry["columns"]]
    relationships: dict[str, list[tuple]] = defaultdict(list)
    for fk, src, cols, dst, dst_cols, one in conn.execute(RELATIONSHIPS_SQL, (schema, schema)).fetchall():
        relationships[src].append((fk, list(cols), one, dst, list(dst_cols)))

    i1, i2, i3, i4, i5 = (indent + "  " * n for n in range(1, 6))

    def relation(name: str, entry: dict) -> str:
        cols = entry["columns"]
        row = [f"{_key(c)}: {t}" + (" | null" if nullable else "") for c, t, nullable, _, _ in cols]
        parts = [f"Row: {_object(row, i3)}"]
        if entry["kind"] in ("r", "p", "f") or entry["updatable"]:
            insert = [f"{_key(c)}?: never" if always else
                      f"{_key(c)}{'?' if (nullable or has_default) else ''}: {t}" + (" | null" if nullable else "")
                      for c, t, nullable, has_default, always in cols]
            update = [f"{_key(c)}?: never" if always else f"{_key(c)}?: {t}" + (" | null" if nullable else "")
                      for c, t, nullable, _, always in cols]
            parts += [f"Insert: {_object(insert, i3)}", f"Update: {_object(update, i3)}"]
        rels = []
        for fk, src_cols, one, dst, dst_cols in relationships.get(name, []):
            rels.append("{\n" + "".join(f"{i4}{m};\n" for m in (
                f"foreignKeyName: {_string(fk)}",
                "columns: [" + ", ".join(_string(c) for c in src_cols) + "]",
                f"isOneToOne: {'true' if one else 'false'}",
                f"referencedRelation: {_string(dst)}",
                "referencedColumns: [" + ", ".join(_string(c) for c in dst_cols) + "]")) + i3 + "}")
        parts.append("Relationships: " + ("[]" if not rels else "[\n" + "".join(f"{i3}{r},\n" for r in rels)
                                          + i2 + "]"))
        return f"{_key(name)}: " + _object(parts, i1)

    tables = [relation(n, e) for n, e in relations.items() if e["kind"] in ("r", "p", "f")]
    views = [relation(n, e) for n, e in relations.items() if e["kind"] in ("v", "m")]

    functions: dict[str, list[str]] = defaultdict(list)
    for (name, _sig, arg_names, arg_modes, _arg_types, arg_typnames, _ndefaults, retset, rettype, rettyptype,
         retcat, retrel, retrelkind, retnsp, retelem, strict) in conn.execute(FUNCTIONS_SQL, (schema,)).fetchall():
        modes = list(arg_modes) or ["i"] * len(arg_typnames)
        names = list(arg_names) + [""] * (len(arg_typnames) - len(arg_names))
        inputs = [(n, t) for n, t, m in zip(names, arg_typnames, modes, strict=False) if m in ("i", "b", "v")]
        outputs = [(n, t) for n, t, m in zip(names, arg_typnames, modes, strict=False) if m in ("o", "b", "t")]
        if any(not n for n, _ in inputs) and not (len(inputs) == 1 and inputs[0][1] in
                                                  ("json", "jsonb", "text", "xml", "bytea")):
            continue   # not callable through the API (PostgREST keeps no such overload)
        nenums = set(enums)
        optional = set(range(len(inputs) - (_ndefaults or 0), len(inputs)))   # the last ones have defaults
        # PostgreSQL runs a function that is not STRICT with a null argument (and callers pass null on purpose:
        # "no due date", "no template"); a STRICT one answers null without running, so its arguments stay non-null
        nullable = "" if strict else " | null"
        args = [f"{_key(n)}{'?' if i in optional else ''}: "
                f"{_ts_type(schema, t, 'b', '', None, None, schema, nenums)}{nullable}"
                for i, (n, t) in enumerate(inputs)]
        if retrel and retrelkind in ("r", "p", "v", "m", "f") and retnsp == schema:
            group = "Tables" if retrelkind in ("r", "p", "f") else "Views"
            returns = f"Database[{_string(schema)}][{_string(group)}][{_string(retrel)}]['Row']"
        elif rettype == "record" and outputs:
            returns = _object([f"{_key(n)}: {_ts_type(schema, t, 'b', '', None, None, schema, nenums)}"
                               for n, t in outputs if n], i5)
        else:
            returns = _ts_type(schema, rettype, rettyptype, retcat, retelem, "b", schema, nenums)
        if retset:
            returns = f"{returns}[]" if not returns.startswith("{") else f"{returns}[]"
        arg_text = "Record<PropertyKey, never>" if not args else _object(args, i4)
        functions[name].append("{\n" + f"{i4}Args: {arg_text};\n{i4}Returns: {returns};\n" + i3 + "}")
    function_members = []
    for name, overloads in functions.items():
        body = overloads[0] if len(overloads) == 1 else \
            "\n" + "".join(f"{i3}| {o.replace(chr(10), chr(10) + '  ')}\n" for o in overloads).rstrip("\n")
        if len(overloads) == 1:
            body = body.replace("\n" + i3 + "}", "\n" + i2 + "}").replace(i4, i3)
        function_members.append(f"{_key(name)}: {body}")

    enum_members = [f"{_key(n)}: " + " | ".join(_string(v) for v in labels) for n, labels in enums.items()]
    sections = [
        "Tables: " + (_object(tables, i1) if tables else _never(i1)),
        "Views: " + (_object(views, i1) if views else _never(i1)),
        "Functions: " + (_object(function_members, i1) if function_members else _never(i1)),
        "Enums: " + (_object(enum_members, i1) if enum_members else _never(i1)),
        "CompositeTypes: " + _never(i1),
    ]
    return f"{_key(schema)}: " + _object(sections, indent)


TYPES_FILE = "app/src/lib/database.types.ts"


def formatted(text: str, workdir: Path) -> str:
    """The text as the app's prettier writes it (node's prettier from the project's own install)."""
    prettier = workdir / "node_modules" / ".bin" / "prettier"
    done = subprocess.run([str(prettier), "--stdin-filepath", str(workdir / TYPES_FILE)], input=text, text=True,
                          capture_output=True, cwd=workdir / "app", check=True)
    return done.stdout


def typescript(db_url: str, schemas: list[str]) -> str:
    """The `Database` type of these schemas, with the CLI's helper types (Tables, TablesInsert, ...)."""
    with psycopg.connect(db_url, autocommit=True) as conn:
        body = [_schema(conn, s, "  ") for s in schemas]
    return HEADER + "\nexport type Database = " + _object(body, "") + ";\n" + HELPERS.replace(
        "DEFAULT_SCHEMA", _string(schemas[0]))


HELPERS = """
type DefaultSchema = Database[DEFAULT_SCHEMA];

export type Tables<T extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])> = (DefaultSchema['Tables'] &
  DefaultSchema['Views'])[T] extends { Row: infer R }
  ? R
  : never;

export type TablesInsert<T extends keyof DefaultSchema['Tables']> = DefaultSchema['Tables'][T] extends {
  Insert: infer I;
}
  ? I
  : never;

export type TablesUpdate<T extends keyof DefaultSchema['Tables']> = DefaultSchema['Tables'][T] extends {
  Update: infer U;
}
  ? U
  : never;

export type Enums<T extends keyof DefaultSchema['Enums']> = DefaultSchema['Enums'][T];
"""
