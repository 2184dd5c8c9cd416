"""Issue 18, item 9: the players' search ignores accents and case ("muller" finds Müller,
"lodz" finds Łódź, whose Ł does not decompose under NFKD)."""

from __future__ import annotations

import pytest

from swissdesk.gui.models import PlayersFilterModel, PlayersModel
from swissdesk.model.text import fold, matches
from swissdesk.storage import PlayerRow, PlayerStatus


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("muller", "Müller, Zoë"),
        ("MÜLLER", "Muller, Hans"),
        ("lodz", "Łódź Chess Club"),
        ("soren odegard", "Ødegård, Søren"),
        ("dorde", "Đorđe Perić"),
        ("agaoglu", "Ağaoğlu, Ahmet"),
        ("strasse", "Straße, Jan"),
        ("nguyen thi", "Nguyễn Thị Ánh"),
        ("иван", "ИВАН Петров"),
    ],
)
def test_search_ignores_accents_and_case(query: str, name: str) -> None:
    assert matches(query, name)


def test_search_still_needs_every_word() -> None:
    assert not matches("muller anna", "Müller, Zoë")
    assert fold("Łódź") == "lodz"


def test_players_filter_finds_names_without_their_accents(qtbot) -> None:  # type: ignore[no-untyped-def]
    rows = []
    for tpn, name in enumerate(["Müller, Zoë", "Wróbel, Łukasz", "Łódź, Ola", "Adams, Anna"], 1):
        rows.append(
            PlayerRow(
                tpn=tpn, name=name, rating=2000, sex="", title="", federation="", fide_id="",
                birth_date="", members=(), score=0, status=PlayerStatus.ACTIVE,
                withdrawn_from_round=None, late_entry_round=None,
            )
        )
    model = PlayersModel()
    model.set_players(rows)
    proxy = PlayersFilterModel()
    proxy.setSourceModel(model)
    for query, expected in (("muller", {1}), ("lukasz", {2}), ("lodz", {3}), ("LODZ OLA", {3})):
        proxy.set_search(query)
        found = {model.row_at(proxy.mapToSource(proxy.index(r, 0)).row()).tpn
                 for r in range(proxy.rowCount())}  # fmt: skip
        assert found == expected, query
