# The two commands: `make up` starts everything, `make test` runs every test suite.
SHELL := /bin/bash
PY    := .venv/bin/python
STACK := $(PY) -m supastack

.PHONY: up down reset status test lint dev bench seed-large backup restore admin-setup-code db-password deploy-rehearsal install install-py install-js build browser ocr haproxy clean schema

up: install build ocr
	$(STACK) start

down:
	@if [ -x $(PY) ]; then $(STACK) stop; fi

reset: install
	$(STACK) reset

status: install-py
	@$(STACK) status

test: install build browser ocr
	bash scripts/test-all.sh

# scripts/lint.sh, the checks `make test` runs too: ruff and mypy on the Python code; the engine's import
# contracts (import-linter); ESLint, the prettier check and tsc on the app.
lint: install-py install-js
	bash scripts/lint.sh

dev: install
	$(STACK) start && npm run dev -w app

bench: install build
	bash scripts/bench.sh

# A large office on top of the demo seed, in the running stack's database (scripts/seed_large.py):
# make seed-large SCALE=0.1 for a tenth of it.
SCALE ?= 1
seed-large: install-py
	$(PY) scripts/seed_large.py --scale $(SCALE)

# One archive (database, stored objects, keys) under the data folder's backups/ ([backup] dir in config.toml),
# encrypted with BACKUP_ENCRYPTION_KEY when it is set.
backup: install-py
	$(STACK) backup

# Rebuilds a stopped stack from an archive: make restore FILE=.data/backups/<name>.tar (an encrypted .tar.enc
# needs BACKUP_ENCRYPTION_KEY, asked for when it is not set)
restore: install-py
	@test -n "$(FILE)" || { echo "usage: make restore FILE=<archive written by make backup>"; exit 2; }
	$(STACK) restore "$(FILE)"

# Production: a one-time code for "Configurar Administrador" (the first administrator), printed here only.
admin-setup-code: install-py
	@$(STACK) admin-setup-code

# A new password for the embedded PostgreSQL (random; `make db-password < file` to choose one), kept in the
# data folder (0600); restart the stack afterwards.
db-password: install-py
	@if [ -t 0 ]; then $(STACK) db-password; else $(STACK) db-password --stdin; fi

# supabase/schema.sql and docs/database.md regenerated from a throwaway database with every migration (no seed);
# tests/engine/platform/test_schema_docs.py fails until they are current. The preamble of docs/database.md is
# supabase/database_preamble.md.
schema: install-py
	$(PY) -m supastack.db.schemadoc

# docs/deploy.md rehearsed: a production installation as an unprivileged user with the guide's own files.
deploy-rehearsal: install build
	$(PY) -m pytest tests/engine/deploy -q

install: install-py install-js haproxy

install-py: .venv/.installed
.venv/.installed: pyproject.toml
	python3 -m venv .venv
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

install-js: node_modules/.installed
node_modules/.installed: package.json package-lock.json app/package.json
	npm ci --no-audit --no-fund
	touch $@

build: install-js
	@if [ ! -f app/dist/index.html ] || [ -n "$$(find app/src app/index.html app/public app/vite.config.ts app/package.json -newer app/dist/index.html 2>/dev/null | head -1)" ]; then \
		npm run build -w app; \
	fi

# Debian's Chromium for the browser tests (never a browser download): the full browser (Lighthouse, the
# first-paint bench) and its headless shell, which the journeys drive (the same engine without the browser's UI
# process, as Playwright's own headless builds are).
BROWSER_PACKAGES := chromium chromium-headless-shell
browser:
	@missing=$$(for p in $(BROWSER_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	[ -z "$$missing" ] || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
		else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; fi; }
	@# Debian's Caddy for the deployment rehearsal (tests/engine/deploy); without it that rehearsal's HTTPS step is skipped
	@command -v caddy >/dev/null 2>&1 || [ "$$(id -u)" != 0 ] || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null; } || echo "caddy not installed"

# Debian's Tesseract (with Portuguese) for reading passports (read-passport), and the OCR-B face its tests print
# passports' machine-readable zones in. Without them the function answers 503 and says why.
ocr:
	@command -v tesseract >/dev/null 2>&1 && [ -f /usr/share/fonts/opentype/ocr-b/OCRB.otf ] && \
		tesseract --list-langs 2>/dev/null | grep -qx por || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			tesseract-ocr tesseract-ocr-por fonts-ocr-b >/dev/null; \
		else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			tesseract-ocr tesseract-ocr-por fonts-ocr-b >/dev/null; fi; }

# Debian's HAProxy for the scale-out tests and figures (tests/engine/scaleout, bench/bench_scaleout.py): several API
# nodes behind a balancer. Installed when missing and running as root; otherwise those tests say why they skip.
haproxy:
	@command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || [ "$$(id -u)" != 0 ] || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null; } || echo "haproxy not installed"

clean: down
	rm -rf .data .data-test .test-logs app/dist
