"""The authorisation matrix of the design (section 5) as data: table x actor x operation -> outcome.

Outcomes: select -> ALL / OWN / NONE (rows seen); insert -> OK / DENIED (42501);
update and delete -> OK (1 row) / NONE (0 rows) / DENIED (42501).
Each table also says how to build a valid row, and which row is "the client's own".
Both the SQL-level and the REST-level tests read this one table.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from data_actors import ACTORS, ADMIN, ASSISTANT, COMMERCIAL, JOAO_CLIENT, MARIA, MARIA_CLIENT, SECRETARY, Actor

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
    # SQL predicate of seeded rows a fresh insert would collide with (a unique key): the runners take them
    # out (as the owner) before an insert case and put them back after it
    vacate: str | None = None
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
# finance by the spec's role table (DESIGN section 9): administrator and legal_assistant; a client its own;
# commercial and secretary nothing (commercial: the quotes it sells, below)
client_finance = _grid(admin=FULL, assistant=FULL, other_staff=NOTHING, client=CLIENT_READS_OWN)

NO_PRIVILEGE = {"select": DENIED, "insert": DENIED, "update": DENIED, "delete": DENIED}
READ_ONLY_NO_WRITE = {"select": ALL, "insert": DENIED, "update": DENIED, "delete": DENIED}
SEES_NOTHING_NO_WRITE = {**NO_PRIVILEGE, "select": NONE}

# Second-wave tables revoke everything from anon: anon is refused outright (42501), even a select.
money = _grid(admin=FULL, assistant=FULL, other_staff=NOTHING, client=CLIENT_READS_OWN, anon=NO_PRIVILEGE)
money_staff = _grid(admin=FULL, assistant=FULL, other_staff=READ_ONLY, client=NOTHING, anon=NO_PRIVILEGE)
staff_work = _grid(admin=FULL, other_staff=FULL, client=NOTHING, anon=NO_PRIVILEGE)
crm = _grid(admin=FULL, other_staff=READ_ONLY, client=NOTHING, anon=NO_PRIVILEGE)


def unseeded(outcomes: Callable[[Actor], Outcome]) -> Callable[[Actor], Outcome]:
    """The seed has no row in the table: a select can only show that nothing leaks (0 rows), whatever the
    rule (ALL / OWN) would show once there are rows. Writes are checked as usual."""
    def pick(actor: Actor) -> Outcome:
        o = outcomes(actor)
        return {**o, "select": NONE} if o["select"] in (ALL, OWN) else o
    return pick


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
        # a second staff role for the secretary (a client is never given a staff role: see test_sec_trust_roles)
        lambda a: {"user_id": SECRETARY.user_id, "role": "commercial"},
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
        ]
    ],
    # quotes: as the other money tables, plus the commercial user's own sales (seller_id); "own" is the
    # client's for a client and the seller's for staff
    TableRule("financial_quotes", client_finance,
              lambda a: {"client_id": _client_for(a), "title": "Orçamento de teste",
                         "quote_number": f"OR-T-{_tag(a)}", "total_amount": 50},
              own="%s in (client_id::text, seller_id::text)", own_param=lambda a: a.client_id or a.user_id,
              # the update/delete target is the administrator's quote
              exceptions={"comercial": {"select": OWN, "insert": OK}}),
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
    # staff data (section 5); the portal reads a client's own through the client_processes view
    TableRule("processes", _grid(admin=FULL, other_staff=FULL, client=NOTHING),
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
    # staff data (section 5); the portal reads a client's own through the client_document_requests view
    TableRule("document_requests", _grid(admin=FULL, other_staff=FULL, client=NOTHING),
              lambda a: {"process_id": 1, "document_name": "Passaporte"},
              own="process_id in (select id from public.processes where client_id = %s)"),
    TableRule("uscis_status_history", staff_append_only,
              lambda a: {"receipt_id": "d1000000-0000-4000-8000-000000000001", "status": "Case Was Received"}),
    TableRule("eoir_court_history", staff_append_only,
              lambda a: {"court_case_id": "d3000000-0000-4000-8000-000000000001", "status": "Hearing Scheduled"}),
    # EOIR courts and their time zones (reference data): staff read, administrators maintain, clients nothing
    TableRule("eoir_courts",
              _grid(admin=FULL, other_staff=READ_ONLY, client=NOTHING, anon=NO_PRIVILEGE),
              lambda a: {"city": f"Cidade {_tag(a)}", "state": "TX", "time_zone": "America/Chicago",
                         "zone_label": "CT"},
              touch="zone_label"),
    TableRule("financial_products", managers_only,
              lambda a: {"name": "Serviço de teste", "price": 99.9, "category": "Consultoria"}),
    TableRule("financial_uscis_fees", managers_only,
              lambda a: {"form_code": "I-TEST", "form_name": "Formulário de teste", "fee_amount": 10}),
    TableRule("financial_expense_categories", admin_only, lambda a: {"name": f"Categoria {_tag(a)}"}),
    TableRule("financial_expenses", admin_only, lambda a: {"description": "Despesa de teste", "amount": 12.5}),
    # ---- second wave (DESIGN section 8) -------------------------------------------------------------
    # appointments: staff read and write; a client reads its own. A client may also ASK for an appointment
    # (the portal's "Solicitar agendamento"): only for itself, status 'solicitado', no system stamps - a
    # deliberate, narrow widening of section 8's "read own" that the portal relies on.
    TableRule("appointments",
              _grid(admin=FULL, other_staff=FULL,
                    client={"select": OWN, "insert": OK, "update": NONE, "delete": NONE}, anon=NO_PRIVILEGE),
              lambda a: {"client_id": _client_for(a), "starts_at": "2031-03-10T14:00:00+00:00", "kind": "online",
                         "status": "solicitado" if a.is_client else "agendado"},
              own="client_id = %s"),
    TableRule("tasks", staff_work, lambda a: {"title": f"Tarefa de teste {a.name}", "client_id": MARIA_CLIENT}),
    # Comments are the task's record: nobody edits one (no UPDATE privilege) and only its author removes it;
    # the update/delete target is the administrator's comment, so other staff remove nothing.
    TableRule("task_comments",
              _grid(admin={"select": ALL, "insert": OK, "update": DENIED, "delete": OK},
                    other_staff={"select": ALL, "insert": OK, "update": DENIED, "delete": NONE},
                    client={"select": NONE, "insert": DENIED, "update": DENIED, "delete": NONE},
                    anon=NO_PRIVILEGE),
              lambda a: {"task_id": "a7000000-0000-4000-8000-000000000001", "body": f"Comentário de {a.name}",
                         "author_id": a.user_id}),
    # leads: administrator and commercial write, other staff read, clients nothing
    TableRule("leads", crm, lambda a: {"name": f"Lead de teste {a.name}", "source": "site"},
              exceptions={"comercial": FULL}),
    # the lead's history is append-only (no UPDATE privilege); the CRM owners may remove an entry
    TableRule("lead_activities",
              _grid(admin={"select": ALL, "insert": OK, "update": DENIED, "delete": OK},
                    other_staff={"select": ALL, "insert": DENIED, "update": DENIED, "delete": NONE},
                    client={"select": NONE, "insert": DENIED, "update": DENIED, "delete": NONE},
                    anon=NO_PRIVILEGE),
              lambda a: {"lead_id": "a8000000-0000-4000-8000-000000000001", "kind": "nota",
                         "body": f"Nota de teste de {a.name}"},
              exceptions={"comercial": {"select": ALL, "insert": OK, "update": DENIED, "delete": OK}}),
    # One row for the whole office (created by its migration): staff read, administrators change it, nobody
    # adds or removes one; clients get the name and logo through office_branding() only.
    TableRule("office_settings",
              _grid(admin={"select": ALL, "insert": DENIED, "update": OK, "delete": DENIED},
                    other_staff={"select": ALL, "insert": DENIED, "update": NONE, "delete": DENIED},
                    client={"select": NONE, "insert": DENIED, "update": NONE, "delete": DENIED},
                    anon=NO_PRIVILEGE),
              lambda a: {"id": True, "office_name": f"Escritório {a.name}"},
              touch="office_name", fixed_target={"update": "true", "delete": "true"}),
    # Each user reads only its own feed (user_id, created_at; never the hash); tokens are written by
    # rotate_calendar_feed_token() only. The seed has no feed.
    TableRule("calendar_feeds",
              unseeded(_grid(admin={**NO_PRIVILEGE, "select": OWN}, other_staff={**NO_PRIVILEGE, "select": OWN},
                             client={**NO_PRIVILEGE, "select": OWN}, anon=NO_PRIVILEGE)),
              lambda a: {"user_id": a.user_id or ADMIN.user_id, "token_hash": "ab" * 32},
              pk="user_id", own="user_id = %s", own_param=lambda a: a.user_id),
    # money, as section 5: administrator and legal_assistant write, other staff read, a client reads its own
    TableRule("financial_quote_items", money,
              # lines change only while their quote is a draft: the target quote is João's draft
              lambda a: {"quote_id": "f3000000-0000-4000-8000-000000000002", "description": f"Item {a.name}",
                         "unit_price": 10},
              own="quote_id in (select id from public.financial_quotes where %s in (client_id::text, seller_id::text))",
              own_param=lambda a: a.client_id or a.user_id,
              # the commercial user sells the seeded sent quotes, not João's draft the lines go to
              exceptions={"comercial": {"select": OWN}}),
    TableRule("financial_installments", money,
              lambda a: {"contract_id": {MARIA_CLIENT: "f1000000-0000-4000-8000-000000000001",
                                         JOAO_CLIENT: "f1000000-0000-4000-8000-000000000002"}[_client_for(a)],
                         "client_id": _client_for(a), "number": 90, "due_date": "2031-01-10", "amount": 25},
              own="client_id = %s"),
    # Commissions are pay: the administrator manages them (the spec's Comissões screen is administrator-only)
    # and each staff member reads only its own - narrower than the money rule on purpose. Commissions are
    # computed from payments by a trigger (no INSERT/DELETE privilege through the API).
    TableRule("financial_commission_rules",
              _grid(admin=FULL, other_staff={"select": OWN, "insert": DENIED, "update": NONE, "delete": NONE},
                    client=NOTHING, anon=NO_PRIVILEGE),
              lambda a: {"staff_id": SECRETARY.user_id, "percentage": 5},
              own="staff_id = %s", own_param=lambda a: a.user_id,
              # only the commercial staff member has a rule in the seed
              exceptions={"assistente": {"select": NONE}, "secretaria": {"select": NONE}}),
    TableRule("financial_commissions",
              _grid(admin={"select": ALL, "insert": DENIED, "update": OK, "delete": DENIED},
                    other_staff={"select": OWN, "insert": DENIED, "update": NONE, "delete": DENIED},
                    client={"select": NONE, "insert": DENIED, "update": NONE, "delete": DENIED},
                    anon=NO_PRIVILEGE),
              lambda a: {"staff_id": COMMERCIAL.user_id, "payment_id": "f2000000-0000-4000-8000-000000000001",
                         "base_amount": 100, "percentage": 10, "amount": 10, "currency": "BRL",
                         "period_month": "2031-01-01"},
              own="staff_id = %s", own_param=lambda a: a.user_id, touch="status",
              exceptions={"assistente": {"select": NONE}, "secretaria": {"select": NONE}}),
    TableRule("exchange_rates", money_staff,
              lambda a: {"rate": 5.1234, "rate_date": "2001-01-02", "source": "manual"}),
    # in-app notifications: each user reads its own and marks it read (read_at only); notify() writes them
    TableRule("notifications",
              lambda a: NO_PRIVILEGE if a.is_anon else {"select": OWN, "insert": DENIED, "update": NONE,
                                                        "delete": DENIED},
              lambda a: {"user_id": a.user_id or ADMIN.user_id, "kind": "teste", "title": f"Aviso {a.name}"},
              own="user_id = %s", own_param=lambda a: a.user_id, touch="read_at",
              # the target is the administrator's notification; the seed has none for commercial and secretary
              exceptions={"admin": {"update": OK}, "comercial": {"select": NONE}, "secretaria": {"select": NONE}}),
    # the outbox: administrators read it and re-send through resend_delivery(); nobody writes through the API
    TableRule("notification_deliveries",
              _grid(admin=READ_ONLY_NO_WRITE, other_staff=SEES_NOTHING_NO_WRITE, client=SEES_NOTHING_NO_WRITE,
                    anon=NO_PRIVILEGE),
              lambda a: {"channel": "email", "recipient": "teste@cliente.test", "template": "teste",
                         "idempotency_key": f"matrix:{a.name}"}),
    # LGPD consent is the client's own decision, written only through set_channel_consent() (which records
    # the time): staff read, a client reads its own, nobody writes the table directly. The key is
    # (client_id, channel): the update/delete targets are Maria's rows, never created by the test.
    TableRule("client_channel_consents",
              _grid(admin=READ_ONLY_NO_WRITE, other_staff=READ_ONLY_NO_WRITE,
                    client={**NO_PRIVILEGE, "select": OWN}, anon=NO_PRIVILEGE),
              lambda a: {"client_id": _client_for(a), "channel": "whatsapp", "granted": False},
              pk="client_id", own="client_id = %s", fixed_target={"update": MARIA_CLIENT, "delete": MARIA_CLIENT}),
    # USCIS form editions and mappings are staff data; importing and mapping is the work of those who prepare
    # filings (administrator, legal_assistant), other staff read. Mappings are versions: never edited or
    # removed through the API. The seed has one edition (id 1) and a mapping of it.
    TableRule("uscis_form_editions", money_staff,
              lambda a: {"form_id": 1, "edition_date": "2001-01-01", "storage_path": f"teste/{a.name}.pdf"}),
    TableRule("uscis_form_mappings",
              _grid(admin={"select": ALL, "insert": OK, "update": DENIED, "delete": DENIED},
                    assistant={"select": ALL, "insert": OK, "update": DENIED, "delete": DENIED},
                    other_staff=READ_ONLY_NO_WRITE, client=SEES_NOTHING_NO_WRITE, anon=NO_PRIVILEGE),
              lambda a: {"edition_id": 1, "version": 1, "field_name": "Pt1Line1a_FamilyName",
                         "data_path": "client.full_name", "transform": "name_last"},
              fixed_target={"update": "1", "delete": "1"}),
    # the intake questionnaire: a client reads and writes only its own (one per client); staff read, start and
    # review it; nobody deletes one through the API
    TableRule("client_questionnaires",
              _grid(admin={"select": ALL, "insert": OK, "update": OK, "delete": DENIED},
                    other_staff={"select": ALL, "insert": OK, "update": OK, "delete": DENIED},
                    client={"select": OWN, "insert": OK, "update": NONE, "delete": DENIED},
                    anon=NO_PRIVILEGE),
              # one per client and both have one (seed): inserts start João's afresh once his seeded draft is
              # out of the way; staff may, João may, Maria's attempt is João's and must be refused
              lambda a: {"client_id": JOAO_CLIENT, "answers": {}},
              own="client_id = %s",
              vacate=f"client_id = '{JOAO_CLIENT}'",
              # updates and deletes touch João's seeded draft: out of Maria's reach, João edits his own while open
              fixed_target={"update": "f7000000-0000-4000-8000-000000000002",
                            "delete": "f7000000-0000-4000-8000-000000000002"},
              exceptions={"maria": {"insert": DENIED}, "joao": {"update": OK}}),
    # the history of a client's record: written only by the trigger on clients; staff read it, clients never
    TableRule("client_record_changes",
              _grid(admin=READ_ONLY_NO_WRITE, other_staff=READ_ONLY_NO_WRITE, client=SEES_NOTHING_NO_WRITE,
                    anon=NO_PRIVILEGE),
              lambda a: {"client_id": _client_for(a), "field": "phone", "old_value": "1", "new_value": "2"}),
    # checklists per case type (DESIGN section 9): staff read, administrators keep them, clients nothing
    TableRule("document_checklists", _grid(admin=FULL, other_staff=READ_ONLY, client=NOTHING, anon=NO_PRIVILEGE),
              lambda a: {"case_type_id": "asilo", "document_name": f"Documento {_tag(a)}"}),
    # the history of a document request: written only by the triggers on document_requests; staff read it
    TableRule("document_request_events",
              _grid(admin=READ_ONLY_NO_WRITE, other_staff=READ_ONLY_NO_WRITE, client=SEES_NOTHING_NO_WRITE,
                    anon=NO_PRIVILEGE),
              lambda a: {"request_id": "d6000000-0000-4000-8000-000000000001", "kind": "stage",
                         "to_value": "recebido"}),
    # the Visa Bulletin: public facts every signed-in user reads (a client too); written only through
    # import_visa_bulletin() (administrators), never directly through the API
    TableRule("visa_bulletin_months",
              _grid(admin=READ_ONLY_NO_WRITE, other_staff=READ_ONLY_NO_WRITE, client=READ_ONLY_NO_WRITE,
                    anon=NO_PRIVILEGE),
              lambda a: {"month": "2001-01-01"}, pk="month", touch="source"),
    TableRule("visa_bulletins",
              _grid(admin=READ_ONLY_NO_WRITE, other_staff=READ_ONLY_NO_WRITE, client=READ_ONLY_NO_WRITE,
                    anon=NO_PRIVILEGE),
              lambda a: {"month": "2025-10-01", "chart": "final_action", "category": "F1",
                         "chargeability": f"TESTE_{a.name.upper()}", "cutoff": "C"}),
    # USCIS processing times: those who prepare filings (administrator, legal_assistant) write, other staff read
    # (the seed holds none: an office types what USCIS publishes)
    TableRule("uscis_processing_times", unseeded(money_staff),
              lambda a: {"form": "I-90", "office": f"Escritório {a.name}", "min_months": 1, "max_months": 2}),
    # engagement contract templates and their optional clauses: administrators keep them, staff read, clients nothing
    TableRule("contract_templates", _grid(admin=FULL, other_staff=READ_ONLY, client=NOTHING, anon=NO_PRIVILEGE),
              lambda a: {"name": f"Modelo {_tag(a)}", "body": "# Escopo\n{{servicos}}"}),
    TableRule("contract_template_clauses",
              _grid(admin=FULL, other_staff=READ_ONLY, client=NOTHING, anon=NO_PRIVILEGE),
              lambda a: {"template_id": "c7000000-0000-4000-8000-000000000001", "title": f"Cláusula {_tag(a)}",
                         "body": "Texto"}),
    # one-time signing codes: only the contract-signing function (service role) reads or writes them
    TableRule("contract_signing_codes", lambda a: NO_PRIVILEGE,
              lambda a: {"contract_id": "fa300000-0000-4000-8000-000000000001", "client_id": JOAO_CLIENT,
                         "code_hash": "0" * 64, "expires_at": "2030-01-01T00:00:00Z"}),
    # WhatsApp conversations: staff read, open and change them (assignment, resolved); clients nothing; deleting
    # is not granted through a policy (0 rows)
    TableRule("conversations",
              _grid(admin={"select": ALL, "insert": OK, "update": OK, "delete": NONE},
                    other_staff={"select": ALL, "insert": OK, "update": OK, "delete": NONE},
                    client={"select": NONE, "insert": DENIED, "update": NONE, "delete": NONE},
                    anon=NO_PRIVILEGE),
              lambda a: {"client_id": _client_for(a)}, pk="client_id", touch="resolved_at",
              fixed_target={"update": MARIA_CLIENT, "delete": MARIA_CLIENT},
              vacate="client_id in ('c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002')"),
    # unread messages per conversation, kept by triggers on messages: staff read, nobody writes through the API
    TableRule("conversation_unread",
              _grid(admin=READ_ONLY_NO_WRITE, other_staff=READ_ONLY_NO_WRITE, client=SEES_NOTHING_NO_WRITE,
                    anon=NO_PRIVILEGE),
              lambda a: {"client_id": _client_for(a), "n": 1}, pk="client_id", touch="n",
              fixed_target={"update": MARIA_CLIENT, "delete": MARIA_CLIENT},
              vacate="client_id in ('c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002')"),
    # every inbound WhatsApp message id, once: written by the webhook (service role); administrators read
    TableRule("whatsapp_inbound_events",
              unseeded(_grid(admin=READ_ONLY_NO_WRITE, other_staff=SEES_NOTHING_NO_WRITE,
                             client=SEES_NOTHING_NO_WRITE, anon=NO_PRIVILEGE)),
              lambda a: {"message_id": f"wamid.TESTE_{_tag(a)}", "wa_from": "+5511999990000", "kind": "text"},
              pk="message_id"),
    # online payments: written by the payments functions (service role); finance managers read, a client its own
    TableRule("payment_checkouts",
              unseeded(_grid(admin=READ_ONLY_NO_WRITE, assistant=READ_ONLY_NO_WRITE,
                             other_staff=SEES_NOTHING_NO_WRITE,
                             client={**SEES_NOTHING_NO_WRITE, "select": OWN}, anon=NO_PRIVILEGE)),
              lambda a: {"installment_id": "fa400000-0000-4000-8000-000000000001", "client_id": JOAO_CLIENT,
                         "session_id": f"cs_test_{_tag(a)}", "amount": 10, "currency": "USD"},
              own="client_id = %s"),
    TableRule("payment_events",
              unseeded(_grid(admin=READ_ONLY_NO_WRITE, other_staff=SEES_NOTHING_NO_WRITE,
                             client=SEES_NOTHING_NO_WRITE, anon=NO_PRIVILEGE)),
              lambda a: {"id": f"evt_test_{_tag(a)}", "type": "checkout.session.completed",
                         "created": "2026-01-01T00:00:00Z", "payload": {}}),
    TableRule("pix_charges",
              unseeded(_grid(admin=READ_ONLY_NO_WRITE, assistant=READ_ONLY_NO_WRITE,
                             other_staff=SEES_NOTHING_NO_WRITE,
                             client={**SEES_NOTHING_NO_WRITE, "select": OWN}, anon=NO_PRIVILEGE)),
              lambda a: {"installment_id": "fa400000-0000-4000-8000-000000000001", "client_id": JOAO_CLIENT,
                         "txid": f"TESTE{_tag(a)}", "amount": 10, "currency": "BRL", "amount_brl": 10,
                         "br_code": "000201"},
              own="client_id = %s"),
    # LGPD: the client's own export jobs and deletion requests, administrators all; written by the functions and
    # request_data_deletion() only
    TableRule("data_export_jobs",
              unseeded(_grid(admin=READ_ONLY_NO_WRITE, other_staff=SEES_NOTHING_NO_WRITE,
                             client={**SEES_NOTHING_NO_WRITE, "select": OWN}, anon=NO_PRIVILEGE)),
              lambda a: {"client_id": _client_for(a)}, own="client_id = %s"),
    TableRule("data_deletion_requests",
              unseeded(_grid(admin=READ_ONLY_NO_WRITE, other_staff=SEES_NOTHING_NO_WRITE,
                             client={**SEES_NOTHING_NO_WRITE, "select": OWN}, anon=NO_PRIVILEGE)),
              lambda a: {"client_id": _client_for(a)}, own="client_id = %s"),
    # LGPD consent: the published versions are read by every signed-in user and published by administrators (who may
    # withdraw one, nothing else); a client records its own acceptance, staff read, nobody changes or removes one.
    # The data tests' databases publish one version both demo clients accepted (conftest.LEGAL_DOCUMENT); the seed
    # none.
    TableRule("legal_documents",
              _grid(admin={"select": ALL, "insert": OK, "update": OK, "delete": DENIED},
                    other_staff={"select": ALL, "insert": DENIED, "update": NONE, "delete": DENIED},
                    client={"select": ALL, "insert": DENIED, "update": NONE, "delete": DENIED}, anon=NO_PRIVILEGE),
              lambda a: {"kind": "privacy_notice", "version": f"teste-{a.name}", "title": "Aviso",
                         "body": "Texto do aviso."},
              touch="withdrawn_at"),
    TableRule("client_consents",
              _grid(admin=READ_ONLY_NO_WRITE, other_staff=READ_ONLY_NO_WRITE,
                    client={"select": OWN, "insert": OK, "update": DENIED, "delete": DENIED}, anon=NO_PRIVILEGE),
              lambda a: {"client_id": _client_for(a), "document_id": "1e9a1000-0000-4000-8000-000000000001"},
              own="client_id = %s", vacate="document_id = '1e9a1000-0000-4000-8000-000000000001'",
              # Maria's acceptance (conftest): nobody changes or removes it
              fixed_target={"update": "1e9a2000-0000-4000-8000-000000000001",
                            "delete": "1e9a2000-0000-4000-8000-000000000001"}),
    TableRule("system_settings", lambda a: NO_PRIVILEGE,
              lambda a: {"key": f"test_{a.name}", "value": {"enabled": True}}, pk="key"),
]

RULES_BY_TABLE = {r.table: r for r in RULES}


def cases() -> list[tuple[str, str, str]]:
    """(table, actor name, operation) for the whole matrix."""
    return [(r.table, a.name, op) for r in RULES for a in ACTORS for op in OPERATIONS]


ACTORS_BY_NAME = {a.name: a for a in ACTORS}
