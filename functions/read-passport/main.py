"""POST {documentId} -> what a client document that is a photo or scan of a passport's data page proposes for the
client's record: {proposal: {fullName, birthDate, nationality, passportNumber, expiryDate, sex, checks, valid...},
clientId} or {proposal: null} when no machine-readable zone was found.

Nothing is written: staff check the proposal and confirm it. Staff only; the document row and its file are read with
the caller's JWT, so row-level security decides (another client's document, or a client, 404). The image is decoded
with limits (size, pixels) in a thread and read by Tesseract in a process of its own with a time limit, off the
event loop.
"""

import asyncio
import io
import os
import shutil
import sys
from pathlib import Path

from fastapi import FastAPI, Request
from PIL import Image, ImageOps, UnidentifiedImageError
from storage3.exceptions import StorageApiError

sys.path.insert(0, str(Path(__file__).parent))

from mrz import read_zones, with_printed_spelling  # noqa: E402

from edgekit.caller import identify  # noqa: E402
from edgekit.clients import user_client  # noqa: E402
from edgekit.env import function_env  # noqa: E402
from edgekit.responses import FunctionError, install_error_handler, json_body  # noqa: E402

app = FastAPI()
install_error_handler(app)
NOT_FOUND = "Documento não encontrado"
MAX_BYTES = 15 * 1024 * 1024
MAX_PIXELS = 40_000_000  # a 40-megapixel photo; more is refused before it is decoded
OCR_SECONDS = 30
ZONE_GLYPHS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"
PASS_WIDTHS = (1000, 1250, 1800)  # pixels across the page: the zone's glyphs from ~22 to ~40 px wide


def _prepared(data: bytes) -> list[bytes]:
    """PNG images to read: the lower part of the page (where the zone is) at three sizes, the whole page, then the
    printed part above the zone; grey, contrast stretched and (the zone's) thresholded. OCR of the zone's fillers
    ('<') varies with the size, so the passes are compared (mrz.read_zones)."""
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with Image.open(io.BytesIO(data)) as opened:
            if opened.width * opened.height > MAX_PIXELS:
                raise FunctionError(400, "Imagem grande demais para ler (até 40 megapixels)")
            image = ImageOps.exif_transpose(opened).convert("L")
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError) as exc:
        raise FunctionError(422, "Não foi possível ler a imagem: envie uma foto (JPEG ou PNG) da página do "
                                 "passaporte") from exc
    lower = image.crop((0, int(image.height * 0.55), image.width, image.height))
    passes = [(lower, width) for width in PASS_WIDTHS] + [(image, PASS_WIDTHS[-1])]
    out = []
    # the printed part above the zone, for the names' spelling with accents
    upper = ImageOps.autocontrast(image.crop((0, 0, image.width, int(image.height * 0.6))))
    printed = io.BytesIO()
    upper.save(printed, format="PNG")
    for crop, width in passes:
        crop = crop.resize((width, max(1, round(crop.height * width / max(crop.width, 1)))),
                           Image.Resampling.LANCZOS)
        crop = ImageOps.autocontrast(crop).point(lambda v: 0 if v < 140 else 255)
        buffer = io.BytesIO()
        crop.save(buffer, format="PNG")
        out.append(buffer.getvalue())
    return out + [printed.getvalue()]


async def _ocr(png: bytes, *, zone: bool = True) -> str:
    """Tesseract on one image: the zone's glyphs only, or (zone=False) the printed page in Portuguese."""
    tesseract = shutil.which("tesseract")
    if not tesseract:
        raise FunctionError(503, "Leitura de passaporte indisponível neste servidor (Tesseract OCR não instalado)")
    options = ["-c", f"tessedit_char_whitelist={ZONE_GLYPHS}"] if zone else ["-l", "por"]
    process = await asyncio.create_subprocess_exec(
        tesseract, "stdin", "stdout", "--psm", "6", *options,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
        env={**os.environ, "OMP_THREAD_LIMIT": "1"})  # passes run side by side, one thread each
    try:
        out, _ = await asyncio.wait_for(process.communicate(png), OCR_SECONDS)
    except TimeoutError as exc:
        process.kill()
        await process.wait()
        raise FunctionError(422, "A leitura da imagem demorou demais") from exc
    return out.decode("utf-8", "replace")


@app.post("/")
async def read_passport(request: Request):
    env = function_env(request)
    caller = await identify(request, env, message="Autenticação necessária")
    body = await json_body(request)
    document_id = str(body.get("documentId") or "")
    if len(document_id) != 36:
        raise FunctionError(400, "Informe o documento")
    if not caller.is_staff:
        raise FunctionError(404, NOT_FOUND)
    db = user_client(env, caller.access_token)
    rows = (await db.table("client_documents").select("id, file_path, client_id").eq("id", document_id)
            .limit(1).execute()).data
    if not rows:
        raise FunctionError(404, NOT_FOUND)
    try:
        data = await db.storage.from_("client_documents").download(rows[0]["file_path"])
    except StorageApiError as exc:
        raise FunctionError(404, NOT_FOUND) from exc
    if len(data) > MAX_BYTES:
        raise FunctionError(400, "Arquivo grande demais para ler (até 15 MB)")
    *lower, whole, printed = await asyncio.to_thread(_prepared, data)
    *passes, printed_text = await asyncio.gather(*(_ocr(png) for png in lower), _ocr(printed, zone=False))
    zone = read_zones(passes)
    if zone is None:  # the zone is not in the lower part (a page photographed sideways in the frame...)
        zone = read_zones([await _ocr(whole)])
    if zone is not None:
        zone = with_printed_spelling(zone, printed_text)
    return {"proposal": zone.proposal() if zone else None, "clientId": rows[0]["client_id"]}
