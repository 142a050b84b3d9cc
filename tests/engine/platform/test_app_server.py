"""The app server on a phone's terms: precompressed assets by Accept-Encoding, long-lived caching, small first load."""
from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
from pathlib import Path

import httpx
import pytest

from supastack.gateway.compression import accepted_codings, precompressed_variant

# APP_DIST: a build elsewhere (the stack fixture serves it too, as the server reads the same variable).
DIST = Path(os.environ.get("APP_DIST") or Path(__file__).resolve().parents[3] / "app" / "dist")
IMMUTABLE = "public, max-age=31536000, immutable"
# What /auth makes a phone download before the login form shows (index.html's scripts, preloads, styles and
# the lazy login screen with its imports), brotli-compressed: 186 kB (200 kB before the icons and the signed-in
# screens' primitives left its kit; 201 kB with zod; 943 kB uncompressed before).
FIRST_LOAD_BROTLI_BUDGET = 200 * 1024


@pytest.fixture(scope="module")
def built() -> Path:
    if not (DIST / "index.html").is_file():
        pytest.fail("app/dist is missing: run `npm run build -w app` (make build does) before these tests")
    return DIST


def main_script(dist: Path) -> str:
    match = re.search(r'<script type="module"[^>]*src="(/assets/[^"]+\.js)"', (dist / "index.html").read_text())
    assert match, "index.html loads the app's entry module"
    return match.group(1)


def fetch_raw(url: str, accept_encoding: str | None) -> httpx.Response:
    """The response with its body exactly as sent on the wire (httpx would otherwise decode gzip)."""
    with httpx.Client() as client:
        del client.headers["accept-encoding"]  # httpx's default "gzip, deflate"; None sends no header at all
        headers = {} if accept_encoding is None else {"Accept-Encoding": accept_encoding}
        with client.stream("GET", url, headers=headers) as response:
            response._content = b"".join(response.iter_raw())
    return response


# --- choosing the encoding (no server needed) ---------------------------------------------------------------

def test_accept_encoding_is_read_with_its_q_values():
    assert accepted_codings("gzip, deflate, br, zstd") == {"gzip": 1.0, "deflate": 1.0, "br": 1.0, "zstd": 1.0}
    assert accepted_codings("br;q=0, GZIP;q=0.5 , *;q=0.1") == {"br": 0.0, "gzip": 0.5, "*": 0.1}
    assert accepted_codings("") == {}


@pytest.mark.parametrize(("accept", "expected"), [
    ("gzip, deflate, br", "br"),           # what browsers send: brotli wins the tie
    ("gzip", "gzip"),
    ("br;q=0, gzip", "gzip"),              # q=0 means "not acceptable"
    ("br;q=0.2, gzip;q=0.9", "gzip"),      # the client's preference first
    ("*", "br"),
    ("identity", None),
    ("", None),
])
def test_the_best_acceptable_twin_on_disk_is_chosen(tmp_path, accept, expected):
    asset = tmp_path / "app-1234.js"
    for name in ("app-1234.js", "app-1234.js.br", "app-1234.js.gz"):
        (tmp_path / name).write_bytes(b"x")
    sent, coding = precompressed_variant(asset, accept)
    assert coding == expected
    assert sent.name == {"br": "app-1234.js.br", "gzip": "app-1234.js.gz", None: "app-1234.js"}[expected]


def test_a_missing_twin_falls_back_to_the_next_one(tmp_path):
    asset = tmp_path / "small.js"
    asset.write_bytes(b"x")
    (tmp_path / "small.js.gz").write_bytes(b"x")  # the build skips a .br that would not be smaller
    assert precompressed_variant(asset, "br, gzip") == (tmp_path / "small.js.gz", "gzip")
    (tmp_path / "small.js.gz").unlink()
    assert precompressed_variant(asset, "br, gzip") == (asset, None)


# --- the build writes the twins ------------------------------------------------------------------------------

def test_the_build_writes_brotli_and_gzip_twins_of_every_text_asset(built):
    texts = [p for p in (built / "assets").iterdir() if p.suffix in (".js", ".css")] + [built / "index.html"]
    big = [p for p in texts if p.stat().st_size > 1024]
    assert big
    for path in big:
        twin_gz, twin_br = path.with_name(path.name + ".gz"), path.with_name(path.name + ".br")
        assert twin_gz.is_file() and twin_br.is_file(), f"{path.name} has no .gz/.br twin"
        assert gzip.decompress(twin_gz.read_bytes()) == path.read_bytes()
        assert twin_br.stat().st_size < twin_gz.stat().st_size < path.stat().st_size
    # Brotli checked with Node's zlib (Python has no brotli decoder without an extra package).
    sample = max(big, key=lambda p: p.stat().st_size)
    script = ("const z=require('zlib'),f=require('fs');"
              "process.exit(z.brotliDecompressSync(f.readFileSync(process.argv[1]+'.br'))"
              ".equals(f.readFileSync(process.argv[1]))?0:1)")
    assert subprocess.run(["node", "-e", script, str(sample)], check=False, timeout=60).returncode == 0


