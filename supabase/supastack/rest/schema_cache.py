"""The schema cache: tables, views, columns, keys, relationships and functions of the exposed schema.

Loaded at start-up and again on `NOTIFY pgrst, 'reload schema'` (the migration runner sends it too).
Every identifier the SQL builder emits comes from here, never from the request itself.
"""
from __future__ import annotations

import difflib
import itertools
from dataclasses import dataclass, field

import psycopg
from psycopg.rows import TupleRow

from supastack.rest.view_columns import VIEW_RULES_SQL, column_origins, resolve_origins

EXPOSED_SCHEMA = "public"
UNNAMED_PARAM_TYPES = ("bytea", "json", "jsonb", "text", "xml")


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: str            # format_type(): the name to cast to
    category: str        # pg_type.typcategory (A array, S string, U user/json, R range, ...)
    nullable: bool
    default: str | None  # pg_get_expr of the default, or None
    identity: bool
    generated: bool


@dataclass(slots=True)
class Table:
    name: str
    kind: str                                  # r table, v view, m matview, f foreign, p partitioned
    insertable: bool
    columns: dict[str, Column] = field(default_factory=dict)
    primary_key: tuple[str, ...] = ()
    uniques: list[tuple[str, ...]] = field(default_factory=list)
    computed: dict[str, Column] = field(default_factory=dict)   # functions of the row: selectable, not in `*`


@dataclass(frozen=True, slots=True)
class ForeignKey:
    name: str
    table: str
    columns: tuple[str, ...]
    ref_table: str
    ref_columns: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Relationship:
    """A way to embed `target` under `source`.

    kind: m2o (source holds the FK, object), o2o (target holds a unique FK, object),
    o2m (target holds the FK, array), m2m (through `junction`, array).
    `source_columns[i]` joins `target_columns[i]`; for m2m they join the junction's columns.
    """
    kind: str
    source: str
    target: str
    constraint: str
    source_columns: tuple[str, ...]
    target_columns: tuple[str, ...]
    junction: str | None = None
    junction_source_columns: tuple[str, ...] = ()   # junction columns pointing at source
    junction_target_columns: tuple[str, ...] = ()   # junction columns pointing at target
    junction_target_constraint: str | None = None
    function: str | None = None                     # a computed relationship: `function(source row)` gives target

    @property
    def to_one(self) -> bool:
        return self.kind in ("m2o", "o2o")

    def describe(self) -> dict:
        """One entry of PGRST201's details, worded as PostgREST words it."""
        cardinality = {"m2o": "many-to-one", "o2o": "one-to-one", "o2m": "one-to-many", "m2m": "many-to-many"}
        if self.kind == "m2m":
            relationship = (f"{self.junction} using {self.constraint}({', '.join(self.junction_source_columns)}) "
                            f"and {self.junction_target_constraint}({', '.join(self.junction_target_columns)})")
        else:
            relationship = (f"{self.constraint} using {self.source}({', '.join(self.source_columns)}) "
                            f"and {self.target}({', '.join(self.target_columns)})")
        return {"cardinality": cardinality[self.kind], "embedding": f"{self.source} with {self.target}",
                "relationship": relationship}


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    type: str
    has_default: bool
    variadic: bool = False


@dataclass(frozen=True, slots=True)
class Function:
    name: str
    params: tuple[Param, ...]
    return_type: str
    returns_set: bool
    volatility: str                        # i immutable, s stable, v volatile
    composite: bool                        # returns rows (a table type or OUT columns)
    return_table: str | None               # the exposed table its rows belong to, for embedding
    out_columns: tuple[str, ...] = ()
    returns_void: bool = False

    @property
    def required(self) -> set[str]:
        return {p.name for p in self.params if not p.has_default and not p.variadic}


@dataclass(slots=True)
class SchemaCache:
    tables: dict[str, Table] = field(default_factory=dict)
    relationships: dict[str, list[Relationship]] = field(default_factory=dict)
    functions: dict[str, list[Function]] = field(default_factory=dict)
    types: dict[str, str] = field(default_factory=dict)     # castable type name -> canonical name
    version: int = 0
    schema: str = EXPOSED_SCHEMA                             # the one schema this cache describes

    def table(self, name: str) -> Table | None:
        return self.tables.get(name)

    def suggest_table(self, name: str) -> str | None:
        close = difflib.get_close_matches(name, list(self.tables), n=1, cutoff=0.75)   # PostgREST's bar
        return close[0] if close else None

    def relationships_of(self, source: str) -> list[Relationship]:
        return self.relationships.get(source, [])


