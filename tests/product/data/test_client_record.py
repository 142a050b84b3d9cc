"""A client's record edited by staff: every changed field lands in client_record_changes (who, when, old -> new),
which staff read and nobody writes or reads otherwise; a new e-mail becomes the portal log-in's e-mail too."""
from __future__ import annotations

import psycopg
import pytest
from data_actors import ANON, CLIENTS, JOAO_CLIENT, MARIA_CLIENT, STAFF, Actor
from data_sqlroles import act_as, undone
from supabase_auth.errors import AuthApiError

from supabase import create_client


@pytest.fixture(scope="module")
def record_stack(cluster):
    """A stack of this module's own, so that its sign-ins and the stack's jobs leave the shared data suite alone."""
    from harness import StackProcess

    s = StackProcess(cluster, name="client-record-api")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def conn(data_db_url):
    with psycopg.connect(data_db_url) as c:
        yield c


def _changes(conn, client_id: str) -> list[tuple]:
    return conn.execute(
        "select changed_by::text, field, old_value, new_value from public.client_record_changes "
        "where client_id = %s order by id", (client_id,)).fetchall()


@pytest.mark.parametrize("staff", STAFF, ids=str)
def test_staff_edit_a_record_and_each_changed_field_is_recorded(conn, staff: Actor):
    with undone(conn):
        old = conn.execute("select full_name, phone, a_number from public.clients where id = %s",
                           (JOAO_CLIENT,)).fetchone()
        act_as(conn, staff)
        updated = conn.execute(
            "update public.clients set full_name = %s, phone = %s, a_number = %s, date_of_birth = %s, "
            "nationality = %s, address = address where id = %s",
            ("  João Carlos Souza  ", "+1 (617) 555-0199", "a123456789", "1985-07-02", " Brasil ", JOAO_CLIENT),
        ).rowcount
        assert updated == 1
        rows = _changes(conn, JOAO_CLIENT)
        assert rows == [
            (staff.user_id, "full_name", old[0], "João Carlos Souza"),
            (staff.user_id, "phone", old[1], "+1 (617) 555-0199"),
            (staff.user_id, "a_number", old[2], "A123456789"),
            (staff.user_id, "date_of_birth", None, "1985-07-02"),
            (staff.user_id, "nationality", None, "Brasil"),
        ]  # the address was set to itself: not recorded
        # an update that changes nothing adds nothing
        conn.execute("update public.clients set phone = phone where id = %s", (JOAO_CLIENT,))
        assert len(_changes(conn, JOAO_CLIENT)) == len(rows)


@pytest.mark.parametrize("actor", [*CLIENTS, ANON], ids=str)
def test_clients_and_anon_never_read_the_history(conn, actor: Actor):
    with undone(conn):
        conn.execute("savepoint s")
        act_as(conn, STAFF[0])
        conn.execute("update public.clients set nationality = 'Brasil' where id = %s", (MARIA_CLIENT,))
        act_as(conn, actor)
        if actor.is_anon:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute("select count(*) from public.client_record_changes")
        else:
            assert conn.execute("select count(*) from public.client_record_changes").fetchone()[0] == 0
            # nor change their own record (and so write no history)
            assert conn.execute("update public.clients set nationality = 'EUA' where id = %s",
                                (actor.client_id,)).rowcount == 0


@pytest.mark.parametrize("actor", [STAFF[0], CLIENTS[0]], ids=str)
def test_nobody_writes_the_history_by_hand(conn, actor: Actor):
    for statement in (
        "insert into public.client_record_changes (client_id, field, old_value, new_value) "
        f"values ('{MARIA_CLIENT}', 'email', 'a', 'b')",
        "update public.client_record_changes set new_value = 'x'",
        "delete from public.client_record_changes",
    ):
        with undone(conn):
            act_as(conn, actor)
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)


@pytest.mark.parametrize(("column", "value", "error", "message"), [
    ("email", "joao.souza@cliente.test", psycopg.errors.UniqueViolation, "Já existe um usuário com este e-mail"),
    ("email", "ADMIN@escritorio.test", psycopg.errors.UniqueViolation, "Já existe um usuário com este e-mail"),
    ("email", "sem-arroba", psycopg.errors.CheckViolation, "clients_email_check"),
    ("date_of_birth", "2999-01-01", psycopg.errors.CheckViolation, "A data de nascimento não pode estar no futuro"),
    ("a_number", "12345", psycopg.errors.CheckViolation, "clients_a_number_check"),
])
def test_bad_values_are_refused_and_change_nothing(conn, column, value, error, message):
    before = _changes(conn, MARIA_CLIENT)
    with undone(conn):
        conn.execute("savepoint s")
        act_as(conn, STAFF[1])
        with pytest.raises(error) as err:
            conn.execute(f"update public.clients set {column} = %s where id = %s", (value, MARIA_CLIENT))
        assert message in str(err.value)
        conn.execute("rollback to savepoint s")
        assert conn.execute("select email from auth.users where id = "
                            "(select user_id from public.clients where id = %s)",
                            (MARIA_CLIENT,)).fetchone()[0] == "maria.silva@cliente.test"
        assert _changes(conn, MARIA_CLIENT) == before


def test_a_new_email_is_the_portal_login_through_the_api(record_stack):
    """Staff change a client's e-mail with supabase-py; the client then signs in with the new address only."""
    old_email, new_email, password = "registro.antigo@cliente.test", "registro.novo@cliente.test", "senha-registro"
    try:
        with psycopg.connect(record_stack.db_url, autocommit=True) as conn, conn.transaction():
            act_as(conn, STAFF[1])
            conn.execute("select public.create_client_user(%s, %s, %s)", (old_email, password, "Cliente Registro"))
        staff = create_client(record_stack.url, record_stack.anon_key)
        staff.auth.sign_in_with_password({"email": STAFF[3].email, "password": "Demo@12345"})
        row = staff.table("clients").select("id").eq("email", old_email).single().execute().data
        staff.table("clients").update({"email": " Registro.Novo@cliente.test "}).eq("id", row["id"]).execute()

        history = staff.table("client_record_changes").select("field, old_value, new_value, changed_by") \
            .eq("client_id", row["id"]).execute().data
        assert history == [{"field": "email", "old_value": old_email, "new_value": new_email,
                            "changed_by": STAFF[3].user_id}]

        client = create_client(record_stack.url, record_stack.anon_key)
        with pytest.raises(AuthApiError):
            client.auth.sign_in_with_password({"email": old_email, "password": password})
        session = client.auth.sign_in_with_password({"email": new_email, "password": password}).session
        assert session.user.email == new_email
        assert client.table("clients").select("id, email").execute().data == [{"id": row["id"], "email": new_email}]
        assert client.table("client_record_changes").select("id").execute().data == []
        assert record_stack.sql("select p.email, i.identity_data->>'email' from public.profiles p "
                              "join auth.identities i on i.user_id = p.id where p.id = %s",
                              (session.user.id,)) == [(new_email, new_email)]
    finally:
        for email in (old_email, new_email):
            record_stack.sql("delete from public.clients where email = %s", (email,))
            record_stack.sql("delete from auth.users where email = %s", (email,))
