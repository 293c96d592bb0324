"""Drives the web Transaction Manager (issue 27) in a real headless Chromium, through the
page's stable hooks (data-product-id, data-transaction-id, data-action, svg[data-timeline],
[data-period]), with the CLI beside it on the same state: buy, a purchase from the shell
shown live, finish, refund, Ask to Buy approve, a timeline after a clock move, a namespace
page, phone width, dark mode; and no console error anywhere.

Usage: web_test.py URL IAP_BIN SCREENSHOT_DIR     (run in the folder whose .iap the server uses)
Prints one line per check, `ok - …` or `not ok - …: detail`; saves web.png and web-phone.png.
"""
import json
import os
import subprocess
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

URL, IAP, SHOTS = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]
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
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"]:
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
    """A screenshot of the whole page: the window made as tall as the page, then put back."""
    width, height = driver.get_window_size()["width"], driver.get_window_size()["height"]
    driver.set_window_size(width, driver.execute_script("return document.documentElement.scrollHeight") + 140)
    time.sleep(0.3)
    driver.save_screenshot(path)
    driver.set_window_size(width, height)


def latest(transaction_id):
    return next((t for t in cli("history").get("transactions", []) if t["id"] == transaction_id), {})


def main():
    driver = browser()
    try:
        driver.get(URL + "/")
        products = wait(driver, "the page lists the catalog", lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-product-id]")) == 8 and d.find_elements(By.CSS_SELECTOR, "[data-product-id]"))
        if products:
            ids = [p.get_attribute("data-product-id") for p in products]
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
        periods = wait(driver, "after `clock advance 3M` the timeline shows the purchase and three renewals", lambda d: len(d.find_elements(By.CSS_SELECTOR, f'svg[data-timeline="{P}.pro.monthly"] [data-period]')) == 4 and d.find_elements(By.CSS_SELECTOR, f'svg[data-timeline="{P}.pro.monthly"] [data-period]'))
        if periods:
            kinds = [p.get_attribute("data-kind") for p in periods]
            check(kinds == ["purchase", "renewal", "renewal", "renewal"], "the periods are a purchase and its renewals, in order", kinds)
        clock_now = driver.find_element(By.CSS_SELECTOR, "[data-clock-now]").get_attribute("data-now")
        check(clock_now == cli("clock").get("now"), "the clock shown is the store's clock", (clock_now, cli("clock")))
        # A subscription action from the page.
        click(driver, f'[data-subscription="{P}.pro.monthly"] [data-action="cancel"]')
        wait(driver, "cancel turns auto-renew off", lambda d: cli("subscription", "status").get("subscriptions", [{}])[0].get("autoRenewStatus") is False)
        # Clock controls.
        field = driver.find_element(By.CSS_SELECTOR, '[data-form="clock-advance"] input[name="by"]')
        field.clear()
        field.send_keys("2d")
        before = cli("clock").get("now")
        click(driver, '[data-form="clock-advance"] [data-action="clock-advance"]')
        wait(driver, "the page's Advance button moves the store's clock", lambda d: cli("clock").get("now") != before)
        notes = wait(driver, "the notifications list shows what was sent, with decoded payloads", lambda d: d.find_elements(By.CSS_SELECTOR, "[data-notification] details pre"))
        if notes:
            check("notificationType" in notes[0].get_attribute("textContent"), "a notification's payload is decoded", notes[0].get_attribute("textContent")[:200])
        full_page(driver, os.path.join(SHOTS, "web.png"))

        # A failure is told on the page: a product not cleared for sale cannot be bought.
        click(driver, f'[data-product-id="{P}.superpowers"] [data-action="buy"]')
        wait(driver, "a failed purchase is shown as an error message", lambda d: d.find_element(By.CSS_SELECTOR, "[data-toast]").get_attribute("data-kind") == "error"
             and "failed" in d.find_element(By.CSS_SELECTOR, "[data-toast]").text)
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
        Select(driver.find_element(By.CSS_SELECTOR, f'[data-product-id="{P}.pro.monthly"] [data-field="offer"]')).select_by_value("loyalty.free_month")
        click(driver, f'[data-product-id="{P}.pro.monthly"] [data-action="buy"]')
        wait(driver, "a promotional offer chosen on the page is signed and redeemed", lambda d: row_state(d, "4") == "purchased" and "promotional loyalty.free_month" in row(d, "4").text)
        offered = next((t for t in cli("--namespace", "alpha", "history").get("transactions", []) if t["id"] == "4"), {})
        check((offered.get("offer") or {}).get("id") == "loyalty.free_month", "the CLI sees the offer redeemed", offered)
        wait(driver, "the timeline draws the resubscription's offer period", lambda d: "offer-promotional" in (d.find_element(By.CSS_SELECTOR, f'svg[data-timeline="{P}.pro.monthly"] [data-period="1"]').get_attribute("class") or ""))
        root = [t["productId"] for t in cli("history").get("transactions", [])]
        check(f"{P}.season_pass" not in root and f"{P}.coins_1000" not in root, "and not in the state's own store", root)

        # Phone width: nothing wider than the window; dark mode follows the system setting.
        driver.set_window_size(390, 844)
        time.sleep(0.3)
        width = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        check(width[0] <= width[1], "at phone width the page fits the window", width)
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


main()
