"""Stage 2, plan: ApiRequest + SchemaCache -> ReadPlan / MutatePlan / CallPlan.

Resolves every name against the schema cache (tables, columns, relationships, functions, cast types) and
raises PostgREST's errors for unknown ones, so the SQL stage only ever sees identifiers that exist.
"""
from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field

from supastack.rest import overloads as overloads_mod
from supastack.rest.errors import RestError, column_not_found, table_not_found, write_column_not_found
from supastack.rest.filters import OPERATORS, parse_filter_value
from supastack.rest.lexing import parse_field
from supastack.rest.request import ApiRequest
from supastack.rest.schema_cache import EXPOSED_SCHEMA, Column, Function, Relationship, SchemaCache, Table
from supastack.rest.terms import Filter, Logic, OrderTerm, SelectEmbed, SelectField


# ------------------------------------------------------------------------------------------- types
@dataclass(frozen=True, slots=True)
class PlannedField:
    column: str
    json_path: tuple[tuple[str, str], ...]
    cast: str | None
    output: str
    aggregate: str | None = None
    aggregate_cast: str | None = None
    legacy: bool = False                   # `count` without parentheses: PostgreSQL's count(row), always allowed


@dataclass(slots=True)
class ReadNode:
    relation: str                          # table/view name (or function name for RPC results)
    columns: Mapping[str, Column | None]   # what can be selected and filtered
    alias: str                             # SQL alias
    output: str                            # JSON key in the parent
    relationship: Relationship | None = None
    inner: bool = False
    spread: bool = False
    fields: list[PlannedField] = field(default_factory=list)
    children: list[ReadNode] = field(default_factory=list)
    filters: list = field(default_factory=list)            # Filter | Logic, fields validated
    embed_null_filters: list = field(default_factory=list)  # (child, negated)
    order: list = field(default_factory=list)               # (OrderTerm, child or None)
    limit: int | None = None
    offset: int | None = None
    computed: dict[str, Column] = field(default_factory=dict)  # computed fields: selectable, not in `*`
    # a to-one spread's aggregates, applied by the nearest ancestor that is not one: output -> (function, cast)
    hoisted: dict[str, tuple[str, str | None]] = field(default_factory=dict)

    @property
    def rel(self) -> Relationship:
        """The relationship to the parent: every embedded node has one, only the root has none."""
        if self.relationship is None:
            raise ValueError(f"{self.relation} is not an embedded resource")
        return self.relationship

    @property
    def passes_up(self) -> bool:
        """A to-one spread: its columns join its parent's row, its aggregates are its parent's."""
        return self.spread and self.relationship is not None and self.relationship.to_one

    @property
    def grouped(self) -> bool:
        return any(f.aggregate for f in self.fields) or any(c.hoisted for c in self.children)


@dataclass(slots=True)
class ReadPlan:
    root: ReadNode
    table: Table
    schema: str = EXPOSED_SCHEMA


@dataclass(slots=True)
class MutatePlan:
    action: str                            # insert | upsert | update | delete | put
    table: Table
    columns: list[str]
    root: ReadNode                         # the returned rows, read from the mutated rows
    on_conflict: tuple[str, ...] = ()
    payload_is_array: bool = False
    schema: str = EXPOSED_SCHEMA


@dataclass(slots=True)
class CallPlan:
    function: Function
    args: object                           # name -> JSON value (or the whole body for single-object)
    single_object_param: str | None        # the one param receiving the whole body, if any
    root: ReadNode | None                  # for functions returning rows
    limit: int | None = None               # for functions returning a set of scalars
    offset: int | None = None
    schema: str = EXPOSED_SCHEMA


# --------------------------------------------------------------------------------------- read plan
class _Aliases:
    def __init__(self) -> None:
        self.n = 0

    def next(self, name: str) -> str:
        self.n += 1
        return f"{name}_{self.n}"


def plan_read(req: ApiRequest, cache: SchemaCache, max_rows: int | None) -> ReadPlan:
    table = _table(req.resource, cache)
    root = _read_node(req, cache, table.name, table.columns, table.name, computed=table.computed)
    return ReadPlan(_finish_root(root, req, max_rows), table, cache.schema)


def _finish_root(root: ReadNode, req: ApiRequest, max_rows: int | None) -> ReadNode:
    root.offset = req.range_offset or None
    limit = req.range_limit
    if max_rows is not None and req.action in ("read", "call"):
        limit = max_rows if limit is None else min(limit, max_rows)
    root.limit = limit
    return root


def _table(name: str, cache: SchemaCache) -> Table:
    table = cache.table(name)
    if table is None:
        raise table_not_found(cache.schema, name, cache.suggest_table(name))
    return table


