"""Entry and file text is shown literally: never parsed as Textual markup."""

from __future__ import annotations

from dataclasses import dataclass

from tui.widgets.labels import entry_line, highlighted, hit_prompt, step_label

NASTY = "[bold red]Gandalf[/] [@click=app.quit]boom[/] \\[escaped] $accent"


@dataclass(frozen=True)
class _Hit:
    id: str = "faq/qa/x"
    kind: str = "qa"
    listed_kind: str = "qa"
    title: str = NASTY
    citation: str = NASTY
    snippet: str = NASTY
    highlights: tuple = ((1, 5), (200, 300))


def test_a_hit_with_markup_in_its_text_shows_the_text_literally():
    prompt = hit_prompt(_Hit())
    assert prompt.plain.count(NASTY) == 3
    assert not any("@click" in str(span.style) or "red" in str(span.style) for span in prompt.spans)


def test_highlight_spans_outside_the_snippet_are_ignored():
    content = highlighted("abc", [(0, 1), (2, 9), (5, 6)])
    assert content.plain == "abc"
    assert [(s.start, s.end) for s in content.spans] == [(0, 1)]


def test_entry_line_and_step_label_keep_brackets():
    assert NASTY in entry_line("glossary", NASTY, "rr/x").plain
    assert step_label("3.3", NASTY, True).plain == f"3.3 {NASTY}  ⚡ action window"
