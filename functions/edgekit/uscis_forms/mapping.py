"""From a mapping (field -> data path + transform) and the case's data to the values a PDF gets.

The data is one nested dict: client, process, office, preparer (the staff member filling) and
questionnaire (the client's answers); a path walks it by keys and list indexes
("questionnaire.addresses.0.city").
"""
from __future__ import annotations

from dataclasses import dataclass, field

from edgekit.uscis_forms.pdf import FILLABLE
from edgekit.uscis_forms.transforms import apply


def resolve(path: str, data: dict):
    current = data
    for part in path.split("."):
        if isinstance(current, dict):
            current = current.get(part)
        elif isinstance(current, list) and part.isdigit() and int(part) < len(current):
            current = current[int(part)]
        else:
            return None
        if current is None:
            return None
    return current


def _translate(value: str, arg: str | None) -> str:
    """A radio group's or list's value map ("casado=Married; solteiro=Single"): answers are in Portuguese,
    the PDF's options are the form's own."""
    for pair in (arg or "").split(";"):
        answer, _, option = pair.partition("=")
        if option and answer.strip().casefold() == value.casefold():
            return option.strip()
    return value


def _match(value: str, options: list[str]) -> str:
    """The option a radio group or list takes for the value (case-insensitive), '' when none fits."""
    if not options:
        return value
    for option in options:
        if option.casefold() == value.casefold():
            return option
    return ""


@dataclass
class FillPlan:
    values: dict[str, str] = field(default_factory=dict)
    empty: list[dict] = field(default_factory=list)      # mapped, but the data gave nothing to write
    unmapped: list[str] = field(default_factory=list)    # fillable fields without a mapping


def plan(fields: list[dict], mappings: list[dict], data: dict) -> FillPlan:
    """Values per field name; mapped fields left empty and unmapped fields are listed, in PDF order."""
    by_name = {m["field_name"]: m for m in mappings}
    result = FillPlan()
    for pdf_field in fields:
        name, kind, options = pdf_field["name"], pdf_field["type"], pdf_field.get("options") or []
        if kind not in FILLABLE:
            continue
        mapping = by_name.get(name)
        if mapping is None:
            result.unmapped.append(name)
            continue
        raw = resolve(mapping["data_path"], data)
        transform, arg = mapping.get("transform") or "text", mapping.get("transform_arg")
        value = apply(transform, raw, arg)
        if kind == "checkbox":
            if raw in (None, "") or (isinstance(raw, (list, dict)) and not raw):
                result.empty.append({"name": name, "dataPath": mapping["data_path"]})
            elif value is True or (value is not False and apply("checkbox", value, None)):
                result.values[name] = options[0] if options else "Yes"
            continue
        text = "" if isinstance(value, bool) else value
        if kind in ("radio", "choice") and text:
            text = _match(_translate(text, arg), options)
        if text:
            result.values[name] = text
        else:
            result.empty.append({"name": name, "dataPath": mapping["data_path"]})
    return result