def _read_node(req: ApiRequest, cache: SchemaCache, relation: str, columns: dict, alias: str,
               select: tuple | None = None, computed: dict | None = None) -> ReadNode:
    root = ReadNode(relation, columns, alias, relation, computed=computed or {})
    aliases = _Aliases()
    _fill(root, req.select if select is None else select, (), req, cache, aliases)
    return root


def _fill(node: ReadNode, items: tuple, path: tuple, req: ApiRequest, cache: SchemaCache, aliases: _Aliases) -> None:
    for item in items:
        if isinstance(item, SelectEmbed):
            child = _embed(node, item, path, req, cache, aliases)
            if not child.spread and any(c.output == child.output and not c.spread for c in node.children):
                # PostgREST names an embed's lateral join <parent>_<name>_<depth>: the same name twice on one
                # level is PostgreSQL's duplicate alias (the fix is an alias for one of them)
                join_alias = f"{node.relation}_{child.output}_{len(path) + 1}"
                raise RestError(400, "42712", f'table name "{join_alias}" specified more than once')
            node.children.append(child)
        else:
            node.fields.extend(_fields(node, item, cache))
    # modifiers addressed to this node: `path.col=eq.x`, `path.order=`, `path.limit=`
    for term in req.filters.get(path, ()):
        _add_filter(node, term)
    for term in req.order.get(path, ()):
        node.order.append(_order(node, term))
    if path:
        limit, offset = req.limits.get(path, (None, None))
        node.limit, node.offset = limit, offset


def _fields(node: ReadNode, item: SelectField, cache: SchemaCache) -> list[PlannedField]:
    f = item.field
    if item.aggregate:
        if f.name != "*":
            _check_column(node, f.name)
        return [PlannedField(f.name if f.name != "*" else "", f.json_path, _cast(item.cast, cache),
                             item.alias or item.aggregate, item.aggregate, _cast(item.aggregate_cast, cache))]
    if f.name == "*":
        return [PlannedField(name, (), None, name) for name in node.columns]
    if f.name == "count" and not f.json_path and "count" not in node.columns and not item.cast:
        return [PlannedField("", (), None, item.alias or "count", "count", legacy=True)]
    _check_column(node, f.name)
    return [PlannedField(f.name, f.json_path, _cast(item.cast, cache), item.alias or f.output_name)]


def _cast(type_name: str | None, cache: SchemaCache) -> str | None:
    """Only type names known to the catalog may follow `::` (they are emitted as SQL text)."""
    if type_name is None:
        return None
    canonical = cache.types.get(type_name.lower())
    if canonical is None:
        raise RestError(400, "42704", f'type "{type_name}" does not exist')
    return canonical


def _check_column(node: ReadNode, name: str) -> None:
    """PostgreSQL's 42703, naming the relation as the statement's FROM does: an embedded table by its alias
    (`messages_1`), as PostgREST's queries spell it."""
    if name not in node.columns and name not in node.computed:
        raise column_not_found(name, node.alias if node.relationship is not None else node.relation)


def _embed(parent: ReadNode, item: SelectEmbed, path: tuple, req: ApiRequest, cache: SchemaCache,
           aliases: _Aliases) -> ReadNode:
    rel = resolve_relationship(parent.relation, item.name, item.hint, cache)
    target = cache.tables[rel.target]
    output = item.alias or item.name
    child = ReadNode(rel.target, target.columns, aliases.next(rel.target), output, rel,
                     inner=item.join == "inner", spread=item.spread, computed=target.computed)
    _fill(child, item.items, path + (output,), req, cache, aliases)
    return child


def resolve_relationship(source: str, name: str, hint: str | None, cache: SchemaCache) -> Relationship:
    """The one relationship `name[!hint](...)` names from `source`, by PostgREST's rules: the target table
    (any cardinality), else a constraint or a single key column of `source` (toward tables only); a hint
    narrows to a constraint, a single column of either end, or a many-to-many junction. On a
    self-relationship the table name means the children (one-to-many, a hint naming their key column)
    and a key column name means the parent."""
    rels = cache.relationships_of(source)
    computed = [r for r in rels if r.function == name]
    if computed:   # a function of the row named like the embed overrides any detected relationship
        return computed[0]
    rels = [r for r in rels if r.function is None]
    candidates = [r for r in rels if _names(r, name, hint, cache)]
    if not candidates:
        raise RestError(
            400, "PGRST200",
            f"Could not find a relationship between '{source}' and '{name}' in the schema cache",
            f"Searched for a foreign key relationship between '{source}' and '{name}'"
            + (f" using the hint '{hint}'" if hint else "")
            + f" in the schema '{cache.schema}', but no matches were found.",
            _suggest([r.target for r in rels if r.target != name], name,
                     "Perhaps you meant '{}' instead of '" + name + "'."))
    if len(candidates) > 1:
        raise RestError(
            300, "PGRST201",
            f"Could not embed because more than one relationship was found for '{source}' and '{name}'",
            [r.describe() for r in candidates],
            f"Try changing '{name}' to one of the following: "
            + ", ".join(f"'{r.target}!{r.junction or r.constraint}'" for r in candidates)
            + ". Find the desired relationship in the 'details' key.")
    return candidates[0]


