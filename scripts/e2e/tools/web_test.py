"""Drives the web Transaction Manager in a real headless Chromium, through the
page's stable hooks (data-product-id, data-transaction-id, data-action, svg[data-timeline],
[data-period]), with the CLI beside it on the same state: buy, a purchase from the shell
shown live, finish, refund, Ask to Buy approve, a timeline after a clock move, a namespace
page, a delete, dark mode; and no console error anywhere. At 1280 and at 390 px it checks the
layout through hooks and computed styles: transactions keep state, expiry and revocation in
view, timelines scroll rather than shrink (no text under 11 px, date ticks on period
boundaries that do not run into each other), a message never lies over a control, a product
not cleared for sale says why and cannot be bought, notifications without a notification
URL read "not sent".

With `attacks`, another site's page tries the store (a form and a fetch, CSRF) and a page at
a name re-pointed at 127.0.0.1 asks for it (DNS rebinding): nothing changes. With
`token=TOKEN` (a server started with --control-token TOKEN), the page takes the token from
its URL, and asks for it in a tab without it.

Usage: web_test.py URL IAP_BIN SCREENSHOT_DIR [attacks | token=TOKEN]
       (run in the folder whose .iap the server uses)
Prints one line per check, `ok - …` or `not ok - …: detail`; saves web.png and web-phone.png.
"""
import base64
import http.server
import json
import os
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

URL, IAP, SHOTS = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]
MODE = sys.argv[4] if len(sys.argv) > 4 else ""
P = "com.example.fakegame"
console = []


def check(condition, what, detail=""):
    print(("ok - " if condition else "not ok - ") + what + ("" if condition else ": " + str(detail)[:600]), flush=True)
    return condition


def cli(*args):
    """The CLI's --json answer on the same state."""
    done = subprocess.run([IAP, *args, "--json"], capture_output=True, text=True, timeout=60)
    return json.loads(done.stdout) if done.stdout.strip() else {"stderr": done.stderr}


def browser():
    options = webdriver.ChromeOptions()
    # Two names for 127.0.0.1 that the server is not known by: another site, and a rebound one.
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000",
                     "--host-resolver-rules=MAP attacker.test 127.0.0.1, MAP rebound.test 127.0.0.1"]:
        options.add_argument(argument)
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


def wait(driver, what, condition, seconds=10):
    """Waits for condition(driver) to be truthy; a check either way. Returns its value."""
    try:
        # The page redraws rows as the store changes: an element found just before a redraw is
        # stale, which means "look again", not failure.
        value = WebDriverWait(driver, seconds, poll_frequency=0.1, ignored_exceptions=[StaleElementReferenceException]).until(lambda d: condition(d))
        check(True, what)
        return value
    except TimeoutException:
        check(False, what, "timed out after %ss" % seconds)
        return None


def collect_console(driver):
    for entry in driver.get_log("browser"):
        console.append(entry)


def row(driver, transaction_id):
    found = driver.find_elements(By.CSS_SELECTOR, f'[data-transactions] tr[data-transaction-id="{transaction_id}"]')
    return found[0] if found else None


def row_state(driver, transaction_id):
    r = row(driver, transaction_id)
    return r.get_attribute("data-state") if r else None


def steady(action, tries=30):
    """`action`'s result, taken again when the page re-rendered the elements it held (live
    updates and the settings poll replace them at any moment)."""
    for _ in range(tries - 1):
        try:
            return action()
        except StaleElementReferenceException:
            time.sleep(0.1)
    return action()


def click(driver, selector):
    """Clicks the element; the page redraws rows as the store changes, so a row found just
    before a redraw is found again."""
    for attempt in range(5):
        try:
            element = driver.find_element(By.CSS_SELECTOR, selector)
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()
            return
        except StaleElementReferenceException:
            time.sleep(0.1)
    check(False, "click " + selector, "the element kept being redrawn")


