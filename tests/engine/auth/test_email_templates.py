"""Auth e-mails from the project's templates, as the Supabase CLI configures GoTrue: `[auth.email.template.<kind>]`
subject and content_path, Go-template variables; GoTrue's English defaults without them; a missing file stops
the stack from loading its settings. The notification e-mails' footer comes from the project too."""
from __future__ import annotations

import re
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from mail_sink import Mailbox

from office_outbox import email
from office_outbox.config import email_footer
from supastack.auth import links
from supastack.auth.email_templates import DEFAULT_BODIES
from supastack.auth.mailer import html_to_text
from supastack.cli import load_project
from supastack.core.config import REPO_ROOT, ConfigError, load_settings
from supastack.core.gotemplate import TemplateError, parse
from supastack.mail.settings import SmtpConfig

ALL = ("SiteURL", "ConfirmationURL", "Email", "Token", "TokenHash", "Data", "RedirectTo")


def _project(root: Path, config: str = "", files: dict[str, str] | None = None) -> Path:
    (root / "supabase").mkdir(parents=True)
    (root / "supabase" / "config.toml").write_text(config)
    for name, text in (files or {}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def _pending(kind: str, to: str = "ana@example.test", data: dict | None = None) -> links.Pending:
    link = "" if kind == "reauthentication" else \
        f"http://127.0.0.1:54321/auth/v1/verify?token=abc123&type={kind}&redirect_to=http%3A%2F%2Fsite%2F"
    return links.Pending(kind, to, "482913", "abc123", link, "http://site/", "ana@example.test", data or {})


# --- the renderer -------------------------------------------------------------------------------------

def test_variables_are_replaced_and_html_escaped() -> None:
    t = parse('<a href="{{ .ConfirmationURL }}">{{.Email}}</a> {{ .Data.nome }}/{{ .Data.falta }}', "t", ALL)
    out = t.render({"ConfirmationURL": "http://x/?a=1&b=2", "Email": "<b>ana</b>@x.test",
                    "Data": {"nome": "Zé \"da\" Silva"}})
    assert out == ('<a href="http://x/?a=1&amp;b=2">&lt;b&gt;ana&lt;/b&gt;@x.test</a> '
                   'Zé &quot;da&quot; Silva/')
    # a subject or an SMS is not HTML: the values go in as they are
    assert parse("{{ .Email }}", "t", ALL).render({"Email": "a&b"}, escape=False) == "a&b"
    # Go's trimming markers and comments; the metadata map printed as Go prints it
    assert parse("a  {{- .Token -}}  b{{/* note */}}", "t", ALL).render({"Token": "1"}) == "a1b"
    assert parse("{{ .Data }}", "t", ALL).render({"Data": {"b": 2, "a": True}}) == "map[a:true b:2]"


@pytest.mark.parametrize("source, reason", [
    ('{{ if .Token }}x{{ end }}', "only variables"),
    ('{{ .Token | printf "%s" }}', "only variables"),
    ('{{ call .Data.f }}', "only variables"),
    ('{{ .ConfirmationUrl }}', "unknown variable .ConfirmationUrl"),
    ('<p>{{ .Token </p>', "unclosed"),
])
def test_anything_but_a_variable_is_refused(source: str, reason: str) -> None:
    with pytest.raises(TemplateError, match=re.escape(reason)):
        parse(source, "invite.html", ALL)


# --- which texts a project gets ------------------------------------------------------------------------

def test_a_project_without_templates_gets_gotrue_defaults(tmp_path: Path) -> None:
    bare = load_settings(_project(tmp_path / "bare"), tmp_path / "data", env={})
    subjects = {}
    for kind in ("invite", "signup", "recovery", "magiclink", "email_change", "reauthentication"):
        subject, html = links.message(bare, _pending(kind, to="novo@example.test"))
        subjects[kind] = subject
        text = html_to_text(html)
        assert "código" not in text and "escritório" not in html
        if kind != "reauthentication":
            assert "http://127.0.0.1:54321/auth/v1/verify?token=abc123&type=" in text
    assert subjects == {"invite": "You've been invited", "signup": "Confirm your email address",
                        "recovery": "Reset your password", "magiclink": "Your sign-in link",
                        "email_change": "Confirm your new email address",
                        "reauthentication": "482913 is your verification code"}
    assert "confirm novo@example.test as your new email address" in links.message(bare, _pending("email_change",
                                                                                   "novo@example.test"))[1]
    assert links.sms_text(bare, "482913") == "Your code is 482913"


def test_this_project_speaks_portuguese_with_the_code_and_link(tmp_path: Path) -> None:
    project = load_settings(REPO_ROOT, tmp_path / "data", env={})
    expected = {"invite": "Você foi convidado", "signup": "Confirme seu cadastro", "recovery": "Redefinição de senha",
                "magiclink": "Seu link de acesso", "email_change": "Confirme a alteração de e-mail",
                "reauthentication": "Confirme sua identidade"}
    for kind, subject in expected.items():
        got, html = links.message(project, _pending(kind))
        text = html_to_text(html)
        assert got == subject and re.search(r"código (de confirmação é )?482913", text), (kind, text)
        if kind != "reauthentication":
            assert re.search(r"(http\S+)", text).group(1).startswith("http://127.0.0.1:54321/auth/v1/verify?token=")
    assert links.sms_text(project, "482913") == "Seu código de acesso é 482913"


def test_custom_subject_and_body_with_user_data(tmp_path: Path) -> None:
    root = _project(tmp_path / "p", '[auth.email.template.invite]\nsubject = "Convite para {{ .Email }}"\n'
                                    'content_path = "./supabase/templates/invite.html"\n'
                                    '[auth.email.template.recovery]\nsubject = "Só o assunto"\n',
                    {"supabase/templates/invite.html": "<p>Olá {{ .Data.nome }} ({{ .SiteURL }})</p>"})
    settings = load_settings(root, tmp_path / "data", env={"SITE_URL": "http://office.test"})
    subject, html = links.message(settings, _pending("invite", data={"nome": "<script>x</script>"}))
    assert subject == "Convite para ana@example.test"
    assert html == "<p>Olá &lt;script&gt;x&lt;/script&gt; (http://office.test)</p>"
    # a subject alone keeps GoTrue's body
    subject, html = links.message(settings, _pending("recovery"))
    assert subject == "Só o assunto" and html.strip() == DEFAULT_BODIES["recovery"].replace(
        "{{ .ConfirmationURL }}", _pending("recovery").link.replace("&", "&amp;")).strip()


def test_a_missing_content_path_fails_loudly(tmp_path: Path) -> None:
    config = '[auth.email.template.magic_link]\ncontent_path = "./supabase/templates/nao-existe.html"\n'
    root = _project(tmp_path / "p", config)
    with pytest.raises(ConfigError) as err:
        load_project(root, tmp_path / "data", env={})
    message = str(err.value)
    assert "[auth.email.template.magic_link] content_path './supabase/templates/nao-existe.html'" in message
    assert str(root / "supabase" / "templates" / "nao-existe.html") in message
    # the command line stops before anything starts, with the same reason
    done = subprocess.run([sys.executable, "-m", "supastack", "--workdir", str(root), "--data-dir",
                           str(tmp_path / "data"), "status"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "nao-existe.html" in done.stderr and "cannot read the template" in done.stderr


@pytest.mark.parametrize("config, reason", [
    ('[auth.email.template.invitation]\nsubject = "x"\n', "[auth.email.template.invitation]: no such template"),
    ('[auth.email.template.invite]\nsubject = "{{ .Nome }}"\n', "unknown variable .Nome"),
    ('[auth.sms]\ntemplate = "{{ .Token }}"\n', "[auth.sms] template: unknown variable .Token"),
])
def test_a_template_mistake_is_a_configuration_error(tmp_path: Path, config: str, reason: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(reason)):
        load_project(_project(tmp_path / "p", config), tmp_path / "data", env={})


# --- notification e-mails' footer -----------------------------------------------------------------------

def test_the_notification_footer_comes_from_the_project(tmp_path: Path) -> None:
    config = SmtpConfig(host="127.0.0.1", port=25)
    footer = email_footer(load_settings(REPO_ROOT, tmp_path / "data", env={}))
    assert "Meu Perfil" in footer
    message = email.build(config, "a@b.test", "stage_change", {"title": "T"}, "k1", footer=footer)
    assert "desmarque a opção em Meu Perfil" in message.get_body(("plain",)).get_content()
    assert "desmarque a opção em Meu Perfil" in message.get_body(("html",)).get_content()
    assert email_footer(load_settings(_project(tmp_path / "bare"), tmp_path / "d2", env={})) == ""
    bare = email.build(config, "a@b.test", "stage_change", {"title": "T"}, "k2")
    for part in ("plain", "html"):
        body = bare.get_body((part,)).get_content()
        assert "Meu Perfil" not in body and "escritório" not in body and "\n--\n" not in body


# --- this project's mails through a running stack and its mail sink --------------------------------------

def _follow(link: str) -> dict[str, list[str]]:
    """Opens a mailed link as a browser would: the redirect's fragment carries the session."""
    r = httpx.get(link, follow_redirects=False)
    assert r.status_code == 303, r.text
    return parse_qs(urlsplit(r.headers["location"]).fragment)


def _mail(api, to: str, subject: str) -> tuple[dict, str]:
    mail = Mailbox(api.stack).wait_for(to, subject=subject)
    assert mail["subject"] == subject
    assert mail["body"]["html"].lstrip().startswith("<h2>")
    return mail, re.search(r"(http\S+)", mail["body"]["text"]).group(1)


def test_invite_recovery_and_magic_link_mails_are_the_projects(api) -> None:
    site = api.stack.settings.site_url
    invited = f"convite.{uuid.uuid4().hex[:8]}@example.test"
    r = httpx.post(f"{api.base}/invite?redirect_to={site}/definir-senha", headers=api.admin_headers,
                   json={"email": invited, "data": {"nome": "Ana"}})
    assert r.status_code == 200, r.text
    mail, link = _mail(api, invited, "Você foi convidado")
    assert "Você foi convidado para o sistema do escritório" in mail["body"]["text"]
    assert re.search(r"código \d{6}", mail["body"]["text"])
    session = _follow(link)
    assert session["type"] == ["invite"] and session["access_token"]

    user = api.create_user()
    assert api.post(f"/recover?redirect_to={site}/redefinir-senha", json={"email": user["email"]}).status_code == 200
    mail, link = _mail(api, user["email"], "Redefinição de senha")
    assert "Para redefinir sua senha, use o código" in mail["body"]["text"]
    assert _follow(link)["type"] == ["recovery"]

    other = api.create_user()
    assert api.post("/otp", json={"email": other["email"], "create_user": False}).status_code == 200
    mail, link = _mail(api, other["email"], "Seu link de acesso")
    assert "Para entrar, use o código" in mail["body"]["text"]
    session = _follow(link)
    assert session["type"] == ["magiclink"]
    me = api.get("/user", session["access_token"][0]).json()
    assert me["email"] == other["email"]