def _single(columns: tuple[str, ...]) -> str | None:
    return columns[0] if len(columns) == 1 else None


def _names(rel: Relationship, name: str, hint: str | None, cache: SchemaCache) -> bool:
    """Whether `name!hint` designates `rel` (PostgREST's findRel)."""
    direct = rel.kind != "m2m"
    if direct and rel.source == rel.target:   # self-relationship
        if hint is None:
            return (rel.target == name and rel.kind == "o2m") or \
                (rel.kind == "m2o" and _single(rel.source_columns) == name)
        return rel.target == name and rel.kind == "o2m" and _single(rel.target_columns) == hint
    if hint is None:
        if rel.target == name:
            return True
        to_table = cache.tables[rel.target].kind not in ("v", "m")
        return direct and to_table and (rel.constraint == name or _single(rel.source_columns) == name)
    if rel.target != name:
        return False
    if not direct:
        return rel.junction == hint
    return hint in (rel.constraint, _single(rel.source_columns), _single(rel.target_columns))


def _suggest(options: list[str], name: str, template: str) -> str | None:
    close = difflib.get_close_matches(name, options, n=1)
    return template.format(close[0]) if close else None


def _child(node: ReadNode, name: str) -> ReadNode | None:
    for child in node.children:
        if child.output == name or child.relation == name:
            return child
    return None


def _add_filter(node: ReadNode, term: Filter | Logic) -> None:
    if isinstance(term, Filter) and not term.field.json_path and term.field.name not in node.columns:
        child = _child(node, term.field.name)
        if child is not None and term.operator == "is" and term.value in ("null", "not_null"):
            negated = term.negated != (term.value == "not_null")
            node.embed_null_filters.append((child, negated))
            return
    node.filters.append(_checked(node, term))


def _checked(node: ReadNode, term: Filter | Logic) -> Filter | Logic:
    if isinstance(term, Logic):
        return Logic(term.operator, tuple(_checked(node, t) for t in term.terms), term.negated)
    _check_column(node, term.field.name)
    return term


def _order(node: ReadNode, term: OrderTerm) -> tuple[OrderTerm, ReadNode | None]:
    if term.path:
        child = _child(node, term.path[0])
        if child is None:
            raise RestError(400, "PGRST108",
                            f"'{term.path[0]}' is not an embedded resource in this request",
                            hint=f"Verify that '{term.path[0]}' is included in the 'select' query parameter.")
        if not child.rel.to_one:
            raise RestError(400, "PGRST118",
                            f"A related order on '{child.relation}' is not possible",
                            f"'{node.relation}' and '{child.relation}' do not form a many-to-one or one-to-one "
                            "relationship")
        _check_column(child, term.field.name)
        return term, child
    _check_column(node, term.field.name)
    return term, None


def check_embed_paths(req: ApiRequest, root: ReadNode) -> None:
    """Filters/order/limit on `rel.` paths must address an embed present in `select` (PGRST108)."""
    for mapping in (req.filters, req.order, req.limits):
        for path in mapping:
            node: ReadNode | None = root
            for name in path:
                node = _child(node, name) if node is not None else None
                if node is None:
                    raise RestError(400, "PGRST108", f"'{name}' is not an embedded resource in this request",
                                    hint=f"Verify that '{name}' is included in the 'select' query parameter.")


# ------------------------------------------------------------------------------------------ aggregates
def check_aggregates(root: ReadNode, enabled: bool) -> None:
    """PGRST123 when aggregates are used but not enabled (db-aggregates-enabled), then PostgREST's hoisting:
    the aggregates of a to-one spread apply in the nearest ancestor that is not one (grouped by that
    ancestor's other columns); inside a to-many spread they are not implemented (PGRST127)."""
    if not enabled and _uses_aggregates(root):
        raise RestError(400, "PGRST123", "Use of aggregate functions is not allowed")
    _hoist(root)


