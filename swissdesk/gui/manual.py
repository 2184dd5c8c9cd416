"""Manual pairing changes (C.04.2 art. 4.4): the gestures live in
:mod:`swissdesk.storage.pairing_edits`, shared with the command line; this module keeps the
names the window used."""

from __future__ import annotations

from swissdesk.storage.pairing_edits import (
    apply_operation,
    current_pairing,
    give_bye,
    pair_players,
    reverse_colours,
    set_opponents,
    swap_players,
    unpair_player,
)

__all__ = [
    "apply_operation",
    "current_pairing",
    "give_bye",
    "pair_players",
    "reverse_colours",
    "set_opponents",
    "swap_players",
    "unpair_player",
]
