"""Site profiles are data: validated at load, every error naming the file and key path."""
from __future__ import annotations

from pathlib import Path

import pytest

from config.profiles import ProfileError, engine_profiles, load_profile, profile_names
from scraper.extract import extract_file

PAGES = Path(__file__).parent / "pages"


def test_every_shipped_profile_loads():
    names = profile_names()
    for engine in ("phpbb3", "vbulletin3", "vbulletin4", "vbulletin5", "xenforo1", "xenforo2", "smf2",
                   "ipboard", "ipboard4pda", "nodebb", "discourse", "spirit", "mybb", "somethingawful",
                   "mybbru", "cobalt"):
        assert engine in names
    for profile in engine_profiles():
        assert profile.path == f"profiles/{profile.name}.yaml"
        assert profile.format == "json" or profile.post is not None


def test_profiles_without_a_real_page_say_what_is_unconfirmed():
    for name in ("mybbru", "mybb", "ipboard"):
        assert load_profile(name).unconfirmed


def test_an_inbox_told_empty_by_its_listing_alone_says_so_in_unconfirmed():
    # pm_inbox.listing comes from saved list pages only (the live-confirmed engines name their
    # «no messages» row in pm_inbox.empty): no empty list was seen, and the profile must say so
    for profile in engine_profiles():
        rules = profile.pm_inbox
        if rules is not None and rules.listing and not rules.empty:
            assert any("pm_inbox.listing" in entry for entry in profile.unconfirmed), profile.name


def _write(tmp_path: Path, text: str, name: str = "forum.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_missing_required_selector_names_its_key_path(tmp_path):
    path = _write(tmp_path, """
engine: phpbb3
selectors:
  post:
    container: div.post
    id: {attr: id}
    body: div.content
""")
    with pytest.raises(ProfileError, match=r"forum\.yaml: selectors\.post\.author: обязательный ключ, а его нет"):
        load_profile(path)


def test_shipped_profile_error_is_named_relative_to_profiles(tmp_path, monkeypatch):
    import config.profiles as profiles

    (tmp_path / "broken.yaml").write_text("engine: x\nselectors: {post: {container: div}}\n", encoding="utf-8")
    monkeypatch.setattr(profiles, "PROFILES_DIR", tmp_path)
    monkeypatch.setattr(profiles, "_cache", {})
    with pytest.raises(ProfileError, match=r"^profiles/broken\.yaml: selectors\.post\.author: обязательный ключ, а его нет"):
        load_profile("broken")


@pytest.mark.parametrize("text, message", [
    ("engine: spirit\nselector: {}\n", r": selector: неизвестный ключ \(известны: api, clock, .*selectors, "),
    ("engine: spirit\ntimezone: Mars/Olympus\n", r": timezone: неизвестный часовой пояс 'Mars/Olympus' \(например Europe/Moscow\)"),
    ("engine: spirit\nencoding: klingon-8\n", r": encoding: неизвестная кодировка 'klingon-8'"),
    ("engine: spirit\nselectors:\n  post:\n    container: 'div[['\n    id: a\n    author: b\n    body: c\n",
     r": selectors\.post\.container: селектор 'div\[\[' не разбирается: «"),
    ("engine: spirit\nselectors:\n  post:\n    container: div\n    id: {attr: id, regex: '('}\n    author: b\n    body: c\n",
     r": selectors\.post\.id\.regex: регулярное выражение не разбирается: «"),
    ("engine: spirit\nselectors:\n  post:\n    container: div\n    id: a\n    author: [b, {atr: x}]\n    body: c\n",
     r": selectors\.post\.author\[1\]\.atr: неизвестный ключ"),
    ("extends: spirit\ndates: {formats: 5}\n", r": dates\.formats: нужен список строк, а не число$"),
    ("extends: spirit\ndates: {months: {brumaire: x}}\n", r": dates\.months: нужен словарь слово: целое число"),
    ("[1, 2]\n", r": \(верхний уровень\): нужен словарь ключей, а не список"),
    ("format: html\n", r": engine: обязательный ключ, а его нет"),
    ("engine: discourse\nformat: json\njson: {posts: [a], id: id}\n", r": json\.author: обязательный ключ"),
    ("extends: spirit\nlogin: {usernme_field: x}\n", r": login\.usernme_field: неизвестный ключ"),
    ("extends: spirit\nselectors:\n  body: {quote_lines: 'Цитата:'}\n",
     r": selectors\.body\.quote_lines: нужна короткая приставка из знаков"),
])
def test_validation_errors_name_the_key(tmp_path, text, message):
    with pytest.raises(ProfileError, match=message):
        load_profile(_write(tmp_path, text))


def test_a_gm_adds_a_forum_with_yaml_alone(tmp_path):
    """A forum of a known engine: `extends:` plus its own URL and zone, nothing else."""
    path = _write(tmp_path, """
extends: mybbru
name: citymafia
description: Город N на rusff
timezone: Asia/Yekaterinburg
urls:
  base: https://citymafia.rusff.me
dates:
  formats: ["epoch", "%d.%m.%Y %H:%M"]
""")
    profile = load_profile(path)
    base = load_profile("mybbru")
    assert (profile.name, profile.engine, profile.timezone) == ("citymafia", "mybbru", "Asia/Yekaterinburg")
    assert profile.post == base.post                     # selectors inherited
    assert profile.urls["thread_page"] == base.urls["thread_page"]
    assert profile.url("thread_page", thread=15, page=2) == "https://citymafia.rusff.me/viewtopic.php?id=15&p=2"
    assert profile.dates.formats == ("epoch", "%d.%m.%Y %H:%M")  # lists replace, mappings merge
    page = extract_file(PAGES / "mybbru-topic-p2-cp1251.html", profile)
    assert page.profile == "citymafia"
    assert page.posts[0].posted_at.utcoffset().total_seconds() == 5 * 3600


def test_extends_cycle_and_unknown_parent(tmp_path):
    _write(tmp_path, "extends: b.yaml\nengine: x\n", "a.yaml")
    _write(tmp_path, "extends: a.yaml\nengine: x\n", "b.yaml")
    with pytest.raises(ProfileError, match="extends: профили расширяют друг друга по кругу"):
        load_profile(tmp_path / "a.yaml")
    with pytest.raises(ProfileError, match=r"extends: нет такого профиля 'nosuchengine'; есть: "):
        load_profile(_write(tmp_path, "extends: nosuchengine\n"))


def test_url_template_missing_is_an_error():
    with pytest.raises(ProfileError, match="urls.send_pm"):
        load_profile("cobalt").url("send_pm")


def test_login_field_names_come_from_the_profile():
    """SMF's login form says user/passwrd, vBulletin's vb_login_*, MyBB.ru's req_*."""
    assert (load_profile("smf2").login.username_field, load_profile("smf2").login.password_field) == ("user", "passwrd")
    assert load_profile("mybbru").login.password_field == "req_password"
    assert load_profile("spirit").login.username_field == "username"
