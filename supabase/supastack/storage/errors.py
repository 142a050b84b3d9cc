"""Storage API errors, rendered as Supabase Storage renders them: HTTP 400 with the real status in the body."""
from __future__ import annotations

import psycopg
from fastapi.responses import JSONResponse


class StorageError(Exception):
    """One client-visible failure: `{statusCode, code, error, message}`.

    Like storage-api, every client error answers HTTP 400 and carries its true status as a string in
    `statusCode` (clients and `exists()` depend on that); 500 stays 500. `http_status` overrides the
    transport status where storage-api does (JWT-role enforcement).
    """

    def __init__(self, status: int, code: str | None, message: str, error: str | None = None,
                 http_status: int | None = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.error = error or code
        self.message = message
        self.http_status = http_status or (500 if status >= 500 else 400)

    def body(self) -> dict:
        if self.code is None:    # an error of the HTTP framework: storage-api renders it without a code
            return {"statusCode": str(self.status), "error": self.error, "message": self.message}
        return {"statusCode": str(self.status), "code": self.code, "error": self.error, "message": self.message}

    def response(self, head: bool = False) -> JSONResponse:
        if head:  # a HEAD answer has no body; the status alone tells `exists()` the answer
            return JSONResponse(None, status_code=self.http_status)
        return JSONResponse(self.body(), status_code=self.http_status)


# The constructors below mirror storage-api's ERRORS table (code, error, message: do not rename).

def no_such_key() -> StorageError:
    return StorageError(404, "NoSuchKey", "Object not found", error="not_found")


def no_such_bucket() -> StorageError:
    return StorageError(404, "NoSuchBucket", "Bucket not found", error="Bucket not found")


def resource_already_exists() -> StorageError:
    return StorageError(409, "ResourceAlreadyExists", "The resource already exists", error="Duplicate")


def bucket_already_exists() -> StorageError:
    return StorageError(409, "BucketAlreadyExists", "The resource already exists", error="Duplicate")


def bucket_not_empty() -> StorageError:
    return StorageError(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty")


def access_denied(message: str = "Access denied") -> StorageError:
    return StorageError(403, "AccessDenied", message, error="Unauthorized")


def entity_too_large() -> StorageError:
    return StorageError(413, "EntityTooLarge", "The object exceeded the maximum allowed size",
                        error="Payload too large")


def request_body_too_large() -> StorageError:
    """A JSON body over `[api] max_request_body`: Fastify's FST_ERR_CTP_BODY_TOO_LARGE as storage-api renders it."""
    return StorageError(413, None, "Request body is too large", error="FastifyError", http_status=413)


def invalid_mime_type(mimetype: str) -> StorageError:
    return StorageError(415, "InvalidMimeType", f"mime type {mimetype} is not supported", error="invalid_mime_type")


def invalid_key(key: str) -> StorageError:
    return StorageError(400, "InvalidKey", f"Invalid key: {key}")


def invalid_bucket_name() -> StorageError:
    return StorageError(400, "InvalidBucketName", "Bucket name invalid", error="Invalid Input")


def invalid_request(message: str) -> StorageError:
    return StorageError(400, "InvalidRequest", message)


def invalid_parameter(name: str, message: str | None = None) -> StorageError:
    return StorageError(400, "InvalidParameter", message or f"Invalid Parameter {name}")


def invalid_file_size_limit() -> StorageError:
    return StorageError(400, "InvalidRequest", "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B")


def no_content() -> StorageError:
    return StorageError(400, "InvalidRequest", "No content provided")


def invalid_jwt(message: str) -> StorageError:
    return StorageError(400, "InvalidJWT", message)


def invalid_signature(message: str = "Invalid signature") -> StorageError:
    return StorageError(400, "InvalidSignature", message)


def invalid_range() -> StorageError:
    return StorageError(400, "InvalidRange", "invalid range provided", error="invalid_range", http_status=416)


def internal(message: str = "Internal server error") -> StorageError:
    return StorageError(500, "InternalError", message)


def from_db_error(exc: psycopg.Error) -> StorageError:
    """SQLSTATE -> storage error, as storage-api's DBError.fromDBError."""
    state = exc.sqlstate or ""
    message = (exc.diag.message_primary if exc.diag else None) or str(exc)
    if state == "42501":  # insufficient_privilege: RLS WITH CHECK or a missing grant
        return access_denied("new row violates row-level security policy" if "row-level security" in message
                             else message)
    if state == "23505":  # unique_violation
        return resource_already_exists()
    if state == "23503":  # foreign_key_violation
        if "still referenced" in (exc.diag.message_detail or ""):
            return StorageError(409, "ResourceReferenced",
                                "The resource could not be updated or removed due to a foreign key constraint")
        return no_such_bucket()
    if state == "22P02":  # invalid_text_representation
        return invalid_parameter("value", message)
    if state in ("23514", "23502", "22001"):  # check / not null / string too long
        return StorageError(400, "DatabaseError", message)
    return StorageError(500, "DatabaseError", f"database error, code: {state}")
