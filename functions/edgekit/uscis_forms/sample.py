"""Made-up data for "Testar preenchimento": every kind of path has a value, clearly not a real person."""
from __future__ import annotations

SAMPLE_DATA = {
    "client": {"full_name": "Maria Exemplo de Teste", "email": "exemplo@teste.invalid",
               "phone": "+1 (508) 555-0100", "address": "100 Example St, Apt 1, Boston, MA 02101"},
    "process": {"id": 0, "type": "Green Card", "receipt_number": "MSC0000000000", "category": "Imigratório - USCIS",
                "stage": "Documentação", "status": "em andamento"},
    "office": {"name": "Escritório de Teste"},
    "preparer": {"full_name": "Preparador de Teste", "email": "preparador@teste.invalid"},
    "questionnaire": {
        "personal": {"full_name": "Maria Exemplo de Teste", "date_of_birth": "1990-01-31", "sex": "F",
                     "city_of_birth": "Belo Horizonte", "country_of_birth": "Brasil", "nationality": "Brasil",
                     "a_number": "A012345678", "ssn": "000-12-3456", "uscis_account": "000000000000",
                     "passport_number": "FT000000", "phone": "+1 (508) 555-0100", "email": "exemplo@teste.invalid"},
        "names_used": [{"full_name": "Maria Exemplo"}],
        "addresses": [{"street": "100 Example St, Apt 1", "city": "Boston", "state": "MA", "zip": "02101",
                       "country": "Estados Unidos", "from": "2021-03-01", "to": ""}],
        "marital": {"status": "casado", "spouse_full_name": "João Exemplo de Teste",
                    "spouse_date_of_birth": "1988-06-15",
                    "marriage_date": "2015-05-20", "marriage_place": "Belo Horizonte, Brasil"},
        "previous_marriages": [],
        "children": [{"full_name": "Ana Exemplo de Teste", "date_of_birth": "2016-02-10",
                      "country_of_birth": "Brasil"}],
        "employment": [{"employer": "Empresa Exemplo LLC", "occupation": "Assistente", "city": "Boston",
                        "from": "2021-04-01", "to": ""}],
        "travel": [{"country": "Brasil", "departure_date": "2023-12-01", "return_date": "2024-01-05"}],
        "immigration": {"last_entry_date": "2021-02-28", "last_entry_place": "Boston, MA", "i94_number": "00000000000",
                        "status_at_entry": "B2", "current_status": "B2", "previous_receipts": "MSC0000000000",
                        "removal_proceedings": "nao"},
    },
}
