"""What a USCIS status provider answers, and how it fails."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from edgekit.uscis.statuses import Category, categorize


class ProviderError(Exception):
    """A receipt could not be checked; `message` is shown to staff (pt-BR)."""

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class CaseStatus:
    receipt_number: str
    title: str                 # USCIS's own short title, e.g. "Case Was Approved"
    description: str           # USCIS's long sentence, plain text
    form_type: str | None = None
    modified_at: str | None = None
    demo: bool = False

    @property
    def category(self) -> Category:
        return categorize(self.title)

    @property
    def status(self) -> str:
        """What the office stores and shows: pt-BR category plus USCIS's title, so any change shows."""
        return f"{self.category.label} ({self.title})"

    @property
    def details(self) -> str:
        text = f"{self.title}: {self.description}" if self.description else self.title
        if self.form_type:
            text = f"Formulário {self.form_type}. {text}"
        return f"Demonstração: status simulado, sem consulta ao USCIS. {text}" if self.demo else text


class StatusProvider(Protocol):
    name: str

    async def case_status(self, receipt_number: str) -> CaseStatus: ...
