"""GET /health and GET /settings: what the clients and the CLI read without a session."""
from __future__ import annotations

from fastapi.responses import JSONResponse

from supastack.auth import signing_keys
from supastack.auth.errors import AuthError, ErrorCode
from supastack.core.config import Settings

VERSION = "v2.189.0"  # the GoTrue release whose API this service follows
EXTERNAL_PROVIDERS = ("anonymous_users", "apple", "azure", "bitbucket", "discord", "facebook", "snapchat", "figma",
                      "fly", "github", "gitlab", "google", "keycloak", "kakao", "linkedin", "linkedin_oidc", "notion",
                      "spotify", "slack", "slack_oidc", "workos", "twitch", "twitter", "email", "phone", "zoom")


def health() -> JSONResponse:
    return JSONResponse({"version": VERSION, "name": "GoTrue",
                         "description": "GoTrue is a user registration and authentication API"})


def jwks() -> JSONResponse:
    """The public signing keys (old ones too, until removed from the key file); GoTrue publishes no HS256 key."""
    return JSONResponse({"keys": signing_keys.jwks()}, headers={"Cache-Control": "public, max-age=600"})


def saml_disabled() -> AuthError:
    """Every /sso route while SAML is off, as GoTrue's requireSAMLEnabled answers."""
    return AuthError(404, ErrorCode.SAML_PROVIDER_DISABLED, "SAML 2.0 is disabled")


def settings_json(settings: Settings) -> JSONResponse:
    external = {name: name in ("email", "phone") for name in EXTERNAL_PROVIDERS}
    external["anonymous_users"] = settings.enable_anonymous_sign_ins
    return JSONResponse({
        "external": external,
        "disable_signup": not settings.enable_signup,
        "mailer_autoconfirm": not settings.enable_confirmations,
        "phone_autoconfirm": False,
        "sms_provider": "",
        "saml_enabled": False,
        "saml_private_key_next_configured": False,
        "passkeys_enabled": False,
    })
