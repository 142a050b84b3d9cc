"""GoTrue's mailer variables over config.toml, as the Supabase CLI hands config.toml to GoTrue through them:
GOTRUE_MAILER_SUBJECTS_<TYPE>, GOTRUE_MAILER_TEMPLATES_<TYPE> (a file), GOTRUE_MAILER_NOTIFICATIONS_<KIND>_ENABLED;
the security notifications of [auth.email.notification.<kind>] and their GoTrue defaults."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from supastack.auth import email_templates, links
from supastack.cli import load_project
from supastack.core.config import REPO_ROOT, ConfigError, load_settings


def _project(root: Path, config: str = "", files: dict[str, str] | None = None) -> Path:
    (root / "supabase").mkdir(parents=True)
    (root / "supabase" / "config.toml").write_text(config)
    for name, text in (files or {}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def _recovery(settings) -> tuple[str, str]:
    pending = links.Pending("recovery", "ana@example.test", "482913", "abc123", "http://api/verify?token=abc123",
                            "http://site/", "ana@example.test", {})
    return links.message(settings, pending)


TOML = ('[auth.email.template.recovery]\nsubject = "Do config.toml"\n'
        'content_path = "./supabase/templates/recovery.html"\n')
FILES = {"supabase/templates/recovery.html": "<p>toml {{ .Token }}</p>",
         "outro/recovery.html": "<p>env {{ .Token }} {{ .Email }}</p>"}


def test_the_environment_wins_over_config_toml(tmp_path: Path) -> None:
    root = _project(tmp_path / "p", TOML, FILES)
    assert _recovery(load_settings(root, tmp_path / "d", env={})) == ("Do config.toml", "<p>toml 482913</p>")
    env = {"GOTRUE_MAILER_SUBJECTS_RECOVERY": "Do ambiente para {{ .Email }}",
           "GOTRUE_MAILER_TEMPLATES_RECOVERY": "./outro/recovery.html"}
    settings = load_settings(root, tmp_path / "d", env=env)
    assert _recovery(settings) == ("Do ambiente para ana@example.test", "<p>env 482913 ana@example.test</p>")
    # an absolute path too; an empty variable counts as unset
    env = {"GOTRUE_MAILER_TEMPLATES_RECOVERY": str(root / "outro" / "recovery.html"),
           "GOTRUE_MAILER_SUBJECTS_RECOVERY": ""}
    assert _recovery(load_settings(root, tmp_path / "d", env=env)) == \
        ("Do config.toml", "<p>env 482913 ana@example.test</p>")
    # this project's pt-BR subject gives way to the variable too
    project = load_settings(REPO_ROOT, tmp_path / "d2", env={"GOTRUE_MAILER_SUBJECTS_RECOVERY": "Outra"})
    subject, html = _recovery(project)
    assert subject == "Outra" and "Para redefinir sua senha" in html


def test_a_missing_template_file_in_the_environment_stops_start_up(tmp_path: Path) -> None:
    root = _project(tmp_path / "p", TOML, FILES)
    env = {"GOTRUE_MAILER_TEMPLATES_MAGIC_LINK": "./supabase/templates/nao-existe.html"}
    with pytest.raises(ConfigError) as err:
        load_project(root, tmp_path / "d", env=env)
    message = str(err.value)
    assert "environment variable GOTRUE_MAILER_TEMPLATES_MAGIC_LINK './supabase/templates/nao-existe.html'" in message
    assert str(root / "supabase" / "templates" / "nao-existe.html") in message and "cannot read" in message
    done = subprocess.run([sys.executable, "-m", "supastack", "--workdir", str(root), "--data-dir",
                           str(tmp_path / "d"), "status"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, **env})
    assert done.returncode == 2, done.stderr
    assert "GOTRUE_MAILER_TEMPLATES_MAGIC_LINK" in done.stderr and "cannot read the template" in done.stderr


@pytest.mark.parametrize("env, reason", [
    ({"GOTRUE_MAILER_TEMPLATES_INVITE": "https://example.test/invite.html"},
     "GOTRUE_MAILER_TEMPLATES_INVITE 'https://example.test/invite.html': this stack fetches no template over HTTP"),
    ({"GOTRUE_MAILER_SUBJECTS_MAGICLINK": "x"},
     "environment variable GOTRUE_MAILER_SUBJECTS_MAGICLINK: no such setting"),
    ({"GOTRUE_MAILER_NOTIFICATIONS_PASSWORD_CHANGED_ENABLED": "sim"},
     "GOTRUE_MAILER_NOTIFICATIONS_PASSWORD_CHANGED_ENABLED: expected true or false (got 'sim')"),
    ({"GOTRUE_MAILER_NOTIFICATIONS_PASSWORD_ENABLED": "true"},
     "environment variable GOTRUE_MAILER_NOTIFICATIONS_PASSWORD_ENABLED: no such setting"),
    ({"GOTRUE_MAILER_SUBJECTS_RECOVERY": "{{ .Nome }}"},
     "environment variable GOTRUE_MAILER_SUBJECTS_RECOVERY: unknown variable .Nome"),
    ({"GOTRUE_MAILER_NOTIFICATIONS_EMAIL_CHANGED_ENABLED": "true",
      "GOTRUE_MAILER_SUBJECTS_EMAIL_CHANGED_NOTIFICATION": "{{ .FactorType }}"},
     "GOTRUE_MAILER_SUBJECTS_EMAIL_CHANGED_NOTIFICATION: unknown variable .FactorType"),
])
def test_a_mailer_variable_mistake_is_a_configuration_error(tmp_path: Path, env: dict, reason: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(reason)):
        load_project(_project(tmp_path / "p"), tmp_path / "d", env=env)


@pytest.mark.parametrize("config, reason", [
    ('[auth.email.notification.password_change]\nenabled = true\n',
     "[auth.email.notification.password_change]: no such notification"),
    ('[auth.email.notification.password_changed]\nenabled = "yes"\n',
     "[auth.email.notification.password_changed] enabled: expected true or false"),
    ('[auth.email.notification.mfa_factor_enrolled]\nenabled = true\ncontent_path = "./t/nao.html"\n',
     "[auth.email.notification.mfa_factor_enrolled] content_path './t/nao.html'"),
    ('[auth.email.notification.identity_linked]\nenabled = true\nsubject = "{{ .OldEmail }}"\n',
     "[auth.email.notification.identity_linked] subject: unknown variable .OldEmail"),
])
def test_a_notification_mistake_is_a_configuration_error(tmp_path: Path, config: str, reason: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(reason)):
        load_project(_project(tmp_path / "p", config), tmp_path / "d", env={})


def test_notifications_are_off_unless_enabled_and_speak_gotrue_by_default(tmp_path: Path) -> None:
    # a notification that is off is not read, as the CLI only hands GoTrue the enabled ones
    off = '[auth.email.notification.password_changed]\nenabled = false\ncontent_path = "./nao-existe.html"\n'
    bare = load_settings(_project(tmp_path / "bare", off), tmp_path / "d", env={})
    assert links.templates(bare).notifications == frozenset()
    everything = {f"GOTRUE_MAILER_NOTIFICATIONS_{k.upper()}_ENABLED": "true" for k in email_templates.NOTIFICATIONS}
    on = links.templates(load_settings(_project(tmp_path / "on"), tmp_path / "d", env=everything))
    assert on.notifications == frozenset(email_templates.NOTIFICATIONS)
    values = {"SiteURL": "http://site", "Email": "novo@example.test", "OldEmail": "velho@example.test",
              "Phone": "5511999990000", "OldPhone": "5511888880000", "Provider": "phone", "FactorType": "totp",
              "Data": {}}
    got = {kind: email_templates.render(on, f"{kind}_notification", values) for kind in email_templates.NOTIFICATIONS}
    assert {kind: subject for kind, (subject, _) in got.items()} == {
        "password_changed": "Your password was changed",
        "email_changed": "Your email address was changed",
        "phone_changed": "Your phone number was changed",
        "identity_linked": "A new sign-in method was linked to your account",
        "identity_unlinked": "A sign-in method was removed from your account",
        "mfa_factor_enrolled": "A new verification method was added to your account",
        "mfa_factor_unenrolled": "A verification method was removed from your account"}
    assert "changed from velho@example.test to novo@example.test" in got["email_changed"][1]
    assert "changed from 5511888880000 to 5511999990000" in got["phone_changed"][1]
    assert "Your phone account was linked as a new sign-in method for novo@example.test" in got["identity_linked"][1]
    assert "Sign-in verification method totp was removed" in got["mfa_factor_unenrolled"][1]
    # a variable turns off what config.toml turned on
    project = load_settings(REPO_ROOT, tmp_path / "d3",
                            env={"GOTRUE_MAILER_NOTIFICATIONS_PASSWORD_CHANGED_ENABLED": "false"})
    assert links.templates(project).notifications == {"mfa_factor_enrolled", "mfa_factor_unenrolled"}


def test_this_project_tells_of_password_and_second_factor_changes_in_portuguese(tmp_path: Path) -> None:
    project = links.templates(load_settings(REPO_ROOT, tmp_path / "d", env={}))
    assert project.notifications == {"password_changed", "mfa_factor_enrolled", "mfa_factor_unenrolled"}
    values = {"SiteURL": "http://site", "Email": "ana@example.test", "FactorType": "totp", "Data": {}}
    subjects = {}
    for kind in sorted(project.notifications):
        subject, html = email_templates.render(project, f"{kind}_notification", values)
        subjects[kind] = subject
        assert "ana@example.test" in html and "Se não foi você" in html and "you" not in html.lower()
    assert subjects == {"password_changed": "Sua senha foi alterada",
                        "mfa_factor_enrolled": "Verificação em duas etapas ativada",
                        "mfa_factor_unenrolled": "Método de verificação removido"}
