#!/usr/bin/env python3
"""A phone's browser on the panel's page: Debian's Chromium, headless, driven through chromedriver with Debian's
python3-selenium, at a phone's size with touch (Chrome's mobile emulation, a Pixel-sized screen and an Android
user agent). It does what a person does after scanning the panel's code: pairs, adds a feed by its site's
address, uploads an OPML file, changes the theme and the night, signs in to an aggregator; then prints one
line per step (`ok - ...` or `FAIL: ...`) and keeps screenshots.

usage: phone_browser.py PAIRING_URL SITE_URL OPML_FILE FEVER_URL FEVER_USER FEVER_PASSWORD SHOTS_DIR

The Wi-Fi mode is the phone on the panel's set-up hotspot (scripts/test-wifi.sh): it opens the page at
http://10.42.0.1/, picks NETWORK, types PASSWORD and joins, then prints the page's status line. A phone on the
hotspot reaches 10.42.0.1 directly; here the browser's connections to 10.42.0.1:80 go to 127.0.0.1:RELAY_PORT
(Chromium's --host-rules), a relay into the simulated phone's network, so the page still sees Host 10.42.0.1
and a client on the hotspot, as a real phone's request would be.

usage: phone_browser.py --wifi RELAY_PORT NETWORK PASSWORD SHOT.png"""
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

wifi_mode = sys.argv[1:2] == ["--wifi"]
if wifi_mode:
    relay_port, wifi_network, wifi_password, wifi_shot = sys.argv[2:6]
else:
    pairing_url, site_url, opml_file, fever_url, fever_user, fever_password, shots = sys.argv[1:8]
failures = 0


def step(name, ok):
    global failures
    print(("ok - " if ok else "FAIL: ") + name, flush=True)
    failures += 0 if ok else 1


options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--disable-extensions", "--disable-background-networking"):
    options.add_argument(flag)
if wifi_mode:
    options.add_argument("--host-rules=MAP 10.42.0.1:80 127.0.0.1:" + relay_port)