def select_reason(driver, transaction_id, reason):
    for attempt in range(5):
        try:
            Select(row(driver, transaction_id).find_element(By.CSS_SELECTOR, '[data-field="reason"]')).select_by_value(reason)
            return
        except StaleElementReferenceException:
            time.sleep(0.1)


def full_page(driver, path):
    """A screenshot of the whole page: the window made tall enough for the page's scrolling
    main area to show all of it from the top, then put back."""
    width, height = driver.get_window_size()["width"], driver.get_window_size()["height"]
    driver.execute_script("document.querySelector('main').scrollTop = 0")
    grown = height
    for attempt in range(4):
        hidden = driver.execute_script("const main = document.querySelector('main'); return main.scrollHeight - main.clientHeight")
        if hidden <= 0:
            break
        grown += hidden + 20
        driver.set_window_size(width, grown)
        time.sleep(0.3)
    driver.save_screenshot(path)
    driver.set_window_size(width, height)


def latest(transaction_id):
    return next((t for t in cli("history").get("transactions", []) if t["id"] == transaction_id), {})


def der_to_raw(der):
    """An ECDSA signature in DER (what openssl writes) as JWS's r || s, 32 bytes each."""
    def integer(at):
        length = der[at + 1]
        return der[at + 2:at + 2 + length], at + 2 + length
    r, after = integer(2)
    s, _ = integer(after)
    return r[-32:].rjust(32, b"\0") + s[-32:].rjust(32, b"\0")


def app_key():
    """A key of `iap keys create` (for the App Store Server API and offer signatures), once."""
    if not hasattr(app_key, "key"):
        app_key.key = cli("keys", "create", "-o", "retention-key.p8")
    return app_key.key


def openssl_sign(data):
    """`data` signed with the app's key (ES256), as DER."""
    return subprocess.run(["openssl", "dgst", "-sha256", "-sign", "retention-key.p8"], input=data, capture_output=True, timeout=30).stdout


def offer_signature_v1(product, offer):
    """A promotional offer's version 1 signature fields, as an app's server makes them."""
    key, nonce, timestamp = app_key(), "3f2504e0-4f89-11d3-9a0c-0305e82c3301", int(time.time() * 1000)
    message = "\u2063".join([P, key["keyId"], product, offer, "", nonce, str(timestamp)]).encode()
    return {"encodedSignature": base64.b64encode(openssl_sign(message)).decode(), "productId": product, "nonce": nonce,
            "timestamp": timestamp, "keyId": key["keyId"], "offerIdentifier": offer}


