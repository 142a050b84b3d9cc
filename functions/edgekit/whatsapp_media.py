"""Media a client sends on WhatsApp: fetched through the Graph API media endpoint (GET /{version}/{media-id},
then the URL it answers, both with the access token), within limits, before it is stored in the client's folder.

Only what the client_documents bucket accepts and staff can open safely is kept: JPEG, PNG, WebP and PDF, at most
MAX_BYTES, and only when the bytes really are of the declared type (magic numbers). Audio, video and anything
else stays a line in the conversation. In production mode the Graph host is the official one and the media URL
must be https (edgekit.whatsapp_endpoint); no redirects are followed."""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx

from edgekit.whatsapp_endpoint import OFFICIAL_API, endpoint_refusal

MAX_BYTES = 16 * 1024 * 1024   # WhatsApp's own ceiling for documents is 100 MB; ours is the office's
ACCEPTED = {"image/jpeg": ".jpg", "image/png": ".png", "image/webp": ".webp", "application/pdf": ".pdf"}
MEDIA_ID = re.compile(r"[A-Za-z0-9_.-]{1,128}")
VERSION = re.compile(r"v[0-9]{1,3}\.[0-9]{1,2}")


class MediaRefused(Exception):
    """Why a media file was not kept (pt-BR, shown in the conversation)."""


@dataclass
class Media:
    content: bytes
    mime: str

    @property
    def extension(self) -> str:
        return ACCEPTED[self.mime]


def _magic_matches(mime: str, head: bytes) -> bool:
    if mime == "image/jpeg":
        return head.startswith(b"\xff\xd8\xff")
    if mime == "image/png":
        return head.startswith(b"\x89PNG\r\n\x1a\n")
    if mime == "image/webp":
        return head[:4] == b"RIFF" and head[8:12] == b"WEBP"
    if mime == "application/pdf":
        return head.startswith(b"%PDF-")
    return False


def _declared_mime(value: object) -> str:
    return str(value or "").split(";", 1)[0].strip().lower()


async def fetch(http: httpx.AsyncClient, settings: dict, media_id: str, declared_mime: str | None,
                production: bool) -> Media:
    base = (settings.get("apiBaseUrl") or OFFICIAL_API).rstrip("/")
    version = settings.get("apiVersion") or "v21.0"
    token = settings.get("accessToken") or ""
    refused = endpoint_refusal(base, production)
    if refused:
        raise MediaRefused(refused)
    if not token or not MEDIA_ID.fullmatch(media_id or "") or not VERSION.fullmatch(version):
        raise MediaRefused("WhatsApp não configurado para baixar arquivos")
    mime = _declared_mime(declared_mime)
    if mime and mime not in ACCEPTED:
        raise MediaRefused(f"tipo de arquivo não aceito ({mime[:60]})")
    auth = {"Authorization": f"Bearer {token}"}
    try:
        info = await http.get(f"{base}/{version}/{media_id}", headers=auth, follow_redirects=False)
    except httpx.HTTPError as exc:
        raise MediaRefused(f"falha ao consultar o arquivo ({type(exc).__name__})") from exc
    if info.status_code != 200:
        raise MediaRefused(f"falha ao consultar o arquivo (HTTP {info.status_code})")
    try:
        meta = info.json()
        url = str(meta["url"])
    except (ValueError, KeyError, TypeError) as exc:
        raise MediaRefused("resposta inesperada da API do WhatsApp") from exc
    mime = _declared_mime(meta.get("mime_type")) or mime
    if mime not in ACCEPTED:
        raise MediaRefused(f"tipo de arquivo não aceito ({mime[:60] or 'desconhecido'})")
    size = meta.get("file_size")
    if isinstance(size, int) and size > MAX_BYTES:
        raise MediaRefused(f"arquivo grande demais (máximo {MAX_BYTES // (1024 * 1024)} MB)")
    parts = urlsplit(url)
    if parts.scheme not in ("https", "http") or not parts.hostname or parts.username or parts.password \
            or (production and parts.scheme != "https"):
        raise MediaRefused("endereço do arquivo inválido")
    chunks: list[bytes] = []
    total = 0
    try:
        async with http.stream("GET", url, headers=auth, follow_redirects=False) as r:
            if r.status_code != 200:
                raise MediaRefused(f"falha ao baixar o arquivo (HTTP {r.status_code})")
            async for chunk in r.aiter_bytes():
                total += len(chunk)
                if total > MAX_BYTES:
                    raise MediaRefused(f"arquivo grande demais (máximo {MAX_BYTES // (1024 * 1024)} MB)")
                chunks.append(chunk)
    except httpx.HTTPError as exc:
        raise MediaRefused(f"falha ao baixar o arquivo ({type(exc).__name__})") from exc
    content = b"".join(chunks)
    if not content or not _magic_matches(mime, content[:16]):
        raise MediaRefused("o conteúdo do arquivo não corresponde ao tipo declarado")
    return Media(content=content, mime=mime)
