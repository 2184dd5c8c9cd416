"""The cross-test FIDE's checklist asks for (C.02 Q33-39): swissdesk against bbpPairings and
FIDE's reference tie-break checker, both ways.

Usage::

    python benchmarks/crosstest_bbp.py --bbp PATH/TO/bbpPairings.exe \\
        [--tiebreak-server DIR] [--count 50000] [--directions swissdesk bbp] \\
        [--seed 1] [--jobs 1] [--log crosstest.jsonl] [--keep DIR] [--summary]

``--bbp`` is a bbpPairings executable (version 6, the FIDE-endorsed Dutch engine) that whoever
runs the test has built from its sources; this project never carries its code, a binary of
it or a recipe that builds it. ``--tiebreak-server`` is a checkout of FIDE TEC's reference
tie-break checker, TieBreakServer (Otto Milvang; its ``tiebreakchecker.py`` runs with a plain
``python3``); without it only the pairings are cross-tested.

Direction **swissdesk** (``--count`` tournaments): ``swissdesk generate`` makes a Dutch
tournament from seed ``--seed + i`` with every option left unset, so the generator draws them
all (players, rounds, byes of every kind, forfeits, unusual results, Baku acceleration,
the tie-break list, the ratings). Then

1. ``bbpPairings --dutch FILE -c`` checks every round (a round it lists is a discrepancy);
2. ``tiebreakchecker.py -c`` recomputes the standings by the file's records 212/202 and
   compares them with the rank column ("Check: False" is a discrepancy), and every tie-break
   value it prints is compared with swissdesk's.

Direction **bbp**: bbpPairings' own generator (``-g CONFIG -s SEED``) makes a Dutch tournament
from a random configuration (players, rounds, draw percentage, forfeit, retirement and
half-point-bye rates, rating range); a quarter of them are made again from that tournament as
a model with ``192 FIDE_DUTCH_2025_BAKU`` (Baku acceleration), when swissdesk's reader
understands that code. Then

1. ``swissdesk check`` (in this process) checks every round;
2. a random tie-break list is added as records 202/212, TieBreakServer ranks the players by it
   and its ranks are written into the rank column; ``swissdesk check`` must find every rank
   right, and every value TieBreakServer prints is compared with swissdesk's.

A tournament bbpPairings' generator cannot finish ("No valid pairing exists for round N of
the generated tournament") is counted as unpairable, not as a crash, when swissdesk agrees:
the rounds before N pair alike and swissdesk finds no pairing for round N either
(``unpairable_disputed`` counts those where it does not).

Every tournament adds one JSON line to ``--log`` (seed, size, rounds, what differed); a
tournament with a discrepancy is copied to ``--keep`` with what differed, for classification
(our engine, the other engine, a differing reading). ``--summary`` prints the figures of a
log (also of a run still going). Not a test: a long run (hours), bounded by ``--count``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from swissdesk.engines import get_engine
from swissdesk.engines.base import NoValidPairing
from swissdesk.errors import NoPairingError, SwissdeskError
from swissdesk.model.tournament import Tournament, half_points_to_str
from swissdesk.tiebreaks.standings import POINTS_CODE, compute_standings
from swissdesk.trf import parse_trf, read_trf
from swissdesk.verification.check import check_file
from swissdesk.verification.generator import GeneratorOptions, generate_trf, settings_for
from swissdesk.verification.generator.options import TIEBREAK_POOL
from swissdesk.verification.standings import rank_order

BBP_TIMEOUT = 600
TBS_TIMEOUT = 600


@dataclass
class Config:
    bbp: str
    tbs: str | None
    keep: Path | None
    baku_in_bbp: bool
    tbs_in_process: bool = True
    workdir: str = field(default_factory=lambda: tempfile.mkdtemp(prefix="crosstest-"))


# --- bbpPairings ----------------------------------------------------------------------------


def bbp_check(config: Config, path: Path) -> dict[int, list[str]]:
    """Round -> the lines bbpPairings' checker printed for it (only rounds it flags)."""
    proc = subprocess.run(
        [config.bbp, "--dutch", str(path), "-c"],
        capture_output=True,
        text=True,
        timeout=BBP_TIMEOUT,
        check=False,
    )
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"bbpPairings -c exit {proc.returncode}: {proc.stderr.strip()}")
    flagged: dict[int, list[str]] = {}
    current = 0
    for line in proc.stdout.splitlines():
        match = re.search(r"Round #(\d+)$", line)
        if match:
            current = int(match.group(1))
        elif line.strip():
            flagged.setdefault(current, []).append(line.rstrip())
    return flagged


