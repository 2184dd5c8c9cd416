"""A round robin in the tournament file: the rounds its table gives, pairing numbers drawn
by lot (recorded, reproducible) or by the Varma tables, every round paired from the table,
a withdrawn player's games scored as forfeits and the standings of GRC art. 6.6, undo, and
the TRF export read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.engines.base import Pair
from swissdesk.engines.round_robin import schedule
from swissdesk.engines.round_robin.verify import check_against_tables
from swissdesk.model.round_robin import RoundRobinSettings, settings_of
from swissdesk.model.tournament import ResultCode
from swissdesk.storage import (
    AddPlayer,
    AddSection,
    AssignPairingNumbers,
    BoardResult,
    DrawLots,
    EditSettings,
    EnterResult,
    LateEntry,
    ManualPairingChange,
    PairNextRound,
    PlayerData,
    RemovePlayer,
    RequestBye,
    TournamentFile,
    TournamentSettings,
    Undo,
    UnpairLastRound,
    Withdraw,
)
from swissdesk.storage.errors import ActionRefused, ConfirmationRequired
from swissdesk.storage.views import ByeKind
from swissdesk.tiebreaks import compute_standings, declared_tiebreaks
from swissdesk.trf import format_trf, parse_trf

PLAYERS = [
    PlayerData("Anand, Viswanathan", 2750, federation="IND", title="GM"),
    PlayerData("Giri, Anish", 2740, federation="NED", title="GM"),
    PlayerData("Gukesh, D", 2780, federation="IND", title="GM"),
    PlayerData("Firouzja, Alireza", 2760, federation="FRA", title="GM"),
    PlayerData("Van Foreest, Jorden", 2690, federation="NED", title="GM"),
    PlayerData("Praggnanandhaa, R", 2750, federation="IND", title="GM"),
    PlayerData("Vachier-Lagrave, Maxime", 2730, federation="FRA", title="GM"),
]


def rr_settings(cycles: int = 2, swap: bool = True) -> TournamentSettings:
    return TournamentSettings(
        name="Round robin",
        system="round-robin",
        round_robin=RoundRobinSettings(cycles, swap),
        tiebreaks=("DE", "WIN", "SB", "KS"),
    )


@pytest.fixture
def rr(tmp_path: Path) -> TournamentFile:
    tf = TournamentFile.create(tmp_path / "rr.swissdesk", rr_settings(), players=PLAYERS)
    yield tf
    tf.close()


def play_round(tf: TournamentFile, results: dict[int, BoardResult] | None = None) -> None:
    pairing, _ = tf.pair_next_round()
    view = tf.round_view(pairing.round_number)
    for board in view.boards:
        if not board.has_result:
            result = (results or {}).get(board.board, BoardResult.WHITE_WINS)
            tf.execute(EnterResult(pairing.round_number, board.board, result))


def test_the_number_of_rounds_follows_the_players_and_the_cycles(tmp_path: Path) -> None:
    with TournamentFile.create(tmp_path / "a.swissdesk", rr_settings(1)) as tf:
        assert tf.settings().total_rounds == 1
        for data in PLAYERS[:5]:
            tf.execute(AddPlayer(data))
        assert tf.settings().total_rounds == 5  # 5 players: table for 6, 5 rounds
        tf.execute(AddPlayer(PLAYERS[5]))
        assert tf.settings().total_rounds == 5
        tf.execute(EditSettings(rr_settings(2)))
        assert tf.settings().total_rounds == 10
        assert tf.settings().round_robin == RoundRobinSettings(2)
        tf.execute(RemovePlayer(6))
        assert tf.settings().total_rounds == 10
        tf.execute(Undo())
        tf.execute(Undo())
        assert tf.settings().total_rounds == 5
        assert tf.settings().scoring.pairing_allocated_bye == 0


def test_a_round_robin_section_starts_as_a_round_robin_file_does(tmp_path: Path) -> None:
    """A round robin added as a section of an event (issue 33) gets what a new round-robin
    file gets: the rounds its table gives (GRC Annex 1) and the bye worth 0."""
    swiss = TournamentSettings(name="Open", total_rounds=9)
    with TournamentFile.create(tmp_path / "event.swissdesk", swiss) as event:
        event.execute(AddSection(rr_settings(2)))
        section = event.section("Round robin")
        assert section.settings().scoring.pairing_allocated_bye == 0
        for data in PLAYERS:
            section.execute(AddPlayer(data))
        assert section.settings().total_rounds == 14  # 7 players: table for 8, 2 cycles
        section.execute(DrawLots(seed=3))
        for _ in range(14):
            play_round(section)
        assert all(check.ok for check in check_against_tables(section.snapshot()))
        assert event.section("Open").settings().total_rounds == 9


def test_drawing_lots_is_recorded_and_reproducible(rr: TournamentFile, tmp_path: Path) -> None:
    result = rr.execute(DrawLots(seed=20261127))
    assert "seed 20261127" in result.summary
    order = [p.name for p in sorted(rr.players(), key=lambda p: p.tpn)]
    entry = rr.audit_log()[-1]
    assert entry.payload["seed"] == 20261127 and entry.payload["method"] == "lot"
    with TournamentFile.create(tmp_path / "b.swissdesk", rr_settings(), players=PLAYERS) as tf:
        tf.execute(DrawLots(seed=20261127))
        assert [p.name for p in sorted(tf.players(), key=lambda p: p.tpn)] == order
    rr.execute(Undo())
    assert [p.name for p in sorted(rr.players(), key=lambda p: p.tpn)] == [p.name for p in PLAYERS]


def test_varma_draw_of_lots_keeps_compatriots_apart(tmp_path: Path) -> None:
    players = [
        PlayerData(f"Player {i:02d}", 2500 - i, federation=fed)
        for i, fed in enumerate(["IND"] * 4 + ["NED"] * 3 + ["FRA"] * 2 + ["ESP", "USA", "NOR"])
    ]
    with TournamentFile.create(tmp_path / "v.swissdesk", rr_settings(1), players=players) as tf:
        tf.execute(DrawLots(seed=7, method="varma"))
        fed = {p.tpn: p.federation for p in tf.players()}
        last_three = schedule(12, RoundRobinSettings(1))[-3:]
        for step in last_three:
            for pair in step.pairs:
                if {pair.white, pair.black} != {6, 12}:  # the annex's own exception
                    assert fed[pair.white] != fed[pair.black]


def test_a_double_round_robin_played_through(rr: TournamentFile) -> None:
    rr.execute(DrawLots(seed=5))
    for _ in range(14):
        play_round(rr)
    t = rr.snapshot()
    assert t.total_rounds == 14 and t.rounds_with_pairings == 14
    assert all(check.ok for check in check_against_tables(t))
    round_view = rr.round_view(1)
    assert round_view.pab is not None and round_view.pab.points == 0
    with pytest.raises(ActionRefused, match="all 14 rounds"):
        rr.pair_next_round()


def test_refused_in_a_round_robin(rr: TournamentFile) -> None:
    with pytest.raises(ActionRefused, match="no requested byes in a round robin"):
        rr.execute(RequestBye(1, 2, ByeKind.HALF))
    play_round(rr)
    with pytest.raises(ActionRefused, match="no late entries in a round robin"):
        rr.execute(LateEntry(PlayerData("Late, Larry", 2000), from_round=2))
    with pytest.raises(ActionRefused, match="cannot change once round 1 is paired"):
        rr.execute(AssignPairingNumbers())
    with pytest.raises(ActionRefused, match="drawn before round 1"):
        rr.execute(DrawLots(seed=1))


def test_withdrawal_scores_forfeits_and_follows_grc_6_6(rr: TournamentFile) -> None:
    """No. 7 plays the first two rounds and withdraws: his later games are forfeits; with
    fewer than half his 12 games completed he is out of the standings."""
    play_round(rr)
    play_round(rr)
    rr.execute(Withdraw(7, from_round=3))
    result = rr.execute(PairNextRound(rr.compute_next_pairing(), engine="round-robin"))
    assert "forfeited by withdrawn players" in result.summary
    # The automatic forfeits do not block unpairing the round.
    rr.execute(UnpairLastRound())
    rr.execute(Undo())
    view = rr.round_view(3)
    games_of_7 = [b for b in view.boards if 7 in (b.white_tpn, b.black_tpn)]
    pab = view.pab
    if games_of_7:
        assert games_of_7[0].result_text in {"+-", "-+"}
    else:
        assert pab is not None and pab.tpn == 7
    for board in view.boards:
        if not board.has_result:
            rr.execute(EnterResult(3, board.board, BoardResult.DRAW))
    for _ in range(11):
        play_round(rr)
    t = rr.snapshot()
    standings = compute_standings(t, declared_tiebreaks(t))
    assert standings.excluded == (7,)
    assert 7 not in {r.tpn for r in standings.rows}
    back = parse_trf(format_trf(t))
    assert compute_standings(back, declared_tiebreaks(back)).excluded == (7,)
    assert settings_of(back) == RoundRobinSettings(2)
    assert all(c.ok for c in check_against_tables(back))
    forfeits = [e.result for e in back.players[6].rounds[2:] if e.opponent is not None]
    assert set(forfeits) == {ResultCode.FORFEIT_LOSS}


def test_a_round_changed_by_hand_is_checked_as_a_round_robin(rr: TournamentFile) -> None:
    """FIDE's checklist Q100-Q102: a round robin may be paired by hand; a pair meeting a
    third time or a colour repeated a third time needs the arbiter's confirmation."""
    play_round(rr)
    pairing = rr.compute_next_pairing()
    rr.execute(PairNextRound(pairing, engine="round-robin"))
    first = rr.round_view(1)
    again = tuple(Pair(b.white_tpn, b.black_tpn) for b in first.boards)
    bye = first.pab.tpn if first.pab else None
    rr.start_manual_pairing(2)  # the manual-pairing phase, compared with the table at the end
    with pytest.raises(ConfirmationRequired) as refused:
        rr.execute(ManualPairingChange(2, again, bye))
    assert any("the next cycle reverses the colours" in w for w in refused.value.warnings)
    done = rr.execute(ManualPairingChange(2, again, bye, confirmed=3))
    assert done.warnings