# --- the server sends them -------------------------------------------------------------------------------------

def test_javascript_is_sent_as_brotli_to_browsers(stack, built):
    path = main_script(built)
    r = fetch_raw(f"{stack.app_url}{path}", "gzip, deflate, br, zstd")
    assert r.status_code == 200
    assert r.headers["content-encoding"] == "br"
    assert r.content == (built / (path.lstrip("/") + ".br")).read_bytes()
    assert int(r.headers["content-length"]) == len(r.content)
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.headers["vary"] == "Accept-Encoding"
    assert r.headers["cache-control"] == IMMUTABLE


def test_gzip_for_clients_without_brotli_and_plain_bytes_for_the_rest(stack, built):
    path = main_script(built)
    original = (built / path.lstrip("/")).read_bytes()
    r = fetch_raw(f"{stack.app_url}{path}", "gzip")
    assert r.headers["content-encoding"] == "gzip"
    assert gzip.decompress(r.content) == original
    assert int(r.headers["content-length"]) == len(r.content)
    for accept in (None, "identity", "br;q=0, gzip;q=0"):
        r = fetch_raw(f"{stack.app_url}{path}", accept)
        assert "content-encoding" not in r.headers, accept
        assert r.content == original
        assert r.headers["vary"] == "Accept-Encoding"
        assert r.headers["content-type"].startswith("text/javascript")


def test_stylesheets_are_compressed_and_cached_for_a_year(stack, built):
    css = re.search(r'href="(/assets/[^"]+\.css)"', (built / "index.html").read_text())
    assert css
    r = fetch_raw(f"{stack.app_url}{css.group(1)}", "br, gzip")
    assert r.headers["content-encoding"] == "br"
    assert r.headers["content-type"].startswith("text/css")
    assert r.headers["cache-control"] == IMMUTABLE


@pytest.mark.parametrize("page", ["/", "/auth", "/cliente", "/financeiro/taxas-uscis", "/index.html"])
def test_the_page_shell_is_compressed_but_never_kept_stale(stack, built, page):
    r = fetch_raw(f"{stack.app_url}{page}", "gzip, deflate, br")
    assert r.status_code == 200
    assert r.headers["content-encoding"] == "br"
    assert r.headers["content-type"].startswith("text/html")
    assert r.headers["cache-control"] == "no-cache"
    assert r.headers["vary"] == "Accept-Encoding"
    plain = fetch_raw(f"{stack.app_url}{page}", None)
    assert plain.content == (built / "index.html").read_bytes()


def test_runtime_config_is_never_cached_and_points_the_app_at_its_own_origin(stack):
    r = httpx.get(f"{stack.app_url}/env.js", headers={"Accept-Encoding": "br, gzip"})
    assert r.status_code == 200
    assert r.headers["cache-control"] in ("no-store", "no-cache")
    assert "immutable" not in r.headers["cache-control"]
    # the page's origin answers the API's paths: no other origin to name, nothing to preconnect to
    assert "window.__ENV__.SUPABASE_URL = window.location.origin;" in r.text
    assert "preconnect" not in r.text and stack.url not in r.text


def test_runtime_config_does_not_block_the_first_paint_yet_runs_before_the_app(built):
    head = (built / "index.html").read_text()
    env_script = re.search(r"<script[^>]*src=\"/env.js\"[^>]*>", head)
    assert env_script and " defer" in env_script.group(0)
    # Deferred classic scripts and module scripts run in document order: the config must come first.
    assert head.index('src="/env.js"') < head.index('type="module"')


def test_a_twin_asked_for_by_name_is_not_served_as_javascript(stack, built):
    path = main_script(built)
    r = fetch_raw(f"{stack.app_url}{path}.br", "br")
    assert r.status_code == 200
    assert "content-encoding" not in r.headers
    assert r.headers["content-type"] == "application/octet-stream"


def test_missing_assets_are_404_not_the_page_shell(stack, built):
    r = fetch_raw(f"{stack.app_url}/assets/nao-existe-123.js", "br")
    assert r.status_code == 404


# --- what /auth downloads ---------------------------------------------------------------------------------------

def static_imports(dist: Path, asset: str) -> set[str]:
    """The asset and every chunk it imports statically (the browser fetches these before running it)."""
    seen: set[str] = set()
    todo = [asset]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name.endswith(".js"):
            code = (dist / "assets" / name).read_text()
            # Static imports only: `import{…}from"./x.js"` / `import"./x.js"`; dynamic `import("./x.js")` is lazy.
            todo += re.findall(r'(?:from|import)\s*"\./([^"]+\.js)"', code)
    return seen


