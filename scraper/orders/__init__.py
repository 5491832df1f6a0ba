"""Orders from Russian free text (issue 5): votes, abilities, sign-ups — never a silent guess.

`parse_text` reads one text into engine `Order`s and `Unresolved` items for the GM.
"""
from scraper.orders.names import Player, Roster, RosterError
from scraper.orders.parse import parse_message, parse_post, parse_text
from scraper.orders.result import ParseResult, Reason, Unresolved
from scraper.orders.settings import Emphasis, ParseSettings, SettingsError, VoteForm
from scraper.orders.text import Span

__all__ = ["Player", "Roster", "RosterError", "parse_message", "parse_post", "parse_text",
           "ParseResult", "Reason", "Unresolved", "Emphasis", "ParseSettings", "SettingsError",
           "VoteForm", "Span"]
