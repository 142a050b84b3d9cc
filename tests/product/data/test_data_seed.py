"""The demo data of seed.sql: the six log-ins, each client's own records, the catalogues."""
from __future__ import annotations

import bcrypt
import psycopg
import pytest
from data_actors import ACTORS, DEMO_PASSWORD, JOAO, MARIA


@pytest.fixture(scope="module")
def conn(data_db_url):
    with psycopg.connect(data_db_url, autocommit=True) as c:
        yield c


EXPECTED_LOGINS = {
    "admin@escritorio.test": ("administrator", "Ana Administradora"),
    "assistente@escritorio.test": ("legal_assistant", "Bruno Assistente"),
    "comercial@escritorio.test": ("commercial", "Carla Comercial"),
    "secretaria@escritorio.test": ("secretary", "Daniela Secretária"),
    "maria.silva@cliente.test": ("client", "Maria Silva"),
    "joao.souza@cliente.test": ("client", "João Souza"),
}


def test_demo_logins(conn):
    rows = conn.execute(
        "select u.id::text, u.email, u.encrypted_password, u.email_confirmed_at is not null, u.aud, u.role, "
        "u.raw_app_meta_data->>'provider', r.role, p.full_name, "
        "(select count(*) from auth.identities i where i.user_id = u.id and i.provider = 'email') "
        "from auth.users u join public.user_roles r on r.user_id = u.id join public.profiles p on p.id = u.id "
        "order by u.email").fetchall()
    assert {r[1]: (r[7], r[8]) for r in rows} == EXPECTED_LOGINS
    ids = {a.email: a.user_id for a in ACTORS if not a.is_anon}
    for uid, email, hashed, confirmed, aud, role, provider, _, _, identities in rows:
        assert uid == ids[email], "seed ids are fixed"
        assert bcrypt.checkpw(DEMO_PASSWORD.encode(), hashed.encode()), email
        assert (confirmed, aud, role, provider, identities) == (True, "authenticated", "authenticated", "email", 1)


def test_stages_in_order(conn):
    names = [r[0] for r in conn.execute("select name from public.process_stages order by order_number")]
    assert names == ["Documentação", "Protocolado", "Biometria", "Em processamento", "RFE",
                     "Entrevista agendada", "Aprovado", "Negado", "Apelação"]


def test_sample_processes_and_forms(conn):
    assert [r[0] for r in conn.execute("select type from public.processes order by id")] == [
        "Green Card", "Naturalização", "Asilo", "Visto T", "DACA", "Substituição do Green Card (I-90)"]
    linked = {r[0] for r in conn.execute(
        "select distinct client_id::text from public.processes where client_id is not null")}
    assert linked == {MARIA.client_id, JOAO.client_id}
    forms = dict(conn.execute("select number, url from public.uscis_forms").fetchall())
    assert set(forms) == {"I-130", "I-485", "I-751", "N-400", "I-589", "I-765", "I-212"}
    for number, url in forms.items():
        assert url == f"https://www.uscis.gov/sites/default/files/document/forms/{number.lower()}.pdf"
    # identity columns continue after the explicit ids of the seed
    with conn.transaction():
        new_id = conn.execute("insert into public.processes (type) values ('Teste') returning id").fetchone()[0]
        assert new_id > 5
        conn.execute("delete from public.processes where id = %s", (new_id,))


def test_uscis_fees_in_force(conn):
    fees = {(r[0], r[1]) for r in conn.execute(
        "select form_code, fee_amount::text from public.financial_uscis_fees "
        "where is_active and valid_from = '2024-04-01' and valid_until is null")}
    for expected in [("I-130", "675.00"), ("I-130", "625.00"), ("I-485", "1440.00"), ("N-400", "760.00"),
                     ("N-400", "710.00"), ("I-765", "520.00"), ("I-765", "260.00"), ("I-131", "630.00")]:
        assert expected in fees


def test_each_client_has_its_own_portal_data(conn):
    for client in (MARIA, JOAO):
        for table in ("client_processes", "financial_contracts", "financial_payments", "financial_quotes",
                      "messages", "client_documents"):
            n = conn.execute(f"select count(*) from public.{table} where client_id = %s",
                             (client.client_id,)).fetchone()[0]
            assert n > 0, (client.name, table)
        senders = {r[0] for r in conn.execute("select sender_type from public.messages where client_id = %s",
                                              (client.client_id,))}
        assert senders == {"client", "office"}
        statuses = {r[0] for r in conn.execute("select status from public.client_processes where client_id = %s",
                                               (client.client_id,))}
        assert "concluído" in statuses and statuses & {"em andamento", "pendente"}
        paths = [r[0] for r in conn.execute("select file_path from public.client_documents where client_id = %s",
                                            (client.client_id,))]
        assert all(p.startswith(client.client_id + "/") for p in paths)


def test_expenses_cover_every_display_status(conn):
    paid, overdue, pending = conn.execute(
        "select count(*) filter (where is_paid), count(*) filter (where not is_paid and due_date < current_date), "
        "count(*) filter (where not is_paid and due_date >= current_date) from public.financial_expenses").fetchone()
    assert paid > 0 and overdue > 0 and pending > 0


def test_every_screen_has_something_to_show(conn):
    for table in ("process_notifications", "document_requests", "uscis_status_history", "eoir_court_history",
                  "uscis_receipts", "eoir_court_cases", "interactions", "financial_products",
                  "financial_expense_categories"):
        assert conn.execute(f"select count(*) from public.{table}").fetchone()[0] > 0, table
    statuses = {r[0] for r in conn.execute("select status from public.interactions")}
    assert len(statuses) >= 3
