"""The demo log-ins of seed.sql that the finance tests act as, and the demo rows they rely on."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Actor:
    name: str
    user_id: str
    email: str
    client_id: str | None = None


ADMIN = Actor("admin", "10000000-0000-4000-8000-000000000001", "admin@escritorio.test")
ASSISTANT = Actor("assistente", "10000000-0000-4000-8000-000000000002", "assistente@escritorio.test")
COMMERCIAL = Actor("comercial", "10000000-0000-4000-8000-000000000003", "comercial@escritorio.test")
SECRETARY = Actor("secretaria", "10000000-0000-4000-8000-000000000004", "secretaria@escritorio.test")
MARIA = Actor(
    "maria", "10000000-0000-4000-8000-000000000005", "maria.silva@cliente.test", "c0000000-0000-4000-8000-000000000001"
)
JOAO = Actor(
    "joao", "10000000-0000-4000-8000-000000000006", "joao.souza@cliente.test", "c0000000-0000-4000-8000-000000000002"
)

# seed rows of the finance section
MARIA_SENT_QUOTE = "fa100000-0000-4000-8000-000000000001"
JOAO_CONTRACT = "fa300000-0000-4000-8000-000000000001"
CONSULTA_PRODUCT = "e1000000-0000-4000-8000-000000000001"  # R$ 350,00


def new_quote(
    db,
    client_id: str,
    *,
    currency: str = "USD",
    rate: str | None = "5.000000",
    fees_date: str = "2025-06-01",
    title: str = "Orçamento de teste",
    status: str = "draft",
    sales_staff_id: str | None = None,
) -> str:
    """A quote inserted by the caller of `db` (staff), returned by id."""
    return db.one(
        "insert into public.financial_quotes (client_id, title, total_amount, currency, exchange_rate,"
        " exchange_rate_date, fees_date, status, sales_staff_id) values (%s, %s, 0, %s, %s,"
        " case when %s::numeric is null then null else current_date end, %s, %s, %s) returning id",
        (client_id, title, currency, rate, rate, fees_date, status, sales_staff_id),
    )


def add_item(db, quote_id: str, **cols) -> str:
    names = ", ".join(["quote_id", *cols])
    marks = ", ".join(["%s"] * (len(cols) + 1))
    return db.one(
        f"insert into public.financial_quote_items ({names}) values ({marks}) returning id",  # noqa: S608
        (quote_id, *cols.values()),
    )
