"""The texts of auth e-mails and SMS, as the Supabase CLI configures them for GoTrue.

    [auth.email.template.invite]                     # also confirmation, recovery, magic_link,
    subject = "You are invited"                      # email_change, reauthentication
    content_path = "./supabase/templates/invite.html"   # relative to the project folder, as the CLI reads it
    [auth.email.notification.password_changed]       # security notifications, off unless enabled: also
    enabled = true                                   # email_changed, phone_changed, identity_linked,
    subject = "Your password was changed"            # identity_unlinked, mfa_factor_enrolled, mfa_factor_unenrolled
    content_path = "./supabase/templates/password_changed_notification.html"
    [auth.sms]
    template = "Your code is {{ .Code }}"

GoTrue's variables override these, as the CLI hands config.toml to GoTrue through them:
GOTRUE_MAILER_SUBJECTS_<TYPE>, GOTRUE_MAILER_TEMPLATES_<TYPE> (a file path, absolute or relative to the project
folder; this stack fetches no URL), GOTRUE_MAILER_NOTIFICATIONS_<KIND>_ENABLED; <TYPE> is a template type in
capitals (RECOVERY, MAGIC_LINK, PASSWORD_CHANGED_NOTIFICATION...).

Without them, GoTrue's own English defaults. A template file that cannot be read, or a template this renderer
does not accept, is a configuration error when the settings are loaded, so `start` fails with its reason. A
notification that is off is not read (the CLI only hands GoTrue the enabled ones)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from supastack.core.gotemplate import Template, TemplateError, parse

# what each message kind is called in config.toml (GoTrue's template types)
TEMPLATE_OF = {"invite": "invite", "signup": "confirmation", "recovery": "recovery", "magiclink": "magic_link",
               "email_change": "email_change", "reauthentication": "reauthentication"}
# the security notifications ([auth.email.notification.<kind>]); GoTrue's template type is "<kind>_notification"
NOTIFICATIONS = ("password_changed", "email_changed", "phone_changed", "identity_linked", "identity_unlinked",
                 "mfa_factor_enrolled", "mfa_factor_unenrolled")
ENV_SUBJECT, ENV_TEMPLATE, ENV_NOTIFICATION = "GOTRUE_MAILER_SUBJECTS_", "GOTRUE_MAILER_TEMPLATES_", \
    "GOTRUE_MAILER_NOTIFICATIONS_"

# GoTrue's variables (templatemailer.go): every link mail has these; email_change adds NewEmail and SendingTo,
# reauthentication has no link; a notification has the user's address and metadata, and what changed
LINK_VARIABLES = ("SiteURL", "ConfirmationURL", "Email", "Token", "TokenHash", "Data", "RedirectTo")
NOTICE_VARIABLES = ("SiteURL", "Email", "Data")
VARIABLES = {"invite": LINK_VARIABLES, "confirmation": LINK_VARIABLES, "recovery": LINK_VARIABLES,
             "magic_link": LINK_VARIABLES, "email_change": (*LINK_VARIABLES, "NewEmail", "SendingTo"),
             "reauthentication": ("SiteURL", "Email", "Token", "Data"),
             "password_changed_notification": NOTICE_VARIABLES,
             "email_changed_notification": (*NOTICE_VARIABLES, "OldEmail"),
             "phone_changed_notification": (*NOTICE_VARIABLES, "Phone", "OldPhone"),
             "identity_linked_notification": (*NOTICE_VARIABLES, "Provider"),
             "identity_unlinked_notification": (*NOTICE_VARIABLES, "Provider"),
             "mfa_factor_enrolled_notification": (*NOTICE_VARIABLES, "FactorType"),
             "mfa_factor_unenrolled_notification": (*NOTICE_VARIABLES, "FactorType")}

# GoTrue's defaults (internal/mailer/templatemailer)
DEFAULT_SUBJECTS = {
    "invite": "You've been invited",
    "confirmation": "Confirm your email address",
    "recovery": "Reset your password",
    "magic_link": "Your sign-in link",
    "email_change": "Confirm your new email address",
    "reauthentication": "{{ .Token }} is your verification code",
    "password_changed_notification": "Your password was changed",
    "email_changed_notification": "Your email address was changed",
    "phone_changed_notification": "Your phone number was changed",
    "identity_linked_notification": "A new sign-in method was linked to your account",
    "identity_unlinked_notification": "A sign-in method was removed from your account",
    "mfa_factor_enrolled_notification": "A new verification method was added to your account",
    "mfa_factor_unenrolled_notification": "A verification method was removed from your account",
}
_CONTACT = "<p>If you didn't make this change, contact support immediately.</p>\n"
DEFAULT_BODIES = {
    "invite": """<h2>You've been invited</h2>