def test_varma_draw_can_keep_clubs_apart(tmp_path: Path) -> None:
    clubs = ["Rooks"] * 4 + ["Knights"] * 3 + ["Pawns"] * 2 + ["Bishops", "Kings", "Queens"]
    players = [
        PlayerData(f"Player {i:02d}", 2000 - i, federation="ENG", club=club)
        for i, club in enumerate(clubs)
    ]
    with TournamentFile.create(tmp_path / "c.swissdesk", rr_settings(1), players=players) as tf:
        result = tf.execute(DrawLots(seed=11, method="varma", apart="club"))
        assert "clubs kept apart" in result.summary and not result.warnings
        club = {p.tpn: players[[d.name for d in players].index(p.name)].club for p in tf.players()}
        for step in schedule(12, RoundRobinSettings(1))[-3:]:
            for pair in step.pairs:
                if {pair.white, pair.black} != {6, 12}:
                    assert club[pair.white] != club[pair.black]
        with pytest.raises(ActionRefused, match="federation or club"):
            tf.execute(DrawLots(seed=1, method="varma", apart="colour"))


def test_one_board_changed_by_hand_warns_of_nobody_left_out(rr: TournamentFile) -> None:
    """Changing one board of a round robin by hand checks that board: the players of the
    boards left as they were are not "not paired and no bye" (the check of the changed
    boards alone once listed everyone else)."""
    play_round(rr)
    rr.execute(PairNextRound(rr.compute_next_pairing(), engine="round-robin"))
    second = rr.round_view(2)
    pairs = [Pair(b.white_tpn, b.black_tpn) for b in second.boards]
    pairs[0] = Pair(pairs[0].black, pairs[0].white)  # colours of board 1 reversed
    bye = second.pab.tpn if second.pab else None
    rr.start_manual_pairing(2)
    done = rr.execute(ManualPairingChange(2, tuple(pairs), bye))
    assert not any("not paired" in w for w in done.warnings)
