"""What hypothesis types into a form or passes to a service: text of every kind, huge or empty, numbers
negative and huge, odd ids, bad dates and times, dice, JSON of any shape."""

from hypothesis import strategies as st

from umpire.rules.registry import get_procedures
from umpire.services.readings import get_options_type

ODD_TEXT = st.sampled_from(
    [
        "",
        " ",
        "\x00",
        "0",
        "-1",
        "\u0663",
        "\uff11\uff12",
        "1e309",
        "NaN",
        "9" * 40,
        "null",
        "<script>alert(1)</script>",
        "' OR 1=1 --",
        "\u202egnp.exe",
        "\U0001f642",
        "a\r\nb",
        "%00",
        "../../etc/passwd",
        "1,2,3",
        "6 6 6 6 6 6 6 6 6 6",
    ]
)
HUGE_TEXT = st.builds(lambda char, size: char * size, st.characters(), st.integers(300, 20_000))
TEXT = st.one_of(st.text(max_size=30), ODD_TEXT, HUGE_TEXT)
EDGES = [2**31, 2**63, -(2**63) - 1, 10**30]  # past a 32-bit and a 64-bit column
NUMBERS = st.one_of(st.integers(-1000, 1000), st.integers(), st.sampled_from(EDGES)).map(str)
ODD_NUMBERS = st.sampled_from(["1.5", "1e3", " 7 ", "\u0663", "+3", "--1", "0x10", "", "9" * 400])
BOOLEANS = st.sampled_from(["on", "", "false", "0", "1", "true", "off", "\x00"])
TIMES = st.sampled_from(
    [
        "12:30",
        "00:00",
        "23:59:59",
        "24:00",
        "25:61",
        "2026-02-30",
        "2026-12-03",
        "9999-12-31",
        "0000-01-01",
        "noon",
        "-1:00",
    ]
)
ODD_IDS = st.sampled_from(["0", "-1", "999999999", "9" * 30, "abc", "1.5", "", "\x00", "1 OR 1=1", "[1]"])
DICE = st.lists(st.integers(-2, 12), max_size=12).map(lambda dice: " ".join(map(str, dice)))
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def readable_procedures():
    """The procedures whose rules leave points for an event to read, of every ruleset."""
    return [proc.key for proc in get_procedures() if get_options_type(proc)]
