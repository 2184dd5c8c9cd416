"""Small files and helpers for the checker and generator tests."""

from __future__ import annotations

from pathlib import Path

from swissdesk.engines import get_engine
from swissdesk.model.tournament import Tournament
from swissdesk.trf import format_trf
from swissdesk.verification.generator import GeneratorSettings, generate_tournament


def player(
    tpn: int,
    points: str,
    *blocks: str,
    rating: int | None = None,
    rank: int | None = None,
) -> str:
    """A ``001`` record with ``blocks`` like ``"   2 w 1"``."""
    name = f"Player{tpn:04d}, Test"
    rating_text = str(2500 - 10 * tpn if rating is None else rating)
    head = (
        f"001 {tpn:>4}      {name:33} {rating_text:>4} {'':3} {'':>11} {'':10} "
        f"{points:>4} {'' if rank is None else rank:>4}"
    )
    return (head + "  " + "  ".join(blocks)).rstrip() if blocks else head.rstrip()


def block(opponent: int, colour: str, result: str) -> str:
    return f"{opponent:>4} {colour} {result}"


def write(tmp_path: Path, text: str, name: str = "t.trf") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def generated(
    seed: int, players: int = 12, rounds: int = 5, tiebreaks: tuple[str, ...] = ("BH/C1", "BH")
) -> Tournament:
    """A small Dutch tournament from the generator, ranked by ``tiebreaks``."""
    settings = GeneratorSettings(
        players=players, rounds=rounds, seed=seed, tiebreaks=tiebreaks, withdraw_rate=0.0
    )
    return generate_tournament(settings, get_engine("dutch"))


def trf_of(tournament: Tournament) -> str:
    return format_trf(tournament)


def with_rank_lines(text: str, ranks: dict[int, int | None]) -> str:
    """``text`` with the rank column (86-89) of the given players rewritten."""
    out = []
    for line in text.splitlines():
        if line.startswith("001"):
            tpn = int(line[4:8])
            if tpn in ranks:
                rank = ranks[tpn]
                line = line[:85] + f"{'' if rank is None else rank:>4}" + line[89:]
        out.append(line)
    return "\n".join(out) + "\n"
