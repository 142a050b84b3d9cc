"""Stage 3, sql: a plan -> ONE parameterised statement whose single row is (total, page, body, location).

The JSON body is built by PostgreSQL (json_agg / row_to_json). Identifiers come from the plan (which took
them from the schema cache) and are quoted with `sql.Identifier`; every request value is a bound parameter.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from psycopg import sql

from supastack.rest.plan import CallPlan, MutatePlan, PlannedField, ReadNode, ReadPlan
from supastack.rest.schema_cache import EXPOSED_SCHEMA, Column, Relationship
from supastack.rest.terms import Filter, Logic, OrderTerm


@dataclass(frozen=True, slots=True)
class MainQuery:
    text: str
    params: dict
    rowcount_only: bool = False     # a plain INSERT without RETURNING: the result is cur.rowcount
    read_only: bool = False         # GET on a volatile function must fail as in a read-only transaction
    body_kind: str = "array"        # array | object | scalar | void
    payload_param: str | None = None  # the parameter holding the request body
    count_mode: str | None = None     # planned | estimated: `explain` gives the planner's row estimate
    count_threshold: int | None = None  # estimated: exact counts up to this many rows (max_rows)
    explain: MainQuery | None = None  # EXPLAIN (FORMAT JSON) of the count query, same role and GUCs


COMPARISONS = {"eq": "=", "neq": "<>", "gt": ">", "gte": ">=", "lt": "<", "lte": "<=",
               "like": "like", "ilike": "ilike", "match": "~", "imatch": "~*"}
CONTAINMENT = {"cs": "@>", "cd": "<@", "ov": "&&", "sl": "<<", "sr": ">>", "nxl": "&>", "nxr": "&<", "adj": "-|-"}
TSQUERY = {"fts": "to_tsquery", "plfts": "plainto_tsquery", "phfts": "phraseto_tsquery", "wfts": "websearch_to_tsquery"}
IS_SQL = {"null": "is null", "not_null": "is not null", "true": "is true", "false": "is false", "unknown": "is unknown"}


def _text(value: object) -> str:
    """A filter's one value (the parser gives a str to every operator but `in` and quantified ones)."""
    if not isinstance(value, str):
        raise TypeError(f"a filter value should be a str, not {type(value).__name__}")
    return value


def _texts(value: object) -> list[str]:
    """The values of an `in` or quantified filter (the parser gives these a list of str)."""
    if not isinstance(value, list):
        raise TypeError(f"filter values should be a list, not {type(value).__name__}")
    return value


def _junction(rel: Relationship) -> str:
    """The junction table of a many-to-many relationship (the schema cache always names it)."""
    if rel.junction is None:
        raise ValueError(f"the many-to-many relationship to {rel.target} has no junction table")
    return rel.junction


def array_literal(values: list[str]) -> str:
    """A PostgreSQL array literal of quoted elements (bound as a parameter, typed by PostgreSQL)."""
    quoted = ['"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"' for v in values]
    return "{" + ",".join(quoted) + "}"


