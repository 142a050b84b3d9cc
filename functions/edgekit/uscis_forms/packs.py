"""Mapping packs: the product's own mapping of each USCIS form, as data (packs/<form>.json).

A pack maps field-name patterns to data paths and transforms. A pattern is the part of a field's name that
stays the same across editions, `Pt2Line4a_FamilyName`: the `form1[0].#subform[N].` prefix and the `[0]`
indices are ignored, so a new edition of the form maps itself. A pattern ending in an index
(`Pt4Line17_DateMarriageEnded[1]`) names one of several fields of the same name.

A pack entry:
  {"field": "Pt2Line4a_FamilyName", "path": "questionnaire.personal.full_name", "transform": "name_last"}
  {"field": "Pt4Line18_MaritalStatus", "path": "questionnaire.marital.status",
   "choices": {"M": "casado", "S": "solteiro"}}
`choices` (checkboxes and radio groups) maps the form's option (a box's on-state, blanks ignored) to the
answer that selects it; with a `transform` other than checkbox (unit_is) the choice is that transform's
argument. Fields a pack names in `skip` are never filled by the office (signatures, barcodes, USCIS use);
`manual` patterns say why the pack leaves a field to a person (eligibility questions, biometrics...).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from edgekit.uscis_forms.pdf import FILLABLE

PACKS_DIR = Path(__file__).with_name("packs")
_INDEX = re.compile(r"\[\d+\]")
_FORM_FILE = re.compile(r"[a-z0-9-]+")


def pattern_of(name: str, keep_index: bool = False) -> str:
    """`form1[0].#subform[3].Pt2Line4a_FamilyName[0]` -> `Pt2Line4a_FamilyName` (or `...[0]`)."""
    last = name.rsplit(".", 1)[-1]
    return last if keep_index else _INDEX.sub("", last)


@cache
def load(number: str) -> dict | None:
    """The pack of a form number ('I-130'), None when the product has none."""
    stem = number.strip().lower()
    if not _FORM_FILE.fullmatch(stem):
        return None
    path = PACKS_DIR / f"{stem}.json"
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def available() -> list[str]:
    return sorted(json.loads(p.read_text(encoding="utf-8"))["form"] for p in PACKS_DIR.glob("*.json"))


@dataclass
class Applied:
    mappings: list[dict] = field(default_factory=list)    # [{field_name, data_path, transform, transform_arg}]
    fillable: int = 0
    unmapped: list[dict] = field(default_factory=list)    # [{name, reason}]

    @property
    def mapped(self) -> int:
        return len({m["field_name"] for m in self.mappings})

    def summary(self) -> dict:
        return {"fields": self.fillable, "mapped": self.mapped, "unmapped": self.unmapped}


SKIPPED = "Não se preenche pelo escritório (assinatura, código de barras ou uso do USCIS)"
NO_RULE = "Sem regra no pacote: mapeie à mão se o caso precisar"
NO_CHOICE = "Opção que nenhuma resposta do questionário seleciona"
NO_PACK = "O formulário não tem pacote de mapeamento: mapeie à mão"


def _entry_mapping(entry: dict, pdf_field: dict) -> dict | None:
    transform = entry.get("transform") or "text"
    choices = entry.get("choices")
    mapping = {"field_name": pdf_field["name"], "data_path": entry["path"], "transform": transform,
               "transform_arg": entry.get("arg")}
    if not choices:
        return mapping
    options = [o.strip() for o in pdf_field.get("options") or []]
    if pdf_field["type"] == "checkbox":
        answer = choices.get(options[0]) if options else None
        if answer is None:
            return None
        if transform == "text":
            mapping["transform"] = "checkbox"
        mapping["transform_arg"] = answer
        return mapping
    # a radio group or list: one field, the answer translated to its option
    pairs = [f"{answer}={option}" for option, answer in choices.items()
             if any(o == option for o in options) or not options]
    mapping["transform_arg"] = ";".join(pairs)[:200] or None
    return mapping


def apply(fields: list[dict], pack: dict | None, previous: dict[str, dict] | None = None) -> Applied:
    """The mapping rows a pack (then the previous edition's hand mapping, by pattern) gives the fields of an
    edition, with each fillable field left unmapped and why."""
    result = Applied()
    by_index = {e["field"]: e for e in (pack or {}).get("fields", []) if "[" in e["field"]}
    by_name = {e["field"]: e for e in (pack or {}).get("fields", []) if "[" not in e["field"]}
    skip = [re.compile(p) for p in (pack or {}).get("skip", [])]
    manual = [(re.compile(m["pattern"]), m["reason"]) for m in (pack or {}).get("manual", [])]
    for pdf_field in fields:
        if pdf_field["type"] not in FILLABLE:
            continue
        result.fillable += 1
        name = pdf_field["name"]
        entry = by_index.get(pattern_of(name, keep_index=True)) or by_name.get(pattern_of(name))
        mapping = _entry_mapping(entry, pdf_field) if entry else None
        if mapping is None and previous:
            kept = previous.get(pattern_of(name, keep_index=True))
            if kept:
                mapping = {**kept, "field_name": name}
        if mapping is not None:
            result.mappings.append(mapping)
        elif any(p.search(pattern_of(name)) for p in skip):
            result.unmapped.append({"name": name, "reason": SKIPPED})
        elif entry:
            result.unmapped.append({"name": name, "reason": NO_CHOICE})
        elif reason := next((r for p, r in manual if p.search(pattern_of(name))), None):
            result.unmapped.append({"name": name, "reason": reason})
        else:
            result.unmapped.append({"name": name, "reason": NO_RULE if pack else NO_PACK})
    return result


def by_pattern(mappings: list[dict]) -> dict[str, dict]:
    """A saved mapping keyed by field pattern with its index (`Pt2Line10_Unit[1]`), to carry onto another
    edition: several fields share a name and differ by index, each with its own mapping."""
    return {pattern_of(row["field_name"], keep_index=True): {k: row.get(k) for k in ("data_path", "transform",
                                                                                      "transform_arg")}
            for row in mappings}
