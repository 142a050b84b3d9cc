"""create-admin-user: only the configured e-mail, only while no such account exists, never a reset."""
import httpx


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


def test_first_administrator_is_created_once(configured_stack):
    body = {"email": "nova.admin@escritorio.test", "password": "Primeira123", "full_name": "Nova Administradora"}
    created = post(configured_stack, body)
    assert created.status_code == 200, created.text
    user_id = created.json()["user"]["id"]
    assert configured_stack.sql("select role from user_roles where user_id = %s", (user_id,)) == [("administrator",)]
    assert configured_stack.sql("select email, full_name from profiles where id = %s", (user_id,)) == \
        [("nova.admin@escritorio.test", "Nova Administradora")]
    signed_in = httpx.post(f"{configured_stack.url}/auth/v1/token?grant_type=password", headers={"apikey": configured_stack.anon_key},
                           json={"email": body["email"], "password": body["password"]})
    assert signed_in.status_code == 200

    again = post(configured_stack, {**body, "password": "Segunda456"})
    assert again.status_code == 409
    still = httpx.post(f"{configured_stack.url}/auth/v1/token?grant_type=password", headers={"apikey": configured_stack.anon_key},
                       json={"email": body["email"], "password": body["password"]})
    assert still.status_code == 200
