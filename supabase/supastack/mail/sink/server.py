"""Running the sink beside the API: `[inbucket] enabled, port (54324), smtp_port (54325)` as in the Supabase
CLI's config.toml, overridden by INBUCKET_ENABLED, INBUCKET_PORT and INBUCKET_SMTP_PORT.

The ports are bound before the API forks its workers, and written to <data_dir>/mailsink.json: the auth
mailer and the outbox worker of every process (and `status`, and the tests) read where the sink listens
from there. A port already taken (a second stack on the same machine) falls back to a free one."""
from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import threading
from dataclasses import dataclass
from pathlib import Path

from supastack.core.config import Settings
from supastack.mail.sink.store import MailStore

log = logging.getLogger("supastack.mailsink")
HOST = "127.0.0.1"        # the inbox shows every mail: never on a public address
RECORD = "mailsink.json"


@dataclass
class InbucketConfig:
    enabled: bool
    port: int
    smtp_port: int


def _flag(value: object) -> bool:
    return str(value).strip().lower() in ("1", "true", "yes", "on")


def inbucket_config(settings: Settings, env: dict | None = None) -> InbucketConfig:
    """On by default for a local stack (embedded database); `[inbucket] enabled` decides otherwise."""
    env = dict(os.environ if env is None else env)
    section = settings.raw.get("inbucket", {})
    enabled = env.get("INBUCKET_ENABLED", section.get("enabled", settings.embedded_db))
    return InbucketConfig(enabled=_flag(enabled),
                          port=int(env.get("INBUCKET_PORT") or section.get("port", 54324)),
                          smtp_port=int(env.get("INBUCKET_SMTP_PORT") or section.get("smtp_port", 54325)))


def endpoint(data_dir: Path) -> dict | None:
    """Where this data folder's sink listens: {"host", "port", "smtp_port"}, or None when none ran."""
    try:
        return json.loads((Path(data_dir) / RECORD).read_text())
    except (OSError, ValueError):
        return None


def _bind(port: int) -> socket.socket:
    for candidate in (port, 0):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((HOST, candidate))
        except OSError:
            sock.close()
            log.warning("mail sink: port %s is taken, using a free one (see `status`)", candidate)
            continue
        sock.listen(128)
        sock.setblocking(False)
        return sock
    raise OSError("mail sink: no port to listen on")


@dataclass
class Sink:
    store: MailStore
    web_sock: socket.socket
    smtp_sock: socket.socket

    @property
    def port(self) -> int:
        return self.web_sock.getsockname()[1]

    @property
    def smtp_port(self) -> int:
        return self.smtp_sock.getsockname()[1]

    def start(self) -> threading.Thread:
        """Serve in a thread of its own, with its own event loop: the auth mailer sends synchronously from
        the API's loop, which must not be the loop that receives."""
        thread = threading.Thread(target=asyncio.run, args=(self.serve(),), name="mail-sink", daemon=True)
        thread.start()
        return thread

    async def serve(self) -> None:
        """SMTP and the web inbox until the process ends."""
        import uvicorn
        from aiosmtpd.smtp import SMTP, Envelope, Session

        from supastack.mail.sink.web import create_sink_app

        store = self.store

        class Handler:
            async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
                # the message's raw bytes (without decode_data, aiosmtpd's content is these same bytes)
                await asyncio.to_thread(store.save, envelope.original_content or b"", list(envelope.rcpt_tos))
                return "250 Message accepted for delivery"

        loop = asyncio.get_running_loop()
        smtp = await loop.create_server(lambda: SMTP(Handler(), hostname="inbucket.local"), sock=self.smtp_sock)
        web = uvicorn.Server(uvicorn.Config(create_sink_app(store), log_level="warning"))
        try:
            await web.serve(sockets=[self.web_sock])
        finally:
            smtp.close()


def prepare(settings: Settings, env: dict | None = None) -> Sink | None:
    """Bind the sink's ports and record them, or None when the sink is off (its old record is removed)."""
    config = inbucket_config(settings, env)
    record = settings.data_dir / RECORD
    if not config.enabled:
        record.unlink(missing_ok=True)
        return None
    sink = Sink(MailStore(settings.data_dir / "mailsink"), _bind(config.port), _bind(config.smtp_port))
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    tmp = record.with_suffix(".tmp")
    tmp.write_text(json.dumps({"host": HOST, "port": sink.port, "smtp_port": sink.smtp_port}))
    tmp.replace(record)
    return sink


def standalone(folder: Path, port: int, smtp_port: int) -> None:
    """`python -m supastack.mail.sink <folder> <port> <smtp_port>`: a sink of its own (tests, other stacks)."""
    sink = Sink(MailStore(folder), _bind(port), _bind(smtp_port))
    print(json.dumps({"host": HOST, "port": sink.port, "smtp_port": sink.smtp_port}), flush=True)
    asyncio.run(sink.serve())


def status_env(settings: Settings) -> dict[str, str]:
    """INBUCKET_URL and MAILPIT_URL (both names the Supabase CLI has used) when the sink is on."""
    config = inbucket_config(settings)
    if not config.enabled:
        return {}
    running = endpoint(settings.data_dir)
    url = f"http://{HOST}:{running['port'] if running else config.port}"
    return {"INBUCKET_URL": url, "MAILPIT_URL": url}