TABLES_SQL = """
select c.oid::int8, c.relname::text, c.relkind::text,
       c.relkind in ('r', 'p')
         or (c.relkind in ('v', 'f') and (pg_catalog.pg_relation_is_updatable(c.oid, true) & 8) = 8)
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = %s and c.relkind in ('r', 'v', 'm', 'f', 'p')
"""

COLUMNS_SQL = """
select a.attrelid::int8, a.attname::text, pg_catalog.format_type(a.atttypid, a.atttypmod), t.typcategory::text,
       not a.attnotnull,
       coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid), case when t.typtype = 'd' then t.typdefault end),
       a.attidentity <> '', a.attgenerated <> '',
       a.attnum::int
from pg_catalog.pg_attribute a
join pg_catalog.pg_class c on c.oid = a.attrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
join pg_catalog.pg_type t on t.oid = a.atttypid
left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where n.nspname = %s and a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by a.attrelid, a.attnum
"""

CONSTRAINTS_SQL = """
select con.contype::text, con.conname::text, con.conrelid::int8, con.confrelid::int8,
       array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
             join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i),
       array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
             join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i)
from pg_catalog.pg_constraint con
join pg_catalog.pg_namespace n on n.oid = con.connamespace
where n.nspname = %s and con.contype in ('p', 'u', 'f')
order by con.conrelid, con.conname
"""

UNIQUE_INDEXES_SQL = """
select i.indrelid::int8, array(select a.attname::text from unnest(i.indkey) with ordinality k(n, o)
                              join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o)
from pg_catalog.pg_index i join pg_catalog.pg_class c on c.oid = i.indrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = %s and i.indisunique and i.indpred is null and i.indexprs is null
"""

FUNCTIONS_SQL = """
select p.proname::text, p.proargnames::text[], p.proargmodes::text[],
       array(select pg_catalog.format_type(t, null)
             from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(t, i) order by i),
       p.pronargs::int, p.pronargdefaults::int, pg_catalog.format_type(p.prorettype, null), p.proretset,
       p.provolatile::text, rt.typtype::text, rc.relname::text, rn.nspname::text, p.provariadic <> 0
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
join pg_catalog.pg_type rt on rt.oid = p.prorettype
left join pg_catalog.pg_class rc on rc.oid = rt.typrelid
left join pg_catalog.pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = %s and p.prokind = 'f'
order by p.oid
"""

# Functions of one argument, a row of a relation of the schema: a computed field when they return a value,
# a computed relationship when they return rows (or one row) of a relation of the schema.
COMPUTED_SQL = """
select p.proname::text, ac.relname::text, rc.relname::text, pg_catalog.format_type(p.prorettype, null),
       rt.typcategory::text, not p.proretset or p.prorows = 1
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
join pg_catalog.pg_type at on at.oid = p.proargtypes[0]
join pg_catalog.pg_class ac on ac.oid = at.typrelid and ac.relnamespace = n.oid
join pg_catalog.pg_type rt on rt.oid = p.prorettype
left join pg_catalog.pg_class rc on rc.oid = rt.typrelid and rc.relnamespace = n.oid
where n.nspname = %s and p.prokind = 'f' and p.pronargs = 1 and ac.relkind in ('r', 'v', 'm', 'f', 'p')
  and (rc.oid is not null and rc.relkind in ('r', 'v', 'm', 'f', 'p') or rt.typtype <> 'c' and not p.proretset)
order by p.oid
"""

TYPES_SQL = """
select t.typname::text, pg_catalog.format_type(t.oid, null)
from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
where n.nspname in ('pg_catalog', %s, 'extensions') and t.typtype in ('b', 'd', 'e', 'r', 'c', 'm')
  and t.typname !~ '^_'
"""