<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>""",
    "confirmation": """<h2>Confirm your email address</h2>

<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>
""",
    "recovery": """<h2>Reset your password</h2>

<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>""",
    "magic_link": """<h2>Your sign-in link</h2>

<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>""",
    "email_change": """<h2>Confirm your new email address</h2>

<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>If you didn't request this change, you can safely ignore this email.</p>""",
    "reauthentication": """<h2>Your verification code</h2>

<p>Use the code below to verify your identity. It expires shortly.</p>
<p>{{ .Token }}</p>""",
    "password_changed_notification": """<h2>Your password was changed</h2>

<p>The password for your account was recently changed.</p>
<p>If you didn't make this change, reset your password and contact support immediately.</p>
""",
    "email_changed_notification": """<h2>Your email address was changed</h2>

<p>The email address for your account was changed from {{ .OldEmail }} to {{ .Email }}.</p>
""" + _CONTACT,
    "phone_changed_notification": """<h2>Your phone number was changed</h2>

<p>The phone number for your account was changed from {{ .OldPhone }} to {{ .Phone }}.</p>
""" + _CONTACT,
    "identity_linked_notification": """<h2>A new sign-in method was linked</h2>

<p>Your {{ .Provider }} account was linked as a new sign-in method for {{ .Email }}.</p>
""" + _CONTACT,
    "identity_unlinked_notification": """<h2>A sign-in method was removed</h2>

<p>Your {{ .Provider }} account was removed as a sign-in method for {{ .Email }}.</p>
""" + _CONTACT,
    "mfa_factor_enrolled_notification": """<h2>A new verification method was added</h2>

<p>Sign-in verification method {{ .FactorType }} was added to your account.</p>
""" + _CONTACT,
    "mfa_factor_unenrolled_notification": """<h2>A verification method was removed</h2>

<p>Sign-in verification method {{ .FactorType }} was removed from your account.</p>
""" + _CONTACT,
}
DEFAULT_SMS = "Your code is {{ .Code }}"   # the CLI's [auth.sms] template
_TRUE, _FALSE = ("1", "t", "T", "TRUE", "true", "True"), ("0", "f", "F", "FALSE", "false", "False")  # Go's ParseBool


@dataclass(frozen=True)
class MailTemplate:
    subject: Template
    body: Template


@dataclass(frozen=True)
class Templates:
    mail: dict[str, MailTemplate]      # by GoTrue template type; a notification that is off has none
    sms: Template
    notifications: frozenset[str] = frozenset()   # the notification kinds turned on


_loaded: dict[str, Templates] = {}


def load(workdir: Path, raw: dict[str, Any], env: dict[str, str] | None = None) -> Templates:
    """The templates a project's config.toml (`raw`, parsed) and GoTrue's GOTRUE_MAILER_* variables (`env`)
    name, read from files under `workdir`; raises TemplateError naming the key or variable and the file at
    fault. Kept per process, as GoTrue caches them."""
    auth = _table(raw, "auth")
    email = _table(auth, "email")
    configured = email.get("template") or {}
    notices = email.get("notification") or {}
    sms = _table(auth, "sms")
    mailer_env = {k: v for k, v in (env or {}).items()
                  if k.startswith((ENV_SUBJECT, ENV_TEMPLATE, ENV_NOTIFICATION)) and v}
    source = json.dumps([str(workdir), configured, notices, sms.get("template"), mailer_env], sort_keys=True,
                        default=str)
    if source not in _loaded:
        _loaded[source] = _read(workdir, configured, notices, sms.get("template"), mailer_env)
    return _loaded[source]


def _table(parent: dict[str, Any], name: str) -> dict[str, Any]:
    value = parent.get(name)
    return value if isinstance(value, dict) else {}


