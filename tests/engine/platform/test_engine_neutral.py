"""The engine carries no office: its words and addresses come from the project folder (config.toml, seed.sql)."""
from __future__ import annotations

import re
from pathlib import Path

from office_outbox import email
from office_outbox.config import email_intros
from supastack.core.config import load_settings
from supastack.mail.settings import SmtpConfig, smtp_config

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "supabase" / "supastack"
# an office's name, its people, its demo accounts and addresses; the engine's own pt-BR UI words are not these
OFFICE = re.compile(r"escrit[oó]rio\.|admin@|@escritorio|maria|jo[aã]o|imigra[cç][aã]o|uscis|eoir", re.IGNORECASE)
# the engine's own texts: its Python and the templates it ships (notification e-mails)
SOURCES = ("*.py", "*.html", "*.txt")


def test_engine_names_no_office_people_or_addresses() -> None:
    found = []
    for path in sorted(p for pattern in SOURCES for p in ENGINE.rglob(pattern)):
        rel = path.relative_to(ENGINE).as_posix()
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if OFFICE.search(line):
                found.append(f"{rel}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def test_notification_intros_come_from_the_project(tmp_path: Path) -> None:
    project = load_settings(ROOT, tmp_path / "data", env={})
    assert email_intros(project)["stage_change"] == "Seu processo avançou para uma nova etapa."
    bare = tmp_path / "bare"
    (bare / "supabase").mkdir(parents=True)
    (bare / "supabase" / "config.toml").write_text("[notifications]\nconcurrency = 2\n")
    assert email_intros(load_settings(bare, tmp_path / "data2", env={})) == {}


def test_the_intro_is_the_first_line_given() -> None:
    config = SmtpConfig(host="127.0.0.1", port=25)
    message = email.build(config, "a@b.test", "stage_change", {"title": "T"}, "key-1", intro="Primeira linha.")
    text = message.get_body(("plain",))
    assert text is not None and "Primeira linha." in text.get_content()
    plain = email.build(config, "a@b.test", "stage_change", {"title": "T"}, "key-1").get_body(("plain",))
    assert plain is not None and "Primeira linha." not in plain.get_content()


def test_sender_defaults_are_neutral_and_the_project_names_its_own(tmp_path: Path) -> None:
    project = load_settings(ROOT, tmp_path / "data", env={})
    named = smtp_config(project, tmp_path, env={"SMTP_HOST": "127.0.0.1"})
    assert named is not None and named.sender_name and named.sender != "no-reply@localhost"
    bare = tmp_path / "bare"
    (bare / "supabase").mkdir(parents=True)
    (bare / "supabase" / "config.toml").write_text("")
    neutral = smtp_config(load_settings(bare, tmp_path / "data2", env={}), tmp_path, env={"SMTP_HOST": "127.0.0.1"})
    assert neutral is not None and (neutral.sender, neutral.sender_name) == ("no-reply@localhost", "")
