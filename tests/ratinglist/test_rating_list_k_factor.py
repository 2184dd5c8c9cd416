"""Issue 37: the rating list's K (for the tournament's rating type) reaches the player's
data with the rating update, and the rating changes use it; a K the arbiter set stays."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from swissdesk.elo import rating_changes
from swissdesk.ratinglist import RatingList
from swissdesk.ratinglist.update import proposed_updates
from swissdesk.storage import (
    AddPlayer,
    EditPlayer,
    PlayerData,
    TournamentFile,
    TournamentSettings,
    UpdateRatings,
)

LIST = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>100</fideid><name>Old, Master</name><country>NED</country><sex>M</sex><title>FM</title><rating>2380</rating><games>4</games><k>10</k><rapid_rating>2300</rapid_rating><rapid_games>0</rapid_games><rapid_k>20</rapid_k><birthday>1970</birthday><flag></flag></player>
<player><fideid>200</fideid><name>Young, Talent</name><country>NED</country><sex>F</sex><title></title><rating>1850</rating><games>9</games><k>40</k><birthday>2013</birthday><flag>w</flag></player>
</playerslist>
"""


def test_update_from_the_list_takes_k_and_the_changes_use_it(tmp_path: Path) -> None:
    source = tmp_path / "players_list_xml_nov26frl.xml"
    source.write_text(LIST, encoding="utf-8")
    rating_list = RatingList(tmp_path / "list.sqlite")
    rating_list.import_file(source)
    path = tmp_path / "t.swissdesk"
    with TournamentFile.create(path, TournamentSettings(name="Open", total_rounds=5)) as tf:
        tf.execute(AddPlayer(PlayerData("Old, Master", 2300, fide_id="100")))
        tf.execute(AddPlayer(PlayerData("Young, Talent", 1800, fide_id="200")))
        proposal = proposed_updates(tf.players(), rating_list, "standard")
        assert [u.describe() for u in proposal.updates] == [
            "no. 1 Old, Master: rating 2300 → 2380, title none → FM, federation - → NED, "
            "K by the rules → 10",
            "no. 2 Young, Talent: rating 1800 → 1850, federation - → NED, K by the rules → 40",
        ]
        tf.execute(UpdateRatings(tuple((u.tpn, u.after) for u in proposal.updates)))
        rows = tf.players()
        assert [(p.k_factor, p.k_source) for p in rows] == [
            (10, "FIDE rating list 2026-11"),
            (10 * 4, "FIDE rating list 2026-11"),
        ]
        # 2380 but K 10 on the list (it reached 2400 once): the rules alone would say 20
        inputs = tf.rating_inputs()
        k = rating_changes(tf.snapshot(), inputs).by_tpn()[1].k
        assert k is not None and (k.value, k.source) == (10, "list")
        # the arbiter's K is not overwritten by a later update
        young = rows[1].data
        tf.execute(EditPlayer(2, dataclasses.replace(young, k_factor=20, k_source="arbiter")))
        again = proposed_updates(tf.players(), rating_list, "standard")
        assert again.updates == ()
        # rapid: the list's rapid K
        rapid = proposed_updates(tf.players(), rating_list, "rapid")
        assert rapid.updates[0].after.k_factor == 20
