"""GoTrue's error catalogue and its two JSON renderings (by X-Supabase-Api-Version) plus the OAuth shape."""
from __future__ import annotations

from enum import StrEnum

from fastapi import Request
from fastapi.responses import JSONResponse

from supastack.core.db import DATABASE_UNAVAILABLE, database_unreachable

API_VERSION_HEADER = "X-Supabase-Api-Version"
API_VERSION_2024 = "2024-01-01"


class ErrorCode(StrEnum):
    """GoTrue `error_code` values. Do not rename: clients branch on these strings."""
    ANONYMOUS_PROVIDER_DISABLED = "anonymous_provider_disabled"
    BAD_JSON = "bad_json"
    BAD_JWT = "bad_jwt"
    EMAIL_EXISTS = "email_exists"
    EMAIL_NOT_CONFIRMED = "email_not_confirmed"
    FLOW_STATE_NOT_FOUND = "flow_state_not_found"
    INSUFFICIENT_AAL = "insufficient_aal"
    INVALID_CREDENTIALS = "invalid_credentials"
    MFA_CHALLENGE_EXPIRED = "mfa_challenge_expired"
    MFA_FACTOR_NAME_CONFLICT = "mfa_factor_name_conflict"
    MFA_FACTOR_NOT_FOUND = "mfa_factor_not_found"
    MFA_IP_ADDRESS_MISMATCH = "mfa_ip_address_mismatch"
    MFA_PHONE_ENROLL_NOT_ENABLED = "mfa_phone_enroll_not_enabled"
    MFA_TOTP_ENROLL_NOT_ENABLED = "mfa_totp_enroll_not_enabled"
    MFA_TOTP_VERIFY_NOT_ENABLED = "mfa_totp_verify_not_enabled"
    MFA_VERIFICATION_FAILED = "mfa_verification_failed"
    MFA_WEBAUTHN_ENROLL_NOT_ENABLED = "mfa_webauthn_enroll_not_enabled"
    NOT_ADMIN = "not_admin"
    NO_AUTHORIZATION = "no_authorization"
    OAUTH_CLIENT_NOT_FOUND = "oauth_client_not_found"
    OTP_DISABLED = "otp_disabled"
    OTP_EXPIRED = "otp_expired"
    OVER_EMAIL_SEND_RATE_LIMIT = "over_email_send_rate_limit"
    OVER_REQUEST_RATE_LIMIT = "over_request_rate_limit"
    OVER_SMS_SEND_RATE_LIMIT = "over_sms_send_rate_limit"
    PHONE_EXISTS = "phone_exists"
    PHONE_NOT_CONFIRMED = "phone_not_confirmed"
    PHONE_PROVIDER_DISABLED = "phone_provider_disabled"
    REAUTHENTICATION_NEEDED = "reauthentication_needed"
    REAUTHENTICATION_NOT_VALID = "reauthentication_not_valid"
    REFRESH_TOKEN_ALREADY_USED = "refresh_token_already_used"
    REFRESH_TOKEN_NOT_FOUND = "refresh_token_not_found"
    SAME_PASSWORD = "same_password"
    SAML_PROVIDER_DISABLED = "saml_provider_disabled"
    SESSION_EXPIRED = "session_expired"
    SESSION_NOT_FOUND = "session_not_found"
    SIGNUP_DISABLED = "signup_disabled"
    TOO_MANY_ENROLLED_MFA_FACTORS = "too_many_enrolled_mfa_factors"
    UNEXPECTED_FAILURE = "unexpected_failure"
    USER_ALREADY_EXISTS = "user_already_exists"
    USER_BANNED = "user_banned"
    USER_NOT_FOUND = "user_not_found"
    VALIDATION_FAILED = "validation_failed"
    WEAK_PASSWORD = "weak_password"


class AuthError(Exception):
    """An API error rendered as GoTrue's HTTPError."""

    def __init__(self, status: int, code: ErrorCode, msg: str, extra: dict | None = None):
        super().__init__(msg)
        self.status, self.code, self.msg, self.extra = status, code, msg, extra or {}


class OAuthError(Exception):
    """GoTrue's OAuth-style error: always 400 `{error, error_description}`."""

    def __init__(self, error: str, description: str):
        super().__init__(description)
        self.error, self.description = error, description


def bad_request(code: ErrorCode, msg: str) -> AuthError:
    return AuthError(400, code, msg)


def forbidden(code: ErrorCode, msg: str) -> AuthError:
    return AuthError(403, code, msg)


def unprocessable(code: ErrorCode, msg: str) -> AuthError:
    return AuthError(422, code, msg)


def weak_password(msg: str, reasons: list[str]) -> AuthError:
    return AuthError(422, ErrorCode.WEAK_PASSWORD, msg, {"weak_password": {"reasons": reasons}})


def _wants_2024_shape(request: Request) -> bool:
    # GoTrue picks the closest known version at or below the requested date.
    return (request.headers.get(API_VERSION_HEADER) or "") >= API_VERSION_2024


def render(exc: Exception, request: Request) -> JSONResponse:
    """The response GoTrue would send for `exc` (an unexpected exception becomes unexpected_failure)."""
    if isinstance(exc, OAuthError):
        return JSONResponse({"error": exc.error, "error_description": exc.description}, status_code=400)
    if database_unreachable(exc):
        exc = AuthError(503, ErrorCode.UNEXPECTED_FAILURE, DATABASE_UNAVAILABLE)
    elif not isinstance(exc, AuthError):
        exc = AuthError(500, ErrorCode.UNEXPECTED_FAILURE,
                        "Unexpected failure, please check server logs for more information")
    headers = {"x-sb-error-code": str(exc.code)}
    if _wants_2024_shape(request):
        headers[API_VERSION_HEADER] = API_VERSION_2024
        body = {"code": str(exc.code), "message": exc.msg, **exc.extra}
    else:
        # Legacy shape. Do not rename the keys: code (HTTP status), error_code, msg.
        body = {"code": exc.status, "error_code": str(exc.code), "msg": exc.msg, **exc.extra}
    return JSONResponse(body, status_code=exc.status, headers=headers)
