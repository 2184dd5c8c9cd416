"""Swiss System Based on Rating (FIDE 1992), registered as ``rating1992``.

A legacy system: the rating-ordered Swiss approved by the 1992 General Assembly
(``../shared/rules/swiss-rating-based-1992.txt``). The modules:

* :mod:`.players` - A2 ranking (score, rating, title IGM-WGM-IM-WIM-FM-WFM-none, name),
  pairing numbers, A7 colour preferences, A4/A5 floats, B1b bye eligibility;
* :mod:`.orders` - D1 transpositions (a search in the text's order with an exact completion
  oracle so that big brackets do not explode) and D2 exchanges (both matrices, any size);
* :mod:`.procedure` - C1-C14 per score bracket as resumable generators, with C12/C13
  backtracking into the previous bracket;
* :mod:`.colours` - E1-E4; :mod:`.engine` - F1 board order and the B1/B2 verifier.

The text leaves gaps. The readings chosen, by article (they follow the literal reference
reading of the shared corpus, ``readings.md`` D-R92-1 to D-R92-22, where it states one):

* A2 (D-R92-1/2): order score, rating, title (GM = IGM; CM, WCM, others = no title), name
  case-insensitive then exact, id last. Pairing numbers = the A2 order with every score 0;
  only E4 uses them.
* A7, F2, F3 (D-R92-3/4): only played games give colours (byes, absences, forfeits do not);
  absolute when |CD| > 1 or the last two played games had the same colour, White when
  CD < 0 or the last two were Black, else Black; strong when CD != 0; mild otherwise. No
  played game: no preference.
* Note to B, A7a (D-R92-6): "score of over 50 % in the last round" is read per player
  (round being paired >= XXR and score > half the points of the rounds played); such a
  player has no absolute preference and B2, B5, B6 do not apply to him.
* A4, A5 (D-R92-7): earlier floats come from the history: a pairing (forfeited too) of
  unequal scores gives the higher a downfloat, the lower an upfloat; a bye is a downfloat.
* B1b (D-R92-5): no bye for a player who had a pairing bye or a win's points unplayed.
* B5/B6 in C6 (D-R92-8): upfloat = the lower player of a pair with unequal scores;
  downfloat = a player of the bracket's own score left unpaired; a moved-down player is not
  judged again; in the lowest bracket the one leftover (the bye) is judged and must be
  eligible by B1b. Forced moves (C1, C14 with p = 0) are not judged.
* A8, B4 (D-R92-9): x = max(0, formula); a pair whose two players prefer the same colour
  uses one unit of x; a heterogeneous bracket's x bounds its moved-down pairs, the
  remainder gets its own x.
* C6 (D-R92-10): "in compliance with B1 and B2" also means the relative criteria still in
  force (B4 through x, B5/B6 until C9/C10 drop them); B3 is realised by the structure.
* D1 (D-R92-11): all orders of S2 in lexicographic order; transpositions giving the same
  pairs are tried once.
* D2 (D-R92-12): one-player exchanges, then two-player ones, by the difference of the
  numbers, ties: lowest S1 player(s) first, then the higher S2 players; |S1| = |S2|: the top
  of S1 and the bottom of S2 never move; larger S2: every S1 player may move, the bottom of
  S2 never; |S2| = |S1| + 1: the pair of the two highest S1 players is obsolete. Each
  exchange starts from the C4 split; S1 and S2 are re-ordered by A2.
* Control flow (D-R92-13): a step that cannot act passes on; "restart at Cn" keeps every
  other state: dropped criteria stay dropped for the bracket; C2 recomputes x, C3 p
  (keeping C14's decrease), C4 resets S1/S2, transpositions and exchanges. C9 drops B6 then
  B5 for downfloats, C10 B6 then B5 for upfloats (D-R92-14: in every bracket).
* Heterogeneous brackets (A3, D-R92-15): heterogeneous only when fewer than half came from
  above. The first compliant transposition of the moved-down players is taken and the rest
  is paired "at C2" as a homogeneous remainder (C2-C9 with exchanges). If it finds nothing,
  C10 tries the next opponents of the lowest moved-down player (other pairs kept), then
  drops B6/B5 for upfloats and restarts the bracket at C2; C11 raises the remainder's x
  (kept as a floor) and restarts at C3; C14 of the remainder decreases its p (p = 0: the
  remainder is moved down). A remainder whose p is already 0 cannot decrease it: C14's "if p
  equals zero the entire score bracket is moved down" applies to the whole bracket (this
  reading decides 5 of the 157 shared cases). C14 of the moved-down players: S1 = the p
  highest, the remainder gets a fresh p and x. In the lowest bracket nobody can be moved
  down: the remainder's failure leads to C13, then to C14 of the moved-down players.
* C1 (D-R92-16): checked in A2 order, re-checked after every move; a moved-down player
  without opponent: C12 (also in a bracket treated as homogeneous), then C13 in the lowest
  bracket, else moved down. In an odd lowest bracket a single player without opponent who
  may have the bye needs none.
* C12 (D-R92-17): the previous bracket's procedure is resumed from its accepted pairing as if
  C6 had rejected it, not into its own C12/C13 and not past its next C14 (of the bracket or
  of its remainder); the first pairing moving down a different set of players with which
  this bracket pairs all of its moved-down players (its own procedure without C12, C13 and
  its C14) is accepted. Tried once per bracket from C11, each time from C1.
* C13 (D-R92-18): the penultimate bracket is resumed the same way through its C14s; a
  pairing is accepted when the lowest bracket then pairs completely (without C12/C13).
  Exhausted: the two brackets are joined (all the penultimate's players count as moved
  down) and the joined lowest bracket runs again from C1. Nothing left: NoValidPairing
  naming the bracket.
* E1-E4 (D-R92-20): stronger = absolute > strong > mild; E3 compares the played sequences
  right-aligned (F3); E4 the higher ranked player's preference; two players without a
  played game: the higher gets the colour drawn by lot (XXC) if his pairing number is odd.
  A history A7a cannot read (e.g. CD < 0 after two Whites, impossible while B2 is kept)
  gets the colour B2 leaves.
* F1 (D-R92-21): the higher player's score, the pair's score sum, the higher player's A2
  rank. F5-F9 need no code; F10 is the default tie-break list below.
"""

from __future__ import annotations

from dataclasses import replace

from swissdesk.engines.base import RoundPairing, register
from swissdesk.engines.rating1992.engine import pair_1992
from swissdesk.model.tournament import Tournament

DEFAULT_TIEBREAKS: tuple[str, ...] = ("DE", "ARO")
"""F10: after the points, the games between the tied players (DE; the text asks for it for
first place only), the average rating of the opponents (ARO), then lots (no code: drawing
lots is the arbiter's act)."""


class Rating1992Engine:
    """Tournament snapshot in, 1992 rating-based pairing out (B1/B2 verified)."""

    name = "rating1992"
    display_name = "Swiss based on rating (1992)"
    default_tiebreaks = DEFAULT_TIEBREAKS
    """F10's list, for a new tournament of this system (optional attribute, like
    ``display_name``)."""

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        """Pair ``round_number`` (default: the next one); B1/B2 are verified afterwards."""
        if round_number is None:
            round_number = tournament.rounds_with_pairings + 1
        pairing, log = pair_1992(tournament, round_number)
        if explain:
            pairing = replace(pairing, explanation=tuple(log))
        return pairing


register("rating1992", Rating1992Engine)

__all__ = ["DEFAULT_TIEBREAKS", "Rating1992Engine", "pair_1992"]
