"""create_client_user: staff create a client's log-in, profile, role and row in one go; nobody else can,
and a refused call writes nothing."""
from __future__ import annotations

import bcrypt
import psycopg
import pytest
from data_actors import ANON, CLIENTS, STAFF, Actor
from data_sqlroles import act_as, undone

CALL = "select public.create_client_user(%s, %s, %s, %s, %s)"


@pytest.fixture(scope="module")
def conn(data_db_url):
    with psycopg.connect(data_db_url) as c:
        yield c


def _footprint(conn, email: str) -> dict[str, int]:
    """How many rows anywhere mention the e-mail (as the owner)."""
    q = {
        "auth.users": "select count(*) from auth.users where lower(email) = lower(%s)",
        "auth.identities": "select count(*) from auth.identities where lower(identity_data->>'email') = lower(%s)",
        "profiles": "select count(*) from public.profiles where lower(email) = lower(%s)",
        "clients": "select count(*) from public.clients where lower(email) = lower(%s)",
        "user_roles": "select count(*) from public.user_roles r join auth.users u on u.id = r.user_id "
                      "where lower(u.email) = lower(%s)",
    }
    return {name: conn.execute(query, (email,)).fetchone()[0] for name, query in q.items()}


@pytest.mark.parametrize("staff", STAFF, ids=str)
def test_staff_create_a_client_that_can_sign_in(conn, staff: Actor):
    email = f"nova.{staff.name}@cliente.test"
    with undone(conn):
        conn.execute("savepoint s")
        act_as(conn, staff)
        client_id = conn.execute(CALL, (email, "segredo1", "Nova Cliente", "", "Rua A, 1")).fetchone()[0]
        conn.execute("reset role")
        user_id, hashed, aud, role, confirmed, app_meta, user_meta = conn.execute(
            "select id, encrypted_password, aud, role, email_confirmed_at is not null, raw_app_meta_data, "
            "raw_user_meta_data from auth.users where email = %s", (email,)).fetchone()
        assert bcrypt.checkpw(b"segredo1", hashed.encode())
        assert (aud, role, confirmed) == ("authenticated", "authenticated", True)
        assert app_meta == {"provider": "email", "providers": ["email"]}
        assert user_meta == {"full_name": "Nova Cliente"}
        assert conn.execute("select provider, provider_id from auth.identities where user_id = %s",
                            (user_id,)).fetchall() == [("email", str(user_id))]
        assert conn.execute("select email, full_name from public.profiles where id = %s",
                            (user_id,)).fetchone() == (email, "Nova Cliente")
        assert [r[0] for r in conn.execute("select role from public.user_roles where user_id = %s",
                                           (user_id,))] == ["client"]
        row = conn.execute("select user_id, full_name, email, phone, address from public.clients where id = %s",
                           (client_id,)).fetchone()
        assert row == (user_id, "Nova Cliente", email, None, "Rua A, 1")  # empty phone stored as null

        # the new client sees exactly its own clients row, and nothing of the others
        new_client = Actor("nova", str(user_id), email, "client", str(client_id))
        act_as(conn, new_client)
        assert conn.execute("select id from public.clients").fetchall() == [(client_id,)]
        assert conn.execute("select public.current_client_id()").fetchone()[0] == client_id
        assert conn.execute("select count(*) from public.messages").fetchone()[0] == 0
        # and cannot edit it (staff maintain it)
        assert conn.execute("update public.clients set phone = '1' where id = %s", (client_id,)).rowcount == 0


@pytest.mark.parametrize("actor", [*CLIENTS, ANON], ids=str)
def test_clients_and_anon_are_refused(conn, actor: Actor):
    email = f"intruso.{actor.name}@cliente.test"
    with undone(conn):
        conn.execute("savepoint s")
        act_as(conn, actor)
        with pytest.raises(psycopg.errors.InsufficientPrivilege) as err:
            conn.execute(CALL, (email, "segredo1", "Intruso Teste", None, None))
        if not actor.is_anon:  # anon cannot even execute the function
            assert "Apenas a equipe pode cadastrar clientes" in str(err.value)
        conn.execute("rollback to savepoint s")
        assert set(_footprint(conn, email).values()) == {0}


@pytest.mark.parametrize(("email", "password", "full_name", "error", "message"), [
    ("maria.silva@cliente.test", "segredo1", "Outra Maria", psycopg.errors.UniqueViolation,
     "Já existe um usuário com este e-mail"),
    ("MARIA.SILVA@cliente.test", "segredo1", "Outra Maria", psycopg.errors.UniqueViolation,
     "Já existe um usuário com este e-mail"),
    ("admin@escritorio.test", "segredo1", "Outra Ana", psycopg.errors.UniqueViolation,
     "Já existe um usuário com este e-mail"),
    # bad input of the caller: SQLSTATE PT422, which the REST API answers with HTTP 422
    ("sem-arroba.cliente.test", "segredo1", "Sem Arroba", psycopg.Error, "E-mail inválido"),
    ("", "segredo1", "Sem Email", psycopg.Error, "E-mail inválido"),
    ("curta@cliente.test", "12345", "Senha Curta", psycopg.Error, "A senha deve ter pelo menos 6 caracteres"),
    ("nome@cliente.test", "segredo1", "Jo", psycopg.errors.CheckViolation, "O nome deve ter pelo menos 3 caracteres"),
])
def test_bad_input_is_refused_and_writes_nothing(conn, email, password, full_name, error, message):
    before = _footprint(conn, email)
    users_before = conn.execute("select count(*) from auth.users").fetchone()[0]
    with undone(conn):
        conn.execute("savepoint s")
        act_as(conn, STAFF[1])
        with pytest.raises(error) as err:
            conn.execute(CALL, (email, password, full_name, None, None))
        assert message in str(err.value)
        if error is psycopg.Error:
            assert err.value.sqlstate == "PT422"
        conn.execute("rollback to savepoint s")
        assert _footprint(conn, email) == before
        assert conn.execute("select count(*) from auth.users").fetchone()[0] == users_before


def test_a_duplicate_leaves_no_partial_rows_after_a_committed_create(data_db_url):
    """Committed for real: create once, then the duplicate fails and the first stays whole."""
    email = "duplicada@cliente.test"
    with psycopg.connect(data_db_url, autocommit=True) as conn:
        try:
            with conn.transaction():
                act_as(conn, STAFF[0])
                conn.execute(CALL, (email, "segredo1", "Primeira Vez", None, None))
            first = _footprint(conn, email)
            assert first == {"auth.users": 1, "auth.identities": 1, "profiles": 1, "clients": 1, "user_roles": 1}
            with pytest.raises(psycopg.errors.UniqueViolation):
                with conn.transaction():
                    act_as(conn, STAFF[3])
                    conn.execute(CALL, (email.upper(), "outra-senha", "Segunda Vez", None, None))
            assert _footprint(conn, email) == first
        finally:
            conn.execute("delete from public.clients where email = %s", (email,))
            conn.execute("delete from auth.users where email = %s", (email,))
