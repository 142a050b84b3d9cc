#!/usr/bin/env bash
# The one list of static checks, run by `make lint` and by scripts/test-all.sh: ruff (style, imports, likely
# bugs) on all Python code; mypy on the engine (strict on supastack.core); the engine's import contracts (import-linter,
# pyproject's [tool.importlinter]: its layers, no import of the product); on the app ESLint (typescript-eslint,
# Rules of Hooks), the prettier check and the TypeScript compiler (tsc -b, as the build runs it).
# Runs every check, names the ones that failed, and exits non-zero when any did.
set -uo pipefail
cd "$(dirname "$0")/.."

PY=.venv/bin/python
failed=()
check() {
  local name=$1
  shift
  printf -- '-- %s\n' "$name"
  "$@" || failed+=("$name")
}

check ruff "$PY" -m ruff check supabase functions tests bench
check mypy "$PY" -m mypy
check import-contracts .venv/bin/lint-imports
check eslint npm run --silent lint -w app
check prettier npm run --silent format:check -w app
check tsc bash -c 'cd app && npx tsc -b'

if ((${#failed[@]})); then
  printf 'lint FAILED: %s\n' "${failed[*]}"
  exit 1
fi
echo "lint passed"
