"""Screenshots of the console as the hall sees it, on a tablet held either way, for the docs.

Run against a console serving the AD69 demo (python3 console.py run; it seeds the demo team):

    .venv/bin/python docs/screenshots/take.py [--base http://127.0.0.1:8000] [--browser /usr/bin/chromium]

Each shot is written beside this script as <who>-<page>-<width>x<height>.png, replacing the last.
"""

import argparse
import re
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
PASSWORD = "ad69-demo"  # the demo team's published password (umpire/management/commands/seed_demo.py)
TABLET = ({"width": 768, "height": 1024}, {"width": 1024, "height": 768})
# (login, name of the shot, address; "{console}" is the page the login lands on)
SHOTS = [
    ("illyria", "table-console", "{console}"),
    ("illyria", "menu-more-open", "{console}#more"),
    ("illyria", "battles", "/events/ad69/battles/"),
    ("illyria", "post", "/events/ad69/post/"),
    ("illyria", "rules-desk", "/events/ad69/rules/"),
    ("senate", "senate", "/events/ad69/senate/"),
    ("control", "hall", "/control/ad69/hall/"),
    ("control", "clock-desk", "/control/ad69/clock/"),
]


def signed_in(browser, base, login):
    page = browser.new_page()
    page.goto(f"{base}/login/")
    page.fill("input[name=username]", login)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_load_state("networkidle")
    return page


def shoot(page, base, name, address, landed):
    opens_more = address.endswith("#more")
    page.goto(base + address.removesuffix("#more").replace("{console}", landed))
    page.wait_for_load_state("networkidle")
    if opens_more:
        page.locator("summary", has_text="More").click()
    for viewport in TABLET:
        page.set_viewport_size(viewport)
        path = HERE / f"{name}-{viewport['width']}x{viewport['height']}.png"
        page.screenshot(path=path)
        print(path.relative_to(HERE.parent.parent))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--browser", default="/usr/bin/chromium")
    options = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=options.browser, args=["--no-sandbox"])
        for login in dict.fromkeys(login for login, _, _ in SHOTS):
            page = signed_in(browser, options.base, login)
            landed = re.sub(r"^https?://[^/]+", "", page.url)
            for _, name, address in (shot for shot in SHOTS if shot[0] == login):
                shoot(page, options.base, f"{login}-{name}", address, landed)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