class Builder:
    """Collects bound values under names, so fragments may be built in any order and reused."""

    def __init__(self, schema: str = EXPOSED_SCHEMA) -> None:
        self.params: dict = {}
        self.schema_name = schema
        self.schema = sql.Identifier(schema)   # every relation and function of the request lives here

        self.payload_name: str | None = None
        self.jsonb = False   # embedded bodies as jsonb (set per statement by the root's select)

    def param(self, value: object) -> sql.Composable:
        name = f"p{len(self.params)}"
        self.params[name] = value
        return sql.Placeholder(name)

    def payload(self, value: object) -> sql.Composable:
        """The request body: the one value that may change while the statement stays the same."""
        self.payload_name = f"p{len(self.params)}"
        return self.param(value)

    # --------------------------------------------------------------------------- expressions
    def column(self, alias: str, name: str, json_path: tuple[tuple[str, str], ...] = ()) -> sql.Composable:
        expr: sql.Composable = sql.SQL("{}.{}").format(sql.Identifier(alias), sql.Identifier(name))
        for arrow, key in json_path:
            key_param = self.param(int(key)) if re.fullmatch(r"-?\d+", key) else self.param(key)
            expr = sql.SQL("({} " + arrow + " {})").format(expr, key_param)
        return expr

    def field(self, alias: str, f: PlannedField) -> sql.Composable:
        if f.aggregate:
            inner = sql.SQL("*") if not f.column else self.column(alias, f.column, f.json_path)
            if f.cast and f.column:
                inner = sql.SQL("{}::{}").format(inner, sql.SQL(f.cast))
            expr: sql.Composable = sql.SQL(f.aggregate + "({})").format(inner)
            if f.aggregate_cast:
                expr = sql.SQL("{}::{}").format(expr, sql.SQL(f.aggregate_cast))
        elif not f.column:   # `count()` of a to-one spread, counted by its parent: one mark per joined row
            expr = sql.SQL("1")
        else:
            expr = self.column(alias, f.column, f.json_path)
            if f.cast:
                expr = sql.SQL("{}::{}").format(expr, sql.SQL(f.cast))
        return sql.SQL("{} as {}").format(expr, sql.Identifier(f.output))

    def condition(self, node: ReadNode, term: Filter | Logic) -> sql.Composable:
        if isinstance(term, Logic):
            joiner = sql.SQL(" and " if term.operator == "and" else " or ")
            empty = sql.SQL("true" if term.operator == "and" else "false")
            parts = [self.condition(node, t) for t in term.terms] or [empty]
            expr = sql.SQL("(") + joiner.join(parts) + sql.SQL(")")
            return sql.SQL("not {}").format(expr) if term.negated else expr
        return self.filter(node, term)

    def filter(self, node: ReadNode, f: Filter) -> sql.Composable:
        lhs = self.column(node.alias, f.field.name, f.field.json_path)
        op, value = f.operator, f.value   # a str, or a list of str for `in` and quantified operators
        column = node.columns.get(f.field.name) or node.computed.get(f.field.name)
        if op in COMPARISONS:
            sym = COMPARISONS[op]
            if op in ("like", "ilike"):
                value = [v.replace("*", "%") for v in _texts(value)] if f.quantifier \
                    else _text(value).replace("*", "%")
            if f.quantifier:
                expr = sql.SQL("{} " + sym + " " + f.quantifier + "({})").format(
                    lhs, self.param(array_literal(_texts(value))))
            else:
                expr = sql.SQL("{} " + sym + " {}").format(lhs, self.param(value))
        elif op == "is":
            expr = sql.SQL("{} " + IS_SQL[_text(value)]).format(lhs)
        elif op == "isdistinct":
            expr = sql.SQL("{} is distinct from {}").format(lhs, self.param(value))
        elif op == "in":
            expr = sql.SQL("{} = any({})").format(lhs, self.param(array_literal(_texts(value))))
        elif op in CONTAINMENT:
            if op in ("ov", "cs", "cd") and column is not None and column.category == "A" \
                    and isinstance(value, str) and value.startswith("(") and value.endswith(")") \
                    and not f.field.json_path:
                value = "{" + value[1:-1] + "}"
            expr = sql.SQL("{} " + CONTAINMENT[op] + " {}").format(lhs, self.param(value))
        else:  # full-text search
            fn = sql.SQL(TSQUERY[op])
            query = sql.SQL("{}({}, {})").format(fn, self.param(f.config), self.param(value)) if f.config \
                else sql.SQL("{}({})").format(fn, self.param(value))
            if not (column is not None and column.type == "tsvector" and not f.field.json_path):
                lhs = sql.SQL("to_tsvector({}, {})").format(self.param(f.config), lhs) if f.config \
                    else sql.SQL("to_tsvector({})").format(lhs)
            expr = sql.SQL("{} @@ {}").format(lhs, query)
        return sql.SQL("not ({})").format(expr) if f.negated else expr

    # --------------------------------------------------------------------------- relationships
    def related_source(self, child: ReadNode, parent_alias: str) -> tuple[sql.Composable, list[sql.Composable]]:
        """The FROM item of an embedded relation and the conditions tying it to its parent's row."""
        alias = sql.Identifier(child.alias)
        rel = child.rel
        if rel.function is not None:   # a computed relationship: the function of the parent's row
            return sql.SQL("{}.{}({}) as {}").format(self.schema, sql.Identifier(rel.function),
                                                     sql.Identifier(parent_alias), alias), []
        return sql.SQL("{}.{} as {}").format(self.schema, sql.Identifier(child.relation), alias), \
            [self.join_condition(child, parent_alias)]

    def join_condition(self, child: ReadNode, parent_alias: str) -> sql.Composable:
        rel = child.rel
        a, p = sql.Identifier(child.alias), sql.Identifier(parent_alias)
        if rel.kind == "m2m":
            j = sql.Identifier(child.alias + "_j")
            conds = [sql.SQL("{}.{} = {}.{}").format(j, sql.Identifier(jc), p, sql.Identifier(sc))
                     for jc, sc in zip(rel.junction_source_columns, rel.source_columns, strict=True)]
            conds += [sql.SQL("{}.{} = {}.{}").format(j, sql.Identifier(jc), a, sql.Identifier(tc))
                      for jc, tc in zip(rel.junction_target_columns, rel.target_columns, strict=True)]
            return sql.SQL("exists (select 1 from {}.{} as {} where {})").format(
                self.schema, sql.Identifier(_junction(rel)), j, sql.SQL(" and ").join(conds))
        return sql.SQL(" and ").join(
            [sql.SQL("{}.{} = {}.{}").format(a, sql.Identifier(tc), p, sql.Identifier(sc))
             for sc, tc in zip(rel.source_columns, rel.target_columns, strict=True)])

    # --------------------------------------------------------------------------- selects
    def select(self, node: ReadNode, source: sql.Composable, extra_where: list | None = None,
               count_only: bool = False, paginate: bool = True) -> sql.Composable:
        """`select <fields> from <source> <lateral joins> where ... [group by] order by ... limit ... offset ...`"""
        if node.relationship is None:
            # grouping compares embedded bodies, which json cannot do: jsonb as PostgREST, when anything groups
            self.jsonb = _any_grouped(node)
        items: list[sql.Composable] = []
        joins: list[sql.Composable] = []
        group: list[sql.Composable] = []
        grouped = node.grouped   # once: it scans every field, and select lists can be long
        if not count_only:
            for f in node.fields:
                items.append(self.field(node.alias, f))
                if grouped and not f.aggregate:
                    group.append(self.column(node.alias, f.column, f.json_path) if f.column else sql.SQL("1"))
        for child in node.children:
            join, child_items = self.embed(node, child)
            joins.append(join)
            if not count_only:
                for expr, name, aggregated in child_items:
                    items.append(sql.SQL("{} as {}").format(expr, sql.Identifier(name)))
                    if grouped and not aggregated:
                        group.append(expr)
        where = list(extra_where or [])
        where += [self.condition(node, t) for t in node.filters]
        for child, negated in node.embed_null_filters:
            where.append(sql.SQL("{}.{} is " + ("not null" if negated else "null")).format(
                sql.Identifier(child.alias + "_e"), sql.Identifier("body")))
        query = sql.SQL("select {} from {}").format(
            sql.SQL(", ").join(items) if items else sql.SQL("1" if count_only else "null"), source)
        if joins:
            query = query + sql.SQL(" ") + sql.SQL(" ").join(joins)
        if where:
            query = query + sql.SQL(" where ") + sql.SQL(" and ").join(where)
        if group:
            query = query + sql.SQL(" group by ") + sql.SQL(", ").join(group)
        if node.order and not count_only:
            query = query + sql.SQL(" order by ") + sql.SQL(", ").join(self.order(node, o) for o in node.order)
        if paginate and not count_only:
            if node.limit is not None:
                query = query + sql.SQL(" limit {}").format(self.param(node.limit))
            if node.offset:
                query = query + sql.SQL(" offset {}").format(self.param(node.offset))
        return query

    def order(self, node: ReadNode, item: tuple[OrderTerm, ReadNode | None]) -> sql.Composable:
        term, child = item
        if child is None:
            expr = self.column(node.alias, term.field.name, term.field.json_path)
        else:   # a to-one embed: order by the related value
            source, conditions = self.related_source(child, node.alias)
            expr = sql.SQL("(select {} from {}{} limit 1)").format(
                self.column(child.alias, term.field.name, term.field.json_path), source,
                sql.SQL(" where ") + sql.SQL(" and ").join(conditions) if conditions else sql.SQL(""))
        text = " desc" if term.descending else " asc"
        if term.nulls:
            text += " nulls " + term.nulls
        return expr + sql.SQL(text)

    def embed(self, parent: ReadNode, child: ReadNode) -> tuple[sql.Composable, list[tuple]]:
        """A lateral join producing the child's JSON (or, for a spread, its columns), and the parent's items
        from it: (expression, output name, whether it is an aggregate)."""
        lateral = sql.Identifier(child.alias + "_e")
        source, conditions = self.related_source(child, parent.alias)
        inner = self.select(child, source, conditions)
        to_one = child.rel.to_one
        names = [f.output for f in child.fields] + [n for c in child.children for n in _output_names(c)]
        j = sql.Identifier("pgrst_j")
        as_jsonb = sql.SQL("::jsonb" if self.jsonb else "")
        kind = "inner" if child.inner else "left"
        if child.spread:
            if to_one:
                body = inner
                items = []
                for n in names:
                    expr: sql.Composable = sql.SQL("{}.{}").format(lateral, sql.Identifier(n))
                    hoisted = child.hoisted.get(n) if not parent.passes_up else None
                    if hoisted is not None:   # the spread's aggregate, over the parent's group
                        function, cast = hoisted
                        expr = sql.SQL(function + "({})").format(expr)
                        if cast:
                            expr = sql.SQL("{}::{}").format(expr, sql.SQL(cast))
                    items.append((expr, n, hoisted is not None))
                on: sql.Composable = sql.SQL("true")
            else:
                aggs = [sql.SQL("json_agg({}.{}){} as {}").format(j, sql.Identifier(n), as_jsonb, sql.Identifier(n))
                        for n in names]
                columns = sql.SQL(", ").join(aggs) or sql.SQL("null")
                body = sql.SQL("select {} from ({}) as {}").format(columns, inner, j)
                items = [(sql.SQL("coalesce({}.{}, '[]')").format(lateral, sql.Identifier(n)), n, False)
                         for n in names]
                on = sql.SQL("{}.{} is not null").format(lateral, sql.Identifier(names[0])) if child.inner and names \
                    else sql.SQL("true")
            return sql.SQL(kind + " join lateral ({}) as {} on {}").format(body, lateral, on), items
        if to_one:
            body = sql.SQL("select row_to_json({}){} as body from ({}) as {}").format(j, as_jsonb, inner, j)
            expr = sql.SQL("{}.body").format(lateral)
        else:
            body = sql.SQL("select json_agg({}){} as body from ({}) as {}").format(j, as_jsonb, inner, j)
            expr = sql.SQL("coalesce({}.body, '[]')").format(lateral)
        on = sql.SQL("{}.body is not null").format(lateral) if child.inner else sql.SQL("true")
        return sql.SQL(kind + " join lateral ({}) as {} on {}").format(body, lateral, on), \
            [] if _selects_nothing(child) else [(expr, child.output, False)]


