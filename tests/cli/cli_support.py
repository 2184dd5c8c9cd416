"""Tiny pairing engines, TRF lines and small events for the command-line tests."""

from __future__ import annotations

from pathlib import Path

from swissdesk.cli import main
from swissdesk.engines.base import NoValidPairing, Pair, RoundPairing
from swissdesk.model.tournament import Tournament
from swissdesk.storage import (
    AssignPairingNumbers,
    PlayerData,
    TournamentFile,
    TournamentSettings,
)

TPN_ORDER = "test-tpn-order"
NO_PAIRING = "test-no-pairing"


class TpnOrderEngine:
    """Pairs the available players 1-2, 3-4, ... (lower TPN White); the last odd one gets the
    PAB. Not a Swiss system: it only exercises the command-line plumbing."""

    name = TPN_ORDER

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        r = round_number or tournament.rounds_with_pairings + 1
        available = [p.tpn for p in tournament.players if p.entry(r) is None]
        bye = available.pop() if len(available) % 2 else None
        pairs = tuple(Pair(available[i], available[i + 1]) for i in range(0, len(available), 2))
        explanation = (f"round {r}: {len(available)} players paired in TPN order",)
        return RoundPairing(r, pairs, bye, explanation if explain else ())


class NoPairingEngine:
    name = NO_PAIRING

    def pair(
        self, tournament: Tournament, round_number: int | None = None, *, explain: bool = False
    ) -> RoundPairing:
        raise NoValidPairing("every remaining pair has already met")


def player(tpn: int, points: str, *blocks: str) -> str:
    head = (
        f"001 {tpn:>4}      {f'Player{tpn:04d}, Test':33} {2500 - 10 * tpn:>4} {'':3} {'':>11} "
        f"{'':10} {points:>4}     "
    )
    return (head + "  " + "  ".join(blocks)).rstrip() if blocks else head.rstrip()


SMALL_LINES = (
    "012 Small Open",
    "XXR 5",
    "XXC white1",
    player(1, "2.0", "   2 w 1", "   3 w 1"),
    player(2, "0.0", "   1 b 0", "   4 b 0"),
    player(3, "0.5", "   4 w =", "   1 b 0"),
    player(4, "1.5", "   3 b =", "   2 w 1"),
)


def club_event(path: Path, names: str = "ABCDEF") -> Path:
    """A five-round club event of players ``Player A``, ``Player B``, … (ratings 2100 down
    by 20, Swiss), pairing numbers assigned, nothing paired yet."""
    players = [
        PlayerData(f"Player {c}", 2100 - 20 * i, federation="SUI") for i, c in enumerate(names)
    ]
    with TournamentFile.create(
        path, TournamentSettings(name="Club", total_rounds=5), players=players
    ) as tf:
        tf.execute(AssignPairingNumbers())
    return path


def new_file(path: Path, name: str, *players: PlayerData) -> Path:
    """A five-round tournament ``name`` at ``path`` with ``players`` (default: one, "A, Anne"
    rated 2000), nothing paired yet."""
    entries = list(players) or [PlayerData("A, Anne", 2000)]
    with TournamentFile.create(path, TournamentSettings(name=name, total_rounds=5),
                               players=entries):  # fmt: skip
        pass
    return path


def drawn_event(tmp_path: Path, tiebreaks: str = "BH,SB") -> Path:
    """Four players, three rounds, every game drawn: all on 1.5 with Buchholz 4.5 (made
    through the CLI)."""
    path = tmp_path / "open.swissdesk"
    players = [f"--player=Player {i};{2300 - 100 * i}" for i in range(1, 5)]
    assert main(["new", str(path), "--name", "Club open", "--rounds", "3", *players]) == 0
    assert main(["settings", str(path), "--tiebreaks", tiebreaks]) == 0
    play_drawn_rounds(path, 3)
    return path


def play_drawn_rounds(path: Path, rounds: int) -> None:
    """Pair ``rounds`` more rounds through the CLI, every game drawn."""
    for _ in range(rounds):
        assert main(["next-round", str(path)]) == 0
        with TournamentFile.open(path) as tf:
            n = tf.rounds_paired()
            boards = len(tf.round_view(n).boards)
        for board in range(1, boards + 1):
            assert main(["result", str(path), str(n), str(board), "1/2"]) == 0
