"""The pairings part of the checker: re-pair every round and list where the file differs.

Like FIDE's Free Pairings Checker (C.04.A art. A.4) and the checklist's PTC (C.02 VCL, Q21):
for each round ``r`` the tournament is cut back to the state before ``r`` was paired
(:func:`swissdesk.model.tournament.truncated`), the engine pairs it, and its pairs, colours and
pairing-allocated bye are compared with what the file says. A game forfeited in the file still
counts as a pairing; the PAB is the entry with result ``U``.

Where the system has an independent check of the absolute criteria (Dutch, Dubov, Burstein:
:mod:`swissdesk.engines.verify`), the file's own pairing is also put through it, so that a
rematch or a forbidden colour sequence is named as the rule it breaks, not only as "the engine
pairs otherwise".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from swissdesk.engines.base import Pair, PairingEngine, PairingError, RoundPairing, reason_of
from swissdesk.engines.verify import absolute_criteria_problems
from swissdesk.i18n import said, said_n, worded
from swissdesk.model.tournament import Colour, ResultCode, Tournament, truncated

RuleCheck = Callable[[Tournament, RoundPairing], list[str]]
"""Rules a recorded pairing breaks (sentences), given the tournament before that round."""

RULE_CHECKS: dict[str, RuleCheck] = {
    "dutch": absolute_criteria_problems,
    "burstein": absolute_criteria_problems,
    "dubov": absolute_criteria_problems,
}
"""Systems whose recorded rounds also go through the independent check of the absolute
criteria (C.04.1 art. 2-4, [C1]-[C3], the PAB rules; C.04.1 art. 6-7 colour limits)."""


@dataclass(frozen=True, slots=True)
class FilePairing:
    """What the file says was paired in one round."""

    pairs: frozenset[frozenset[int]]
    white: dict[frozenset[int], int | None]
    """For each pair, the TPN who had White (``None`` when the file gives no colours)."""
    bye: int | None


@dataclass(frozen=True, slots=True)
class Discrepancy:
    """One thing wrong with a round of the file.

    ``kind`` is ``"rule"`` (the file's pairing breaks an absolute criterion), ``"pair"`` (the
    file has a pair the rules do not make), ``"missing_pair"`` (the rules make a pair the file
    does not have), ``"colour"``, ``"bye"`` (the pairing-allocated bye) or ``"no_pairing"``
    (no legal pairing exists for the round, yet the file has one).
    """

    kind: str
    text: str
    """In English (the JSON's and a tournament's ``###`` lines'); :meth:`shown` words it for
    the reader when it is a :class:`~swissdesk.i18n.Message`."""
    players: tuple[int, ...] = ()

    def shown(self) -> str:
        """The discrepancy in the current language."""
        return str(worded(self.text))


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """The check of one round: its discrepancies, none when the file follows the rules."""

    round_number: int
    discrepancies: tuple[Discrepancy, ...] = ()
    engine_pairing: RoundPairing | None = None

    @property
    def differences(self) -> tuple[str, ...]:
        """The discrepancies as sentences, in English (stored in ``###`` lines, JSON)."""
        return tuple(d.text for d in self.discrepancies)

    def shown_differences(self) -> tuple[str, ...]:
        """The discrepancies as sentences for the arbiter, in the current language."""
        return tuple(d.shown() for d in self.discrepancies)

    @property
    def agrees(self) -> bool:
        return not self.discrepancies


@dataclass(frozen=True, slots=True)
class PairingsReport:
    """All checked rounds."""

    rounds: tuple[RoundCheck, ...] = field(default_factory=tuple)

    @property
    def differing_rounds(self) -> tuple[int, ...]:
        return tuple(r.round_number for r in self.rounds if not r.agrees)

    @property
    def agrees(self) -> bool:
        return not self.differing_rounds

    def summary(self) -> str:
        """One line: how many rounds were checked and which differ (English; ``worded()``
        words it for the reader)."""
        n = len(self.rounds)
        if self.agrees:
            return said_n(
                "{n} round checked: the engine agrees with the file in every round.",
                "{n} rounds checked: the engine agrees with the file in every round.",
                n,
                n=n,
            )
        bad = self.differing_rounds
        total = sum(len(r.discrepancies) for r in self.rounds)
        return said(
            "{checked}: {differ} ({rounds}), {differences}.",
            checked=said_n("{n} round checked", "{n} rounds checked", n, n=n),
            differ=said_n("{n} round differs", "{n} rounds differ", len(bad), n=len(bad)),
            rounds=", ".join(map(str, bad)),
            differences=said_n("{n} difference", "{n} differences", total, n=total),
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


def recorded_pairing(tournament: Tournament, round_number: int) -> RoundPairing:
    """The file's round as an engine answer (boards in pairing-number order; a pair without
    colours gets the lower number as White)."""
    recorded = file_pairing(tournament, round_number)
    pairs = []
    for pair in sorted(recorded.pairs, key=sorted):
        a, b = sorted(pair)
        white = recorded.white.get(pair) or a
        pairs.append(Pair(white, b if white == a else a))
    return RoundPairing(round_number, tuple(pairs), recorded.bye)


def _pair_text(pair: frozenset[int], white: int | None) -> str:
    a, b = sorted(pair)
    if white is None:
        return f"{a}-{b}"
    black = b if white == a else a
    return f"{white}-{black}"


def round_discrepancies(
    tournament: Tournament, round_number: int, pairing: RoundPairing
) -> tuple[Discrepancy, ...]:
    """Where the file's round and the engine's pairing differ."""
    recorded = file_pairing(tournament, round_number)
    engine_pairs = {frozenset((p.white, p.black)): p.white for p in pairing.pairs}
    out: list[Discrepancy] = []
    for pair in sorted(recorded.pairs - engine_pairs.keys(), key=sorted):
        out.append(
            Discrepancy(
                "pair",
                said(
                    "the file pairs {pair}; the engine does not make this pair",
                    pair=_pair_text(pair, recorded.white.get(pair)),
                ),
                tuple(sorted(pair)),
            )
        )
    for pair in sorted(engine_pairs.keys() - recorded.pairs, key=sorted):
        out.append(
            Discrepancy(
                "missing_pair",
                said(
                    "the engine pairs {pair} (White first); the file does not have this pair",
                    pair=_pair_text(pair, engine_pairs[pair]),
                ),
                tuple(sorted(pair)),
            )
        )
    for pair in sorted(engine_pairs.keys() & recorded.pairs, key=sorted):
        file_white = recorded.white.get(pair)
        if file_white is not None and file_white != engine_pairs[pair]:
            out.append(
                Discrepancy(
                    "colour",
                    said(
                        "colours of {pair}: the file gives White to {file}, the engine to "
                        "{engine}",
                        pair=_pair_text(pair, None),
                        file=file_white,
                        engine=engine_pairs[pair],
                    ),
                    tuple(sorted(pair)),
                )
            )
    if recorded.bye != pairing.bye:
        if recorded.bye is None:
            text = said(
                "pairing-allocated bye: the file gives it to nobody, the engine to {engine}",
                engine=pairing.bye,
            )
        elif pairing.bye is None:
            text = said(
                "pairing-allocated bye: the file gives it to {file}, the engine to nobody",
                file=recorded.bye,
            )
        else:
            text = said(
                "pairing-allocated bye: the file gives it to {file}, the engine to {engine}",
                file=recorded.bye,
                engine=pairing.bye,
            )
        out.append(
            Discrepancy(
                "bye",
                text,
                tuple(t for t in (recorded.bye, pairing.bye) if t is not None),
            )
        )
    return tuple(out)


def compare_round(
    tournament: Tournament, round_number: int, pairing: RoundPairing
) -> tuple[str, ...]:
    """Human-readable differences between the file's round and the engine's pairing (English)."""
    return tuple(d.text for d in round_discrepancies(tournament, round_number, pairing))


def rule_discrepancies(
    tournament: Tournament, round_number: int, rule_check: RuleCheck | None
) -> tuple[Discrepancy, ...]:
    """The absolute criteria the file's own round ``round_number`` breaks."""
    if rule_check is None:
        return ()
    before = truncated(tournament, round_number)
    problems = rule_check(before, recorded_pairing(tournament, round_number))
    return tuple(
        Discrepancy("rule", said("the file's pairing breaks a rule: {rule}", rule=p))
        for p in problems
    )


def check_pairings(
    tournament: Tournament,
    engine: PairingEngine,
    rounds: Iterable[int] | None = None,
    *,
    rule_check: RuleCheck | None = None,
) -> PairingsReport:
    """Re-pair each of ``rounds`` (default: every round with pairings) and compare; with
    ``rule_check``, also name the absolute criteria each recorded round breaks."""
    last = tournament.rounds_with_pairings
    if tournament.total_rounds == 0:
        # Without 142/XXR the rounds played are all there are (as the reference engines do).
        tournament = replace(tournament, total_rounds=last)
    wanted = sorted(set(rounds)) if rounds is not None else list(range(1, last + 1))
    results: list[RoundCheck] = []
    for r in wanted:
        broken = rule_discrepancies(tournament, r, rule_check)
        before = truncated(tournament, r)
        try:
            pairing = engine.pair(before, r)
        except PairingError as exc:
            none = Discrepancy(
                "no_pairing",
                said("the engine finds no valid pairing: {why}", why=reason_of(exc)),
            )
            results.append(RoundCheck(r, (*broken, none)))
            continue
        results.append(RoundCheck(r, broken + round_discrepancies(tournament, r, pairing), pairing))
    return PairingsReport(tuple(results))


def check_tournament(
    tournament: Tournament,
    engine: PairingEngine,
    rounds: Iterable[int] | None = None,
) -> PairingsReport:
    """Re-pair each of ``rounds`` (default: every round with pairings) and compare (the
    pairings only, with no independent rule check: what the engines' own tests ask)."""
    return check_pairings(tournament, engine, rounds)
