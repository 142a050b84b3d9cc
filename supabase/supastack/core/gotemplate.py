"""The part of Go's templates that GoTrue's e-mail and SMS templates use: `{{ .Name }}` and `{{ .Data.key }}`.

Only variable look-ups are understood (with Go's `{{-`/`-}}` trimming and `{{/* comments */}}`); any other
action (if, range, pipelines, function calls) is refused when the template is read, so a template can never
run code. Values are HTML-escaped unless the caller says the output is not HTML (a subject, an SMS)."""
from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

_ACTION = re.compile(r"\{\{(-\s)?\s*(.*?)\s*(\s-)?\}\}", re.DOTALL)
_PATH = re.compile(r"\.([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)*)")


class TemplateError(ValueError):
    """A template this renderer does not accept; the message names where it came from."""


@dataclass(frozen=True)
class Template:
    # literal text and variable paths (tuples of names), in order
    parts: tuple[str | tuple[str, ...], ...]

    def render(self, values: Mapping[str, Any], escape: bool = True) -> str:
        out: list[str] = []
        for part in self.parts:
            if isinstance(part, str):
                out.append(part)
                continue
            text = _format(_lookup(values, part))
            out.append(html.escape(text, quote=True) if escape else text)
        return "".join(out)


def parse(source: str, where: str, names: Iterable[str]) -> Template:
    """`source` read from `where` (for messages); `names`: the variables this kind of message has."""
    allowed = set(names)
    parts: list[str | tuple[str, ...]] = []
    position = 0
    for match in _ACTION.finditer(source):
        literal = source[position:match.start()]
        if match.group(1):          # `{{- ` trims the whitespace before it
            literal = literal.rstrip()
        parts.append(literal)
        position = match.end()
        if match.group(3):          # ` -}}` trims the whitespace after it
            rest = source[position:]
            position += len(rest) - len(rest.lstrip())
        body = match.group(2)
        if body.startswith("/*") and body.endswith("*/"):
            continue
        path = _PATH.fullmatch(body)
        if path is None:
            raise TemplateError(f"{where}: only variables such as {{{{ .ConfirmationURL }}}} are supported, "
                                f"not {{{{ {body} }}}}")
        name = path.group(1)
        if name not in allowed:
            raise TemplateError(f"{where}: unknown variable .{name} (known: "
                                f"{', '.join('.' + n for n in sorted(allowed))})")
        parts.append((name, *[p for p in path.group(2).split(".") if p]))
    tail = source[position:]
    if "{{" in tail:
        raise TemplateError(f"{where}: an unclosed {{{{ action")
    parts.append(tail)
    return Template(tuple(p for p in parts if p != ""))


def _lookup(values: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    """Go's map look-up: a missing key (or a key of a non-map) is no value, printed as nothing."""
    value: Any = values
    for name in path:
        if not isinstance(value, Mapping):
            return None
        value = value.get(name)
    return value


def _format(value: Any) -> str:
    """As Go's fmt prints what GoTrue passes: strings, numbers, booleans and the user's metadata map."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "map[" + " ".join(f"{k}:{_format(value[k])}" for k in sorted(value)) + "]"
    if isinstance(value, list | tuple):
        return "[" + " ".join(_format(v) for v in value) + "]"
    return str(value)
