"""One module per screen. The app, the navigation bar and the palette share this table."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ScreenInfo:
    """A screen (an app mode): its key, its names and where its class lives."""

    mode: str
    key: str
    name: str
    title: str
    module: str
    cls: str
    #: other words the palette finds it by (the screen it replaced: "errata")
    also: str = ""


SCREENS = (
    ScreenInfo("ask", "f2", "Ask", "Ask a rules question in your own words", "ask", "AskScreen"),
    ScreenInfo(
        "entry",
        "f3",
        "Entry",
        "The last entry opened, with its links and history",
        "entry",
        "EntryScreen",
    ),
    ScreenInfo(
        "cards",
        "f4",
        "Cards",
        "Every card: its facts, errata, rulings and rules",
        "cards",
        "CardsScreen",
        also="errata rulings",
    ),
    ScreenInfo(
        "round",
        "f5",
        "Round",
        "The round's phases and steps, with the action windows",
        "round",
        "RoundScreen",
    ),
    ScreenInfo(
        "campaign",
        "f6",
        "Campaign",
        "Campaign rules, and check a campaign log",
        "campaign",
        "CampaignScreen",
    ),
    ScreenInfo(
        "judge", "f7", "Judge", "Check a board-state file against the rules", "judge", "JudgeScreen"
    ),
    ScreenInfo(
        "scenarios",
        "f8",
        "Scenarios",
        "Scenarios by cycle: difficulty, rulings, the Easy Mode checklist",
        "scenarios",
        "ScenariosScreen",
    ),
)
