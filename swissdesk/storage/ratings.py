"""The inputs of the rating-change and norm computations, as the file keeps them.

The computations themselves live below storage (:mod:`swissdesk.elo`,
:mod:`swissdesk.norms`); storage only keeps what the arbiter or the rating list gave: per
player the K, its source, the rated games before the event and the national rating; per
tournament the national list's rules and the norm declaration. These functions hand them
over as the plain input types of those packages.
"""

from __future__ import annotations

from collections.abc import Iterable

from swissdesk.elo import PlayerRatingInput, RatingInputs
from swissdesk.model import timecontrol
from swissdesk.norms import NormSettings
from swissdesk.storage.views import PlayerRow, TournamentSettings


def rating_type(settings: TournamentSettings) -> str:
    """``standard``, ``rapid`` or ``blitz``: what the encoded time control implies."""
    return timecontrol.rating_type_of(settings.time_control_code)


def rating_inputs(settings: TournamentSettings, players: Iterable[PlayerRow]) -> RatingInputs:
    """The per-player inputs (by TPN), the rating type and the national list."""
    return RatingInputs(
        players={
            p.tpn: PlayerRatingInput(
                k_factor=p.k_factor,
                k_source=p.k_source,
                rated_games=p.rated_games,
                national_rating=p.national_rating,
            )
            for p in players
        },
        rating_type=rating_type(settings),
        national=settings.national_list,
    )


def norm_settings(settings: TournamentSettings) -> NormSettings:
    return NormSettings(exemption=settings.norm_exemption)
