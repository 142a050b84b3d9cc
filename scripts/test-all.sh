#!/usr/bin/env bash
# Runs every suite: Python (own stacks on free ports), app unit tests, supabase-js against a live
# test stack, and the browser journeys against the same stack. Stops what it started.
set -uo pipefail
cd "$(dirname "$0")/.."

PY=.venv/bin/python
export SUPASTACK_DATA_DIR="$PWD/.data-test"
export API_PORT="${TEST_API_PORT:-55321}" DB_PORT="${TEST_DB_PORT:-55322}" APP_PORT="${TEST_APP_PORT:-55300}"
# the mail sink's inbox and SMTP ports, away from a development stack's 54324/54325
export INBUCKET_PORT="${TEST_INBUCKET_PORT:-55324}" INBUCKET_SMTP_PORT="${TEST_INBUCKET_SMTP_PORT:-55325}"
failures=()

step() { printf '\n==== %s\n' "$*"; }

step "Lint: ruff, mypy, import contracts, eslint, prettier, tsc (scripts/lint.sh, as make lint)"
bash scripts/lint.sh || failures+=("lint")

step "Python tests (stack, functions, data)"
$PY -m pytest tests || failures+=("python")

step "App unit tests (Vitest)"
npm run test -w app || failures+=("app-unit")

step "Live test stack on :$API_PORT"
$PY -m supastack stop >/dev/null 2>&1
rm -rf "$SUPASTACK_DATA_DIR"
if $PY -m supastack start > .test-stack.log 2>&1; then
  trap '$PY -m supastack stop >/dev/null 2>&1' EXIT
  eval "$($PY -m supastack status)"
  export SUPABASE_URL="$API_URL" SUPABASE_ANON_KEY="$ANON_KEY" SUPABASE_SERVICE_ROLE_KEY="$SERVICE_ROLE_KEY"
  export SUPABASE_PUBLISHABLE_KEY="$PUBLISHABLE_KEY" SUPABASE_SECRET_KEY="$SECRET_KEY" APP_URL INBUCKET_URL
  step "supabase-js against the live stack (node --test)"
  if ls tests/contract/js/*.test.mjs >/dev/null 2>&1; then
    node --test --test-concurrency=1 tests/contract/js/ || failures+=("js-contract")
  fi
  # the journeys that may share the stack run two at a time, then the others alone (app/playwright.config.ts);
  # two calls, so that a failure among the first never skips the second
  step "Browser journeys (Playwright, Chromium): side by side"
  npm run e2e -w app -- --project=side-by-side || failures+=("e2e")
  step "Browser journeys (Playwright, Chromium): alone"
  npm run e2e -w app -- --project=alone --no-deps || failures+=("e2e-alone")
else
  cat .test-stack.log
  failures+=("live-stack")
fi

if ((${#failures[@]})); then
  printf '\nFAILED suites: %s\n' "${failures[*]}"
  exit 1
fi
printf '\nAll suites passed.\n'
