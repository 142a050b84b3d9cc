"""mail-delivery: administrators see where the office's e-mails go (Integrações); nobody else does."""


def test_administrators_see_where_mail_goes(functions_stack, call, tokens):
    answer = call("mail-delivery", tokens["admin@escritorio.test"], method="GET")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    # the test stacks deliver to their local sink: what status prints as MAIL_DELIVERY
    assert body["kind"] == "local_sink" and body["address"].startswith("http://127.0.0.1:")


def test_other_staff_and_visitors_do_not(call, tokens):
    assert call("mail-delivery", tokens["secretaria@escritorio.test"], method="GET").status_code == 403
    assert call("mail-delivery", tokens["maria.silva@cliente.test"], method="GET").status_code == 403
    assert call("mail-delivery", None, method="GET").status_code == 401
