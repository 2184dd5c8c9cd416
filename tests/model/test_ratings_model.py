"""swissdesk.model.ratings: every rating a player holds, the list sequence of the rate of
play (checklist Q118, Q123-126, Rapid and Blitz Rating Regulations art. 7.2.1), the
tournament rating of each TRF-2026 record 172 method, the initial order's criterion (C.04.2
art. 2.2.3, Q146) and the rating unrated players count with in the tie-breaks (Q208/209)."""

from __future__ import annotations

import pytest

from swissdesk.model.ratings import (
    ARBITER,
    InitialOrder,
    ListKind,
    NationalRating,
    PlayerRatings,
    Rating,
    RatingMethod,
    RatingRules,
    UnratedMethod,
    UnratedRule,
    fide_rating,
    legacy_ratings,
    official_rating,
    parse_sequence,
    player_rating,
    seeding_key,
    tournament_rating,
)

STANDARD_ONLY = PlayerRatings(standard=Rating(2200, "FIDE", "2026-11"))
ALL = PlayerRatings(
    standard=Rating(2200, "FIDE", "2026-11"),
    rapid=Rating(2100, "FIDE", "2026-11"),
    blitz=Rating(2050, "FIDE", "2026-11"),
    national=(NationalRating("ESP", Rating(2300, "FEDA", "2026-10"), national_id="123"),),
    manual=Rating(2250, ARBITER, "2026-11-27"),
)


def test_art_7_2_1_a_player_without_rapid_rating_plays_rapid_with_the_standard_one() -> None:
    used = official_rating(STANDARD_ONLY, "rapid")
    assert used.value == 2200 and "art. 7.2.1" in used.basis
    assert official_rating(STANDARD_ONLY, "blitz").value == 2200
    assert official_rating(ALL, "rapid").value == 2100 and used.rating is not None
    assert official_rating(PlayerRatings(rapid=Rating(1900)), "standard").value == 0


def test_default_list_sequences_follow_the_rate_of_play() -> None:
    blitz_only = PlayerRatings(blitz=Rating(1800))
    # Standard event: standard, then rapid, then blitz (Q123).
    assert fide_rating(blitz_only, "standard").value == 1800
    assert "list sequence" in fide_rating(blitz_only, "standard").basis
    # Rapid event: effective rapid, then blitz.
    assert fide_rating(blitz_only, "rapid").value == 1800
    assert fide_rating(ALL, "blitz").value == 2050


def test_a_sequence_is_edited_by_name_and_checked() -> None:
    seq = parse_sequence(["Blitz", "effective-rapid"])
    assert seq == (ListKind.BLITZ, ListKind.EFFECTIVE_RAPID)
    assert fide_rating(STANDARD_ONLY, "standard", seq).value == 2200  # via effective rapid
    assert fide_rating(STANDARD_ONLY, "standard", (ListKind.BLITZ,)).value == 0
    with pytest.raises(ValueError, match="unknown list 'bullet'"):
        parse_sequence(["bullet"])
    with pytest.raises(ValueError, match="named twice"):
        parse_sequence(["rapid", "rapid"])
    with pytest.raises(ValueError, match="at least one"):
        parse_sequence([])


@pytest.mark.parametrize(
    ("method", "value", "basis"),
    [
        (RatingMethod.FIDE, 2200, "FIDE standard"),
        (RatingMethod.NRO, 2300, "national ESP"),
        (RatingMethod.FIDON, 2200, "FIDE standard"),
        (RatingMethod.NIDOF, 2300, "national ESP"),
        (RatingMethod.HBFN, 2300, "national ESP"),
        (RatingMethod.LBFN, 2200, "FIDE standard"),
        (RatingMethod.OTHER, 2200, "FIDE standard"),
    ],
)
def test_tournament_rating_says_where_it_comes_from(
    method: RatingMethod, value: int, basis: str
) -> None:
    used = tournament_rating(ALL, RatingRules(method=method), "standard", "ESP")
    assert (used.value, used.basis) == (value, basis)
    assert used.describe().startswith(f"{value} (")


def test_the_arbiters_estimate_fills_in_where_the_method_finds_nothing() -> None:
    only_manual = PlayerRatings(manual=Rating(1500, ARBITER, "2026-11-27"))
    used = tournament_rating(only_manual, RatingRules(method=RatingMethod.NRO), "standard")
    assert used.value == 1500 and used.basis == "manual"
    assert used.describe() == "1500 (arbiter 2026-11-27), manual"
    assert tournament_rating(PlayerRatings(), RatingRules(), "standard").describe() == "unrated"


