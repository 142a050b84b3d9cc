"""REST errors as PostgREST shapes them: `{code, message, details, hint}` and an HTTP status.

Codes follow PostgREST's numbering: PGRST1xx request, PGRST2xx schema cache, PGRST3xx JWT.
"""
from __future__ import annotations

import json

import psycopg


class RestError(Exception):
    """An error answered to the client; raised by any stage, rendered once by the pipeline."""

    def __init__(self, status: int, code: str, message: str, details: str | list[dict] | None = None,
                 hint: str | None = None, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.hint = hint
        self.headers = headers or {}

    def body(self) -> bytes:
        details = self.details
        # supabase-py's error model wants strings; PostgREST sends an array for PGRST201 only.
        return json.dumps({"code": self.code, "details": details, "hint": self.hint,
                           "message": self.message}).encode()


def parse_error(message: str, details: str | None = None) -> RestError:
    """PGRST100: the query string could not be parsed."""
    return RestError(400, "PGRST100", message, details)


def column_not_found(column: str, relation: str) -> RestError:
    return RestError(400, "42703", f"column {relation}.{column} does not exist")


def write_column_not_found(column: str, relation: str) -> RestError:
    return RestError(400, "PGRST204", f"Could not find the '{column}' column of '{relation}' in the schema cache")


def table_not_found(schema: str, name: str, suggestion: str | None = None) -> RestError:
    hint = f"Perhaps you meant the table '{schema}.{suggestion}'" if suggestion else None
    return RestError(404, "PGRST205", f"Could not find the table '{schema}.{name}' in the schema cache", None, hint)


def bad_jwt(message: str, expired: bool) -> RestError:
    code = "PGRST303" if expired else "PGRST301"
    description = message.replace('"', "'")
    return RestError(401, code, message, None, None,
                     {"WWW-Authenticate": f'Bearer error="invalid_token", error_description="{description}"'})


# SQLSTATE (exact, then by class prefix) -> HTTP status, after PostgREST's table.
SQLSTATE_STATUS = {
    "23505": 409,  # unique_violation
    "23503": 409,  # foreign_key_violation
    "23502": 400,  # not_null_violation
    "23514": 400,  # check_violation
    "22P02": 400,  # invalid_text_representation
    "42703": 400,  # undefined_column
    "42P01": 404,  # undefined_table
    "42883": 404,  # undefined_function
    "42P17": 500,  # infinite_recursion (usually a bad RLS policy)
    "21000": 400,  # cardinality_violation / safeupdate
    "22023": 401,  # invalid_parameter_value ("role x does not exist")
    "25006": 405,  # read_only_sql_transaction (volatile function through GET)
    "P0001": 400,  # raise_exception
    "57P01": 503,  # admin_shutdown
}
SQLSTATE_CLASS_STATUS = {
    "08": 503,  # connection exception
    "53": 503,  # insufficient resources
    "0L": 403, "0P": 403, "28": 403,  # invalid grantor / role / authorization
    "40": 500, "54": 500, "55": 500, "XX": 500,
    "23": 409,  # other integrity violations
    "25": 500,
}


def status_for_sqlstate(code: str, anonymous: bool) -> int:
    if code == "42501":  # insufficient_privilege: the anon role gets 401, others 403
        return 401 if anonymous else 403
    if code in SQLSTATE_STATUS:
        return SQLSTATE_STATUS[code]
    if code.startswith("PT") and code[2:].isdigit():  # RAISE sqlstate 'PT402' -> 402
        return int(code[2:])
    if code.startswith("P0"):
        return 500
    return SQLSTATE_CLASS_STATUS.get(code[:2], 400)


def from_database_error(exc: psycopg.Error, anonymous: bool) -> RestError:
    """A PostgreSQL error as PostgREST forwards it."""
    diag = exc.diag
    code = diag.sqlstate or "XX000"
    message = diag.message_primary or str(exc).strip()
    return RestError(status_for_sqlstate(code, anonymous), code, message, diag.message_detail, diag.message_hint)