def _uses_aggregates(node: ReadNode) -> bool:
    return any(f.aggregate and not f.legacy for f in node.fields) or any(_uses_aggregates(c) for c in node.children)


def _hoist(node: ReadNode) -> None:
    for child in node.children:
        _hoist(child)
    if node.passes_up:
        hoisted: dict[str, tuple[str, str | None]] = {}
        fields = []
        for f in node.fields:
            if f.aggregate and not f.legacy:
                hoisted[f.output] = (f.aggregate, f.aggregate_cast)
                f = PlannedField(f.column, f.json_path, f.cast, f.output)
            fields.append(f)
        for child in node.children:
            hoisted.update(child.hoisted)
        node.fields, node.hoisted = fields, hoisted
    elif node.spread and (any(f.aggregate and not f.legacy for f in node.fields)
                          or any(c.hoisted for c in node.children)):
        raise RestError(400, "PGRST127", "Feature not implemented",
                        "Aggregates are not implemented for one-to-many or many-to-many spreads.")


# -------------------------------------------------------------------------------------- mutate plan
def plan_mutate(req: ApiRequest, cache: SchemaCache) -> MutatePlan:
    table = _table(req.resource, cache)
    action = req.action
    payload = req.payload
    columns: list[str] = []
    is_array = isinstance(payload, list)
    if action in ("insert", "upsert", "put", "update"):
        if action == "update":
            if not isinstance(payload, dict):
                raise RestError(400, "PGRST102", "Empty or invalid json")
            keys = list(payload)
        else:
            objects = payload if isinstance(payload, list) else [payload]
            rows = [o for o in objects if isinstance(o, dict)]
            if len(rows) != len(objects):   # a single object, or an array of objects only
                raise RestError(400, "PGRST102", "Empty or invalid json")
            if action == "put" and is_array:
                raise RestError(400, "PGRST102", "Payload values do not match URL in primary key column(s)")
            if req.columns is not None:
                keys = list(req.columns)
            elif is_array:
                keys = list(rows[0]) if rows else []
                first = set(keys)
                if any(set(o) != first for o in rows[1:]):
                    raise RestError(400, "PGRST102", "All object keys must match")
            else:
                keys = list(rows[0])
        for key in keys:
            if key not in table.columns:
                raise write_column_not_found(key, table.name)
        columns = [k for k in dict.fromkeys(keys) if not table.columns[k].generated]
    if action in ("update", "delete") and not req.filters.get(()):
        verb = "UPDATE" if action == "update" else "DELETE"
        raise RestError(400, "21000", f"{verb} requires a WHERE clause")
    on_conflict: tuple[str, ...] = ()
    if action in ("upsert", "put"):
        on_conflict = req.on_conflict or table.primary_key
        if not on_conflict:
            raise RestError(400, "42P10",
                            "there is no unique or exclusion constraint matching the ON CONFLICT specification")
        for col in on_conflict:
            if col not in table.columns:
                raise column_not_found(col, table.name)
    elif req.on_conflict and action == "insert":
        for col in req.on_conflict:
            if col not in table.columns:
                raise column_not_found(col, table.name)
    if action == "put":
        _check_put(req, table, payload)
    root = _read_node(req, cache, table.name, table.columns, table.name)
    root.filters = []   # filters apply to the mutation, re-added by the SQL stage as its WHERE
    for term in req.filters.get((), ()):
        root.filters.append(_checked(root, term))
    return MutatePlan(action, table, columns, root, on_conflict, is_array, cache.schema)


def _check_put(req: ApiRequest, table: Table, payload: object) -> None:
    eqs = {t.field.name: t.value for t in req.filters.get((), ()) if isinstance(t, Filter)
           and t.operator == "eq" and not t.negated}
    if not table.primary_key or set(eqs) != set(table.primary_key) or len(req.filters.get((), ())) != len(eqs):
        raise RestError(405, "PGRST105", "Filters must include all and only primary key columns with 'eq' operators")
    row = payload if isinstance(payload, dict) else {}   # plan_mutate let only an object through
    for col in table.primary_key:
        if str(row.get(col)) != eqs[col]:
            raise RestError(400, "PGRST115", "Payload values do not match URL in primary key column(s)")


