"""The registry: each command type with its step (``apply`` and ``undo``), one line each.

:meth:`TournamentFile.execute <swissdesk.storage.service.TournamentFile.execute>` looks the
command's type up in :data:`REGISTRY`; :class:`~swissdesk.storage.commands.base.Undo` looks
the audit record's action name up in :data:`UNDO`. A new action is one dataclass with its
two functions in its area module and one line here (see docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from swissdesk.storage.commands import (
    chess960,
    external_tiebreak,
    fees,
    fide_mode,
    language,
    later_ratings,
    manual,
    phones,
    player_flags,
    players,
    prizes,
    rating_corrections,
    results,
    round_robin,
    rounds,
    sections,
    settings,
    team_matches,
    teams,
)
from swissdesk.storage.commands.base import Action, Step

REGISTRY: Mapping[type[Action], Step[Any]] = {
    settings.EditSettings: Step(settings.edit_settings, settings.undo_edit_settings),
    players.AddPlayer: Step(players.add_player, players.undo_add_player),
    players.EditPlayer: Step(players.edit_player, players.undo_edit_player),
    players.RemovePlayer: Step(players.remove_player, players.undo_remove_player),
    players.UpdateRatings: Step(players.update_ratings, players.undo_update_ratings),
    players.AssignPairingNumbers: Step(
        players.assign_pairing_numbers, players.undo_assign_pairing_numbers
    ),
    round_robin.DrawLots: Step(round_robin.draw_lots_action, round_robin.undo_draw_lots),
    players.LateEntry: Step(players.late_entry, players.undo_late_entry),
    players.CloseParticipantList: Step(
        players.close_participant_list, players.undo_close_participant_list
    ),
    players.Withdraw: Step(players.withdraw, players.undo_withdraw),
    chess960.SetChess960: Step(chess960.set_chess960, chess960.undo_set_chess960),
    external_tiebreak.SetExternalTiebreak: Step(
        external_tiebreak.set_external_tiebreak, external_tiebreak.undo_set_external_tiebreak
    ),
    external_tiebreak.DrawLotsForTies: Step(
        external_tiebreak.draw_lots_for_ties, external_tiebreak.undo_set_external_tiebreak
    ),
    later_ratings.SetLaterRatings: Step(
        later_ratings.set_later_ratings, later_ratings.undo_set_later_ratings
    ),
    player_flags.ExpelPlayer: Step(player_flags.expel_player, player_flags.undo_expel_player),
    player_flags.SetHalfByeEligibility: Step(
        player_flags.set_half_bye_eligibility, player_flags.undo_set_half_bye_eligibility
    ),
    players.RequestBye: Step(players.request_bye, players.undo_request_bye),
    players.CancelBye: Step(players.cancel_bye, players.undo_cancel_bye),
    players.CheckIn: Step(players.check_in, players.undo_check_in),
    fees.SetEntryFee: Step(fees.set_entry_fee, fees.undo_set_entry_fee),
    players.MarkAbsentees: Step(players.mark_absentees, players.undo_mark_absentees),
    sections.AddSection: Step(sections.add_section, sections.undo_add_section),
    sections.RemoveSection: Step(sections.remove_section, sections.undo_remove_section),
    sections.OrderSections: Step(sections.order_sections, sections.undo_order_sections),
    sections.MovePlayer: Step(sections.move_player, sections.undo_move_player),
    sections.RenameEvent: Step(sections.rename_event, sections.undo_rename_event),
    language.SetDocumentLanguage: Step(
        language.set_document_language, language.undo_set_document_language
    ),
    rounds.PairNextRound: Step(rounds.pair_next_round, rounds.undo_pair_next_round),
    manual.StartManualPairing: Step(
        manual.start_manual_pairing, manual.undo_start_manual_pairing
    ),
    manual.ManualPairingChange: Step(
        manual.manual_pairing_change, manual.undo_manual_pairing_change
    ),
    manual.EndManualPairing: Step(manual.end_manual_pairing, manual.undo_end_manual_pairing),
    manual.CancelManualPairing: Step(
        manual.cancel_manual_pairing, manual.undo_cancel_manual_pairing
    ),
    fide_mode.LeaveFideMode: Step(fide_mode.leave_fide_mode, fide_mode.undo_leave_fide_mode),
    fide_mode.ProhibitPairs: Step(fide_mode.prohibit_pairs, fide_mode.undo_prohibit_pairs),
    rounds.UnpairLastRound: Step(rounds.unpair_last_round, rounds.undo_unpair_last_round),
    results.EnterResult: Step(results.enter_result, results.undo_result),
    results.CorrectResult: Step(results.correct_result, results.undo_result),
    results.EnterMatchResult: Step(results.enter_match_result, results.undo_match_result),
    rating_corrections.RatingCorrection: Step(
        rating_corrections.rating_correction, rating_corrections.undo_rating_correction
    ),
    teams.SetTeamSettings: Step(teams.set_team_settings, teams.undo_set_team_settings),
    teams.AddTeam: Step(teams.add_team, teams.undo_add_team),
    teams.EditTeam: Step(teams.edit_team, teams.undo_edit_team),
    teams.RemoveTeam: Step(teams.remove_team, teams.undo_remove_team),
    teams.AssignTeamPairingNumbers: Step(
        teams.assign_team_pairing_numbers, teams.undo_assign_team_pairing_numbers
    ),
    team_matches.SetLineup: Step(team_matches.set_lineup, team_matches.undo_lineup_change),
    team_matches.EnterBoardResult: Step(team_matches.enter_board_result, team_matches.undo_lineup_change),
    team_matches.ForfeitMatch: Step(team_matches.forfeit_match, team_matches.undo_lineup_change),
    prizes.SetPrizePlan: Step(prizes.set_prize_plan, prizes.undo_prize_column),
    prizes.TickCategory: Step(prizes.tick_category, prizes.undo_prize_column),
    team_matches.RequestTeamBye: Step(team_matches.request_team_bye, team_matches.undo_request_team_bye),
    phones.IssueCodes: Step(phones.issue_codes, phones.undo_issue_codes),
    phones.RevokeCodes: Step(phones.revoke_codes, phones.undo_revoke_codes),
    phones.OpenCheckIn: Step(phones.open_check_in, phones.undo_state),
    phones.OpenReporting: Step(phones.open_reporting, phones.undo_state),
    phones.PhoneCheckIn: Step(phones.phone_check_in, players.undo_check_in),
    phones.KioskCheckIn: Step(phones.kiosk_check_in, players.undo_check_in),
    phones.ReportResult: Step(phones.report_result, phones.undo_report_result),
    phones.ReportMatch: Step(phones.report_match, phones.undo_report_result),
    phones.AcceptReports: Step(phones.accept_reports, phones.undo_accept_reports),
    phones.DismissReport: Step(phones.dismiss_report, phones.undo_dismiss_report),
}
"""Command type -> its step. The audit log records the command's class name."""

UNDO: Mapping[str, Step[Any]] = {command.__name__: step for command, step in REGISTRY.items()}
"""Audit-log action name -> the step whose ``undo`` reverts it (creating or importing a
tournament has none: it cannot be undone)."""
