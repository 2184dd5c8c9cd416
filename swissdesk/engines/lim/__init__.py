"""The Lim system (FIDE C.04.4.3, text applied from 1 February 2026), registered as ``lim``.

How the articles map to the computation (``engine.py``; readings D-LIM-n of
``readings.md``)
-------------------------------------------------------------------------------------
* Art. 1.1 / C.04.1 art. 3-4 (``LimRound.choose_bye``): the PAB goes to the lowest ranked
  player (largest TPN) of the lowest scoregroup who has not had a PAB or an unplayed win,
  skipping one whose absence would leave the others without a complete compatible pairing
  (D-LIM-2). Round one: the last of the pairing list (7.1).
* Art. 2.1 and 6 (``LimRound.compatible``): not met in a played game (forfeits may be
  repeated, C.04.2 art. 3.5) and some colours keep both players clear of a third same colour
  in a row and of three more of one colour; in the last round the colour part is dropped
  between two players with the same score (D-LIM-1).
* Art. 2.2 / 8.3 (``pair_lim``): scoregroups above the median from the top down, then those
  below from the bottom up, the median last and downward. The median is half the points of
  the rounds played (with Baku acceleration the virtual points are part of the scores).
* Art. 2.3.1-2.3.3 (``GroupPairer.transfer_unpairable``): players without a compatible
  opponent in the group float to the next group in pairing order (3.2.1).
* Art. 3.6-3.8 (``GroupPairer.pair_incoming``): incoming floaters are paired first
  (downfloaters by score, then TPN, then upfloaters; mirrored upward), each with the first
  player due the other colour, else the first compatible one, looking at the group's
  residents before other floaters, and only where the rest keeps its most pairings (D-LIM-5).
* Art. 2.3.4, 3.2-3.4, 3.9, 3.10 (``GroupPairer.parity_floater``): most pairings left,
  then type d > c > b > a, then not floated the round before, then the due colours of the
  rest most equal, then the lowest numbered (downward) / highest numbered (upward) (D-LIM-3).
* Art. 4 and 5.2 (``colour_scrutiny``): among the complete pairings of the rest, the fewest
  pairs due the same colour, and among those the first in the exchange order of the tables
  of 4.2 and 4.3 (D-LIM-6, D-LIM-12). Exact at any size: the player first in scrutiny order
  takes the first opponent of ``exchange_order`` that a best completion allows, decided by a
  maximum-weight matching (integer fields: completeness, colours, rank) warm-started per
  player. Without a complete pairing (4.4): the first player takes the first opponent that
  keeps the most pairings (checked by augmenting paths, ``blossom.py``); one with no opponent
  floats, the parity floater coming back (4.4.1) or the lowest numbered going along (4.4.2).
* Art. 2.6 (``pair_lim``): a blocked median is extended by cracking the pairing nearest the
  median on the lower side (more floaters from above) or the higher side, and re-paired
  from scratch (D-LIM-11).
* Art. 5 (``allocate_colours``): the limits of 5.1.1/5.1.2/5.3 first; due colours granted
  when they differ; the same due colour: the latest round where the histories differ
  decides (5.4); identical histories: the higher ranked at or above the median, the lower
  ranked below it (D-LIM-7, D-LIM-8). Round one: art. 7.2.
* Boards in the order of C.04.2 art. 3.6; every pairing goes through the independent check
  of ``verify.py`` (art. 2.1, 5.1.1, 5.1.2, 6, C.04.1 art. 2-4).

Where the text cannot decide
----------------------------
* Art. 2.6 names the side to crack; when that side has no pairing left, the other side is
  cracked (and the explanation says so). When nothing is left to crack at all, a complete
  pairing breaking no absolute criterion that keeps as many of the procedure's pairs as
  possible is produced (a maximum-weight matching) and the explanation says that art. 2.6
  could not decide; ``NoValidPairing`` only when no compatible complete pairing exists.
* A prohibited pair in round one (art. 7.2 has no rule): the same fallback.

Tournament options
------------------
* ``maxi`` (Maxi-tournaments, art. 3.2.3, 3.8, 5.7): the parity floater is the lowest
  numbered player when the chosen one is more than 100 points from him; a floater or a
  player exchanged for colour takes an opponent due the other colour only within 100
  points of the first compatible one. The reference cases do not use it (D-LIM-13).
* ``edition``: ``"2026"`` (default), ``"2003"`` or ``"1999"``; see below.

The editions compared, article by article
-----------------------------------------
1999 (C.04.4.3 as amended by the 1999 Executive Board) against 2026:
* the same articles 1-8 with the same content. 2026 numbers the sub-rules (2.3.a-d become
  2.3.1-2.3.4; the four paragraphs of 3.2 become 3.2.1-3.2.4; 3.9 becomes 3.9.1/3.9.2;
  the two conditions of 3.10 become 3.10.1/3.10.2; 4.1.a/b, 4.4.a/b, 5.1.a/b become
  4.1.1/4.1.2, 4.4.1/4.4.2, 5.1.1/5.1.2), uses gender-neutral wording, and refers to the
  Basic Rules by article (1.1: "Article 3"; 6: "Article 5") where 1999 cites C.04.1.c and
  C.04.1.e. No pairing changes, so ``"1999"`` pairs exactly as ``"2026"``.
2003 (FIDE Handbook, "B. General Pairing Rules", sections 7-13) against 2026:
* 7 "Pairing Numbers" (no 2026 counterpart): ranking by rating, title, local rating, lot.
  The TPNs come from the file, so nothing changes in the engine.
* 8.1 = 1.1 (bye to the lowest ranked of the lowest score-group). 8.2 "A player may receive
  the Bye only once. A player who has won a point by default may not be awarded a Bye
  subsequently": a PAB or a forfeit win bars the bye, a requested full-point bye does not,
  whereas 2026 (C.04.1 art. 4) bars anybody who scored a win's points without playing.
  **This changes pairings**: ``edition="2003"`` applies 8.2 (and the verifier with it).
  8.3 (the bye scores one point, no colour) is the scoring system of the file.
* 9.1-9.6 = 2.1-2.6, 10.1-10.10 = 3.1-3.10, 12.1-12.7 = 5.1-5.7: the same texts.
* 11.1 scrutinises the proposed pairings for "Rule 2 ... two players have not played each
  other" where 4.1 says "the compatibility statement (2.1)"; the colour limits of 12.1(a)/(b)
  are absolute in both, so the same pairs are excluded and nothing changes. 11.4 adds a
  pointer to the "Instructions for Swiss Pairing" (C.04B), no rule.
* 13 = 6 (the last-round exception, citing the general "Rule 3" for equal scores).
* 2003 has no "Brief examples" (7 Round One, 8 Round Two of 2026): round one then follows
  the general rules of that Handbook, which the supplied text does not include; the engine
  keeps art. 7.2 for every edition.

Agreement and speed
-------------------
126 of 126 reference cases of ``../shared/corpus/lim`` (``tests/engines/test_lim_corpus.py``).
One round (``benchmarks/bench_lim.py``, rounds 5 and 9 of 11, CPU time): 500 players
0.12-0.13 s, 1,000 players 0.5-0.7 s (round 2, the heaviest, about 2.2 s for 1,000).
With Baku acceleration (C.04.7) the virtual points are part of the scores that form the
scoregroups; the median stays half of the points of the rounds played.
"""