# ---------------------------------------------------------------------------------------- call plan
def plan_call(req: ApiRequest, cache: SchemaCache, max_rows: int | None) -> CallPlan:
    overloads = cache.functions.get(req.resource, [])
    if req.rpc_args is not None:                     # GET/HEAD: arguments come from the query string
        names = {p.name for f in overloads for p in f.params}
        args = _query_args(req.rpc_pairs, names, {p.name for f in overloads for p in f.params if p.variadic})
        # other names are filters on the result when their value reads as one, else unknown arguments
        keys = set(args) | {k for k, v in req.rpc_pairs if k not in names and not _looks_like_filter(v)}
        filter_pairs = [(k, v) for k, v in req.rpc_pairs if k not in names and _looks_like_filter(v)]
    else:
        payload = req.payload if req.payload is not None else {}
        args = payload if isinstance(payload, dict) else {}
        keys = set(args) if req.body_kind in ("json", "form") else set()
        filter_pairs = []
    function, takes_body = _choose(req, overloads, keys, cache)
    extra_filters = [parse_filter_value(parse_field(k), v) for k, v in filter_pairs]
    root = None
    if function.composite:
        columns: dict = {}
        if function.return_table:
            columns = dict(cache.tables[function.return_table].columns)
        else:
            columns = {name: None for name in function.out_columns}
        relation = function.return_table or function.name
        if extra_filters:
            req = _with_filters(req, extra_filters)
        computed = cache.tables[function.return_table].computed if function.return_table else None
        root = _read_node(req, cache, relation, columns, "pgrst_call", computed=computed)
        root.relation = relation
        _finish_root(root, req, max_rows)
    elif extra_filters:
        raise column_not_found(extra_filters[0].field.name, function.name)
    body_param = function.params[0].name if takes_body else None
    plan = CallPlan(function, req.payload if takes_body else args, body_param, root, schema=cache.schema)
    if root is None and function.returns_set:
        scalars = _finish_root(ReadNode(function.name, {}, "pgrst_call", function.name), req, max_rows)
        plan.limit, plan.offset = scalars.limit, scalars.offset
    return plan


def _looks_like_filter(value: str) -> bool:
    """`eq.5`, `not.in.(1,2)`, `fts(english).cat`: a query value that reads as an operator expression."""
    head = value[4:] if value.startswith("not.") else value
    op = head.split(".", 1)[0].split("(", 1)[0]
    return "." in head and op in OPERATORS


def _query_args(pairs: tuple, names: set[str], variadic: set[str]) -> dict:
    """Query-string arguments: the last value of a repeated name, except for a variadic parameter, whose
    values (`?v=1&v=2`, or a single `?v=1`) form its array. One `{...}` value is already an array literal."""
    args: dict = {}
    for key, value in pairs:
        if key not in names:
            continue
        if key in variadic:
            args.setdefault(key, []).append(value)
        else:
            args[key] = value
    for key in variadic & args.keys():
        values = args[key]
        if len(values) == 1 and values[0].startswith("{"):
            args[key] = values[0]
    return args


def _with_filters(req: ApiRequest, extra: list) -> ApiRequest:
    filters = dict(req.filters)
    filters[()] = tuple(filters.get((), ())) + tuple(extra)
    from dataclasses import replace
    return replace(req, filters=filters)


def _choose(req: ApiRequest, overloads: list[Function], keys: set[str], cache: SchemaCache) -> tuple[Function, bool]:
    """The function called and whether it takes the whole body (its single unnamed or single-object parameter)."""
    if req.preferences.params == "single-object" and req.body_kind == "json":
        # PostgREST 12's `Prefer: params=single-object`: one json/jsonb parameter, named or not, gets the body
        for f in overloads:
            if len(f.params) == 1 and f.params[0].type in ("json", "jsonb"):
                return f, True
    if req.body_kind == "json" and not isinstance(req.payload, (dict, type(None))):
        # an array or a scalar body can only be the whole argument of a single unnamed json parameter
        function = next((f for f in overloads if len(f.params) == 1 and f.params[0].name == ""
                         and f.params[0].type in ("json", "jsonb")), None)
        if function is None:
            raise RestError(400, "PGRST102", "Empty or invalid json")
        return function, True
    return overloads_mod.choose(cache.schema, req.resource, overloads, keys, req.body_kind, list(cache.functions))


# ------------------------------------------------------------------------------------------- entry
def build_plan(req: ApiRequest, cache: SchemaCache, max_rows: int | None,
               aggregates: bool = True) -> ReadPlan | MutatePlan | CallPlan:
    """`aggregates`: whether aggregate functions are enabled (PostgREST's db-aggregates-enabled)."""
    plan: ReadPlan | MutatePlan | CallPlan
    if req.action == "read":
        plan = plan_read(req, cache, max_rows)
        check_embed_paths(req, plan.root)
    elif req.action == "call":
        plan = plan_call(req, cache, max_rows)
    else:
        plan = plan_mutate(req, cache)
        check_embed_paths(req, plan.root)
    if plan.root is not None:
        check_aggregates(plan.root, aggregates)
    return plan
