"""Pix: the BR Code read back by a parser written here from the Banco Central's EMV fields (not the product's),
its CRC, amount and txid; the BRL amount locked at the day's rate; staff confirmation and statement matching."""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import httpx
from payment_support import JOAO, MARIA, auth, new_installment

MARIA_EMAIL, JOAO_EMAIL = "maria.silva@cliente.test", "joao.souza@cliente.test"


def tlv(text: str) -> dict[str, str]:
    """EMV MPM: ID (2 digits), length (2 digits), value; repeated."""
    out, i = {}, 0
    while i < len(text):
        tag, size = text[i:i + 2], int(text[i + 2:i + 4])
        out[tag] = text[i + 4:i + 4 + size]
        assert len(out[tag]) == size, f"field {tag} truncated"
        i += 4 + size
    return out


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final xor."""
    crc = 0xFFFF
    for byte in data:
        for bit in range(8):
            top = (crc >> 15) & 1
            crc = (crc << 1) & 0xFFFF
            if top ^ ((byte >> (7 - bit)) & 1):
                crc ^= 0x1021
    return crc


def decode(code: str) -> dict:
    fields = tlv(code)
    assert code[-8:-4] == "6304", "the CRC is the last field"
    assert int(fields["63"], 16) == crc16(code[:-4].encode()), "CRC does not match"
    return fields


def pix_for(call, tokens, email: str, installment: str) -> dict:
    answer = call("payments-pix", tokens[email], {"installmentId": installment})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_crc_parser_agrees_with_the_published_check_value():
    assert crc16(b"123456789") == 0x29B1      # CRC-16/CCITT-FALSE's catalogue check value


def test_a_brl_installment_gets_a_br_code_with_its_amount_and_txid(pay_stack, call, tokens):
    installment = new_installment(pay_stack, MARIA, "1234.50", "BRL")
    answer = pix_for(call, tokens, MARIA_EMAIL, installment)
    fields = decode(answer["brCode"])
    account = tlv(fields["26"])
    assert fields["00"] == "01" and fields["52"] == "0000" and fields["53"] == "986" and fields["58"] == "BR"
    assert account == {"00": "br.gov.bcb.pix", "01": "pagamentos@escritorio.test"}
    assert fields["54"] == "1234.50"
    assert fields["59"] == "ESCRITORIO DE IMIGRACAO" and fields["60"] == "SAO PAULO"
    txid = tlv(fields["62"])["05"]
    assert txid == answer["charge"]["txid"] and len(txid) <= 25 and txid.isalnum()
    assert answer["qrSvg"].lstrip().startswith("<svg")
    # asking again gives the same charge (amount and txid locked)
    assert pix_for(call, tokens, MARIA_EMAIL, installment)["brCode"] == answer["brCode"]
    # the client reads its charge; another client does not
    mine = httpx.get(f"{pay_stack.url}/rest/v1/pix_charges?installment_id=eq.{installment}&select=txid",
                     headers=auth(pay_stack, tokens[MARIA_EMAIL])).json()
    assert mine == [{"txid": txid}]
    theirs = httpx.get(f"{pay_stack.url}/rest/v1/pix_charges?installment_id=eq.{installment}&select=txid",
                       headers=auth(pay_stack, tokens[JOAO_EMAIL])).json()
    assert theirs == []


def test_a_usd_installment_is_charged_in_brl_at_the_days_rate_locked_on_the_row(pay_stack, call, tokens):
    installment = new_installment(pay_stack, JOAO, "100.00", "USD")
    answer = pix_for(call, tokens, JOAO_EMAIL, installment)
    [(rate, rate_date)] = pay_stack.sql("select rate, rate_date from public.exchange_rate_on(current_date)")
    expected = (Decimal("100.00") * rate).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert decode(answer["brCode"])["54"] == f"{expected:.2f}"
    [(brl, locked_rate, locked_date)] = pay_stack.sql(
        "select amount_brl, exchange_rate, exchange_rate_date from public.pix_charges where txid = %s",
        (answer["charge"]["txid"],))
    assert (brl, locked_rate, locked_date) == (expected, rate, rate_date)
    # a newer rate later the same day does not change the open charge
    pay_stack.sql("update public.exchange_rates set rate = rate + 1 where rate_date = %s", (rate_date,))
    try:
        assert pix_for(call, tokens, JOAO_EMAIL, installment)["brCode"] == answer["brCode"]
    finally:
        pay_stack.sql("update public.exchange_rates set rate = rate - 1 where rate_date = %s", (rate_date,))


def test_staff_confirm_a_pix_only_with_the_right_role_and_amount(pay_stack, call, tokens):
    installment = new_installment(pay_stack, MARIA, "800.00", "BRL")
    charge = pix_for(call, tokens, MARIA_EMAIL, installment)["charge"]

    def confirm(email: str, received=None):
        return httpx.post(f"{pay_stack.url}/rest/v1/rpc/confirm_pix_charge", headers=auth(pay_stack, tokens[email]),
                          json={"charge_id": charge["id"], "received_brl": received})

    assert confirm(MARIA_EMAIL).status_code in (401, 403)               # the client cannot settle its own
    assert confirm("secretaria@escritorio.test").status_code in (401, 403)
    assert confirm("assistente@escritorio.test", "799.99").status_code == 400   # not what was charged
    done = confirm("assistente@escritorio.test", "800.00")
    assert done.status_code == 200, done.text
    assert done.json()["receipt_number"].startswith("RC-")
    [(status, provider, txid, method)] = pay_stack.sql(
        "select status, provider, provider_payment_id, payment_method from public.financial_payments "
        "where installment_id = %s", (installment,))
    assert (status, provider, txid, method) == ("paid", "pix", charge["txid"], "pix")
    assert confirm("assistente@escritorio.test", "800.00").status_code == 400   # not twice


def test_a_bank_statement_confirms_by_txid_and_amount(pay_stack, call, tokens):
    first = pix_for(call, tokens, MARIA_EMAIL, new_installment(pay_stack, MARIA, "350.00", "BRL"))["charge"]
    second = pix_for(call, tokens, MARIA_EMAIL, new_installment(pay_stack, MARIA, "90.00", "BRL"))["charge"]
    csv = ("Data;Descrição;Valor\n"
           f"27/11/2026;PIX RECEBIDO MARIA SILVA {first['txid']};350,00\n"
           f"27/11/2026;PIX RECEBIDO {second['txid']};9,00\n"
           "27/11/2026;TARIFA BANCARIA;-12,00\n"
           "27/11/2026;PIX RECEBIDO PIXAAAAAAAAAAAAAAAAAAAA22;10,00\n")
    assert call("payments-statement", tokens["secretaria@escritorio.test"], {"content": csv}).status_code == 403
    answer = call("payments-statement", tokens["admin@escritorio.test"], {"content": csv, "format": "csv"})
    assert answer.status_code == 200, answer.text
    result = answer.json()
    assert [m["txid"] for m in result["matched"]] == [first["txid"]]
    reasons = {u["txid"]: u["reason"] for u in result["unmatched"]}
    assert reasons[second["txid"]] == "valor diferente do cobrado"
    assert reasons["PIXAAAAAAAAAAAAAAAAAAAA22"] == "txid desconhecido"
    ofx = (f"<OFX><BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261127120000<TRNAMT>90.00"
           f"<MEMO>PIX {second['txid']}</STMTTRN></BANKTRANLIST></OFX>")
    again = call("payments-statement", tokens["assistente@escritorio.test"], {"content": ofx, "format": "ofx"}).json()
    assert [m["txid"] for m in again["matched"]] == [second["txid"]]
    [(paid_on,)] = pay_stack.sql("select payment_date from public.financial_payments where provider_payment_id = %s",
                                 (second["txid"],))
    assert paid_on.isoformat() == "2026-11-27"


def test_pix_settings_are_checked(pay_stack, call, tokens):
    admin = tokens["admin@escritorio.test"]
    bad = call("system-settings", admin, {"key": "pix", "value": {"key": "x" * 80, "merchantName": "A",
                                                                  "merchantCity": "B"}})
    assert bad.status_code == 400
