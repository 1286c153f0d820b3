"""Entry text turned into display `Content`, never parsed as markup.

Every piece of knowledge-base or file text reaches the screen through `Content(text)`,
`Content.assemble` or a rich `Text`, which take text literally: a `[` in a ruling stays a
`[`. Content styles use theme variables so that badges read well in both themes.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.content import Content

#: kind -> (badge word, theme colour behind it)
KIND_BADGES = {
    "glossary": ("rule", "$primary"),
    "keyword": ("keyword", "$secondary"),
    "step": ("step", "$accent"),
    "faq": ("ruling", "$success"),
    "qa": ("Q&A", "$success"),
    "errata": ("errata", "$warning"),
    "campaign": ("campaign", "$secondary"),
    "scenario": ("scenario", "$primary"),
    "tcg": ("TCG", "$error"),
}
BADGE_WIDTH = 10

ACTION_WINDOW = "⚡ action window"
MUTED = "$text-muted"
HIGHLIGHT = "bold $text-warning"


def kind_badge(kind: str) -> Content:
    """A fixed-width coloured badge naming an entry's kind ("rule", "Q&A", "errata")."""
    word, colour = KIND_BADGES.get(kind, (kind, "$panel"))
    return Content.styled(f" {word} ".center(BADGE_WIDTH), f"bold $text on {colour} 70%")


def entry_line(kind: str, title: str, entry_id: str = "") -> Content:
    """Badge, title in bold and (optionally) the id, muted."""
    parts: list[str | tuple[str, str] | Content] = [kind_badge(kind), " ", (title, "bold")]
    if entry_id:
        parts += ["  ", (entry_id, MUTED)]
    return Content.assemble(*parts)


def highlighted(text: str, spans: Iterable[tuple[int, int]], style: str = HIGHLIGHT) -> Content:
    """Text with the given character spans emphasised (search snippets)."""
    content = Content(text)
    for start, end in spans:
        if 0 <= start < end <= len(text):
            content = content.stylize(style, start, end)
    return content


def hit_prompt(hit) -> Content:
    """A search hit in three lines: badge and title, citation, highlighted snippet."""
    return Content("\n").join(
        [
            entry_line(hit.listed_kind, hit.title, hit.id),
            Content.styled(hit.citation, f"italic {MUTED}"),
            highlighted(hit.snippet, hit.highlights),
        ]
    )


def is_window_step(title: str) -> bool:
    """A step that is itself an action window (2.2), rather than followed by one."""
    return "action window" in title.lower()


def step_label(number: str | None, title: str, action_window: bool | None) -> Text:
    """`3.3 Staging  ⚡ action window`: a framework step as the round chart shows it.

    A rich `Text`, because `Tree` labels are `Text` (a `str` would be parsed as markup).
    """
    label = Text()
    if number:
        label.append(f"{number} ", "bold")
    label.append(title)
    if action_window:
        label.append("  ")
        label.append(ACTION_WINDOW, "bold")
    elif is_window_step(title):
        label.append("  ⚡", "bold")
    return label
