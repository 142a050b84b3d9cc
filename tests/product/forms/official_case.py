"""The official USCIS editions kept with the tests (public domain, older editions) and a complete
marriage-based adjustment case: every answer the packs of its forms read."""
from __future__ import annotations

from pathlib import Path

OFFICIAL = Path(__file__).parent / "official"
EDITIONS = {  # form -> (file, edition date, floor of fields its pack maps)
    "I-130": ("i-130_edition-2021-07-20.pdf", "2021-07-20", 185),
    "I-485": ("i-485_edition-2023-02-21.pdf", "2023-02-21", 205),
    "I-765": ("i-765_edition-2022-10-31.pdf", "2022-10-31", 85),
    "I-864": ("i-864_edition-2021-12-08.pdf", "2021-12-08", 110),
    "G-28": ("g-28_edition-2016-05-05.pdf", "2016-05-05", 40),
}


def official_pdf(number: str) -> bytes:
    return (OFFICIAL / EDITIONS[number][0]).read_bytes()


COMPLETE_ANSWERS = {
    "personal": {"full_name": "Maria Aparecida Silva", "date_of_birth": "1988-03-14", "sex": "F",
                 "city_of_birth": "Governador Valadares", "country_of_birth": "Brasil", "nationality": "Brasil",
                 "a_number": "A201234567", "ssn": "123-45-6789", "uscis_account": "0012-3456-7890",
                 "passport_number": "fz123456", "phone": "+1 (508) 555-0142", "email": "maria.silva@cliente.test",
                 "times_married": "1"},
    "names_used": [{"full_name": "Maria Aparecida Rocha"}, {"full_name": "Maria Rocha"},
                   {"full_name": "Cida Rocha"}],
    "addresses": [
        {"street": "120 Main St, Apt 3", "city": "Framingham", "state": "MA", "zip": "01702",
         "country": "Estados Unidos", "from": "2021-03-01", "to": ""},
        {"street": "45 Elm Street Suite 2", "city": "Marlborough", "state": "MA", "zip": "01752",
         "country": "Estados Unidos", "from": "2020-01-10", "to": "2021-02-28"},
        {"street": "Rua Sete de Setembro 100", "city": "Governador Valadares", "state": "MG", "zip": "35010-000",
         "country": "Brasil", "from": "2010-01-01", "to": "2019-12-31"}],
    "marital": {"status": "casado", "spouse_full_name": "Paulo Henrique Silva", "spouse_date_of_birth": "1985-09-02",
                "spouse_sex": "M", "spouse_city_of_birth": "Boston", "spouse_country_of_birth": "Estados Unidos",
                "spouse_a_number": "", "spouse_ssn": "987-65-4321", "spouse_uscis_account": "001122334455",
                "spouse_citizenship": "cidadao", "spouse_phone": "(508) 555-0199",
                "spouse_email": "paulo.silva@exemplo.test", "spouse_times_married": "1",
                "spouse_employer": "Acme Builders LLC", "spouse_occupation": "Carpenter",
                "spouse_annual_income": "$ 68,500", "marriage_date": "2012-07-21",
                "marriage_place": "Governador Valadares, Brasil"},
    "previous_marriages": [{"spouse_full_name": "Carlos Alberto Rocha", "marriage_date": "2006-05-01",
                            "end_date": "2010-08-15", "end_reason": "divorcio"}],
    "children": [{"full_name": "Ana Clara Silva", "date_of_birth": "2014-02-10", "country_of_birth": "Brasil"},
                 {"full_name": "Pedro Henrique Silva", "date_of_birth": "2018-11-30",
                  "country_of_birth": "Estados Unidos"}],
    "parents": {"father_full_name": "José Carlos Rocha", "father_date_of_birth": "1960-01-20",
                "father_city_of_birth": "Teófilo Otoni", "father_country_of_birth": "Brasil",
                "father_city_of_residence": "Governador Valadares", "father_country_of_residence": "Brasil",
                "mother_full_name": "Ana Maria Rocha", "mother_date_of_birth": "1962-04-05",
                "mother_city_of_birth": "Caratinga", "mother_country_of_birth": "Brasil",
                "mother_city_of_residence": "Governador Valadares", "mother_country_of_residence": "Brasil"},
    "employment": [{"employer": "Clean Homes Inc", "occupation": "Cleaner", "city": "Framingham",
                    "from": "2021-04-01", "to": ""},
                   {"employer": "Padaria Boa Vista", "occupation": "Atendente", "city": "Governador Valadares",
                    "from": "2015-01-01", "to": "2019-12-31"}],
    "travel": [{"country": "Brasil", "departure_date": "2023-12-01", "return_date": "2024-01-05"}],
    "immigration": {"last_entry_date": "2021-02-20", "last_entry_place": "Boston, MA", "i94_number": "123456789A1",
                    "status_at_entry": "B2", "current_status": "B2", "previous_receipts": "",
                    "removal_proceedings": "nao", "applied_abroad": "nao",
                    "permanent_resident_since": "2019-06-01"},
    "interpreter": {"reads_english": "nao", "sponsor_reads_english": "sim", "language": "Portuguese",
                    "full_name": "Roberta Lima Costa", "organization": "Costa Translations",
                    "phone": "(617) 555-0123", "email": "roberta@traducoes.test"},
}

CASE = {
    "client": {"full_name": "Maria Aparecida Silva", "email": "maria.silva@cliente.test",
               "phone": "+1 (508) 555-0142", "address": "120 Main St, Apt 3, Framingham, MA 01702"},
    "process": {"id": 1, "type": "Ajuste de status por casamento", "receipt_number": "MSC2490123456"},
    "office": {"name": "Silva & Associados", "street": "200 Boylston St", "suite": "Suite 300", "city": "Boston",
               "state": "MA", "zip": "02116", "phone": "+1 (617) 555-0100", "email": "contato@escritorio.test"},
    "attorney": {"full_name": "Ana Paula Administradora", "bar_number": "BBO654321", "bar_state": "MA",
                 "licensing_authority": "Supreme Judicial Court of Massachusetts", "email": "ana@escritorio.test",
                 "phone": "(617) 555-0101", "mobile": "(617) 555-0102", "fax": "(617) 555-0103",
                 "law_firm": "Silva & Associados"},
    "preparer": {"full_name": "Daniela Secretária", "email": "secretaria@escritorio.test"},
    "filing": {"date": "2025-02-03", "forms": "I-130, I-485, I-765, I-864"},
    "questionnaire": COMPLETE_ANSWERS,
}
