"""JSON answers in the shapes the app and the clients read (supabase-py needs a JSON object on errors)."""
from __future__ import annotations

from fastapi.responses import JSONResponse


class FunctionError(Exception):
    """An expected failure with its HTTP status; `field` names the body key the app reads."""

    def __init__(self, status: int, message: str, field: str = "error"):
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field

    def response(self) -> JSONResponse:
        body = {self.field: self.message}
        if self.field != "error":
            body["error"] = self.message   # supabase-py's functions client reads `error`
        return JSONResponse(body, status_code=self.status)


def install_error_handler(app) -> None:
    """Map FunctionError to its JSON answer, and anything unexpected to a JSON 500 (never HTML)."""

    @app.exception_handler(FunctionError)
    async def _expected(_request, exc: FunctionError):
        return exc.response()

    @app.exception_handler(Exception)
    async def _unexpected(_request, exc: Exception):
        return JSONResponse({"error": "Erro interno na função"}, status_code=500)


async def json_body(request, field: str = "error") -> dict:
    """The request's JSON object, or a 400 in the function's error shape."""
    try:
        body = await request.json()
    except (ValueError, RecursionError):
        raise FunctionError(400, "Corpo da requisição inválido: JSON esperado", field) from None
    if not isinstance(body, dict):
        raise FunctionError(400, "Corpo da requisição inválido: objeto JSON esperado", field)
    return body
