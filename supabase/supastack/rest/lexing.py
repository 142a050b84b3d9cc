"""The lexical pieces every part of the grammar shares: top-level splitting, quoting, nesting limits, fields."""
from __future__ import annotations

import re

from supastack.rest.errors import parse_error
from supastack.rest.terms import Field

# Deeper select or logic trees are refused before parsing: each level re-scans the text, and
# recursion this deep would only serve to exhaust the parser.
MAX_NESTING = 50


def check_nesting(text: str, what: str) -> None:
    """PGRST100 when `text` nests parentheses (outside double quotes) deeper than MAX_NESTING."""
    depth = deepest = 0
    quoted = escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif quoted:
            escaped = ch == "\\"
            quoted = ch != '"'
        elif ch == '"':
            quoted = True
        elif ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == ")":
            depth -= 1
    if deepest > MAX_NESTING:
        raise parse_error(f"failed to parse {what}", f"nesting deeper than {MAX_NESTING} levels")


def split_top(text: str, sep: str = ",") -> list[str]:
    """Split on `sep` outside parentheses and double quotes."""
    parts, depth, quoted, start, i = [], 0, False, 0, 0
    while i < len(text):
        ch = text[i]
        if quoted:
            if ch == "\\":
                i += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise parse_error(f'"failed to parse {text}"', "unexpected \")\"")
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    if depth != 0 or quoted:
        raise parse_error(f"failed to parse {text}", "unbalanced parentheses or quotes")
    parts.append(text[start:])
    return parts


def unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        return re.sub(r'\\(.)', r"\1", text[1:-1])
    return text


def strip_whitespace(text: str) -> str:
    """Whitespace is ignored in `select` outside double quotes."""
    out, quoted = [], False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if quoted or not ch.isspace():
            out.append(ch)
    return "".join(out)


_ARROW = re.compile(r"(->>|->)")


def parse_field(text: str) -> Field:
    """`col`, `"odd col"`, `data->a->>b`, `arr->0`."""
    if not text:
        raise parse_error("failed to parse field", "empty column name")
    parts = _ARROW.split(text)
    name = unquote(parts[0])
    if not name:
        raise parse_error(f"failed to parse field ({text})")
    path = []
    for i in range(1, len(parts), 2):
        key = parts[i + 1] if i + 1 < len(parts) else ""
        if key == "":
            raise parse_error(f"failed to parse json path ({text})")
        path.append((parts[i], unquote(key)))
    return Field(name, tuple(path))