options.add_experimental_option("mobileEmulation", {
    "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2, "touch": True},
    "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                 "Chrome/126.0 Mobile Safari/537.36"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_page_load_timeout(20)
wait = WebDriverWait(driver, 15)


def tap(element):
    """A finger's tap (touch pointer events), not a mouse click."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to(element).pointer_down().pause(0.05).pointer_up()
    actions.perform()


def status_says(element_id, words):
    try:
        wait.until(lambda d: words in d.find_element(By.ID, element_id).text)
        return True
    except TimeoutException:
        print("  " + element_id + ": " + driver.find_element(By.ID, element_id).text, flush=True)
        return False


def full_page_shot(path):
    # The whole page, as a phone would scroll through it: the window grows to the page's height for the shot.
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": min(height, 4000), "deviceScaleFactor": 2, "mobile": True})
    driver.save_screenshot(path)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})


def wifi_join():
    """The hotspot's page: a network picked from the panel's scan, its password typed, Join tapped."""
    try:
        # A phone that has just rejoined the hotspot may reach it a moment before the panel's address is back on
        # the link (an empty answer): load the page again, as a person taps Reload, a few times.
        picker = None
        for _ in range(4):
            driver.get("http://10.42.0.1/")
            try:
                picker = wait.until(lambda d: d.find_element(By.ID, "wifi-network"))
                break
            except TimeoutException:
                time.sleep(5)
        if picker is None:
            step("the page over the hotspot shows the Wi-Fi form (#wifi-network)", False)
            driver.save_screenshot(wifi_shot)
            return
        step("the page over the hotspot shows the Wi-Fi form", True)

        # The page redraws the list when a new scan comes (every 2 s it asks): read and choose in one script, so no
        # element goes stale between finding it and using it.
        def choose(d):
            return d.execute_script(
                "const s = document.getElementById('wifi-network'); if (!s) return null;"
                "for (const o of s.options) if (o.value === arguments[0] || o.text.trim().startsWith(arguments[0])) {"
                "  s.value = o.value; s.dispatchEvent(new Event('change')); return o.value; }"
                "return null;", wifi_network)
        try:
            WebDriverWait(driver, 30).until(choose)
            step("the panel's scan offers " + wifi_network, True)
        except TimeoutException:
            step("the panel's scan offers " + wifi_network + " (offered: " +
                 ", ".join(o.text for o in Select(picker).options) + ")", False)
            driver.save_screenshot(wifi_shot)
            return
        field = driver.find_element(By.ID, "wifi-password")
        field.clear()
        field.send_keys(wifi_password)
        before = driver.find_element(By.ID, "wifi-status").text
        tap(driver.find_element(By.ID, "wifi-join"))
        try:
            WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "wifi-status").text.strip() not in ("", before))
            changed = True
        except TimeoutException:
            changed = False
        step("Join taken: the status line says \"" + driver.find_element(By.ID, "wifi-status").text.strip() + "\"", changed)
        driver.save_screenshot(wifi_shot)
    finally:
        driver.quit()


if wifi_mode:
    wifi_join()
    sys.exit(1 if failures else 0)

try:
    driver.get(pairing_url)
    try:
        wait.until(lambda d: "paired" in d.find_element(By.ID, "where").text)
        paired = True
    except TimeoutException:
        paired = False
    step("the pairing URL pairs the phone (the page says so)", paired)
    step("the page dropped the code from its address", "#" not in driver.current_url)
    step("the session cookie is not readable by the page's script (HttpOnly)",
         "lectern-session" not in driver.execute_script("return document.cookie"))
    driver.save_screenshot(shots + "/phone-paired.png")

    driver.find_element(By.ID, "add-url").send_keys(site_url)
    tap(driver.find_element(By.CSS_SELECTOR, "#add-form button"))
    step("a site's address is found to its feed and added", status_says("feeds-status", "Added"))
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#feeds li .feed-title")) >= 1)

    driver.find_element(By.ID, "opml-file").send_keys(opml_file)
    step("an OPML file is uploaded", status_says("opml-status", "Added 2 feeds"))
    try:
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#feeds li .feed-title")) >= 3)
        listed = True
    except TimeoutException:
        listed = False
    step("the list shows the three feeds", listed)

    Select(driver.find_element(By.ID, "s-theme")).select_by_value("dark")
    night = driver.find_element(By.ID, "s-night")
    night.clear()
    night.send_keys("22:30-06:45")
    tap(driver.find_element(By.CSS_SELECTOR, "#settings-form button"))
    step("the theme and the night are saved", status_says("settings-status", "Saved"))
    driver.refresh()
    wait.until(lambda d: d.find_element(By.ID, "s-night").get_attribute("value") == "22:30-06:45")
    step("a reload shows them set from a phone", "from a phone" in driver.find_element(By.ID, "settings-section").text)

    Select(driver.find_element(By.ID, "a-sync")).select_by_value("fever")
    driver.find_element(By.ID, "a-url").send_keys(fever_url)
    driver.find_element(By.ID, "a-user").send_keys(fever_user)
    driver.find_element(By.ID, "a-password").send_keys("not-" + fever_password)
    tap(driver.find_element(By.CSS_SELECTOR, "#account-form button"))
    try:
        wait.until(lambda d: "bad" in d.find_element(By.ID, "account-status").get_attribute("class"))
        refused = True
    except TimeoutException:
        refused = False
    step("a wrong aggregator password is refused: " + driver.find_element(By.ID, "account-status").text, refused)
    driver.find_element(By.ID, "a-password").send_keys(fever_password)
    tap(driver.find_element(By.CSS_SELECTOR, "#account-form button"))
    step("the right one signs in", status_says("account-status", "Signed in"))
    step("the password is nowhere in the page afterwards", fever_password not in driver.page_source)
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#phones li")) >= 1)
    step("the phones list names this phone", "Chrome on Android (this phone)" in driver.find_element(By.ID, "phones").text)

    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    driver.save_screenshot(shots + "/phone-feeds.png")
    full_page_shot(shots + "/phone-page.png")
    driver.execute_script("document.getElementById('settings-section').scrollIntoView()")
    driver.save_screenshot(shots + "/phone-settings.png")
    # Dark mode, as a phone set to it shows the page.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    driver.save_screenshot(shots + "/phone-dark.png")
finally:
    driver.quit()
sys.exit(1 if failures else 0)
