"""Command palette (ctrl+p): jump to any entry by title or id, any card of the card facts
(to the Cards screen), any step or screen."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Matcher, Provider
from textual.content import Content
from textual.markup import escape

from tui.screens import SCREENS


@dataclass(frozen=True, slots=True)
class Target:
    """One thing the palette can open: what to match, what to show, where it leads."""

    text: str
    also: str  # matched too, not shown in the prompt (an entry's id)
    help: str
    href: str


def _card_titles() -> tuple[str, ...]:
    """Every card title of the card facts (none when they are not installed)."""
    from judge.app.card_report import available, catalogue

    return tuple(dict.fromkeys(c.title for c in catalogue().cards)) if available() else ()


def _targets(kb, card_titles: tuple[str, ...] = ()) -> list[Target]:
    targets = []
    for entry in kb.entries:
        # "Step 6.4.2 ...": players type the word with the number ("step 6.4.2")
        title = f"Step {entry.number} {entry.title}" if entry.kind == "step" else entry.title
        targets.append(
            Target(title, entry.id, f"{entry.kind} · {entry.id} · {entry.citation}", entry.id)
        )
    ruled = {title.casefold(): title for title in kb.card_titles.values()}
    cards = {**{t.casefold(): t for t in card_titles}, **ruled}  # the entries' spelling wins
    for key, title in sorted(cards.items()):
        what = "its versions, errata, rulings and Q&A" if key in ruled else "its versions"
        targets.append(Target(f"Card: {title}", "", what, f"card:{title}"))
    return targets


def _highlight(matcher: Matcher, text: str) -> Content:
    """`Matcher.highlight` parses its text as markup; entry titles must stay literal."""
    content = Content(text)
    score, offsets = matcher.fuzzy_search.match(matcher.query, text)
    if score:
        for offset in offsets:
            if not text[offset].isspace():
                content = content.stylize(matcher.match_style, offset, offset + 1)
    return content


class LoremasterCommands(Provider):
    """Entries, cards, steps and screens."""

    async def startup(self) -> None:
        kb = await asyncio.to_thread(lambda: self.app.library.kb)
        self._items = _targets(kb, await asyncio.to_thread(_card_titles))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        app = self.app
        for screen in SCREENS:
            text = f"Screen: {screen.name}"
            score = max(matcher.match(text), matcher.match(screen.also) * 0.9 if screen.also else 0)
            if score > 0:
                yield Hit(
                    score,
                    _highlight(matcher, text),
                    partial(app.switch_mode, screen.mode),
                    text=text,
                    help=f"{screen.title} ({screen.key.upper()})",
                )
        text = "New board from a template"
        score = matcher.match(text)
        if score > 0:
            yield Hit(
                score,
                _highlight(matcher, text),
                app.new_board,
                text=text,
                help="Judge (F7, ctrl+n): start a board for a phase or combat step",
            )
        for target in self._items:
            score = max(
                matcher.match(target.text), matcher.match(target.also) * 0.9 if target.also else 0
            )
            if score > 0:
                yield Hit(
                    score,
                    _highlight(matcher, target.text),
                    partial(app.open_link, target.href),
                    text=target.text,
                    help=escape(target.help),
                )

    async def discover(self) -> Hits:
        for screen in SCREENS:
            yield DiscoveryHit(
                Content(f"Screen: {screen.name}"),
                partial(self.app.switch_mode, screen.mode),
                text=f"Screen: {screen.name}",
                help=f"{screen.title} ({screen.key.upper()})",
            )