def server_api(method, path, body):
    """An App Store Server API request with a bearer token made with `openssl` from a key of
    `iap keys create`, as Apple's libraries make one."""
    key = app_key()
    b64 = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=")
    now = int(time.time())
    header = {"alg": "ES256", "kid": key["keyId"], "typ": "JWT"}
    claims = {"iss": key["issuerId"], "iat": now, "exp": now + 300, "aud": "appstoreconnect-v1", "bid": P}
    signing = b64(json.dumps(header).encode()) + b"." + b64(json.dumps(claims).encode())
    token = (signing + b"." + b64(der_to_raw(openssl_sign(signing)))).decode()
    request = urllib.request.Request(URL + path, data=json.dumps(body).encode(), method=method,
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status


def retention_endpoint(answer):
    """A Get Retention Message endpoint on 127.0.0.1 that answers `answer`."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            body = json.dumps(answer).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def short(iso):
    """The page's short date: 2026-01-15T10:00:00Z as 2026-01-15 10:00."""
    return iso.replace("T", " ")[:16] if iso else ""


def layout(driver, width):
    """The checks of the layout at `width` px, on the state's own store: a refunded purchase,
    a renewed subscription and notifications sent without a notification URL."""
    at = f"at {width} px: "
    driver.set_window_size(width, 900)
    time.sleep(0.5)
    sizes = driver.execute_script("""const main = document.querySelector('main');
      return [document.documentElement.scrollWidth, innerWidth, main.scrollWidth, main.clientWidth]""")
    check(sizes[0] <= sizes[1] and sizes[2] <= sizes[3], at + "the page fits the window", sizes)

    # Transactions keep their state, expiry and revocation in view (cards on a phone).
    cells = driver.execute_script("""const out = {};
      for (const r of document.querySelectorAll('[data-transactions] tr[data-transaction-id]')) {
        const cell = (name) => { const c = r.querySelector(`[data-cell="${name}"]`), b = c.getBoundingClientRect();
          return [c.textContent, getComputedStyle(c).display !== 'none' && b.width > 0 && b.left >= 0 && b.right <= innerWidth + 0.5]; };
        out[r.dataset.transactionId] = {state: cell('state'), expires: cell('expires'), revocation: cell('revocation')};
      }
      return out""")
    check(cells and all(c["state"][1] for c in cells.values()), at + "every transaction's state is in view", cells)
    refunded = cells.get("2", {})
    check(refunded.get("revocation", ["", False])[1] and "developerIssue" in refunded["revocation"][0] and "refunded" in refunded["state"][0],
          at + "a refunded purchase shows its revocation and reads refunded", refunded)
    expiring = [t for t in cli("history").get("transactions", []) if t.get("expirationDate")]
    shown = [cells.get(t["id"], {}).get("expires", ["", False]) for t in expiring]
    check(expiring and all(visible and short(t["expirationDate"]) in text for t, (text, visible) in zip(expiring, shown)),
          at + "each subscription transaction shows its expiry", shown)

    # No text under 11 px anywhere shown, the timelines' included (drawn unscaled).
    small = driver.execute_script("""const small = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walk.nextNode()) {
        const e = walk.currentNode.parentElement;
        if (!walk.currentNode.textContent.trim() || e.closest('title, option')) continue;
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        const m = e.closest('svg')?.getScreenCTM();
        const size = parseFloat(getComputedStyle(e).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
        if (size < 11) small.push([e.tagName, walk.currentNode.textContent.slice(0, 30), size]);
      }
      return small""")
    check(small == [], at + "no text is smaller than 11 px", small)

    # A timeline keeps its size (its box scrolls) and dates its axis at period boundaries.
    drawn = driver.execute_script("""const svg = document.querySelector(`svg[data-timeline="${arguments[0]}"]`), box = svg.parentElement;
      const s = svg.getBoundingClientRect(), b = box.getBoundingClientRect();
      return {width: s.width, boxRight: b.right, scrolls: box.scrollWidth > box.clientWidth,
        ticks: [...svg.querySelectorAll('[data-tick]')].map(t => { const r = t.getBoundingClientRect();
          return [t.dataset.tick, r.left, r.right, r.left >= s.left - 0.5 && r.right <= s.right + 0.5]; })}""", f"{P}.pro.monthly")
    check(drawn["width"] >= 560 and drawn["boxRight"] <= width and (drawn["scrolls"] or drawn["width"] < width),
          at + "the timeline keeps its width and its box scrolls within the window", drawn)
    timeline = cli("subscription", "timeline", f"{P}.pro.monthly")
    boundaries = {d for p in timeline.get("periods", []) for d in (p.get("start"), p.get("end")) if d}
    ticks = drawn["ticks"]
    check(len(ticks) >= 2 and all(t[0] in boundaries for t in ticks), at + "the axis's dates are period boundaries", (ticks, sorted(boundaries)))
    check(all(t[3] for t in ticks) and all(a[2] <= b[1] for a, b in zip(ticks, ticks[1:])), at + "the axis's dates do not run into each other", ticks)

    # A product not cleared for sale says why, and its Buy button is off; the others are on.
    product = driver.execute_script("""const card = document.querySelector(`[data-product-id="${arguments[0]}"]`), why = card.querySelector('[data-unavailable]');
      return [card.dataset.clearedForSale, card.querySelector('[data-action="buy"]').disabled, why && why.textContent, why && why.getBoundingClientRect().width > 0,
        [...document.querySelectorAll('[data-cleared-for-sale="true"] [data-action="buy"]')].filter(b => b.disabled).length]""", f"{P}.superpowers")
    check(product[:2] == ["false", True] and "not clear it for sale" in (product[2] or "") and product[3] and product[4] == 0,
          at + "a product not cleared for sale says why and cannot be bought", product)

    # Without a notification URL, notifications read "not sent", not "pending".
    delivery = driver.execute_script("""return [document.querySelector('[data-count="pending"]').textContent,
      [...document.querySelectorAll('[data-notification] [data-delivery]')].map(e => [e.dataset.delivery, e.textContent])]""")
    check(cli("settings").get("settings", {}).get("notification-url", {}).get("value") == "off" and delivery[1]
          and all(d == ["not-sent", "not sent (no notification-url)"] for d in delivery[1]) and "not sent (no notification-url)" in delivery[0],
          at + 'notifications without a notification URL read "not sent (no notification-url)"', delivery)

    # A failed purchase is told in the message line, which lies over no control: the settings
    # scrolled to the bottom of the window stay clear and clickable.
    subprocess.run([IAP, "settings", "set", "fail-purchase", "paymentNotAllowed"], capture_output=True, timeout=60)
    click(driver, f'[data-product-id="{P}.extra_lives"] [data-action="buy"]')
    wait(driver, at + "a failed purchase is shown as an error message", lambda d: d.find_element(By.CSS_SELECTOR, "[data-toast]").get_attribute("data-kind") == "error"
         and "not allowed to make payments" in d.find_element(By.CSS_SELECTOR, "[data-toast]").text)
    covered = driver.execute_script("""document.querySelector('#settings').scrollIntoView({block: 'end'});
      const toast = document.querySelector('[data-toast]').getBoundingClientRect(), main = document.querySelector('main').getBoundingClientRect();
      const hits = [];
      for (const c of document.querySelectorAll('main button, main input, main select, main summary, main a[href]')) {
        const r = c.getBoundingClientRect();
        const top = Math.max(r.top, main.top), bottom = Math.min(r.bottom, main.bottom), left = Math.max(r.left, main.left), right = Math.min(r.right, main.right);
        if (bottom <= top || right <= left) continue;
        if (top < toast.bottom && bottom > toast.top && left < toast.right && right > toast.left) hits.push(c.outerHTML.slice(0, 80));
        else if (c.closest('#settings')) {
          const under = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
          if (!c.contains(under) && !(under && under.control === c)) hits.push('covered: ' + c.outerHTML.slice(0, 80));
        }
      }
      return [toast.height, toast.top >= main.bottom - 0.5, hits]""")
    check(covered[0] > 0 and covered[1] and covered[2] == [], at + "the message line lies over no control", covered)
    subprocess.run([IAP, "settings", "set", "fail-purchase", "off"], capture_output=True, timeout=60)


def main():
    driver = browser()
    try:
        driver.get(URL + "/")
        ids = wait(driver, "the page lists the catalog", lambda d: (lambda ids: len(ids) == 8 and ids)(
            [p.get_attribute("data-product-id") for p in d.find_elements(By.CSS_SELECTOR, "[data-product-id]")]))
        if ids:
            check(f"{P}.unlock_maps" in ids and f"{P}.pro.monthly" in ids, "each product has its id as data-product-id", ids)
        wait(driver, "the update stream is open", lambda d: d.find_element(By.CSS_SELECTOR, "[data-live]").get_attribute("data-state") == "open")

        # Buy from the page; the CLI sees it.
        click(driver, f'[data-product-id="{P}.unlock_maps"] [data-action="buy"]')
        wait(driver, "a buy button buys: its transaction appears", lambda d: row_state(d, "1") == "purchased")
        check([t["id"] for t in cli("queue").get("transactions", [])] == ["1"], "the CLI sees the purchase made on the page", cli("queue"))

        # A purchase from the shell appears without reload.
        subprocess.run([IAP, "buy", f"{P}.rocket_car"], capture_output=True, timeout=60)
        wait(driver, "a purchase made with `iap buy` appears without reload", lambda d: row_state(d, "2") == "purchased")

        # Finish and refund from the page change the store.
        click(driver, '[data-transactions] tr[data-transaction-id="1"] [data-action="finish"]')
        wait(driver, "finish: the row no longer offers finish", lambda d: row(d, "1") and not row(d, "1").find_elements(By.CSS_SELECTOR, '[data-action="finish"]'))
        check("1" not in [t["id"] for t in cli("queue").get("transactions", [])], "the CLI sees transaction 1 finished", cli("queue"))
        select_reason(driver, "2", "developerIssue")
        click(driver, '[data-transactions] tr[data-transaction-id="2"] [data-action="refund"]')
        wait(driver, "refund: the row shows the revocation", lambda d: row(d, "2") and "developerIssue" in row(d, "2").text)
        refunded = latest("2")
        check(refunded.get("revocationReason") == "developerIssue" and refunded.get("revocationDate"), "the CLI sees transaction 2 refunded for a developer issue", refunded)

        # Ask to Buy: the toggle sets it; a deferred purchase is approved from the page.
        click(driver, '[data-setting="ask-to-buy"]')
        wait(driver, "the Ask to Buy toggle sets the store's setting", lambda d: cli("settings").get("settings", {}).get("ask-to-buy", {}).get("value") == "on")
        click(driver, f'[data-product-id="{P}.extra_lives"] [data-action="buy"]')
        wait(driver, "with Ask to Buy on, a purchase waits deferred", lambda d: row_state(d, "3") == "deferred")
        click(driver, '[data-transactions] tr[data-transaction-id="3"] [data-action="approve"]')
        wait(driver, "approve: the deferred purchase goes through", lambda d: row_state(d, "3") == "purchased")
        check(latest("3").get("state") == "purchased", "the CLI sees the approved purchase", latest("3"))
        click(driver, '[data-setting="ask-to-buy"]')
        wait(driver, "the toggle turns Ask to Buy off again", lambda d: cli("settings").get("settings", {}).get("ask-to-buy", {}).get("value") == "off")

        # A subscription's timeline after `clock advance 3M` from the shell.
        click(driver, f'[data-product-id="{P}.pro.monthly"] [data-action="buy"]')
        wait(driver, "the subscription is bought from the page", lambda d: d.find_elements(By.CSS_SELECTOR, f'svg[data-timeline="{P}.pro.monthly"] [data-period]'))
        subprocess.run([IAP, "clock", "advance", "3M"], capture_output=True, timeout=60)
        kinds = wait(driver, "after `clock advance 3M` the timeline shows the purchase and three renewals", lambda d: (lambda kinds: len(kinds) == 4 and kinds)(
            [p.get_attribute("data-kind") for p in d.find_elements(By.CSS_SELECTOR, f'svg[data-timeline="{P}.pro.monthly"] [data-period]')]))
        if kinds:
            check(kinds == ["purchase", "renewal", "renewal", "renewal"], "the periods are a purchase and its renewals, in order", kinds)
        clock_now = steady(lambda: driver.find_element(By.CSS_SELECTOR, "[data-clock-now]").get_attribute("data-now"))
        check(clock_now == cli("clock").get("now"), "the clock shown is the store's clock", (clock_now, cli("clock")))
        # A subscription action from the page: cancelling shows the retention message the
        # Get Retention Message endpoint chose, which the customer accepts from the card.
        message = "4d3b9a4e-0f6c-4a5b-9c2d-7e8f00112233"
        check(server_api("PUT", f"/inApps/v1/messaging/message/{message}", {"header": "Before you go", "body": "A free month on us."}) == 200,
              "a retention message is uploaded with the App Store Server API")
        endpoint = retention_endpoint({"promotionalOffer": {
            "messageIdentifier": message, "promotionalOfferSignatureV1": offer_signature_v1(f"{P}.pro.monthly", "loyalty.free_month")}})
        try:
            server_api("PUT", "/inApps/v1/messaging/realtime/url", {"realtimeURL": "http://127.0.0.1:%d/retention" % endpoint.server_address[1]})
            click(driver, f'[data-subscription="{P}.pro.monthly"] [data-action="cancel"]')
            wait(driver, "cancel turns auto-renew off", lambda d: cli("subscription", "status").get("subscriptions", [{}])[0].get("autoRenewStatus") is False)
        finally:
            endpoint.shutdown()
            endpoint.server_close()
        original = cli("subscription", "status").get("subscriptions", [{}])[0].get("originalId")
        retained = f'[data-retention="{original}"]'
        shown = wait(driver, "the card shows the retention message shown, from the control plane's /messages", lambda d: d.find_elements(
            By.CSS_SELECTOR, f'[data-subscription="{P}.pro.monthly"] {retained}[data-message-identifier="{message}"][data-source="realtime"]'))
        if shown:
            offered = steady(lambda: driver.find_element(By.CSS_SELECTOR, f"{retained} [data-offered]").text)
            check(offered == f"promotional offer loyalty.free_month of {P}.pro.monthly", "it says what the message offered", offered)
        click(driver, f'{retained} [data-action="retention-accept"]')
        wait(driver, "accept redeems the promotional offer: the CLI sees it accepted", lambda d: [
            m.get("accepted") for m in cli("messages").get("retentionMessages", [])] == [True])
        wait(driver, "the card reads accepted", lambda d: d.find_elements(By.CSS_SELECTOR, f'{retained}[data-accepted="true"]'))
        # Clock controls.
        def type_duration():
            field = driver.find_element(By.CSS_SELECTOR, '[data-form="clock-advance"] input[name="by"]')
            field.clear()
            field.send_keys("2d")
        steady(type_duration)
        before = cli("clock").get("now")
        click(driver, '[data-form="clock-advance"] [data-action="clock-advance"]')
        wait(driver, "the page's Advance button moves the store's clock", lambda d: cli("clock").get("now") != before)
        notes = wait(driver, "the notifications list shows what was sent, with decoded payloads", lambda d: [
            n.get_attribute("textContent") for n in d.find_elements(By.CSS_SELECTOR, "[data-notification] details pre")])
        if notes:
            check("notificationType" in notes[0], "a notification's payload is decoded", notes[0][:200])
        # A product not cleared for sale: through the control plane, a purchase still fails
        # as StoreKit's does.
        answer = driver.execute_async_script("""const done = arguments[arguments.length - 1];
          fetch(document.body.dataset.api + '/purchases', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({productId: arguments[0]})})
            .then(r => r.json().then(b => done([r.status, b]))).catch(e => done([0, String(e)]))""", f"{P}.superpowers")
        failure = answer[1].get("error", {}) if isinstance(answer[1], dict) else {}
        check(answer[0] == 200 and failure.get("name") == "storeProductNotAvailable" and answer[1]["transactions"][-1]["state"] == "failed",
              "a purchase of a product not cleared for sale through the control plane fails with storeProductNotAvailable", answer)
        layout(driver, 1280)
        full_page(driver, os.path.join(SHOTS, "web.png"))
        collect_console(driver)
        # The namespace page shows that namespace's store.
        subprocess.run([IAP, "--namespace", "alpha", "buy", f"{P}.season_pass"], capture_output=True, timeout=60)
        driver.get(URL + "/ns/alpha/")
        wait(driver, "/ns/alpha/ names the namespace", lambda d: d.find_element(By.CSS_SELECTOR, "[data-namespace]").text == "alpha")
        wait(driver, "/ns/alpha/ shows that namespace's transactions only", lambda d: row_state(d, "1") == "purchased" and f"{P}.season_pass" in row(d, "1").text and not row(d, "2"))
        click(driver, f'[data-product-id="{P}.coins_1000"] [data-action="buy"]')
        wait(driver, "a purchase on the namespace page goes to that namespace", lambda d: row_state(d, "2") == "purchased")
        check([t["productId"] for t in cli("--namespace", "alpha", "history").get("transactions", [])] == [f"{P}.season_pass", f"{P}.coins_1000"],
              "the CLI sees it in namespace alpha", cli("--namespace", "alpha", "history"))
        # A promotional offer, for a lapsed subscriber (Apple offers them to current and lapsed
        # subscribers): the page signs it (StoreKit 2's version 2, with a key it makes).
        subprocess.run([IAP, "--namespace", "alpha", "buy", f"{P}.pro.monthly", "--finish"], capture_output=True, timeout=60)
        subprocess.run([IAP, "--namespace", "alpha", "subscription", "expire", f"{P}.pro.monthly"], capture_output=True, timeout=60)
        wait(driver, "the lapsed subscription is shown", lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-subscription="{P}.pro.monthly"] [data-subscription-state="expired"]'))
        steady(lambda: Select(driver.find_element(By.CSS_SELECTOR, f'[data-product-id="{P}.pro.monthly"] [data-field="offer"]')).select_by_value("loyalty.free_month"))
        click(driver, f'[data-product-id="{P}.pro.monthly"] [data-action="buy"]')
        wait(driver, "a promotional offer chosen on the page is signed and redeemed", lambda d: row_state(d, "4") == "purchased" and "promotional loyalty.free_month" in row(d, "4").text)
        offered = next((t for t in cli("--namespace", "alpha", "history").get("transactions", []) if t["id"] == "4"), {})
        check((offered.get("offer") or {}).get("id") == "loyalty.free_month", "the CLI sees the offer redeemed", offered)
        wait(driver, "the timeline draws the resubscription's offer period", lambda d: "offer-promotional" in (d.find_element(By.CSS_SELECTOR, f'svg[data-timeline="{P}.pro.monthly"] [data-period="1"]').get_attribute("class") or ""))
        root = [t["productId"] for t in cli("history").get("transactions", [])]
        check(f"{P}.season_pass" not in root and f"{P}.coins_1000" not in root, "and not in the state's own store", root)
        # A change without a body (DELETE) is sent with X-IAP-Request, which the store asks for.
        click(driver, '[data-transactions] tr[data-transaction-id="2"] [data-action="delete"]')
        wait(driver, "delete: the row goes", lambda d: not row(d, "2"))
        check(f"{P}.coins_1000" not in [t["productId"] for t in cli("--namespace", "alpha", "history").get("transactions", [])],
              "the CLI sees the transaction deleted", cli("--namespace", "alpha", "history"))

        # With a notification URL (one that refuses), what is not delivered reads pending.
        subprocess.run([IAP, "--namespace", "alpha", "settings", "set", "notification-url", "http://127.0.0.1:1/"], capture_output=True, timeout=60)
        wait(driver, "with a notification URL set, notifications not delivered read pending", lambda d: (lambda found: found and all(
            e.get_attribute("data-delivery") == "pending" and e.text == "pending" for e in found))(d.find_elements(By.CSS_SELECTOR, "[data-notification] [data-delivery]")))

        # Phone width, on the state's own store; dark mode follows the system setting.
        driver.get(URL + "/")
        wait(driver, "the state's own store is shown again", lambda d: row_state(d, "2") == "purchased")
        layout(driver, 390)
        full_page(driver, os.path.join(SHOTS, "web-phone.png"))
        light = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        dark = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        check(light != dark, "dark mode follows the system setting", (light, dark))
        labelled = driver.execute_script("""return [...document.querySelectorAll('input, select')].filter(e =>
          !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map(e => e.outerHTML)""")
        check(labelled == [], "every field has a label", labelled)
        collect_console(driver)
    finally:
        driver.quit()
    # A failed request the page made on purpose would be logged; the page makes none.
    errors = [e for e in console if e.get("level") == "SEVERE"]
    check(errors == [], "the console stays clean", errors)


def attacks():
    """Another site's page (attacker.test, served on a port of its own) posts an empty form
    (which would mint a key) and a no-cors text/plain fetch (which would buy); a page at
    rebound.test, a name re-pointed at 127.0.0.1, asks for the store from its own origin."""
    page = f"""<!doctype html><title>elsewhere</title>
<form id="f" method="POST" action="{URL}/iap/v1/keys" enctype="text/plain"></form>
<script>
fetch("{URL}/iap/v1/purchases", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}},
  body: JSON.stringify({{productId: "{P}.unlock_maps"}})}}).finally(() => document.getElementById("f").submit());
</script>""".encode()

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args):
            pass

    elsewhere = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
    keys, history = cli("keys", "list"), cli("history")
    driver = browser()
    try:
        driver.get("http://attacker.test:%d/" % elsewhere.server_port)
        wait(driver, "another site's form is answered 403 crossSite", lambda d: '"crossSite"' in d.page_source)
        check(cli("keys", "list") == keys, "it minted no key", cli("keys", "list"))
        check(cli("history") == history, "its fetch bought nothing", cli("history"))
        port = urllib.parse.urlsplit(URL).port
        driver.get("http://rebound.test:%d/" % port)
        wait(driver, "a page at a name re-pointed at 127.0.0.1 is not served (421 unknownHost)", lambda d: '"unknownHost"' in d.page_source)
        driver.get("http://localhost:%d/" % port)
        wait(driver, "the page works at localhost too", lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-product-id]")) == 8)
    finally:
        driver.quit()
        elsewhere.shutdown()


