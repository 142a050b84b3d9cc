#!/usr/bin/env bash
# Runs every suite: Python (own stacks on free ports), app unit tests, supabase-js against a live
# test stack, and the browser journeys against the same stack. Stops what it started.
set -uo pipefail
cd "$(dirname "$0")/.."

PY=.venv/bin/python
export SUPASTACK_DATA_DIR="$PWD/.data-test"
failures=()
# each suite's output is also kept here, so that the end of the run can name what failed (a log read from its
# tail alone would otherwise show only the last suite's passes)
LOGS=.test-logs
rm -rf "$LOGS" && mkdir -p "$LOGS"

step() { printf '\n==== %s (at %d:%02d)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }
# runs a suite, its output both shown and kept in $LOGS/<name>.log; the suite's own exit status
logged() { local name=$1; shift; "$@" 2>&1 | tee "$LOGS/$name.log"; return "${PIPESTATUS[0]}"; }
# the lines of a kept log that name failures: pytest's summary, Vitest's FAIL lines, Playwright's closing list
# (or, when none does, the log's last lines)
failed_in() {
  local named
  local plain  # the log without its colours
  plain=$(sed -E 's/\x1b\[[0-9;]*m//g' "$LOGS/$1.log" 2>/dev/null)
  named=$({
    grep -E '^(FAILED|ERROR) |^ *(FAIL|×) |^not ok ' <<<"$plain"
    sed -n -E '/^  [0-9]+ (failed|flaky)$/,/^  [0-9]+ passed/p' <<<"$plain"
  } | head -60)
  if [[ -n $named ]]; then printf '%s\n' "$named"; else tail -n 30 <<<"$plain"; fi
}

step "Lint: ruff, mypy, import contracts, eslint, prettier, tsc (scripts/lint.sh, as make lint)"
logged lint bash scripts/lint.sh || failures+=("lint")

# three workers (pytest-xdist), each with its own PostgreSQL cluster and ports (tests/harness.py); a file's tests
# stay together on one worker, so a module's stack is started once, and the files go out slowest first
# (tests/durations.json; tests/conftest.py says why). The suites wait as well as compute (stacks starting, time
# limits running out): on two cores, two workers took 8:38, three 7:54, three with the slowest files first
# 7:05. The REST suite runs after, in one process and in order: its files share one fixture database that some of
# them add rows to. PYTEST_WORKERS=0: one process.
step "Python tests: the engine's (tests/engine) and the product's (tests/product), on ${PYTEST_WORKERS:-3} workers"
logged python $PY -m pytest -n "${PYTEST_WORKERS:-3}" --dist loadfile --no-loadscope-reorder --durations=25 tests --ignore=tests/engine/rest || failures+=("python")
logged python-rest $PY -m pytest tests/engine/rest || failures+=("python-rest")

# the live stack's ports (scripts/live_ports.py; TEST_API_PORT and the like choose them), chosen only now: the
# Python suites start stacks of their own and must not inherit these
read -r API_PORT DB_PORT APP_PORT INBUCKET_PORT INBUCKET_SMTP_PORT < <($PY scripts/live_ports.py)
export API_PORT DB_PORT APP_PORT INBUCKET_PORT INBUCKET_SMTP_PORT

# the live stack boots (migrations, seed) while Vitest runs: neither needs the other
step "Live test stack on :$API_PORT (starting) and the app unit tests (Vitest)"
$PY -m supastack stop >/dev/null 2>&1
rm -rf "$SUPASTACK_DATA_DIR"
$PY -m supastack start > .test-stack.log 2>&1 &
stack_pid=$!
trap '$PY -m supastack stop >/dev/null 2>&1' EXIT
logged app-unit npm run test -w app || failures+=("app-unit")

if wait "$stack_pid"; then
  eval "$($PY -m supastack status)"
  export SUPABASE_URL="$API_URL" SUPABASE_ANON_KEY="$ANON_KEY" SUPABASE_SERVICE_ROLE_KEY="$SERVICE_ROLE_KEY"
  export SUPABASE_PUBLISHABLE_KEY="$PUBLISHABLE_KEY" SUPABASE_SECRET_KEY="$SECRET_KEY" APP_URL INBUCKET_URL
  step "supabase-js against the live stack (node --test)"
  if ls tests/product/contract/js/*.test.mjs >/dev/null 2>&1; then
    logged js-contract node --test --test-concurrency=1 tests/product/contract/js/ || failures+=("js-contract")
  fi
  # the journeys that may share the stack run E2E_WORKERS at a time (2 here unless set), then the others alone
  # (app/playwright.config.ts); two calls, so that a failure among the first never skips the second. Two at a time
  # on two cores: 52 journeys in 2.7-2.9 min against 3.6 one at a time, the longest 30-s journey at 16 s (while
  # every journey recorded a trace, two at a time gained nothing: 7.0 min against 5.4).
  step "Browser journeys (Playwright, Chromium): side by side"
  E2E_WORKERS="${E2E_WORKERS:-2}" logged e2e npm run e2e -w app -- --project=side-by-side || failures+=("e2e")
  step "Browser journeys (Playwright, Chromium): alone"
  logged e2e-alone npm run e2e -w app -- --project=alone --no-deps || failures+=("e2e-alone")
else
  cat .test-stack.log
  failures+=("live-stack")
fi

if ((${#failures[@]})); then
  for suite in "${failures[@]}"; do
    printf '\n==== What failed in %s\n' "$suite"
    failed_in "$suite"
  done
  printf '\nFAILED suites: %s\n' "${failures[*]}"
  exit 1
fi
printf '\nAll suites passed in %d:%02d.\n' $((SECONDS / 60)) $((SECONDS % 60))