def _any_grouped(node: ReadNode) -> bool:
    return node.grouped or any(_any_grouped(c) for c in node.children)


def _selects_nothing(node: ReadNode) -> bool:
    """An empty embed (`rel()`), possibly holding only empty embeds: joined, but not in the body."""
    return not node.fields and all(_selects_nothing(c) for c in node.children)


def _output_names(child: ReadNode) -> list[str]:
    if not child.spread:
        return [child.output]
    return [f.output for f in child.fields] + [n for c in child.children for n in _output_names(c)]


# PostgREST's CSV: the first row's keys as the header, then each row's record text without its parentheses
# (PostgreSQL's quoting: a field with a comma, quote, space or backslash is quoted; NULL is an empty field).
CSV_BODY = sql.SQL(
    "(select coalesce(string_agg(pgrst_k, ','), '') "
    "from json_object_keys((array_agg(row_to_json(pgrst_r)))[1]) as pgrst_k) || E'\\n' || "
    "coalesce(string_agg(substring(pgrst_r::text, 2, length(pgrst_r::text) - 2), E'\\n'), '')")


def _envelope(rows: sql.Composable, count: sql.Composable | None, body_kind: str,
              location: sql.Composable | None = None, inserted: sql.Composable | None = None,
              strip_nulls: bool = False) -> sql.Composable:
    """The single result row: (total, page, body, location[, inserted])."""
    r = sql.Identifier("pgrst_r")
    body: sql.Composable
    if body_kind == "csv":
        body = CSV_BODY
    elif body_kind == "object":
        body = sql.SQL("coalesce(json_agg({})->0, 'null')").format(r)
    else:
        body = sql.SQL("coalesce(json_agg({}), '[]')").format(r)
    if strip_nulls and body_kind != "csv":
        # every object key whose value is null goes, at any depth (nulls inside arrays stay)
        body = sql.SQL("json_strip_nulls({})").format(body)
    body = body + sql.SQL("::text")
    return sql.SQL("select {}, count({}), {}, {}{} from ({}) as {}").format(
        count if count is not None else sql.SQL("null::int8"), r, body,
        location if location is not None else sql.SQL("null::text"),
        sql.SQL(", {}").format(inserted) if inserted is not None else sql.SQL(""), rows, r)