def bbp_generate(config: Config, rng: random.Random, seed: int, out: Path) -> dict[str, Any]:
    """A bbpPairings random tournament from a random configuration; Baku a quarter of the
    time (the first tournament as a model with record 192 FIDE_DUTCH_2025_BAKU)."""
    players = rng.randint(8, 120)
    top = min(11, max(3, players // 2))
    rounds = rng.randint(min(5, top), top)
    high = rng.randint(2000, 2750)
    params = {
        "PlayersNumber": players,
        "RoundsNumber": rounds,
        "DrawPercentage": rng.randint(15, 45),
        "HighestRating": high,
        "LowestRating": rng.randint(1400, high - 300),
    }
    if rng.random() < 0.5:
        params["ForfeitRate"] = rng.randint(10, 100)
    if rng.random() < 0.5:
        params["RetiredRate"] = rng.randint(10, 100)
    if rng.random() < 0.5:
        params["HalfPointByeRate"] = rng.randint(5, 50)
    cfg = out.with_suffix(".cfg")
    cfg.write_text("".join(f"{k}={v}\n" for k, v in params.items()), encoding="ascii")
    _run_bbp([config.bbp, "--dutch", "-g", str(cfg), "-o", str(out), "-s", str(seed)])
    baku = config.baku_in_bbp and rng.random() < 0.25
    if baku:
        model = out.with_suffix(".model.trf")
        text = out.read_text(encoding="utf-8").replace("\r", "\n")
        lines = [ln for ln in text.split("\n") if ln and not ln.startswith(("092", "192"))]
        # The Baku rounds depend on the number of rounds: the model's 142 goes into the file
        # (bbpPairings writes none of its own when it generates from a configuration).
        extra = ["192 FIDE_DUTCH_2025_BAKU", f"142 {rounds}"]
        model.write_text("\n".join([*lines, *extra]) + "\n", encoding="utf-8")
        _run_bbp([config.bbp, "--dutch", str(model), "-g", "-o", str(out), "-s", str(seed)])
    params["Baku"] = baku
    return params


class BbpUnpairable(Exception):
    """bbpPairings' generator found no legal pairing for a round of the tournament it was
    making (with few players and many rounds a random tournament can end so); the rounds
    before it are in the output file."""

    def __init__(self, message: str, round_number: int) -> None:
        super().__init__(message)
        self.round_number = round_number


_BBP_UNPAIRABLE = re.compile(r"No valid pairing exists for round (\d+) of the generated tournament")


def _run_bbp(argv: list[str]) -> None:
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=BBP_TIMEOUT, check=False)
    if proc.returncode != 0:
        message = f"{' '.join(argv[1:])}: exit {proc.returncode}: {proc.stderr.strip()}"
        unpairable = _BBP_UNPAIRABLE.search(proc.stderr)
        if unpairable and "-g" in argv:
            raise BbpUnpairable(message, int(unpairable.group(1)))
        raise RuntimeError(message)


# --- TieBreakServer -------------------------------------------------------------------------


@dataclass
class TbsResult:
    codes: list[str]
    ranks: dict[int, int]
    values: dict[int, list[str]]
    check: bool | None


def tbs_output(config: Config, argv: list[str]) -> tuple[int, str]:
    """Run ``tiebreakchecker.py ARGV``: in this process when ``config.tbs_in_process`` (its
    modules imported once per worker: the start-up is most of its time), else as a child."""
    assert config.tbs is not None
    if not config.tbs_in_process:
        proc = subprocess.run(
            [sys.executable, "tiebreakchecker.py", *argv],
            cwd=config.tbs,
            capture_output=True,
            text=True,
            timeout=TBS_TIMEOUT,
            check=False,
        )
        return proc.returncode, proc.stdout
    if config.tbs not in sys.path:
        sys.path.insert(0, config.tbs)
    import importlib

    module = importlib.import_module("tiebreakchecker")
    buffer = io.StringIO()
    saved = sys.argv
    sys.argv = ["tiebreakchecker.py", *argv]
    try:
        with contextlib.redirect_stdout(buffer):
            code = module.tiebreakchecker().common_main()
    finally:
        sys.argv = saved
    return int(code or 0), buffer.getvalue()


def tbs_run(config: Config, path: Path, codes: list[str] | None = None) -> TbsResult:
    """TieBreakServer's standings of ``path`` (by the file's 212/202, or ``codes``)."""
    argv = ["-i", str(path), "-o", "-", "-c", "-dT"]
    if codes:
        argv += ["-t", *codes]
    code, stdout = tbs_output(config, argv)
    lines = [ln for ln in stdout.splitlines() if ln.strip()]
    if not lines or not lines[0].startswith("StartNo"):
        raise RuntimeError(f"TieBreakServer: exit {code}: {stdout[:300]!r}")
    header = lines[0].split("\t")
    keep = [i for i, name in enumerate(header) if i >= 2 and name.strip()]
    result = TbsResult([header[i].strip() for i in keep], {}, {}, None)
    for line in lines[1:]:
        if line.startswith("Check:"):
            result.check = line.split(":", 1)[1].strip() == "True"
            continue
        cells = line.split("\t")
        tpn = int(cells[0])
        result.ranks[tpn] = int(cells[1])
        result.values[tpn] = [cells[i].strip() for i in keep]
    return result


def compare_values(tournament: Tournament, tbs: TbsResult) -> list[str]:
    """Where swissdesk's values differ from TieBreakServer's (same codes, same order)."""
    try:
        standings = compute_standings(tournament, tbs.codes)
    except SwissdeskError as exc:
        return [f"swissdesk cannot compute {tbs.codes}: {exc}"]
    ours: dict[int, dict[str, str]] = {}
    for row in standings.rows:
        values = {v.code: v.display for v in row.values}
        values[POINTS_CODE] = half_points_to_str(row.points)
        ours[row.tpn] = values
    out = []
    for tpn, theirs in sorted(tbs.values.items()):
        for code, value in zip(tbs.codes, theirs, strict=True):
            mine = ours.get(tpn, {}).get(code)
            if mine is None or not _same_number(mine, value):
                out.append(f"player {tpn} {code}: swissdesk {mine}, TieBreakServer {value}")
    return out


TBS_LIST_DEPENDENT = (
    "TieBreakServer: a tie-break's value depends on the tie-breaks listed before it "
    "(computed alone it equals swissdesk's)"
)
"""A known deviation of TieBreakServer (docs/engines/crosstest.md): computing FB changes the
opponents' last round that is not a VUR in place (tiebreak.py,
compute_buchholz_sonneborn_berger_ver), so a BH listed after FB counts a requested bye that is
followed only by VURs with its points instead of as a draw (C.07 art. 16.2.5, 16.3.2)."""


def differing_codes(differences: list[str]) -> list[str]:
    """The tie-break codes named in ``compare_values``'s lines, in first-seen order."""
    codes = [d.split()[2].rstrip(":") for d in differences if d.startswith("player ")]
    return list(dict.fromkeys(codes))


def tbs_alone_explains(
    config: Config, path: Path, tournament: Tournament, differences: list[str]
) -> bool:
    """Whether every differing tie-break, computed by TieBreakServer ALONE (``-t CODE``),
    equals swissdesk's values: then the difference comes from the other tie-breaks listed
    with it, which C.07 computes independently (each tie-break is its own definition)."""
    codes = differing_codes(differences)
    if not codes or POINTS_CODE in codes or config.tbs is None:
        return False
    return all(not compare_values(tournament, tbs_run(config, path, [c])) for c in codes)


def _classify_values(
    config: Config, outcome: dict[str, Any], path: Path, tournament: Tournament, diffs: list[str]
) -> None:
    if diffs and tbs_alone_explains(config, path, tournament, diffs):
        outcome["values_explained"] = TBS_LIST_DEPENDENT


def _same_number(ours: str, theirs: str) -> bool:
    """Whether swissdesk's printed value equals TieBreakServer's. An undefined value is empty
    in swissdesk and ``-0`` in TieBreakServer (its changelog, 1.9.54)."""
    if theirs.strip() == "-0" or not ours:
        return theirs.strip() == "-0" and not ours
    try:
        return abs(float(ours) - float(theirs)) < 1e-9
    except ValueError:
        return ours == theirs


# --- the two directions ---------------------------------------------------------------------


def run_swissdesk(config: Config, seed: int) -> dict[str, Any]:
    """Direction swissdesk: generate with swissdesk, check with bbpPairings and TBS."""
    outcome: dict[str, Any] = {"direction": "swissdesk", "seed": seed}
    settings = settings_for(GeneratorOptions(seed=seed, system="dutch"))
    outcome.update(
        players=settings.players,
        rounds=settings.rounds,
        baku=settings.baku,
        tiebreaks=list(settings.tiebreaks),
    )
    try:
        text = generate_trf(settings, get_engine("dutch"))
    except NoPairingError as exc:
        outcome["unpairable"] = str(exc)
        return outcome
    path = Path(config.workdir) / f"s{seed}.trf"
    path.write_text(text, encoding="utf-8")
    flagged = bbp_check(config, path)
    outcome["pairing_rounds"] = sorted(flagged)
    if config.tbs:
        tbs = tbs_run(config, path)
        outcome["tbs_check"] = tbs.check
        tournament = read_trf(path)
        differences = compare_values(tournament, tbs)
        outcome["value_differences"] = differences[:20]
        _classify_values(config, outcome, path, tournament, differences)
    _keep(config, outcome, path, {"bbpPairings": flagged})
    return outcome


def run_bbp(config: Config, seed: int) -> dict[str, Any]:
    """Direction bbp: generate with bbpPairings, check with swissdesk (pairings, and the
    standings TieBreakServer ranks by a random tie-break list)."""
    outcome: dict[str, Any] = {"direction": "bbp", "seed": seed}
    rng = random.Random(f"crosstest bbp {seed}")
    path = Path(config.workdir) / f"b{seed}.trf"
    try:
        params = bbp_generate(config, rng, seed, path)
    except BbpUnpairable as exc:
        outcome.update(_bbp_unpairable(path, exc))
        _keep(config, outcome, path, {})
        return outcome
    outcome.update(
        players=params["PlayersNumber"], rounds=params["RoundsNumber"], baku=params["Baku"]
    )
    tournament = read_trf(path)
    report = check_file(tournament, get_engine("dutch"), source=str(path))
    outcome["pairing_rounds"] = list(report.pairings.differing_rounds)
    details: dict[str, Any] = {
        "swissdesk": {
            r.round_number: list(r.differences) for r in report.pairings.rounds if not r.agrees
        }
    }
    if params["Baku"] and outcome["pairing_rounds"] and _bbp_baku_group_explains(tournament):
        outcome["explained"] = BBP_BAKU_GROUP
    if config.tbs:
        codes = rng.sample(TIEBREAK_POOL, rng.randint(1, 4))
        outcome["tiebreaks"] = codes
        text = path.read_text(encoding="utf-8").replace("\r", "\n")
        lines = [ln for ln in text.split("\n") if ln]
        ranked = path.with_suffix(".ranked.trf")
        base = [*lines, f"202 {', '.join(codes)}", f"212 {', '.join((POINTS_CODE, *codes))}"]
        ranked.write_text("\n".join(base) + "\n", encoding="utf-8")
        tbs = tbs_run(config, ranked)
        ranked.write_text(_with_ranks("\n".join(base) + "\n", tbs.ranks), encoding="utf-8")
        t2 = read_trf(ranked)
        standings = check_file(t2, get_engine("dutch"), source=str(ranked), rounds=[]).standings
        outcome["rank_problems"] = [p.text for p in standings.problems][:20]
        outcome["standings_checked"] = standings.checked
        differences = compare_values(t2, tbs)
        outcome["value_differences"] = differences[:20]
        _classify_values(config, outcome, ranked, t2, differences)
        outcome["order"] = list(rank_order(t2).codes)
        path = ranked
    _keep(config, outcome, path, details)
    return outcome


def _bbp_unpairable(path: Path, exc: BbpUnpairable) -> dict[str, Any]:
    """What swissdesk says of a tournament bbpPairings' generator could not finish: its rounds
    before the unpairable one must agree, and swissdesk must find no pairing for that round
    either (C.04.3 art. 1.9.3); otherwise it is a discrepancy like any other."""
    outcome: dict[str, Any] = {"unpairable": str(exc), "unpairable_round": exc.round_number}
    if not path.exists():
        outcome["swissdesk_agrees"] = None
        return outcome
    tournament = read_trf(path)
    outcome["players"] = len(tournament.players)
    outcome["rounds"] = exc.round_number - 1
    outcome["baku"] = bool(tournament.acceleration)
    report = check_file(tournament, get_engine("dutch"), source=str(path))
    outcome["pairing_rounds"] = list(report.pairings.differing_rounds)
    try:
        get_engine("dutch").pair(tournament)
    except (NoValidPairing, NoPairingError):
        outcome["swissdesk_agrees"] = not outcome["pairing_rounds"]
    else:
        outcome["swissdesk_agrees"] = False
    return outcome


BBP_BAKU_GROUP = "bbpPairings' Baku group: ceil(n/2) players, not 2*ceil(n/4) (C.04.7 art. 1.2)"
"""A known deviation of bbpPairings 6's ``192 FIDE_DUTCH_2025_BAKU`` (docs/engines/crosstest.md)."""


def _bbp_baku_group_explains(tournament: Tournament) -> bool:
    """Whether the rounds agree when group GA is bbpPairings' first ceil(n/2) players (its
    reading of record 192's Baku code) instead of the article's 2 * ceil(n/4)."""
    from dataclasses import replace

    from swissdesk.engines.acceleration import with_baku_acceleration

    players = sorted(p.tpn for p in tournament.players)
    last = players[(len(players) + 1) // 2 - 1]
    theirs = with_baku_acceleration(replace(tournament, acceleration={}), last_ga_tpn=last)
    return check_file(theirs, get_engine("dutch")).pairings.agrees


def _with_ranks(text: str, ranks: dict[int, int]) -> str:
    out = []
    for line in text.split("\n"):
        if line.startswith("001") and len(line) >= 89:
            tpn = int(line[4:8])
            line = line[:85] + f"{ranks.get(tpn, ''):>4}" + line[89:]
        out.append(line)
    return "\n".join(out)


def _keep(config: Config, outcome: dict[str, Any], path: Path, details: dict[str, Any]) -> None:
    bad = (
        outcome.get("pairing_rounds")
        or outcome.get("value_differences")
        or outcome.get("rank_problems")
        or outcome.get("tbs_check") is False
        or "unpairable" in outcome
    )
    if bad and config.keep is not None:
        folder = config.keep / outcome["direction"]
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, folder / path.name)
        (folder / (path.stem + ".json")).write_text(
            json.dumps({**outcome, **details}, indent=1, default=str), encoding="utf-8"
        )
    for leftover in Path(config.workdir).glob(f"{path.name.split('.')[0]}*"):
        leftover.unlink(missing_ok=True)


_CONFIG: Config | None = None


def _init(config: Config) -> None:
    global _CONFIG
    _CONFIG = config


def _one(job: tuple[str, int]) -> dict[str, Any]:
    direction, seed = job
    assert _CONFIG is not None
    started = time.process_time()
    try:
        outcome = (run_swissdesk if direction == "swissdesk" else run_bbp)(_CONFIG, seed)
    except Exception as exc:  # a crash is a finding: recorded and counted
        outcome = {"direction": direction, "seed": seed, "crash": f"{type(exc).__name__}: {exc}"}
    outcome["cpu"] = round(time.process_time() - started, 3)
    return outcome


# --- figures --------------------------------------------------------------------------------


def summarize(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per direction: tournaments, rounds, and every kind of discrepancy."""
    out: dict[str, dict[str, Any]] = {}
    for direction in ("swissdesk", "bbp"):
        rows = [r for r in records if r["direction"] == direction]
        if not rows:
            continue
        done = [r for r in rows if "crash" not in r and "unpairable" not in r]
        out[direction] = {
            "tournaments": len(rows),
            "checked": len(done),
            "rounds": sum(r.get("rounds", 0) for r in done),
            "baku": sum(1 for r in done if r.get("baku")),
            "pairing_discrepancies": sum(1 for r in done if r.get("pairing_rounds")),
            "pairing_discrepancies_explained": dict(
                Counter(
                    r["explained"] for r in done if r.get("pairing_rounds") and "explained" in r
                )
            ),
            "pairing_rounds_differing": sum(len(r.get("pairing_rounds", [])) for r in done),
            "tiebreak_checked": sum(1 for r in done if "value_differences" in r),
            "tiebreak_value_discrepancies": sum(1 for r in done if r.get("value_differences")),
            "tiebreak_value_discrepancies_explained": dict(
                Counter(
                    r["values_explained"]
                    for r in done
                    if r.get("value_differences") and "values_explained" in r
                )
            ),
            "rank_discrepancies": sum(
                1 for r in done if r.get("rank_problems") or r.get("tbs_check") is False
            ),
            "rank_discrepancies_with_explained_values": sum(
                1
                for r in done
                if (r.get("rank_problems") or r.get("tbs_check") is False)
                and "values_explained" in r
            ),
            "unpairable": sum(1 for r in rows if "unpairable" in r),
            "unpairable_disputed": sum(
                1 for r in rows if "unpairable" in r and r.get("swissdesk_agrees") is False
            ),
            "crashes": sum(1 for r in rows if "crash" in r),
            "cpu_seconds": round(sum(r.get("cpu", 0.0) for r in rows), 1),
            "codes_with_value_differences": dict(
                Counter(
                    d.split()[2].rstrip(":")
                    for r in done
                    for d in r.get("value_differences", [])
                    if d.startswith("player ")
                )
            ),
        }
    return out


def reclassify(log: Path, keep: Path, tbs: str) -> int:
    """Run the value classification on the log's records that have value differences and no
    classification yet (records written before it existed), from the kept files."""
    config = Config(bbp="", tbs=tbs, keep=keep, baku_in_bbp=False, tbs_in_process=True)
    records = read_log(log)
    changed = 0
    for record in records:
        if not record.get("value_differences") or "values_explained" in record:
            continue
        prefix = "s" if record["direction"] == "swissdesk" else "b"
        suffix = ".trf" if prefix == "s" else ".ranked.trf"
        path = keep / record["direction"] / f"{prefix}{record['seed']}{suffix}"
        if not path.exists():
            continue
        tournament = read_trf(path)
        differences = compare_values(tournament, tbs_run(config, path))
        _classify_values(config, record, path, tournament, differences)
        changed += "values_explained" in record
    shutil.rmtree(config.workdir, ignore_errors=True)
    text = "".join(json.dumps(r) + "\n" for r in records)
    log.with_suffix(".tmp").write_text(text, encoding="utf-8")
    log.with_suffix(".tmp").replace(log)
    return changed


def read_log(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def baku_192_understood() -> bool:
    """Whether swissdesk's reader applies Baku for ``192 FIDE_DUTCH_2025_BAKU`` (no 250/XXA)."""
    lines = ["192 FIDE_DUTCH_2025_BAKU", "142 5"]
    lines += [f"001 {i:>4}      {f'P{i}':33} {2500 - i:>4}{'':28} 0.0" for i in range(1, 9)]
    try:
        return bool(parse_trf("\n".join(lines) + "\n").acceleration)
    except SwissdeskError:
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bbp", required=True, help="a bbpPairings executable you built")
    parser.add_argument("--tiebreak-server", metavar="DIR", help="a TieBreakServer checkout")
    parser.add_argument("--count", type=int, default=100, help="tournaments per direction")
    parser.add_argument(
        "--directions", nargs="+", default=["swissdesk", "bbp"], choices=("swissdesk", "bbp")
    )
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", default="crosstest.jsonl", help="one JSON line per tournament")
    parser.add_argument("--keep", metavar="DIR", help="copy every discrepancy here")
    parser.add_argument("--summary", action="store_true", help="only print the log's figures")
    parser.add_argument(
        "--reclassify",
        action="store_true",
        help="classify the log's earlier value discrepancies again from the kept files "
        "(needs --keep and --tiebreak-server; the log is rewritten)",
    )
    parser.add_argument(
        "--tbs-subprocess",
        action="store_true",
        help="run TieBreakServer as a child process each time (slower; default: imported once)",
    )
    args = parser.parse_args(argv)
    log = Path(args.log)
    if args.summary:
        print(json.dumps(summarize(read_log(log)), indent=2))
        return 0
    if args.reclassify:
        if not (args.keep and args.tiebreak_server):
            parser.error("--reclassify needs --keep and --tiebreak-server")
        changed = reclassify(log, Path(args.keep), os.path.abspath(args.tiebreak_server))
        print(f"{changed} discrepancies classified again", file=sys.stderr)
        print(json.dumps(summarize(read_log(log)), indent=2))
        return 0
    done = {(r["direction"], r["seed"]) for r in read_log(log)}
    jobs = [
        (direction, args.seed + i)
        for i in range(args.count)
        for direction in args.directions
        if (direction, args.seed + i) not in done
    ]
    config = Config(
        bbp=os.path.abspath(args.bbp),
        tbs=os.path.abspath(args.tiebreak_server) if args.tiebreak_server else None,
        keep=Path(args.keep) if args.keep else None,
        baku_in_bbp=baku_192_understood(),
        tbs_in_process=not args.tbs_subprocess,
    )
    if not config.baku_in_bbp:
        print(
            "note: swissdesk's reader does not apply 192 FIDE_DUTCH_2025_BAKU yet: "
            "bbpPairings' tournaments are made without Baku",
            file=sys.stderr,
        )
    started = time.monotonic()
    with (
        log.open("a", encoding="utf-8") as out,
        Pool(args.jobs, initializer=_init, initargs=(config,)) as pool,
    ):
        for n, outcome in enumerate(pool.imap_unordered(_one, jobs, chunksize=4), start=1):
            out.write(json.dumps(outcome) + "\n")
            out.flush()
            if n % 100 == 0:
                rate = n / (time.monotonic() - started)
                print(f"{n}/{len(jobs)} tournaments, {rate:.2f}/s", file=sys.stderr)
    shutil.rmtree(config.workdir, ignore_errors=True)
    print(json.dumps(summarize(read_log(log)), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
