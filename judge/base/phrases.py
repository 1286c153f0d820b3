"""Where a phrase's words stand in a text's words: one scan that the question's readers
(`judge.search`) and the games' markers (`judge.games.game_of`) share."""

from __future__ import annotations


def phrase_at(said, phrase) -> list[int]:
    """Where the phrase's words stand together, in order, among the words `said`
    (sequences of the same kind, tuples or lists); an empty phrase stands nowhere."""
    n = len(phrase)
    if not n:
        return []
    return [i for i in range(len(said) - n + 1) if said[i : i + n] == phrase]
