"""system-settings through the stack: administrators only, secrets sealed at rest and masked."""
import json

S3 = {"accessKeyId": "AKIAEXAMPLE1234", "secretAccessKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLE",
      "region": "us-east-1", "bucket": "escritorio-documentos"}


def test_administrator_saves_and_reads_the_s3_configuration(functions_stack, call, tokens):
    admin = tokens["admin@escritorio.test"]
    saved = call("system-settings", admin, {"key": "aws_s3_config", "value": S3})
    assert saved.status_code == 200, saved.text
    stored, updated_by = functions_stack.sql(
        "select value, updated_by from system_settings where key = 'aws_s3_config'")[0]
    assert S3["secretAccessKey"] not in json.dumps(stored)
    assert stored["secretAccessKey"].startswith("enc:v1:") and stored["accessKeyId"] == S3["accessKeyId"]
    assert stored["lastUpdated"] and str(updated_by) == "10000000-0000-4000-8000-000000000001"

    read = call("system-settings", admin, method="GET", params={"key": "aws_s3_config"})
    assert read.status_code == 200
    data = read.json()["data"]
    assert data["secretAccessKey"] == "••••••••MPLE" and data["bucket"] == S3["bucket"]

    # the screen sends the mask back when only the region changes: the secret stays as it was
    resaved = call("system-settings", admin, {"key": "aws_s3_config", "value": {**data, "region": "sa-east-1"}})
    assert resaved.status_code == 200
    again = functions_stack.sql("select value from system_settings where key = 'aws_s3_config'")[0][0]
    assert again["secretAccessKey"] == stored["secretAccessKey"] and again["region"] == "sa-east-1"

    missing = call("system-settings", admin, method="GET", params={"key": "nao_existe"})
    assert missing.status_code == 200 and missing.json() == {"data": None}


def test_incomplete_s3_configuration_is_refused(call, tokens):
    answer = call("system-settings", tokens["admin@escritorio.test"],
                  {"key": "aws_s3_config", "value": {**S3, "bucket": " "}})
    assert answer.status_code == 400 and answer.json()["message"] == "Todos os campos são obrigatórios"
    bad_key = call("system-settings", tokens["admin@escritorio.test"], {"key": "Chave Ruim", "value": {}})
    assert bad_key.status_code == 400 and bad_key.json()["message"]


def test_only_administrators(call, tokens):
    for email in ("assistente@escritorio.test", "maria.silva@cliente.test"):
        denied = call("system-settings", tokens[email], {"key": "aws_s3_config", "value": S3})
        assert denied.status_code == 403 and denied.json()["message"].startswith("Permissão negada:")
        assert call("system-settings", tokens[email], method="GET",
                    params={"key": "aws_s3_config"}).status_code == 403
    signed_out = call("system-settings", None, method="GET", params={"key": "aws_s3_config"})
    assert signed_out.status_code == 401 and signed_out.json()["message"]


def test_undeclared_keys_and_fields_cannot_store_secrets_in_clear(functions_stack, call, tokens):
    """Fields are secret because the setting's shape says so: a field no pattern would call secret
    (`apiKey`) must not ride along in clear, and keys without a shape are not stored at all."""
    admin = tokens["admin@escritorio.test"]
    smuggled = call("system-settings", admin, {"key": "aws_s3_config", "value": {**S3, "apiKey": "sk-live-0123456789"}})
    assert smuggled.status_code == 400
    assert smuggled.json()["message"] == "Campo desconhecido na configuração: apiKey"
    unknown = call("system-settings", admin, {"key": "stripe_config", "value": {"apiKey": "sk-live-0123456789"}})
    assert unknown.status_code == 400 and unknown.json()["message"] == "Configuração desconhecida: stripe_config"
    assert "sk-live" not in json.dumps(functions_stack.sql("select key, value from system_settings"), default=str)
    # a row written behind the function's back (e.g. by SQL) is not answered for an undeclared key
    functions_stack.sql("insert into system_settings (key, value) values ('legacy_config', %s) "
                        "on conflict (key) do update set value = excluded.value",
                        (json.dumps({"password": "em-claro-123456"}),))
    legacy = call("system-settings", admin, method="GET", params={"key": "legacy_config"})
    assert legacy.status_code == 200 and legacy.json() == {"data": None}


def test_a_secret_stored_in_clear_is_answered_masked(functions_stack, call, tokens):
    functions_stack.sql("insert into system_settings (key, value) values ('aws_s3_config', %s) "
                        "on conflict (key) do update set value = excluded.value",
                        (json.dumps({**S3, "note": "not declared"}),))
    read = call("system-settings", tokens["admin@escritorio.test"], method="GET", params={"key": "aws_s3_config"})
    assert read.status_code == 200
    data = read.json()["data"]
    assert data["secretAccessKey"] == "••••••••MPLE" and "note" not in data
    assert S3["secretAccessKey"] not in read.text