# An upserted row was inserted, not updated, when its version has no xmax: ON CONFLICT DO UPDATE leaves
# the updating transaction's id there. Only tables have the system column (views do not).
INSERTED_FLAG = "pgrst_inserted"


# ------------------------------------------------------------------------------------------- reads
def read_query(plan: ReadPlan, want_count: bool, single: bool, count_mode: str | None = None,
               max_rows: int | None = None, strip_nulls: bool = False, csv: bool = False) -> MainQuery:
    """`count_mode` planned: no counting, the planner's estimate instead; estimated: the exact count
    stopped after `max_rows` + 1 rows, the estimate beyond that (as PostgREST does)."""
    b = Builder(plan.schema)
    root = plan.root
    source = sql.SQL("{}.{} as {}").format(b.schema, sql.Identifier(root.relation), sql.Identifier(root.alias))
    count = explain = None
    approximate = want_count and count_mode in ("planned", "estimated")
    if want_count and count_mode != "planned":
        counted = b.select(root, source, count_only=True)
        if count_mode == "estimated" and max_rows is not None:
            counted = counted + sql.SQL(" limit {}").format(b.param(max_rows + 1))
        count = sql.SQL("(select count(*) from ({}) as pgrst_c)").format(counted)
    if approximate:
        e = Builder(plan.schema)
        explained = sql.SQL("explain (format json) ") + e.select(root, source, count_only=True)
        explain = MainQuery(explained.as_string(None), dict(e.params))
    rows = b.select(root, source)
    query = _envelope(rows, count, "csv" if csv else "object" if single else "array", strip_nulls=strip_nulls)
    return MainQuery(query.as_string(None), dict(b.params), payload_param=b.payload_name,
                     body_kind="object" if single else "array", count_mode=count_mode if approximate else None,
                     count_threshold=max_rows, explain=explain)


