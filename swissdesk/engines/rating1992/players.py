"""Who the players are for the 1992 procedure: ranking (A2), colour preferences (A7),
floats (A4, A5), bye eligibility (B1b) and the "over 50 % in the last round" exemption.

Everything here is derived from the tournament snapshot alone; the procedure in
:mod:`.procedure` reads only :class:`Player92` records.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swissdesk.model.state import build_states
from swissdesk.model.tournament import Colour, HalfPoints, Player, ResultCode, Tournament

TITLE_ORDER_1992: dict[str, int] = {
    "IGM": 0,
    "GM": 0,
    "WGM": 1,
    "IM": 2,
    "WIM": 3,
    "FM": 4,
    "WFM": 5,
}
"""A2 c: IGM-WGM-IM-WIM-FM-WFM-no title; GM is IGM, any other title ranks as none (D-R92-2)."""

NO_TITLE = len({v for v in TITLE_ORDER_1992.values()})

W, B = Colour.WHITE, Colour.BLACK

ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0
"""Strengths of a colour preference (A7 a-c); higher is stronger (E2)."""


def title_rank_1992(title: str) -> int:
    """A2 c: position of ``title`` in the 1992 title order (no title last)."""
    return TITLE_ORDER_1992.get(title.strip().upper(), NO_TITLE)


@dataclass(slots=True)
class Player92:
    """One available player as the 1992 procedure sees him before the round."""

    tpn: int
    name: str
    score: HalfPoints
    rating: int
    title_rank: int
    pn: int
    """Pairing number: the A2 order before round one (A2, last paragraph); used by E4."""
    rank: int = 0
    """Position in the A2 order of this round (0 = highest)."""
    colours: tuple[Colour, ...] = ()
    """Colours of the played games only, oldest first (F2, F3)."""
    cd: int = 0
    """Colour difference (A7)."""
    pref: Colour | None = None
    strength: int = NONE
    exempt: bool = False
    """Score over 50 % when pairing the last round: A7a, B2, B5, B6 do not apply (note to B)."""
    float1: str = ""
    """Float received one round before ("D", "U" or ""): B5."""
    float2: str = ""
    """Float received two rounds before: B6."""
    opponents: frozenset[int] = frozenset()
    """Opponents of played games (B1a; F2: unplayed pairings may be repeated)."""
    bye_ok: bool = True
    """May receive the bye (B1b)."""
    may_white: bool = True
    """B2 allows White (set by :func:`build_players`)."""
    may_black: bool = True
    """B2 allows Black (set by :func:`build_players`)."""
    compatible: dict[int, bool] = field(default_factory=dict)
    """Memo of B1a/B2 compatibility with other players (filled by the procedure)."""

    def a2_key(self) -> tuple[int, int, int, str, str, int]:
        """A2: score, rating, title, name (case-insensitive, then exact); the id last."""
        return (
            -self.score,
            -self.rating,
            self.title_rank,
            self.name.casefold(),
            self.name,
            self.tpn,
        )

    def b2_allows(self, colour: Colour) -> bool:
        """B2: ``colour`` keeps the colour difference within +-2 and is no third in a row."""
        if self.exempt:
            return True
        cd = self.cd + (1 if colour is W else -1)
        if cd > 2 or cd < -2:
            return False
        return not (
            len(self.colours) >= 2 and self.colours[-1] is colour and self.colours[-2] is colour
        )

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"P{self.tpn}"


def preference_1992(colours: tuple[Colour, ...], exempt: bool) -> tuple[Colour | None, int]:
    """A7: the colour preference and its strength from the played colours (D-R92-4).

    a) absolute when |CD| > 1 or the last two games had the same colour: white when CD < 0
    or the last two were black, otherwise black (not in effect for an exempt player);
    b) strong when CD != 0; c) mild otherwise (alternate the last game's colour).
    No played game: no preference.
    """
    if not colours:
        return None, NONE
    cd = sum(1 if c is W else -1 for c in colours)
    same_two = len(colours) >= 2 and colours[-1] is colours[-2]
    if not exempt and (abs(cd) > 1 or same_two):
        if cd < 0 or (same_two and colours[-1] is B):
            return W, ABSOLUTE
        return B, ABSOLUTE
    if cd != 0:
        return (W if cd < 0 else B), STRONG
    return colours[-1].opposite, MILD


def _floats(t: Tournament, p: Player, done: int, before: dict[int, list[HalfPoints]]) -> list[str]:
    """A4, A5 (D-R92-7): the float of each completed round; forfeited pairings count."""
    out: list[str] = []
    for r in range(1, done + 1):
        e = p.entry(r)
        if e is None:
            out.append("")
        elif e.opponent is not None and e.opponent in before:
            mine, theirs = before[p.tpn][r - 1], before[e.opponent][r - 1]
            out.append("D" if mine > theirs else "U" if mine < theirs else "")
        elif e.result in (ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FULL_POINT_BYE):
            out.append("D")  # A5: a bye is a downfloat
        else:
            out.append("")
    return out


def build_players(t: Tournament, round_number: int) -> list[Player92]:
    """The available players of ``round_number`` in A2 order, with everything A2-A7 need."""
    states = build_states(t, round_number)
    done = round_number - 1
    before: dict[int, list[HalfPoints]] = {}
    for p in t.players:
        running, seq = 0, []
        for r in range(1, done + 1):
            seq.append(running)
            e = p.entry(r)
            if e is not None:
                running += t.scoring.points(e.result)
        before[p.tpn] = seq
    # A2 last paragraph: pairing numbers are the A2 order with every score 0 (D-R92-1).
    initial = sorted(
        t.players,
        key=lambda q: (-q.rating, title_rank_1992(q.title), q.name.casefold(), q.name, q.tpn),
    )
    pn = {q.tpn: i + 1 for i, q in enumerate(initial)}
    last_round = t.total_rounds > 0 and round_number >= t.total_rounds
    out: list[Player92] = []
    for p in t.players:
        s = states[p.tpn]
        if not s.available:
            continue
        exempt = last_round and 2 * s.score > done * t.scoring.win
        pref, strength = preference_1992(s.colours, exempt)
        fl = _floats(t, p, done, before)
        out.append(
            Player92(
                tpn=p.tpn,
                name=p.name,
                score=s.score,
                rating=p.rating,
                title_rank=title_rank_1992(p.title),
                pn=pn[p.tpn],
                colours=s.colours,
                cd=s.colour_difference,
                pref=pref,
                strength=strength,
                exempt=exempt,
                float1=fl[-1] if len(fl) >= 1 else "",
                float2=fl[-2] if len(fl) >= 2 else "",
                opponents=s.opponents,
                bye_ok=not s.had_bye_or_unplayed_win,
            )
        )
    out.sort(key=Player92.a2_key)
    for i, q in enumerate(out):
        q.rank = i
        q.may_white = q.b2_allows(W)
        q.may_black = q.b2_allows(B)
    return out
