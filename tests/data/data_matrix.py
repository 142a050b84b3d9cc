"""The authorisation matrix of the design (section 5) as data: table x actor x operation -> outcome.

Outcomes: select -> ALL / OWN / NONE (rows seen); insert -> OK / DENIED (42501);
update and delete -> OK (1 row) / NONE (0 rows) / DENIED (42501).
Each table also says how to build a valid row, and which row is "the client's own".
Both the SQL-level and the REST-level tests read this one table.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from data_actors import ACTORS, ADMIN, ASSISTANT, MARIA, MARIA_CLIENT, Actor

ALL, OWN, NONE, OK, DENIED = "all", "own", "none", "ok", "denied"
OPERATIONS = ("select", "insert", "update", "delete")

Outcome = dict[str, str]  # operation -> outcome


def _client_for(actor: Actor) -> str:
    """Rows an actor inserts belong to its own client, or to Maria when staff (or anon) writes."""
    return actor.client_id or MARIA_CLIENT


@dataclass(frozen=True)
class TableRule:
    table: str
    outcomes: Callable[[Actor], Outcome]
    new_row: Callable[[Actor], dict]
    # SQL predicate (one %s: the actor) selecting the rows that are the actor's own
    own: str | None = None
    own_param: Callable[[Actor], str | None] = lambda a: a.client_id
    pk: str = "id"
    # the column an update sets (to its current value)
    touch: str | None = None
    # an existing row to update/delete instead of a fresh one (pk value)
    fixed_target: dict[str, str] = field(default_factory=dict)
    # per-actor exceptions to the group outcomes (actor name -> {operation: outcome})
    exceptions: dict[str, Outcome] = field(default_factory=dict)

    def outcome(self, actor: Actor, operation: str) -> str:
        return {**self.outcomes(actor), **self.exceptions.get(actor.name, {})}[operation]

    @property
    def touch_column(self) -> str:
        return self.touch or self.pk


def _grid(**per_group: Outcome) -> Callable[[Actor], Outcome]:
    """Outcomes by group: admin, assistant, other_staff (comercial, secretaria), client, anon."""
    def pick(actor: Actor) -> Outcome:
        if actor.is_anon:
            return per_group.get("anon", {"select": NONE, "insert": DENIED, "update": NONE, "delete": NONE})
        if actor is ADMIN:
            return per_group["admin"]
        if actor is ASSISTANT:
            return per_group.get("assistant", per_group.get("other_staff"))
        if actor.is_client:
            return per_group["client"]
        return per_group["other_staff"]
    return pick


FULL = {"select": ALL, "insert": OK, "update": OK, "delete": OK}
READ_ONLY = {"select": ALL, "insert": DENIED, "update": NONE, "delete": NONE}
NOTHING = {"select": NONE, "insert": DENIED, "update": NONE, "delete": NONE}
APPEND = {"select": ALL, "insert": OK, "update": NONE, "delete": NONE}
CLIENT_READS_OWN = {"select": OWN, "insert": DENIED, "update": NONE, "delete": NONE}

staff_only = _grid(admin=FULL, other_staff=FULL, client=NOTHING)
staff_append_only = _grid(admin=APPEND, other_staff=APPEND, client=NOTHING)
managers_only = _grid(admin=FULL, assistant=FULL, other_staff=NOTHING, client=NOTHING)
admin_only = _grid(admin=FULL, other_staff=NOTHING, client=NOTHING)
client_finance = _grid(admin=FULL, assistant=FULL, other_staff=READ_ONLY, client=CLIENT_READS_OWN)

NO_PRIVILEGE = {"select": DENIED, "insert": DENIED, "update": DENIED, "delete": DENIED}
READ_ONLY_NO_WRITE = {"select": ALL, "insert": DENIED, "update": DENIED, "delete": DENIED}


def _tag(actor: Actor) -> str:
    return actor.name.upper()


RULES: list[TableRule] = [
    TableRule(
        "profiles",
        _grid(admin={"select": ALL, "insert": DENIED, "update": OK, "delete": DENIED},
              other_staff={"select": ALL, "insert": DENIED, "update": NONE, "delete": DENIED},
              client={"select": OWN, "insert": DENIED, "update": OK, "delete": DENIED},
              anon={"select": NONE, "insert": DENIED, "update": DENIED, "delete": DENIED}),
        lambda a: {"id": "10000000-0000-4000-8000-0000000000ff", "full_name": "Alguém Novo"},
        own="id = %s", own_param=lambda a: a.user_id, touch="full_name",
        fixed_target={"update": MARIA.user_id, "delete": MARIA.user_id},
        # the target is Maria's profile: João sees no other profile
        exceptions={"joao": {"update": NONE}},
    ),
    TableRule(
        "user_roles",
        _grid(admin=FULL,
              other_staff={"select": OWN, "insert": DENIED, "update": NONE, "delete": NONE},
              client={"select": OWN, "insert": DENIED, "update": NONE, "delete": NONE}),
        lambda a: {"user_id": MARIA.user_id, "role": "commercial"},
        own="user_id = %s", own_param=lambda a: a.user_id,
    ),
    TableRule(
        "clients",
        _grid(admin={"select": ALL, "insert": DENIED, "update": OK, "delete": OK},
              other_staff={"select": ALL, "insert": DENIED, "update": OK, "delete": NONE},
              client={"select": OWN, "insert": DENIED, "update": NONE, "delete": NONE}),
        lambda a: {"full_name": f"Cliente {_tag(a)}", "email": f"novo.{a.name}@cliente.test"},
        own="user_id = %s", own_param=lambda a: a.user_id,
        # a client never updates its own row, even Maria on Maria's row
        fixed_target={"update": MARIA_CLIENT},
    ),
    *[
        TableRule(t, client_finance, row, own="client_id = %s")
        for t, row in [
            ("financial_contracts", lambda a: {"client_id": _client_for(a), "title": "Contrato de teste",
                                               "contract_number": f"CT-T-{_tag(a)}", "total_amount": 100}),
            ("financial_payments", lambda a: {"client_id": _client_for(a), "amount": 10, "status": "pending"}),
            ("financial_quotes", lambda a: {"client_id": _client_for(a), "title": "Orçamento de teste",
                                            "quote_number": f"OR-T-{_tag(a)}", "total_amount": 50}),
        ]
    ],
    TableRule(
        "messages",
        _grid(admin={"select": ALL, "insert": OK, "update": NONE, "delete": NONE},
              other_staff={"select": ALL, "insert": OK, "update": NONE, "delete": NONE},
              client={"select": OWN, "insert": OK, "update": NONE, "delete": NONE}),
        lambda a: {"client_id": _client_for(a), "sender_type": "client" if a.is_client else "office",
                   "content": f"Mensagem de teste de {a.name}"},
        own="client_id = %s",
    ),
    TableRule(
        "client_documents",
        _grid(admin=FULL, other_staff=FULL,
              client={"select": OWN, "insert": OK, "update": NONE, "delete": NONE}),
        lambda a: {"client_id": _client_for(a), "name": "Documento de teste",
                   "file_path": f"{_client_for(a)}/teste-{a.name}.pdf",
                   "uploaded_by": "client" if a.is_client else "office"},
        own="client_id = %s",
    ),
    # a client reads its own processes (the portal); client_processes is now a read-only view of them
    TableRule("processes", _grid(admin=FULL, other_staff=FULL, client=CLIENT_READS_OWN),
              lambda a: {"type": "Green Card", "category": "Imigratório - USCIS"}, own="client_id = %s"),
    TableRule("case_types", _grid(admin=FULL, other_staff=READ_ONLY, client=NOTHING, anon=NO_PRIVILEGE),
              lambda a: {"id": f"t_{a.name}", "label": f"Tipo {a.name}", "category": "USCIS"}),
    TableRule("process_events",
              _grid(admin=READ_ONLY_NO_WRITE, other_staff=READ_ONLY_NO_WRITE,
                    client={**NO_PRIVILEGE, "select": OWN}, anon=NO_PRIVILEGE),
              lambda a: {"process_id": 1, "kind": "stage_change", "to_value": "RFE"},
              own="kind in ('created', 'stage_change', 'status_change') "
                  "and process_id in (select id from public.processes where client_id = %s)"),
    TableRule("interactions", staff_only,
              lambda a: {"client_id": MARIA_CLIENT, "type": "call", "content": "Conversa de acompanhamento"}),
    TableRule("process_stages", staff_only, lambda a: {"name": f"Etapa {_tag(a)}", "order_number": 100}),
    TableRule("uscis_forms", staff_only,
              lambda a: {"number": f"I-T{a.name}", "name": "Formulário de teste", "category": "Waivers"}),
    TableRule("uscis_receipts", staff_only, lambda a: {"process_id": 1, "receipt_number": "ABC1234567890"}),
    TableRule("eoir_court_cases", staff_only, lambda a: {"process_id": 3, "a_number": "A111111111"}),
    TableRule("process_notifications", staff_only,
              lambda a: {"process_id": 1, "notification_type": "stage_update", "notification_channel": "email",
                         "content": "Atualização de teste"}),
    TableRule("document_requests", _grid(admin=FULL, other_staff=FULL, client=CLIENT_READS_OWN),
              lambda a: {"process_id": 1, "document_name": "Passaporte"},
              own="process_id in (select id from public.processes where client_id = %s)"),
    TableRule("uscis_status_history", staff_append_only,
              lambda a: {"receipt_id": "d1000000-0000-4000-8000-000000000001", "status": "Case Was Received"}),
    TableRule("eoir_court_history", staff_append_only,
              lambda a: {"court_case_id": "d3000000-0000-4000-8000-000000000001", "status": "Hearing Scheduled"}),
    TableRule("financial_products", managers_only,
              lambda a: {"name": "Serviço de teste", "price": 99.9, "category": "Consultoria"}),
    TableRule("financial_uscis_fees", managers_only,
              lambda a: {"form_code": "I-TEST", "form_name": "Formulário de teste", "fee_amount": 10}),
    TableRule("financial_expense_categories", admin_only, lambda a: {"name": f"Categoria {_tag(a)}"}),
    TableRule("financial_expenses", admin_only, lambda a: {"description": "Despesa de teste", "amount": 12.5}),
    TableRule("system_settings", lambda a: NO_PRIVILEGE,
              lambda a: {"key": f"test_{a.name}", "value": {"enabled": True}}, pk="key"),
]

RULES_BY_TABLE = {r.table: r for r in RULES}


def cases() -> list[tuple[str, str, str]]:
    """(table, actor name, operation) for the whole matrix."""
    return [(r.table, a.name, op) for r in RULES for a in ACTORS for op in OPERATIONS]


ACTORS_BY_NAME = {a.name: a for a in ACTORS}
