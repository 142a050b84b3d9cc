"""Auth e-mails (confirmation, recovery, e-mail change) over SMTP: to `[auth.email.smtp]`'s server when one
is configured, else to the local mail sink (its web inbox, as the Supabase CLI's Inbucket). The stack log
only says that a mail of a kind went to an address: never its link or code, which sign the reader in.

Sent synchronously with a short timeout, as GoTrue does: the caller answers an error when the server
refuses (OSError). The local sink answers in milliseconds; a remote server should be close to the stack.
Each message is the template's HTML with a plain-text part made from it (as the CLI's mails arrive), in
which a link reads "label: URL" so that it survives mail readers without HTML."""
from __future__ import annotations

import sys
import uuid
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate
from html.parser import HTMLParser

from supastack.core.config import Settings
from supastack.mail.send import send_now
from supastack.mail.settings import smtp_config

TIMEOUT = 10.0


def send(settings: Settings, to: str, subject: str, html: str, kind: str) -> str | None:
    """Send one message (`html`, the rendered template) of `kind` (invite, recovery, password_changed...);
    returns its Message-ID (None when there is no mail server). The log names the kind and the address only:
    the message's link and code are secrets."""
    config = smtp_config(settings, settings.data_dir)
    if config is None:
        _log(f"auth mail ({kind}) to {to} not sent: no mail server is configured")
        return None
    message = EmailMessage()
    message["From"] = Address(config.sender_name, addr_spec=config.sender)
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = f"<{uuid.uuid4()}@{config.sender.rsplit('@', 1)[-1]}>"
    message.set_content(html_to_text(html))
    message.add_alternative(html, subtype="html")
    send_now(config, message, TIMEOUT)
    _log(f"auth mail ({kind}) sent to {to}")
    return str(message["Message-ID"])


def _log(line: str) -> None:
    """One line in the stack log (stderr). Never give it a link, a code or a token hash."""
    print(line, file=sys.stderr, flush=True)


class _Text(HTMLParser):
    """Text of an e-mail's HTML: blocks on lines of their own, links as "label: URL", no head or styles."""
    BLOCKS = {"p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "li", "ul", "ol", "table", "blockquote"}
    HIDDEN = {"head", "style", "script", "title"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line: list[str] = []
        self.hidden = 0
        self.href: str | None = None
        self.label: list[str] = []

    def _break(self) -> None:
        text = " ".join("".join(self.line).split())
        if text:
            self.lines.append(text)
        self.line = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.hidden += 1
        elif tag in self.BLOCKS:
            self._break()
        elif tag == "br":
            self._break()
        elif tag == "a":
            self.href, self.label = dict(attrs).get("href") or None, []

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in self.BLOCKS:
            self._break()
        elif tag == "a" and self.href is not None:
            label = " ".join("".join(self.label).split())
            self.line.append(self.href if label in ("", self.href) else f"{label}: {self.href}")
            self.href = None

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        (self.label if self.href is not None else self.line).append(data)


def html_to_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    parser._break()
    return "\n\n".join(parser.lines) + "\n"
