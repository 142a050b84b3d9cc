"""The demo log-ins of seed.sql and the claims a request of each would carry."""
from __future__ import annotations

from dataclasses import dataclass

DEMO_PASSWORD = "Demo@12345"

MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
JOAO_CLIENT = "c0000000-0000-4000-8000-000000000002"


@dataclass(frozen=True)
class Actor:
    name: str
    user_id: str | None  # None: anon
    email: str | None
    role: str | None  # the user_roles role
    client_id: str | None = None

    @property
    def is_anon(self) -> bool:
        return self.user_id is None

    @property
    def is_client(self) -> bool:
        return self.role == "client"

    def claims(self) -> dict:
        if self.is_anon:
            return {"role": "anon"}
        return {"sub": self.user_id, "role": "authenticated", "aud": "authenticated", "email": self.email}

    def __str__(self) -> str:
        return self.name


ADMIN = Actor("admin", "10000000-0000-4000-8000-000000000001", "admin@escritorio.test", "administrator")
ASSISTANT = Actor("assistente", "10000000-0000-4000-8000-000000000002", "assistente@escritorio.test", "legal_assistant")
COMMERCIAL = Actor("comercial", "10000000-0000-4000-8000-000000000003", "comercial@escritorio.test", "commercial")
SECRETARY = Actor("secretaria", "10000000-0000-4000-8000-000000000004", "secretaria@escritorio.test", "secretary")
MARIA = Actor("maria", "10000000-0000-4000-8000-000000000005", "maria.silva@cliente.test", "client", MARIA_CLIENT)
JOAO = Actor("joao", "10000000-0000-4000-8000-000000000006", "joao.souza@cliente.test", "client", JOAO_CLIENT)
ANON = Actor("anon", None, None, None)

STAFF = (ADMIN, ASSISTANT, COMMERCIAL, SECRETARY)
CLIENTS = (MARIA, JOAO)
ACTORS = (*STAFF, *CLIENTS, ANON)
