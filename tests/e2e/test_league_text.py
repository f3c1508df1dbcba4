"""League text helpers of the Discord adapter (pure)."""

from __future__ import annotations

from bot.discord.league_text import award_order, match_line
from bot.service.leagues.models import Match, MatchSeat


def test_award_order_reads_mentions_best_first_with_ties() -> None:
    assert award_order("<@1> > <@2> = <@!3> <@4>") == [["1"], ["2", "3"], ["4"]]
    assert award_order("<@1> <@2>") == [["1"], ["2"]]
    assert award_order("nobody") == []


def test_match_line_shows_results_and_threads() -> None:
    seats = (MatchSeat("1", "Alice", 1, 1.0, False), MatchSeat("2", "Bob", 2, 0.0, True))
    done = Match(7, 1, 2, 1, "finished", 3, "99", "forfeit: conceded", seats)
    assert match_line(done) == "`#7` T1: Alice v Bob — ✅ Alice 1, Bob 2F (forfeit: conceded)"
    running = Match(8, 1, 2, 2, "running", 4, "98", "", seats)
    assert match_line(running, with_round=True).endswith("▶️ playing · <#98>")