# Aliases a client may write after `::` (SQL spellings of pg_catalog names).
TYPE_ALIASES = {
    "int": "integer", "integer": "integer", "smallint": "smallint", "bigint": "bigint", "real": "real",
    "float": "double precision", "double precision": "double precision", "boolean": "boolean",
    "decimal": "numeric", "varchar": "character varying", "char": "character", "character": "character",
    "timestamptz": "timestamp with time zone", "timestamp": "timestamp without time zone",
    "time": "time without time zone", "timetz": "time with time zone",
}


async def load_schema_cache(conn: psycopg.AsyncConnection, schema: str = EXPOSED_SCHEMA,
                            version: int = 0) -> SchemaCache:
    """Read the catalog (one connection, a handful of queries)."""
    cache = SchemaCache(version=version, schema=schema)
    by_oid: dict[int, Table] = {}
    for oid, name, kind, insertable in await (await conn.execute(TABLES_SQL, (schema,))).fetchall():
        by_oid[oid] = cache.tables[name] = Table(name, kind, bool(insertable))
    column_names: dict[tuple[int, int], str] = {}   # (relation oid, attnum) -> name
    for relid, name, typ, category, nullable, default, identity, generated, attnum in \
            await (await conn.execute(COLUMNS_SQL, (schema,))).fetchall():
        table = by_oid.get(relid)
        if table is not None:
            table.columns[name] = Column(name, typ, category, nullable, default, identity, generated)
            column_names[(relid, attnum)] = name

    foreign_keys: list[ForeignKey] = []
    for contype, name, relid, frelid, cols, fcols in await (await conn.execute(CONSTRAINTS_SQL, (schema,))).fetchall():
        table = by_oid.get(relid)
        if table is None:
            continue
        if contype == "p":
            table.primary_key = tuple(cols)
        elif contype == "u":
            table.uniques.append(tuple(cols))
        elif contype == "f" and frelid in by_oid:
            foreign_keys.append(ForeignKey(name, table.name, tuple(cols), by_oid[frelid].name, tuple(fcols)))
    for relid, cols in await (await conn.execute(UNIQUE_INDEXES_SQL, (schema,))).fetchall():
        table = by_oid.get(relid)
        if table is not None and tuple(cols) not in table.uniques and tuple(cols) != table.primary_key:
            table.uniques.append(tuple(cols))

    views = {oid: column_origins(action)
             for oid, action in await (await conn.execute(VIEW_RULES_SQL, (schema,))).fetchall()}
    foreign_keys = _through_views(foreign_keys, resolve_origins(views), by_oid, column_names)
    cache.relationships = _relationships(cache.tables, foreign_keys)

    for name, table, target, typ, category, single_row in \
            await (await conn.execute(COMPUTED_SQL, (schema,))).fetchall():
        source = cache.tables[table]
        if target is None:
            if name not in source.columns:   # a column of the same name wins, as in PostgreSQL
                source.computed[name] = Column(name, typ, category, True, None, False, False)
        else:
            cache.relationships.setdefault(table, []).append(Relationship(
                "m2o" if single_row else "o2m", table, target, name, (), (), function=name))

    for row in await (await conn.execute(FUNCTIONS_SQL, (schema,))).fetchall():
        function = _function(row, schema)
        if function is not None:
            cache.functions.setdefault(function.name, []).append(function)

    for typname, formatted in await (await conn.execute(TYPES_SQL, (schema,))).fetchall():
        cache.types[typname] = formatted
        cache.types[formatted] = formatted
    for alias, canonical in TYPE_ALIASES.items():
        cache.types[alias] = canonical
    return cache