# ------------------------------------------------------------------------------------------ writes
def mutate_query(plan: MutatePlan, representation: str, want_count: bool, single: bool,
                 missing_default: bool, resolution: str | None, payload_json: str | None,
                 strip_nulls: bool = False, csv: bool = False) -> MainQuery:
    b = Builder(plan.schema)
    table = plan.table
    target = sql.SQL("{}.{}").format(b.schema, sql.Identifier(table.name))
    alias = sql.Identifier(plan.root.alias)
    cols = [sql.Identifier(c) for c in plan.columns]
    # POST with merge-duplicates and PUT answer 201 or 200 depending on whether a row was inserted
    track_inserted = (plan.action == "put" or (plan.action == "upsert" and resolution != "ignore-duplicates")) \
        and table.kind in ("r", "p")
    returning_rows = representation in ("representation", "headers-only") or want_count or single \
        or track_inserted

    if plan.action in ("insert", "upsert", "put"):
        if not cols:
            # `{}` (or objects without columns): one row of defaults per object
            statement = sql.SQL("insert into {} as {} select from json_array_elements({}::json)").format(
                target, alias, b.payload(payload_json))
        elif missing_default:
            # every row evaluates every column's default (a sequence advances for a row that gives the value
            # too), as PostgREST's missing=default does; the row's own value wins when the object has the key.
            # The defaults' subquery reads the row, so that it runs once per row (not once per statement).
            values, defaults = [], []
            for i, name in enumerate(plan.columns):
                column = table.columns[name]
                default = _default_sql(plan.schema, table.name, name, column)
                if column.identity or column.default is not None:
                    defaults.append(sql.SQL("{} as {}").format(default, sql.Identifier(f"d{i}")))
                    default = sql.SQL("{}.{}").format(sql.Identifier("pgrst_d"), sql.Identifier(f"d{i}"))
                values.append(sql.SQL("case when {}.obj::jsonb ? {} then {}.{} else {} end").format(
                    sql.Identifier("pgrst_o"), sql.Literal(name), sql.Identifier("pgrst_b"), sql.Identifier(name),
                    default))
            statement = sql.SQL(
                "insert into {} as {} ({}) select {} from json_array_elements({}::json) as pgrst_o(obj) "
                "cross join lateral json_populate_record(null::{}, pgrst_o.obj) as pgrst_b "
                "cross join lateral (select {} from (select pgrst_o.obj) as pgrst_r offset 0) as pgrst_d").format(
                target, alias, sql.SQL(", ").join(cols), sql.SQL(", ").join(values), b.payload(payload_json), target,
                sql.SQL(", ").join(defaults) if defaults else sql.SQL("1"))
        else:
            statement = sql.SQL(
                "insert into {} as {} ({}) select {} "
                "from json_populate_recordset(null::{}, {}::json) as pgrst_b").format(
                target, alias, sql.SQL(", ").join(cols), sql.SQL(", ").join(cols), target, b.payload(payload_json))
        if plan.action in ("upsert", "put"):
            conflict = sql.SQL(", ").join(sql.Identifier(c) for c in plan.on_conflict)
            if resolution == "ignore-duplicates":
                statement += sql.SQL(" on conflict ({}) do nothing").format(conflict)
            else:
                sets = [sql.SQL("{} = excluded.{}").format(c, c) for c in cols] or \
                       [sql.SQL("{} = excluded.{}").format(sql.Identifier(c), sql.Identifier(c))
                        for c in plan.on_conflict]
                statement += sql.SQL(" on conflict ({}) do update set {}").format(conflict, sql.SQL(", ").join(sets))
        if not returning_rows:
            return MainQuery(statement.as_string(None), dict(b.params), payload_param=b.payload_name,
                     rowcount_only=True)
    elif plan.action == "update":
        node = plan.root
        where = [b.condition(node, t) for t in node.filters]
        if not cols:   # nothing to set: report the (unchanged) matching set as empty, as PostgREST does
            statement = sql.SQL("select {}.* from {} as {} where false").format(alias, target, alias)
        else:
            sets = [sql.SQL("{} = pgrst_b.{}").format(c, c) for c in cols]
            statement = sql.SQL("update {} as {} set {} from (select * from json_populate_record(null::{}, {}::json)) "
                                "as pgrst_b where {}").format(
                target, alias, sql.SQL(", ").join(sets), target, b.payload(payload_json), sql.SQL(" and ").join(where))
    else:  # delete
        node = plan.root
        where = [b.condition(node, t) for t in node.filters]
        statement = sql.SQL("delete from {} as {} where {}").format(target, alias, sql.SQL(" and ").join(where))

    if not statement.as_string(None).startswith("select"):
        statement += sql.SQL(" returning {}.*").format(alias)
        if track_inserted:
            statement += sql.SQL(", ({}.xmax::text = '0') as {}").format(alias, sql.Identifier(INSERTED_FLAG))
    # the returned representation reads from the mutated rows
    root = plan.root
    saved_filters, root.filters = root.filters, []
    source = sql.SQL("pgrst_source as {}").format(alias)
    if representation == "representation" or single:
        rows = b.select(root, source, paginate=False)
    else:
        rows = sql.SQL("select 1 from pgrst_source")
    root.filters = saved_filters
    location = None
    if representation == "headers-only" and table.primary_key:
        # the key of the one inserted row (none for several), as [[column, JSON text or null], ...]
        keys = [c for c in table.columns if c in table.primary_key]
        location = sql.SQL("(select json_build_array({})::text from pgrst_source "
                           "where (select count(*) from pgrst_source) = 1)").format(sql.SQL(", ").join(
            sql.SQL("json_build_array({}, to_json({}) #>> '{{}}')").format(sql.Literal(k), sql.Identifier(k))
            for k in keys))
    count = sql.SQL("(select count(*) from pgrst_source)") if want_count else None
    inserted = sql.SQL("(select count(*) from pgrst_source where {})").format(sql.Identifier(INSERTED_FLAG)) \
        if track_inserted else None
    envelope = _envelope(rows, count, "csv" if csv else "object" if single else "array", location, inserted,
                         strip_nulls)
    query = sql.SQL("with pgrst_source as ({}) ").format(statement) + envelope
    return MainQuery(query.as_string(None), dict(b.params), payload_param=b.payload_name,
                     body_kind="object" if single else "array")


