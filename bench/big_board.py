"""A 4-player LCG board with 40 cards in play, for the `check` benchmark."""

from __future__ import annotations

import yaml


def big_board() -> str:
    players = []
    for p in range(4):
        heroes = [
            {
                "title": f"Hero {p}-{h}",
                "threat_cost": 9,
                "willpower": 2,
                "attack": 2,
                "defense": 2,
                "hit_points": 5,
                "resources": 1,
                "attachments": [{"title": f"Gear {p}-{h}", "restricted": True}],
            }
            for h in range(3)
        ]
        allies = [
            {"title": f"Ally {p}-{a}", "willpower": 1, "attack": 1, "defense": 1, "hit_points": 2}
            for a in range(2)
        ]
        engaged = [
            {
                "title": f"Orc {p}",
                "engagement_cost": 20 + p,
                "threat": 2,
                "attack": 3,
                "defense": 1,
                "hit_points": 4,
            }
        ]
        players.append(
            {
                "name": f"P{p}",
                "threat": 30 + p,
                "heroes": heroes,
                "allies": allies,
                "engaged": engaged,
            }
        )
    staging = [
        {
            "type": "enemy",
            "title": f"Spider {i}",
            "engagement_cost": 25 + i,
            "threat": 1,
            "attack": 2,
            "defense": 1,
            "hit_points": 3,
        }
        for i in range(2)
    ]
    board = {
        "game": "lcg",
        "phase": "encounter",
        "step": "5.3",
        "players": players,
        "staging_area": staging,
        "quest": {"title": "Bench", "quest_points": 10, "progress": 2},
        "encounter_deck": 20,
    }
    return yaml.safe_dump(board, sort_keys=False)
