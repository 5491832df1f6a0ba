"""Finding a sent PM again (`scraper.write_lookup.find_sent_pm`) on a PM list whose rows are
messages and whose pages show a whole folder's messages at once (SMF): the row's own message
must hold the words, not any message of its page.

The page is the GM's sent folder saved from the live SMF 2.1.5 of /work/lab after gorod
sent four start PMs with one title, «Город N — осень 2026: ваша роль» (messages 53-56, to
Вася, Петя, Аня, Катя): every one was recorded as 53 before this was fixed."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from config.profiles import load_profile
from scraper.write_lookup import find_sent_pm

PAGE = Path(__file__).parent / "pages" / "live" / "smf-2.1-pm-sent.html"
SENT = "http://127.0.0.1:55249/index.php?action=pm;f=sent"
TITLE = "Город N — осень 2026: ваша роль"


@dataclass
class _Fetched:
    content: bytes
    url: str


class _SavedFolder:
    """A client that answers every URL with the saved folder page (it shows all its messages)."""

    base_url = "http://127.0.0.1:55249/"

    def get(self, url, validators=None, *, auth=False, allow_404=False):
        return _Fetched(PAGE.read_bytes(), url)

    def url(self, path_or_url):
        return path_or_url if "://" in path_or_url else self.base_url + path_or_url.lstrip("/")


def _text(who: str, open_role: str, secret: str) -> str:
    allies = "\nВаши союзники: никого." if "Закон" not in secret else ""
    return (f"{who}, добро пожаловать в игру «Город N — осень 2026».\n\n"
            f"[color=orange]Ваша явная роль: {open_role}.\nВаша тайная роль: {secret}.{allies}[/color]\n\n"
            "Никому не сообщайте свою тайную роль.\n")


@pytest.mark.parametrize("who, open_role, secret, msg", [
    ("Вася", "Мэр", "Мирный житель (Закон)", 53),
    ("Петя", "Оракул", "Начальник стражи (Закон)", 54),
    ("Аня", "Лекарь", "Демонолог (Демоны)", 55),
])
def test_each_pm_of_one_title_is_found_as_its_own_message(who, open_role, secret, msg):
    found = find_sent_pm(_SavedFolder(), load_profile("smf2"), SENT, subject=TITLE,
                         text=_text(who, open_role, secret))
    assert found is not None and found.id == msg


def test_a_confirmed_pm_is_not_found_again_as_another_of_its_title():
    # 55 (Аня's) is confirmed already: its words are on the page of 53 too, which is not hers
    found = find_sent_pm(_SavedFolder(), load_profile("smf2"), SENT, subject=TITLE,
                         text=_text("Аня", "Лекарь", "Демонолог (Демоны)"), exclude=frozenset({"55"}))
    assert found is None