from __future__ import annotations

from dataclasses import replace

from swissdesk.engines.base import Pair, RoundPairing, register
from swissdesk.engines.lim.engine import LimOptions, LimResult, pair_lim
from swissdesk.engines.lim.verify import verify_lim
from swissdesk.i18n import _
from swissdesk.model.state import build_states
from swissdesk.model.tournament import Tournament


class LimEngine:
    """Tournament snapshot in, Lim pairing out."""

    name = "lim"

    def __init__(self, *, maxi: bool = False, edition: str = "2026") -> None:
        self.options = LimOptions(maxi=maxi, edition=edition)

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        """Pair ``round_number`` (default: the next one) and verify the absolute criteria."""
        if round_number is None:
            round_number = tournament.rounds_with_pairings + 1
        result = pair_lim(tournament, round_number, self.options)
        pairing = to_round_pairing(tournament, result, round_number)
        if explain:
            from swissdesk.engines.lim.explain import explain_lim

            pairing = replace(pairing, explanation=tuple(explain_lim(result, pairing)))
        verify_lim(tournament, pairing, self.options.edition)
        return pairing


def to_round_pairing(t: Tournament, result: LimResult, round_number: int) -> RoundPairing:
    """Boards in the order of C.04.2 art. 3.6: the higher ranked player's score, the sum of
    both scores, the higher ranked player's TPN (real scores, not accelerated)."""
    st = build_states(t, round_number)

    def key(board: tuple[int, int]) -> tuple[int, int, int]:
        a, b = board
        ha, hb = (st[a].score, -a), (st[b].score, -b)
        high, low = (a, b) if ha > hb else (b, a)
        return (-st[high].score, -(st[high].score + st[low].score), high)

    boards = sorted(result.boards, key=key)
    return RoundPairing(
        round_number=round_number,
        pairs=tuple(Pair(w, b) for w, b in boards),
        bye=result.bye,
    )


def _with_options(options: tuple[str, ...]) -> LimEngine:
    """``lim:2003,maxi``: the edition of the text (2026, 2003 or 1999) and whether the event
    is a Maxi-tournament (art. 3.2.3, 3.8, 5.7)."""
    editions = [o for o in options if o != "maxi"]
    if len(editions) > 1:
        raise ValueError(
            _("one edition of the Lim text, not {editions}").format(editions=", ".join(editions))
        )
    return LimEngine(maxi="maxi" in options, edition=editions[0] if editions else "2026")


register("lim", LimEngine, _with_options)

__all__ = ["LimEngine", "LimOptions", "pair_lim"]