def _check_names(configured: Any, notices: Any, env: dict[str, str]) -> None:
    for table, known in (("template", TEMPLATE_OF.values()), ("notification", NOTIFICATIONS)):
        given = configured if table == "template" else notices
        if not isinstance(given, dict):
            raise TemplateError(f"[auth.email.{table}] must be a table of templates")
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise TemplateError(f"[auth.email.{table}.{unknown[0]}]: no such {table} (known: "
                                f"{', '.join(sorted(known))})")
    # a misspelt variable would silently keep the default: refuse it (GoTrue's fields are these)
    for name in env:
        if name.startswith(ENV_NOTIFICATION):
            ok = name.endswith("_ENABLED") and name[len(ENV_NOTIFICATION):-len("_ENABLED")].lower() in NOTIFICATIONS
            names = ", ".join(f"{ENV_NOTIFICATION}{k.upper()}_ENABLED" for k in NOTIFICATIONS)
        else:
            prefix = ENV_SUBJECT if name.startswith(ENV_SUBJECT) else ENV_TEMPLATE
            ok = name[len(prefix):].lower() in DEFAULT_BODIES
            names = ", ".join(prefix + t.upper() for t in DEFAULT_BODIES)
        if not ok:
            raise TemplateError(f"environment variable {name}: no such setting (known: {names})")


def _enabled(kind: str, entry: dict[str, Any], env: dict[str, str]) -> bool:
    name = f"{ENV_NOTIFICATION}{kind.upper()}_ENABLED"
    if name in env:
        if env[name] not in _TRUE + _FALSE:
            raise TemplateError(f"environment variable {name}: expected true or false (got {env[name]!r})")
        return env[name] in _TRUE
    value = entry.get("enabled", False)
    if not isinstance(value, bool):
        raise TemplateError(f"[auth.email.notification.{kind}] enabled: expected true or false (got {value!r})")
    return value


def _body(workdir: Path, name: str, section: str, entry: dict[str, Any], env: dict[str, str]) -> tuple[str, str]:
    """(text, where it came from) of a template's body: the variable's file, content_path, or GoTrue's."""
    variable = ENV_TEMPLATE + name.upper()
    if variable in env:
        given = env[variable]
        if given.lower().startswith(("http://", "https://")):
            raise TemplateError(f"environment variable {variable} {given!r}: this stack fetches no template "
                                f"over HTTP; give a file path (absolute, or relative to the project folder) "
                                f"or {section} content_path")
        where = f"environment variable {variable}"
    elif entry.get("content_path"):
        given, where = str(entry["content_path"]), f"{section} content_path"
    else:
        return DEFAULT_BODIES[name], f"GoTrue's default {name} template"
    full = Path(given) if Path(given).is_absolute() else workdir / given
    where = f"{where} {given!r} ({full})"
    try:
        return full.read_text(encoding="utf-8"), where
    except OSError as exc:
        raise TemplateError(f"{where}: cannot read the template: {exc.strerror or exc}") from None


def _read(workdir: Path, configured: Any, notices: Any, sms_template: Any, env: dict[str, str]) -> Templates:
    _check_names(configured, notices, env)
    mail, enabled = {}, set()
    for name in DEFAULT_BODIES:
        kind = name.removesuffix("_notification")
        notice = kind != name
        section = f"[auth.email.notification.{kind}]" if notice else f"[auth.email.template.{name}]"
        entry = (notices if notice else configured).get(kind) or {}
        if not isinstance(entry, dict):
            raise TemplateError(f"{section} must be a table with subject and content_path")
        if notice:
            if not _enabled(kind, entry, env):
                continue
            enabled.add(kind)
        variable = ENV_SUBJECT + name.upper()
        if variable in env:
            subject, subject_where = env[variable], f"environment variable {variable}"
        else:
            subject, subject_where = entry.get("subject") or DEFAULT_SUBJECTS[name], f"{section} subject"
        body, where = _body(workdir, name, section, entry, env)
        mail[name] = MailTemplate(parse(str(subject), subject_where, VARIABLES[name]),
                                  parse(body, where, VARIABLES[name]))
    sms = parse(str(sms_template or DEFAULT_SMS), "[auth.sms] template", ("Code",))
    return Templates(mail, sms, frozenset(enabled))


def render(templates: Templates, name: str, values: dict[str, Any]) -> tuple[str, str]:
    """(subject, HTML body) of a GoTrue template type with its variables."""
    template = templates.mail[name]
    subject = " ".join(template.subject.render(values, escape=False).split())   # one header line
    return subject, template.body.render(values)


def render_mail(templates: Templates, kind: str, values: dict[str, Any]) -> tuple[str, str]:
    """(subject, HTML body) of a message kind (links.KINDS' names) with GoTrue's variables."""
    return render(templates, TEMPLATE_OF[kind], values)


def render_sms(templates: Templates, code: str) -> str:
    return templates.sms.render({"Code": code}, escape=False)
