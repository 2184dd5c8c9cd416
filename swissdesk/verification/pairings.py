"""Pairings checker: re-pair every round of a tournament and list where the file differs.

Like FIDE's Free Pairings Checker (C.04.A art. A.4): for each round ``r`` the tournament is cut
back to the state before ``r`` was paired (:func:`swissdesk.model.tournament.truncated`), the
engine pairs it, and its pairs, colours and pairing-allocated bye are compared with what the
file says. A game forfeited in the file still counts as a pairing; the PAB is the entry with
result ``U``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from swissdesk.engines.base import PairingEngine, PairingError, RoundPairing
from swissdesk.model.tournament import Colour, ResultCode, Tournament, truncated


@dataclass(frozen=True, slots=True)
class FilePairing:
    """What the file says was paired in one round."""

    pairs: frozenset[frozenset[int]]
    white: dict[frozenset[int], int | None]
    """For each pair, the TPN who had White (``None`` when the file gives no colours)."""
    bye: int | None


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """The comparison of one round: human-readable differences, empty when all agree."""

    round_number: int
    differences: tuple[str, ...] = ()
    engine_pairing: RoundPairing | None = None

    @property
    def agrees(self) -> bool:
        return not self.differences


@dataclass(frozen=True, slots=True)
class CheckReport:
    """All checked rounds."""

    rounds: tuple[RoundCheck, ...] = field(default_factory=tuple)

    @property
    def differing_rounds(self) -> tuple[int, ...]:
        return tuple(r.round_number for r in self.rounds if not r.agrees)

    @property
    def agrees(self) -> bool:
        return not self.differing_rounds

    def summary(self) -> str:
        """One line: how many rounds were checked and which differ."""
        n = len(self.rounds)
        checked = f"{n} round{'s' if n != 1 else ''} checked"
        if self.agrees:
            return f"{checked}: the engine agrees with the file in every round."
        bad = self.differing_rounds
        total = sum(len(r.differences) for r in self.rounds)
        return (
            f"{checked}: {len(bad)} round{'s' if len(bad) != 1 else ''} differ "
            f"({', '.join(map(str, bad))}), {total} difference{'s' if total != 1 else ''}."
        )


def file_pairing(tournament: Tournament, round_number: int) -> FilePairing:
    """The pairs (forfeits included), colours and PAB the file records for ``round_number``."""
    pairs: set[frozenset[int]] = set()
    white: dict[frozenset[int], int | None] = {}
    bye: int | None = None
    for p in tournament.players:
        e = p.entry(round_number)
        if e is None:
            continue
        if e.opponent is not None:
            pair = frozenset((p.tpn, e.opponent))
            pairs.add(pair)
            if e.colour is Colour.WHITE:
                white[pair] = p.tpn
            else:
                white.setdefault(pair, None)
        elif e.result is ResultCode.PAIRING_ALLOCATED_BYE:
            bye = p.tpn
    return FilePairing(frozenset(pairs), white, bye)


def _pair_text(pair: frozenset[int], white: int | None) -> str:
    a, b = sorted(pair)
    if white is None:
        return f"{a}-{b}"
    black = b if white == a else a
    return f"{white}-{black}"


def compare_round(
    tournament: Tournament, round_number: int, pairing: RoundPairing
) -> tuple[str, ...]:
    """Human-readable differences between the file's round and the engine's pairing."""
    recorded = file_pairing(tournament, round_number)
    engine_pairs = {frozenset((p.white, p.black)): p.white for p in pairing.pairs}
    out: list[str] = []
    for pair in sorted(recorded.pairs - engine_pairs.keys(), key=sorted):
        out.append(
            f"the file pairs {_pair_text(pair, recorded.white.get(pair))}; "
            "the engine does not make this pair"
        )
    for pair in sorted(engine_pairs.keys() - recorded.pairs, key=sorted):
        out.append(
            f"the engine pairs {_pair_text(pair, engine_pairs[pair])} (White first); "
            "the file does not have this pair"
        )
    for pair in sorted(engine_pairs.keys() & recorded.pairs, key=sorted):
        file_white = recorded.white.get(pair)
        if file_white is not None and file_white != engine_pairs[pair]:
            out.append(
                f"colours of {_pair_text(pair, None)}: the file gives White to {file_white}, "
                f"the engine to {engine_pairs[pair]}"
            )
    if recorded.bye != pairing.bye:
        file_bye = recorded.bye if recorded.bye is not None else "nobody"
        engine_bye = pairing.bye if pairing.bye is not None else "nobody"
        out.append(
            f"pairing-allocated bye: the file gives it to {file_bye}, the engine to {engine_bye}"
        )
    return tuple(out)


def check_tournament(
    tournament: Tournament,
    engine: PairingEngine,
    rounds: Iterable[int] | None = None,
) -> CheckReport:
    """Re-pair each of ``rounds`` (default: every round with pairings) and compare."""
    last = tournament.rounds_with_pairings
    if tournament.total_rounds == 0:
        # Without 142/XXR the rounds played are all there are (as the reference engines do).
        tournament = replace(tournament, total_rounds=last)
    wanted = sorted(set(rounds)) if rounds is not None else list(range(1, last + 1))
    results: list[RoundCheck] = []
    for r in wanted:
        before = truncated(tournament, r)
        try:
            pairing = engine.pair(before, r)
        except PairingError as exc:
            results.append(RoundCheck(r, (f"the engine finds no valid pairing: {exc}",)))
            continue
        results.append(RoundCheck(r, compare_round(tournament, r, pairing), pairing))
    return CheckReport(tuple(results))
