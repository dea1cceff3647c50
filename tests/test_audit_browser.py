"""The page audit every browser test runs (tests/browser.py ``AUDIT``) finds what it looks for:
text below 4.5:1 against the colour behind it (translucent backgrounds laid over their
ancestors'), an unlabelled control and a skipped heading level; and passes a page without them."""

from __future__ import annotations

from .browser import AUDIT

PAGE = """<!doctype html><html style="background: #ffffff"><body>
<h1>Title</h1>
<div style="background: #000000"><div style="background: rgba(255, 255, 255, 0.5)">
  <p id="grey-on-grey" style="color: #707070">grey text on the grey of white half over black</p>
  <p style="color: #000000">black text on the same grey</p>
</div></div>
<div style="background: rgba(0, 0, 0, 0)"><p style="color: #aaaaaa">light grey on the page's white</p></div>
<p hidden style="color: #fefefe">hidden text is not read</p>
<svg><text style="fill: #fefefe">drawing</text></svg>
%s
</body></html>"""


def _found(page, extra: str = "") -> dict[str, list[str]]:
    page.set_content(PAGE % extra)
    return page.evaluate(AUDIT)


def test_the_audit_finds_low_contrast_through_translucent_layers(page):
    found = _found(page)
    low = " ".join(found["low"])
    # #707070 on #808080 (white at half over black) is 1.2:1; black on it passes
    assert "grey text on the grey" in low
    assert "black text on the same grey" not in low
    # #aaaaaa on white (a transparent layer between) is 2.3:1
    assert "light grey on the page" in low
    assert "hidden text" not in low and "drawing" not in low
    assert len(found["low"]) == 2, found["low"]
    assert found["unlabelled"] == [] and found["skips"] == []


def test_the_audit_finds_an_unlabelled_control_and_a_skipped_level(page):
    found = _found(page, '<input type="text"><h3>Too deep</h3><label>Named <input type="text"></label>')
    assert len(found["unlabelled"]) == 1 and found["unlabelled"][0].startswith("<input")
    assert found["skips"] == ["1->3"]