def _through_views(fks: list[ForeignKey], origins: dict[int, dict[int, tuple[int, int]]],
                   by_oid: dict[int, Table], column_names: dict[tuple[int, int], str]) -> list[ForeignKey]:
    """Each foreign key, plus its copies with either end replaced by a view exposing all of that end's
    columns as plain references (under the view's own column names)."""
    oid_of = {table.name: oid for oid, table in by_oid.items()}
    attnum_of = {(relid, name): attnum for (relid, attnum), name in column_names.items()}
    exposed: dict[tuple[int, int], list[tuple[str, str]]] = {}   # base column -> [(view, view column)]
    for view, columns in origins.items():
        if view not in by_oid:
            continue
        for attnum, origin in columns.items():
            name = column_names.get((view, attnum))
            if name is not None:
                exposed.setdefault(origin, []).append((by_oid[view].name, name))

    def ends(table: str, columns: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
        oid = oid_of[table]
        per_view: dict[str, list[list[str]]] = {}
        for i, column in enumerate(columns):
            attnum = attnum_of.get((oid, column))
            for view, name in exposed.get((oid, attnum), ()) if attnum is not None else ():
                per_view.setdefault(view, [[] for _ in columns])[i].append(name)
        out = [(table, columns)]
        for view, names in per_view.items():
            if all(names):
                out.extend((view, combo) for combo in itertools.product(*names))
        return out

    if not exposed:
        return fks
    expanded = []
    for fk in fks:
        for source, source_columns in ends(fk.table, fk.columns):
            for target, target_columns in ends(fk.ref_table, fk.ref_columns):
                expanded.append(ForeignKey(fk.name, source, source_columns, target, target_columns))
    return expanded


def _is_unique(table: Table, columns: tuple[str, ...]) -> bool:
    keys = [table.primary_key, *table.uniques]
    return any(key and set(key) == set(columns) for key in keys)


def _relationships(tables: dict[str, Table], fks: list[ForeignKey]) -> dict[str, list[Relationship]]:
    out: dict[str, list[Relationship]] = {}
    for fk in fks:
        one = _is_unique(tables[fk.table], fk.columns)   # a unique key: one-to-one from both ends
        out.setdefault(fk.table, []).append(
            Relationship("o2o" if one else "m2o", fk.table, fk.ref_table, fk.name, fk.columns, fk.ref_columns))
        out.setdefault(fk.ref_table, []).append(
            Relationship("o2o" if one else "o2m", fk.ref_table, fk.table, fk.name, fk.ref_columns, fk.columns))
    # many-to-many: a junction whose two foreign keys are covered by its primary key or a unique key
    by_table: dict[str, list[ForeignKey]] = {}
    for fk in fks:
        by_table.setdefault(fk.table, []).append(fk)
    for junction, jfks in by_table.items():
        table = tables[junction]
        keys = [set(k) for k in (table.primary_key, *table.uniques) if k]
        for a in jfks:
            for b in jfks:
                if a is b or a.name == b.name:   # the same key twice (once through a view)
                    continue
                cols = set(a.columns) | set(b.columns)
                if not any(cols <= key for key in keys):
                    continue
                out.setdefault(a.ref_table, []).append(Relationship(
                    "m2m", a.ref_table, b.ref_table, a.name, a.ref_columns, b.ref_columns, junction,
                    a.columns, b.columns, b.name))
    return out


def _function(row: TupleRow, schema: str) -> Function | None:
    (name, argnames, argmodes, argtypes, nargs, ndefaults, rettype, retset, volatility, rettyptype,
     retrel, retrel_schema, variadic) = row
    argnames = argnames or []
    modes = argmodes or ["i"] * len(argtypes)
    inputs: list[tuple[str, str, str]] = []
    outputs: list[str] = []
    for i, typ in enumerate(argtypes):
        mode = modes[i]
        argname = argnames[i] if i < len(argnames) else ""
        if mode in ("i", "b", "v"):
            inputs.append((argname, typ, mode))
        if mode in ("o", "b", "t"):
            outputs.append(argname)
    params = []
    first_default = len(inputs) - (ndefaults or 0)
    for i, (argname, typ, mode) in enumerate(inputs):
        params.append(Param(argname, typ, i >= first_default, mode == "v"))
    unnamed = [p for p in params if p.name == ""]
    if len(unnamed) > 1 or (unnamed and unnamed[0].type not in UNNAMED_PARAM_TYPES):
        return None   # not callable by name, nor with the whole body (PostgREST leaves it out too)
    composite = rettyptype == "c" or (rettype == "record" and bool(outputs))
    return_table = retrel if (rettyptype == "c" and retrel_schema == schema) else None
    return Function(name, tuple(params), rettype, bool(retset), volatility, composite, return_table,
                    tuple(outputs), rettype == "void")
