#!/usr/bin/env bash
# End-to-end tests of the web Transaction Manager: `iap serve`'s page at / driven in
# a real headless Chromium (Debian's chromium and chromium-driver, through Selenium from PyPI)
# by scripts/e2e/tools/web_test.py, with the CLI beside it on the same state, and attacked
# from another site's page and through a rebound name; with a control token too; the page's
# files and headers checked over plain HTTP. .ci/run installs Chromium; without it the
# browser scenario is skipped on a workstation (saying so) and fails in CI.
source "$(dirname "$0")/lib.sh"
TOOLS="$ROOT/scripts/e2e/tools"

# fetch URL: the response's status line and headers in $head, its body in $body.
fetch() {
  run_out=$(python3 - "$1" <<'PY'
import sys, urllib.request, urllib.error
class Keep(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args): return None
try:
    r = urllib.request.build_opener(Keep).open(sys.argv[1])
except urllib.error.HTTPError as e:
    r = e
print(r.status)
for k, v in r.headers.items(): print(f"{k}: {v}")
print()
sys.stdout.write(r.read().decode())
PY
)
  head=${run_out%%$'\n\n'*}
  body=${run_out#*$'\n\n'}
}

scenario "the page and its files: content types, a strict Content-Security-Policy, no outside asset"
status=0 out="" err=""
start_server
fetch "$url/"
case "$head" in 200*) ok ;; *) not_ok "GET / answered: ${head%%$'\n'*}" ;; esac
grep -q "^Content-Type: text/html; charset=utf-8" <<<"$head" && ok || not_ok "GET / is not text/html: $head"
grep -q "^Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'" <<<"$head" && ok || not_ok "GET / has no strict CSP: $head"
grep -q "^X-Content-Type-Options: nosniff" <<<"$head" && ok || not_ok "GET / lacks nosniff: $head"
# Every file the page names is served, with its own type; nothing comes from elsewhere.
for file in web/app.css:text/css web/app.js:text/javascript web/api.js:text/javascript web/views.js:text/javascript \
  web/actions.js:text/javascript web/timeline.js:text/javascript web/offers.js:text/javascript web/icon.svg:image/svg+xml; do
  fetch "$url/${file%%:*}"
  grep -q "^Content-Type: ${file#*:}" <<<"$head" && ok || not_ok "${file%%:*}: $head"
done
fetch "$url/"
grep -Eq '(src|href)="(https?:)?//' <<<"$body" && not_ok "the page loads something from elsewhere" || ok
grep -Eq '<script>|<style|style="| on[a-z]+="' <<<"$body" && not_ok "the page has inline script or style, which its CSP forbids" || ok
fetch "$url/web/nope.js"
case "$head" in 404*) ok ;; *) not_ok "an unknown file answered: ${head%%$'\n'*}" ;; esac
fetch "$url/ns/alpha"
case "$head" in 308*) grep -q "^Location: /ns/alpha/" <<<"$head" && ok || not_ok "no Location: $head" ;; *) not_ok "/ns/alpha answered: $head" ;; esac
fetch "$url/ns/alpha/"
case "$head" in 200*) ok ;; *) not_ok "/ns/alpha/ answered: $head" ;; esac
fetch "$url/ns/bad.name/"
case "$head" in 400*) ok ;; *) not_ok "/ns/bad.name/ answered: $head" ;; esac

scenario "in headless Chromium: buy, live updates from the shell, finish, refund, Ask to Buy, a timeline, a namespace"
start_server
# .ci/run installs the browser; a test run on a workstation installs nothing system-wide.
chromium=$(command -v chromium || command -v chromium-browser || true)
driver=$(command -v chromedriver || true)
SELENIUM=$(python_with selenium)
browser=""
if [ -n "$chromium" ] && [ -n "$driver" ] && [ -n "$SELENIUM" ]; then
  browser=yes
  shots=${IAP_WEB_SCREENSHOTS:-$PWD}
  export CHROMIUM=$chromium CHROMEDRIVER=$driver
  tally < <(timeout 300 "$SELENIUM" "$TOOLS/web_test.py" "$url" "$IAP_BIN" "$shots" 2>&1)
  [ -s "$shots/web.png" ] && [ -s "$shots/web-phone.png" ] && ok || not_ok "the screenshots at 1280 and 390 px were not saved"
elif [ -n "${CI:-}" ]; then
  not_ok "headless Chromium is needed (chromium: ${chromium:-none}, chromedriver: ${driver:-none}, selenium: ${SELENIUM:-none})"
else
  skip "headless Chromium is not installed (apt-get install chromium chromium-driver), nor Selenium (pip install selenium)"
fi

scenario "in headless Chromium: another site's form and fetch change nothing; a rebound name is not served"
start_server
if [ -n "$browser" ]; then
  tally < <(timeout 120 "$SELENIUM" "$TOOLS/web_test.py" "$url" "$IAP_BIN" "$PWD" attacks 2>&1)
else
  skip "headless Chromium is not installed"
fi

scenario "in headless Chromium: with --control-token, the page takes the token from its URL, or asks"
start_server --control-token "s3cret-token"
if [ -n "$browser" ]; then
  tally < <(timeout 120 "$SELENIUM" "$TOOLS/web_test.py" "$url" "$IAP_BIN" "$PWD" token=s3cret-token 2>&1)
else
  skip "headless Chromium is not installed"
fi

finish
