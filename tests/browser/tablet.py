"""What a page shows a tablet that it should not, read in the page itself: the one check every browser test
of issue 30 asks of its pages.

- It scrolls sideways.
- A target a finger must hit (a link, a button, a field, a fold's summary) is under 44 px tall; a tick box
  or a radio counts by its label, the target a finger actually hits.
- A field has no label: no <label> finds it, and no aria-label names it.

Only what is shown counts: a folded round's working is no target until it is opened."""

TABLETS = ({"width": 768, "height": 1024}, {"width": 1024, "height": 768})
SMALLEST_TARGET = 44  # px: a fingertip's press, as both tablet makers' style guides give it

MISFITS = """(smallest) => {
  const root = document.documentElement, misfits = [];
  if (root.scrollWidth > root.clientWidth) {
    misfits.push(`scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth}`);
  }
  const words = (el) => (/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) ? el.name || el.id : el.textContent) || "";
  const named = (el) => `${el.tagName.toLowerCase()} "${words(el).replace(/\\s+/g, " ").trim().slice(0, 40)}"`;
  const targets = "a[href], button, input:not([type=hidden]), select, textarea, summary";
  for (const el of document.querySelectorAll(targets)) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") { continue; }
    const tick = el.type === "checkbox" || el.type === "radio";
    const heights = [box.height, ...(tick ? [...el.labels].map((l) => l.getBoundingClientRect().height) : [])];
    if (Math.max(...heights) < smallest - 0.5) { misfits.push(`${named(el)} is ${Math.round(box.height)} px tall`); }
    const field = /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && !["submit", "button", "reset", "image"].includes(el.type);
    if (field && !el.labels.length && !el.getAttribute("aria-label") && !el.getAttribute("aria-labelledby")) {
      misfits.push(`${named(el)} has no label`);
    }
  }
  return misfits;
}"""


def misfits(page):
    """What the page open in `page` shows a tablet that it should not, one short line each."""
    return page.evaluate(MISFITS, SMALLEST_TARGET)


def fits(page):
    """Whether the page open in `page` is no wider than the window."""
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
