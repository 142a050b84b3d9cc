"""The texts of auth e-mails and SMS, as the Supabase CLI configures them for GoTrue.

    [auth.email.template.invite]                     # also confirmation, recovery, magic_link,
    subject = "You are invited"                      # email_change, reauthentication
    content_path = "./supabase/templates/invite.html"   # relative to the project folder, as the CLI reads it
    [auth.sms]
    template = "Your code is {{ .Code }}"

Without them, GoTrue's own English defaults. A content_path that cannot be read, or a template this renderer
does not accept, is a configuration error when the settings are loaded, so `start` fails with its reason."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from supastack.core.gotemplate import Template, TemplateError, parse

# what each message kind is called in config.toml (GoTrue's template types)
TEMPLATE_OF = {"invite": "invite", "signup": "confirmation", "recovery": "recovery", "magiclink": "magic_link",
               "email_change": "email_change", "reauthentication": "reauthentication"}

# GoTrue's variables (templatemailer.go): every link mail has these; email_change adds NewEmail and SendingTo,
# reauthentication has no link
LINK_VARIABLES = ("SiteURL", "ConfirmationURL", "Email", "Token", "TokenHash", "Data", "RedirectTo")
VARIABLES = {"invite": LINK_VARIABLES, "confirmation": LINK_VARIABLES, "recovery": LINK_VARIABLES,
             "magic_link": LINK_VARIABLES, "email_change": (*LINK_VARIABLES, "NewEmail", "SendingTo"),
             "reauthentication": ("SiteURL", "Email", "Token", "Data")}

# GoTrue's defaults (internal/mailer/templatemailer)
DEFAULT_SUBJECTS = {
    "invite": "You've been invited",
    "confirmation": "Confirm your email address",
    "recovery": "Reset your password",
    "magic_link": "Your sign-in link",
    "email_change": "Confirm your new email address",
    "reauthentication": "{{ .Token }} is your verification code",
}
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
}
DEFAULT_SMS = "Your code is {{ .Code }}"   # the CLI's [auth.sms] template


@dataclass(frozen=True)
class MailTemplate:
    subject: Template
    body: Template


@dataclass(frozen=True)
class Templates:
    mail: dict[str, MailTemplate]
    sms: Template


_loaded: dict[str, Templates] = {}


def load(workdir: Path, raw: dict[str, Any]) -> Templates:
    """The templates a project's config.toml (`raw`, parsed) names, read from files under `workdir`;
    raises TemplateError naming the key and the file at fault. Kept per process, as GoTrue caches them."""
    auth = _table(raw, "auth")
    configured = _table(auth, "email").get("template") or {}
    sms = _table(auth, "sms")
    source = json.dumps([str(workdir), configured, sms.get("template")], sort_keys=True, default=str)
    if source not in _loaded:
        _loaded[source] = _read(workdir, configured, sms.get("template"))
    return _loaded[source]


def _table(parent: dict[str, Any], name: str) -> dict[str, Any]:
    value = parent.get(name)
    return value if isinstance(value, dict) else {}


def _read(workdir: Path, configured: Any, sms_template: Any) -> Templates:
    if not isinstance(configured, dict):
        raise TemplateError("[auth.email.template] must be a table of templates")
    unknown = sorted(set(configured) - set(DEFAULT_BODIES))
    if unknown:
        raise TemplateError(f"[auth.email.template.{unknown[0]}]: no such template (known: "
                            f"{', '.join(sorted(DEFAULT_BODIES))})")
    mail = {}
    for name, default_body in DEFAULT_BODIES.items():
        section = f"[auth.email.template.{name}]"
        entry = configured.get(name) or {}
        if not isinstance(entry, dict):
            raise TemplateError(f"{section} must be a table with subject and content_path")
        subject = entry.get("subject") or DEFAULT_SUBJECTS[name]
        body, where = default_body, f"GoTrue's default {name} template"
        if entry.get("content_path"):
            given = str(entry["content_path"])
            full = Path(given) if Path(given).is_absolute() else workdir / given
            where = f"{section} content_path {given!r} ({full})"
            try:
                body = full.read_text(encoding="utf-8")
            except OSError as exc:
                raise TemplateError(f"{where}: cannot read the template: {exc.strerror or exc}") from None
        mail[name] = MailTemplate(parse(str(subject), f"{section} subject", VARIABLES[name]),
                                  parse(body, where, VARIABLES[name]))
    sms = parse(str(sms_template or DEFAULT_SMS), "[auth.sms] template", ("Code",))
    return Templates(mail, sms)


def render_mail(templates: Templates, kind: str, values: dict[str, Any]) -> tuple[str, str]:
    """(subject, HTML body) of a message kind (links.KINDS' names) with GoTrue's variables."""
    template = templates.mail[TEMPLATE_OF[kind]]
    subject = " ".join(template.subject.render(values, escape=False).split())   # one header line
    return subject, template.body.render(values)


def render_sms(templates: Templates, code: str) -> str:
    return templates.sms.render({"Code": code}, escape=False)
