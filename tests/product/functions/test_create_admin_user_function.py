"""create-admin-user: only the configured e-mail, only while the office has no administrator, never a reset."""
import httpx
import pytest

from harness import StackProcess

FIRST_ADMIN = "nova.admin@escritorio.test"


@pytest.fixture(scope="module")
def empty_stack(cluster):
    """The product's migrations without the seed: an office with no administrator yet."""
    s = StackProcess(cluster, seed=False, name="fn-first-admin", env={"ADMIN_EMAIL": FIRST_ADMIN})
    yield s
    s.stop()


def post(stack, body, token=None):
    headers = {"apikey": stack.anon_key}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return httpx.post(f"{stack.url}/functions/v1/create-admin-user", json=body, headers=headers, timeout=30)


def test_existing_administrator_is_never_touched(functions_stack):
    sql = functions_stack.sql
    before = sql("select encrypted_password, updated_at from auth.users where email = 'admin@escritorio.test'")
    answer = post(functions_stack, {"email": "Admin@Escritorio.test", "password": "OutraSenha123",
                                    "full_name": "Intruso"}, token=functions_stack.anon_key)
    assert answer.status_code == 409 and answer.json() == {"error": "Usuário administrador já existe"}
    assert sql("select encrypted_password, updated_at from auth.users where email = 'admin@escritorio.test'") == before


def test_other_emails_and_weak_passwords_are_refused(stack):
    wrong = post(stack, {"email": "alguem@escritorio.test", "password": "Senha12345", "full_name": "Alguém"})
    assert wrong.status_code == 403
    assert wrong.json()["error"] == "Esta função só está disponível para o email de administrador autorizado"
    for password in ("curta1", "somenteletras", "1234567890"):
        weak = post(stack, {"email": "admin@escritorio.test", "password": password, "full_name": "Ana"})
        assert weak.status_code == 400 and "8 caracteres" in weak.json()["error"]
    assert post(stack, {"email": "admin@escritorio.test"}).status_code == 400


def test_first_administrator_is_created_once(empty_stack):
    body = {"email": FIRST_ADMIN, "password": "Primeira123", "full_name": "Nova Administradora"}
    created = post(empty_stack, body)
    assert created.status_code == 200, created.text
    user_id = created.json()["user"]["id"]
    assert empty_stack.sql("select role from user_roles where user_id = %s", (user_id,)) == [("administrator",)]
    assert empty_stack.sql("select email, full_name from profiles where id = %s", (user_id,)) == \
        [(FIRST_ADMIN, "Nova Administradora")]
    signed_in = httpx.post(f"{empty_stack.url}/auth/v1/token?grant_type=password",
                           headers={"apikey": empty_stack.anon_key},
                           json={"email": body["email"], "password": body["password"]})
    assert signed_in.status_code == 200

    again = post(empty_stack, {**body, "password": "Segunda456"})
    assert again.status_code == 409
    still = httpx.post(f"{empty_stack.url}/auth/v1/token?grant_type=password", headers={"apikey": empty_stack.anon_key},
                       json={"email": body["email"], "password": body["password"]})
    assert still.status_code == 200


def test_no_second_administrator_once_the_first_left_the_address(empty_stack):
    """The e-mail is free again after the administrator changed it, but an administrator still exists."""
    if not empty_stack.sql("select 1 from auth.users where email = %s", (FIRST_ADMIN,)):
        first = post(empty_stack, {"email": FIRST_ADMIN, "password": "Primeira123", "full_name": "Nova"})
        assert first.status_code == 200
    empty_stack.sql("update auth.users set email = 'outro.endereco@escritorio.test' where email = %s", (FIRST_ADMIN,))
    accounts = empty_stack.sql("select count(*) from auth.users")
    again = post(empty_stack, {"email": FIRST_ADMIN, "password": "Tomada1234", "full_name": "Intrusa"})
    assert again.status_code == 409 and again.json() == {"error": "Usuário administrador já existe"}
    assert empty_stack.sql("select count(*) from auth.users") == accounts
    assert empty_stack.sql("select count(*) from user_roles where role = 'administrator'") == [(1,)]