def test_the_login_screen_downloads_only_what_it_needs(built):
    index = (built / "index.html").read_text()
    first = {ref for ref in re.findall(r'(?:src|href)="/assets/([^"]+\.(?:js|css))"', index)}
    login = next(p.name for p in (built / "assets").glob("auth-page-*.js"))
    files: set[str] = set()
    for name in [*first, login]:
        files |= static_imports(built, name)
    # The staff and portal shells (menus, dialogs, sheets) load with their areas, not with the login form;
    # nor does zod (the login form's two rules are checked by hand).
    assert not {f for f in files if f.startswith(("staff-layout-", "portal-layout-", "dropdown-menu-", "zod-"))}
    brotli = sum((built / "assets" / (f + ".br")).stat().st_size if (built / "assets" / (f + ".br")).is_file()
                 else (built / "assets" / f).stat().st_size for f in files)
    assert brotli < FIRST_LOAD_BROTLI_BUDGET, f"/auth downloads {brotli / 1024:.0f} kB brotli"


def test_the_page_shell_says_it_is_loading_before_any_script_runs(built):
    """A phone on a slow network paints this at once instead of a blank page; React replaces it."""
    # the root closes before </body> or before the stylesheet placed after it (app/build/stylesheet-after-shell.ts)
    root = re.search(r'<div id="root">(.*?)</div>\s*(?:<link rel="(?:stylesheet|preload)"[^>]*>\s*)?</body>',
                     (built / "index.html").read_text(), re.S)
    assert root
    assert 'role="status"' in root.group(1)
    assert "Carregando..." in root.group(1)


def test_no_stylesheet_holds_up_the_first_paint(built):
    """The stylesheet arrives as a preload that applies itself (app/build/stylesheet-after-shell.ts); the entry
    waits for it before the first render (app/src/main.tsx), so the spinner paints without it."""
    html = (built / "index.html").read_text()
    assert 'rel="stylesheet"' not in html
    links = re.findall(r'<link rel="preload" as="style"[^>]*>', html)
    assert links and all("data-app-stylesheet" in link and "this.rel='stylesheet'" in link for link in links)


def route_preloads(built: Path) -> list[tuple[str, int, list[str]]]:
    found = re.search(r"\}\)\((\[\[.*?\]\]), \"/\"\);</script>", (built / "index.html").read_text(), re.S)
    assert found, "index.html carries the route preload table (app/build/route-preload.ts)"
    return [tuple(row) for row in json.loads(found.group(1))]


@pytest.mark.parametrize(("path", "signed_in", "chunk"), [
    ("/auth", False, "auth-page-"),
    ("/", True, "dashboard-page-"),
    ("/", True, "staff-layout-"),
    ("/cliente", True, "portal-home-"),
    ("/cliente/financeiro", True, "portal-layout-"),
    ("/clientes", False, "auth-page-"),       # signed out, the guard shows the login screen
])
def test_the_page_shell_preloads_the_chunks_of_the_route_it_opens_on(built, path, signed_in, chunk):
    """The route's lazy chunks are requested with the entry instead of after it has run (one round trip less)."""
    files = next(files for pattern, needs_session, files in route_preloads(built)
                 if re.search(pattern, path) and (signed_in or not needs_session))
    assert any(f.startswith(f"assets/{chunk}") for f in files), files
    assert all((built / f).is_file() for f in files)
    head = (built / "index.html").read_text()
    # Before the entry module, so both are requested in the same round.
    assert head.index("modulepreload';") < head.index('<script type="module"')


# Scripts a first screen may request: on HTTP/1.1 a browser opens six connections per origin, so every six more
# cost a round trip (150 ms on a phone's 4G) before the screen shows. 25 to 30 before app/vite.config.ts's kit.
# Three rounds: the portal home, composed by its route from the portal's, Financeiro's and Mensagens' parts (and
# the glossary kept out of the login's kit), requests 17.
FIRST_SCREEN_SCRIPTS = 18


@pytest.mark.parametrize(("path", "signed_in"), [("/auth", False), ("/", True), ("/cliente", True)])
def test_a_first_screen_requests_few_scripts(built, path, signed_in):
    index = (built / "index.html").read_text()
    first = re.findall(r'(?:src|href)="/assets/([^"]+\.js)"', index)
    route = next(files for pattern, needs_session, files in route_preloads(built)
                 if re.search(pattern, path) and (signed_in or not needs_session))
    scripts: set[str] = set()
    for name in [*first, *(f.removeprefix("assets/") for f in route)]:
        scripts |= static_imports(built, name)
    assert len(scripts) <= FIRST_SCREEN_SCRIPTS, sorted(scripts)