def _default_sql(schema: str, table: str, name: str, column: Column) -> sql.Composable:
    """The column's default expression, as the catalog spells it (never request text)."""
    if column.identity:
        return sql.SQL("nextval(pg_get_serial_sequence({}, {}))").format(
            sql.Literal(sql.Identifier(schema, table).as_string(None)), sql.Literal(name))
    if column.default is not None:
        return sql.SQL("(" + column.default.replace("%", "%%") + ")")
    return sql.SQL("null")


# --------------------------------------------------------------------------------------------- rpc
def call_query(plan: CallPlan, payload_json: str | None, want_count: bool, single: bool,
               read_only: bool, strip_nulls: bool = False, csv: bool = False) -> MainQuery:
    b = Builder(plan.schema)
    fn = plan.function
    name = sql.SQL("{}.{}").format(b.schema, sql.Identifier(fn.name))
    args_source = None
    if plan.single_object_param is not None:
        # the type is the catalog's name of the parameter's type (json, jsonb, text, xml or bytea)
        call = sql.SQL("{}({}::" + fn.params[0].type + ")").format(name, b.payload(payload_json))
    elif isinstance(plan.args, dict) and plan.args:   # named arguments (a dict whenever no single body param)
        params = [p for p in fn.params if p.name in plan.args]
        definition = sql.SQL(", ").join(sql.SQL("{} {}").format(sql.Identifier(p.name), sql.SQL(p.type))
                                        for p in params)
        args_source = sql.SQL("json_to_record({}::json) as pgrst_args({})").format(b.payload(payload_json), definition)
        call = sql.SQL("{}({})").format(name, sql.SQL(", ").join(
            sql.SQL(("variadic " if p.variadic else "") + "{} := pgrst_args.{}").format(
                sql.Identifier(p.name), sql.Identifier(p.name)) for p in params))
    else:
        call = sql.SQL("{}()").format(name)

    def from_call(alias: sql.Composable) -> sql.Composable:
        if args_source is None:
            return sql.SQL("{} as {}").format(call, alias)
        return sql.SQL("{} cross join lateral {} as {}").format(args_source, call, alias)

    if fn.composite and plan.root is not None:
        root = plan.root
        source = from_call(sql.Identifier(root.alias))
        count = sql.SQL("(select count(*) from ({}) as pgrst_c)").format(b.select(root, source, count_only=True)) \
            if want_count else None
        rows: sql.Composable = b.select(root, source)
        object_body = single or not fn.returns_set
        query = _envelope(rows, count, "csv" if csv else "object" if object_body else "array",
                          strip_nulls=strip_nulls)
        return MainQuery(query.as_string(None), dict(b.params), payload_param=b.payload_name,
                     read_only=read_only,
                         body_kind="object" if object_body else "array")
    if fn.returns_set:
        v = sql.Identifier("pgrst_v")
        every = sql.SQL("select {}.{} as {} from {}").format(
            sql.Identifier("pgrst_f"), v, v, from_call(sql.SQL("pgrst_f({})").format(v)))
        count = sql.SQL("(select count(*) from ({}) as pgrst_c)").format(every) if want_count else None
        rows = every
        if plan.limit is not None:
            rows = rows + sql.SQL(" limit {}").format(b.param(plan.limit))
        if plan.offset:
            rows = rows + sql.SQL(" offset {}").format(b.param(plan.offset))
        body: sql.Composable = sql.SQL("coalesce(json_agg(pgrst_r.pgrst_v), '[]')::text")
        if csv:   # one column, named after the function
            body = sql.SQL("{} || E'\\n' || coalesce(string_agg(substring(pgrst_r::text, 2, "
                           "length(pgrst_r::text) - 2), E'\\n'), '')").format(sql.Literal(fn.name))
        query = sql.SQL("select {}, count(pgrst_r), {}, null::text "
                        "from ({}) as pgrst_r").format(count if count is not None else sql.SQL("null::int8"), body,
                                                       rows)
        return MainQuery(query.as_string(None), dict(b.params), payload_param=b.payload_name,
                     read_only=read_only, body_kind="array")
    select_call = sql.SQL("select {}").format(call) if args_source is None else \
        sql.SQL("select {} from {}").format(call, args_source)
    # one value (or none, for void) counts as one row, as in PostgREST
    query = sql.SQL("select " + ("1::int8" if want_count else "null::int8")
                    + ", 1::int8, to_json(({}))::text, null::text").format(select_call)
    return MainQuery(query.as_string(None), dict(b.params), payload_param=b.payload_name,
                     read_only=read_only,
                     body_kind="void" if fn.returns_void else "scalar")
