"""The replay page in a real Chromium: stepping through a sample game to its illegal event
(the rule, the explanation and the legal options shown), the keyboard, the event log, a
shared link, the downloads, and screenshots at desktop and phone widths."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from riftlog.service.access import create_token
from tests.browser.pages import import_sample, screenshot, sign_in, wait_ready
from tests.service.conftest import World

SAMPLE = "duel-disputed-illegal-stood"  # p2 ends a turn illegally at seq 14 (v1.3 316.2)
ILLEGAL = 14


@pytest.fixture(scope="module")
def disputed(web_world: World) -> Iterator[dict[str, str]]:
    """The sample game with an illegal event, imported, and tokens for it."""
    gid = import_sample(web_world.store, SAMPLE)
    tokens = {"game": gid}
    tokens["judge"] = create_token(web_world.store, "judge", "Jo", game_id=gid)[1]
    tokens["p1"] = create_token(web_world.store, "player", "Avery", game_id=gid, seat="p1")[1]
    tokens["p2"] = create_token(web_world.store, "player", "Blake", game_id=gid, seat="p2")[1]
    yield tokens


def _open(page: Any, base: str, game: str, fragment: str = "", seq: int | None = None) -> None:
    page.goto(f"{base}/replay/{game}{fragment}")
    wait_ready(page, seq)


def test_stepping_to_the_illegal_event_shows_the_rule_and_the_legal_options(
        page: Any, web_server: str, disputed: dict[str, str]) -> None:
    sign_in(page, web_server, disputed["judge"])
    _open(page, web_server, disputed["game"], "#seq=1")
    page.wait_for_selector("body[data-board-seq='1']")
    assert not page.is_visible("#record-link")  # a finished game is not recorded any more
    # step with the buttons and the keyboard to the event before the illegal one
    page.click("#next")
    page.wait_for_selector("body[data-board-seq='2']")
    page.focus("#next")
    for _ in range(ILLEGAL - 3):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"body[data-board-seq='{ILLEGAL - 1}']")
    assert "Verdict: legal" in page.inner_text("#current")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"body[data-board-seq='{ILLEGAL}']")
    current = page.inner_text("#current")
    assert "Verdict: illegal" in current
    assert "v1.3 316.2" in current                      # the rule
    assert "Legal options" in current and "p2: end" in current
    assert page.locator(f"#log li[data-seq='{ILLEGAL}'].illegal.current").count() == 1
    assert "#seq=14&view=judge" in page.url              # the URL holds the moment
    # the judge sees the dispute report, its first illegal event linked
    dispute = page.inner_text("#dispute")
    assert "Dispute report" in dispute and f"seq {ILLEGAL}" in dispute
    # the judge's events are marked as such
    judge_lines = page.locator("#log li .tag.judge")
    assert judge_lines.count() >= 1
    screenshot(page, "replay-illegal-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    page.wait_for_timeout(100)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 380, f"the page scrolls sideways at 375 px ({width} px wide)"
    screenshot(page, "replay-illegal-375")
    screenshot(page, "replay-illegal-375-window", full_page=False)  # what a phone shows first
    page.locator("#board").scroll_into_view_if_needed()
    screenshot(page, "replay-illegal-375-board", full_page=False)


def test_keys_jump_turns_and_ends_and_log_lines_are_clickable(
        page: Any, web_server: str, disputed: dict[str, str]) -> None:
    sign_in(page, web_server, disputed["judge"])
    _open(page, web_server, disputed["game"], "#seq=40&view=judge", 40)
    page.focus("#scrubber")
    page.keyboard.press("End")
    page.wait_for_selector("body[data-board-seq='148']")
    page.keyboard.press("Home")
    page.wait_for_selector("body[data-board-seq='1']")
    turn_before = page.inner_text("#current h2")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("() => (document.body.dataset.boardSeq || '1') !== '1'")
    after = page.inner_text("#current h2")
    assert after != turn_before and "turn" in after
    seq_down = int(page.evaluate("document.body.dataset.boardSeq"))
    page.keyboard.press("ArrowDown")
    page.wait_for_function(
        f"() => (document.body.dataset.boardSeq || '{seq_down}') !== '{seq_down}'")
    page.keyboard.press("ArrowUp")
    page.wait_for_selector(f"body[data-board-seq='{seq_down}']")
    # a line of the log, clicked (and reached with Tab and Enter)
    page.click("#log li[data-seq='30'] button")
    page.wait_for_selector("body[data-board-seq='30']")
    page.focus("#log li[data-seq='31'] button")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-board-seq='31']")
    assert "#seq=31" in page.url


def test_a_shared_link_opens_the_same_moment_in_the_same_view(
        browser: Any, web_server: str, disputed: dict[str, str]) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        first = context.new_page()
        sign_in(first, web_server, disputed["judge"])
        first.goto(f"{web_server}/replay/{disputed['game']}#seq=20&view=p2")
        wait_ready(first, 20, "p2")
        first.keyboard.press("ArrowRight")
        first.wait_for_selector("body[data-board-seq='21']")
        link = first.url
        assert link.endswith("#seq=21&view=p2")
        board = first.inner_text("#board")
        # another visitor (a fresh tab: its own token) opens the link
        other = browser.new_context(viewport={"width": 1280, "height": 800})
        second = other.new_page()
        sign_in(second, web_server, disputed["judge"])
        second.goto(link)
        wait_ready(second, 21, "p2")
        assert second.input_value("#view") == "p2"
        assert second.inner_text("#board") == board
        # a player whose token does not allow the link's view sees their own, and is told so
        third = other.new_page()
        sign_in(third, web_server, disputed["p1"])
        third.goto(link)
        wait_ready(third, 21, "p1")
        assert third.input_value("#view") == "p1"
        assert "showing your own view" in third.inner_text("#message")
        other.close()
    finally:
        context.close()


def test_downloads_of_the_bundle_and_the_transcript(page: Any, web_server: str,
                                                   disputed: dict[str, str]) -> None:
    sign_in(page, web_server, disputed["judge"])
    _open(page, web_server, disputed["game"], "#seq=5&view=judge", 5)
    with page.expect_download() as got:
        page.click("#download-bundle")
    bundle = got.value
    assert bundle.suggested_filename == f"{disputed['game']}.json"
    text = Path(bundle.path()).read_text(encoding="utf-8")
    assert '"format"' in text and disputed["game"] in text
    page.select_option("#view", "p1")
    page.wait_for_selector("body[data-view='p1']")
    with page.expect_download() as got:
        page.click("#download-transcript")
    transcript = got.value
    assert transcript.suggested_filename == f"{disputed['game']}-p1.txt"
    assert "seq" in Path(transcript.path()).read_text(encoding="utf-8")


def test_a_player_sees_no_bundle_button_and_no_dispute_report(
        page: Any, web_server: str, disputed: dict[str, str]) -> None:
    sign_in(page, web_server, disputed["p2"])
    _open(page, web_server, disputed["game"], f"#seq={ILLEGAL}", ILLEGAL)
    assert page.is_hidden("#download-bundle")
    assert page.is_hidden("#dispute")
    # the player who had the options sees them with the rule; the judge's reasons are not shown
    current = page.inner_text("#current")
    assert "Verdict: illegal" in current and "v1.3 316.2" in current
    assert "p2: end" in current


def test_card_facts_show_on_hover_and_focus(page: Any, web_server: str,
                                            disputed: dict[str, str]) -> None:
    sign_in(page, web_server, disputed["judge"])
    _open(page, web_server, disputed["game"], "#seq=60&view=judge", 60)
    chip = page.locator("#board .card[data-card]").first
    chip.hover()
    tip = page.locator("#card-tip")
    tip.wait_for(state="visible")
    name = chip.inner_text()
    assert name in tip.inner_text()
    page.mouse.move(0, 0)
    chip.focus()
    tip.wait_for(state="visible")
    assert name in tip.inner_text()


def test_the_page_is_usable_with_the_keyboard_alone(page: Any, web_server: str,
                                                    disputed: dict[str, str]) -> None:
    sign_in(page, web_server, disputed["judge"])
    _open(page, web_server, disputed["game"], "#seq=30&view=judge", 30)
    page.keyboard.press("Tab")  # the first stop: the skip link to the controls
    assert page.evaluate("() => document.activeElement.className") == "skip"
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "first"
    assert "#seq=30&view=judge" in page.url
    page.keyboard.press("Tab")   # "previous turn"
    page.keyboard.press("Tab")   # "previous"
    page.keyboard.press("Enter")
    wait_ready(page, 29, "judge")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_ready(page, 31, "judge")
    # the view is chosen with the keyboard too
    page.focus("#view")
    page.keyboard.press("ArrowDown")  # judge -> p1
    page.wait_for_selector("body[data-view='p1']")
    wait_ready(page, 31, "p1")
    # every control shows where the focus is
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