def with_token(token):
    """A server with --control-token: the page opened with #token=TOKEN works, live, and
    drops the token from the address bar; a tab opened without it asks for it."""
    driver = browser()
    try:
        driver.get(URL + "/#token=" + urllib.parse.quote(token))
        wait(driver, "with #token= the page lists the catalog", lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-product-id]")) == 8)
        check("token" not in driver.current_url, "the token is taken out of the address bar", driver.current_url)
        wait(driver, "the update stream is open with the token", lambda d: d.find_element(By.CSS_SELECTOR, "[data-live]").get_attribute("data-state") == "open")
        click(driver, f'[data-product-id="{P}.unlock_maps"] [data-action="buy"]')
        wait(driver, "a buy button buys with the token", lambda d: row_state(d, "1") == "purchased")
        subprocess.run([IAP, "buy", f"{P}.rocket_car"], capture_output=True, timeout=60)
        wait(driver, "a purchase from the shell arrives by the stream", lambda d: row_state(d, "2") == "purchased")
        # A new tab has a session of its own, without the token.
        driver.switch_to.new_window("tab")
        driver.get(URL + "/")
        try:
            prompt = WebDriverWait(driver, 10).until(expected_conditions.alert_is_present())
            check(True, "a tab without the token asks for it")
            prompt.send_keys(token)
            prompt.accept()
        except TimeoutException:
            check(False, "a tab without the token asks for it", "no prompt in 10 s")
        wait(driver, "with the token typed in, the page shows the store", lambda d: row_state(d, "2") == "purchased")
        wait(driver, "and its update stream is open", lambda d: d.find_element(By.CSS_SELECTOR, "[data-live]").get_attribute("data-state") == "open")
    finally:
        driver.quit()


try:
    if MODE == "attacks":
        attacks()
    elif MODE.startswith("token="):
        with_token(MODE[len("token="):])
    else:
        main()
except Exception as error:  # a crash is a failed check, not a quiet end
    check(False, "the browser run ended early", repr(error).splitlines()[0])