def test_player_rating_gives_every_kind_and_refuses_others() -> None:
    rules = RatingRules(method=RatingMethod.NIDOF)
    values = {
        kind: player_rating(ALL, kind, rules, "rapid", "ESP").value
        for kind in ("tournament", "fide", "official", "standard", "rapid", "blitz")
    }
    assert values == {
        "tournament": 2300, "fide": 2100, "official": 2100,
        "standard": 2200, "rapid": 2100, "blitz": 2050,
    }  # fmt: skip
    assert player_rating(ALL, "national", rules, "rapid", "FRA").value == 0
    assert player_rating(ALL, "manual", rules, "rapid").value == 2250
    with pytest.raises(ValueError, match="unknown rating kind"):
        player_rating(ALL, "bullet", rules, "rapid")


def test_national_rating_of_the_sections_federation() -> None:
    ratings = legacy_ratings(2000, 2100, "rapid")
    assert ratings.rapid == Rating(2000) and ratings.standard is None
    # A national rating kept without a federation counts as the section's list.
    assert ratings.national_for("ITA") is not None
    replaced = ALL.with_national(NationalRating("ESP", Rating(2310)), "ESP")
    assert [n.value for n in replaced.national] == [2310]
    assert ALL.with_national(None, "ESP").national == ()


def test_ratings_keep_their_source_and_date_through_json() -> None:
    again = PlayerRatings.from_json(ALL.to_json())
    assert again == ALL
    assert again.manual is not None and again.manual.manual
    assert PlayerRatings.from_json({"standard": {"value": "x"}, "national": "no"}).empty
    rules = RatingRules(
        method=RatingMethod.HBFN,
        national_federation="ESP",
        sequence=(ListKind.RAPID,),
        initial_order=InitialOrder.LOT,
        lots_seed=7,
        unrated=UnratedRule(UnratedMethod.FIXED, 1400),
    )
    assert RatingRules.from_json(rules.to_json()) == rules
    assert RatingRules.from_json({"method": "ELO", "initial_order": "?"}) == RatingRules()


def test_seeding_key_rating_then_title_then_the_criterion() -> None:
    def key(rating: int, title: int, name: str, **kw: object) -> tuple[object, ...]:
        return seeding_key(rating, title, name, **kw)  # type: ignore[arg-type]

    assert key(2000, 9, "Zed") < key(1999, 0, "Abe")  # rating first
    assert key(2000, 0, "Zed") < key(2000, 1, "Abe")  # then the title
    assert key(2000, 0, "abe") < key(2000, 0, "Bob")  # then alphabetical, any case
    older = {"birth_date": "1970/01/01", "order": InitialOrder.OLDER_FIRST}
    younger = {"birth_date": "1999", "order": InitialOrder.OLDER_FIRST}
    assert key(2000, 0, "Zed", **older) < key(2000, 0, "Abe", **younger)
    assert key(2000, 0, "Abe", order=InitialOrder.OLDER_FIRST) > key(2000, 0, "Zed", **older)
    by_id = {"order": InitialOrder.FIDE_ID}
    assert key(2000, 0, "Zed", fide_id="5", **by_id) < key(2000, 0, "Abe", fide_id="70", **by_id)
    assert key(2000, 0, "Abe", **by_id) > key(2000, 0, "Zed", fide_id="70", **by_id)
    reg = {"order": InitialOrder.REGISTRATION}
    assert key(2000, 0, "Zed", registered=1, **reg) < key(2000, 0, "Abe", registered=2, **reg)


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        (UnratedRule(), 0),
        (UnratedRule(UnratedMethod.FIXED, 1400), 1400),
        (UnratedRule(UnratedMethod.LOWEST), 1800),
        (UnratedRule(UnratedMethod.AVERAGE), 2002),  # (1800 + 2203) / 2 = 2001.5 rounds up
    ],
)
def test_unrated_rule_gives_the_rating_unrated_players_count_with(
    rule: UnratedRule, expected: int
) -> None:
    assert rule.rating([1800, 0, 2203]) == expected
    assert UnratedRule.from_json(rule.to_json()) == rule


def test_unrated_rule_is_parsed_from_the_arbiters_words() -> None:
    assert UnratedRule.parse("1400") == UnratedRule(UnratedMethod.FIXED, 1400)
    assert UnratedRule.parse(" Average ") == UnratedRule(UnratedMethod.AVERAGE)
    for bad, message in (("0", "no rating"), ("fixed", "give the fixed rating"), ("x", "choose")):
        with pytest.raises(ValueError, match=message):
            UnratedRule.parse(bad)
    assert UnratedRule(UnratedMethod.LOWEST).rating([]) == 0
    assert UnratedRule(UnratedMethod.AVERAGE).rating([]) == 0
