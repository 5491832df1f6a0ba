"""Bring your own forum: a GM's profile in YAML alone, found beside the game file or in
GOROD_PROFILES, tried by `--profile auto`, its `write.markup` honoured, and errors that name
it. The profile is README's worked example («Your forum»), so the README stays true."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from config.game import load_game
from config.profiles import ProfileError, available_profiles, load_profile
from scraper.errors import LayoutChanged
from scraper.extract import extract_posts

HERE = Path(__file__).parent
README = HERE.parents[1] / "README.md"
PAGE = (HERE / "yourforum" / "kolenka-topic.html").read_bytes()


def readme_blocks() -> tuple[str, str]:
    section = README.read_text(encoding="utf-8").split("## Your forum", 1)[1].split("\n## ", 1)[0]
    # (the section starts with `gorod forum learn`'s example; the hand-written profile is «kolenka»)
    blocks = [b for b in re.findall(r"```yaml\n(.*?)```", section, re.S) if "kolenka" in b]
    assert len(blocks) == 2, "README «Your forum»: the profile and the game's forum: section"
    return blocks[0], blocks[1]


@pytest.fixture
def game_dir(tmp_path, monkeypatch) -> Path:
    profile, forum = readme_blocks()
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "kolenka.yaml").write_text(profile, encoding="utf-8")
    (tmp_path / "game.yaml").write_text(forum, encoding="utf-8")
    monkeypatch.delenv("GOROD_PROFILES", raising=False)
    monkeypatch.delenv("GOROD_GAME", raising=False)
    monkeypatch.chdir(HERE)            # not the game's folder: nothing may depend on the cwd
    return tmp_path


def test_the_readme_profile_reads_its_page(game_dir):
    profile = load_profile("kolenka", game_dir)
    posts = extract_posts(PAGE, profile, "kolenka-topic.html").posts
    assert [(p.id, p.author) for p in posts] == [("101", "Мастер"), ("102", "Вася")]
    vasya = posts[1]
    assert vasya.text.strip() == "Голосую против Пети." and vasya.quotes == ("Ночь первая.",)
    assert vasya.posted_at.isoformat() == "2026-11-30T21:05:10+03:00"
    assert vasya.edited and not posts[0].edited


def test_auto_tries_the_gms_profiles_beside_the_game_file_and_in_gorod_profiles(game_dir, monkeypatch):
    assert "kolenka" not in {p.name for p in available_profiles()}
    monkeypatch.setenv("GOROD_GAME", str(game_dir / "game.yaml"))
    assert extract_posts(PAGE, None, "p").profile == "kolenka"
    monkeypatch.delenv("GOROD_GAME")
    elsewhere = game_dir / "elsewhere"
    (game_dir / "profiles").rename(elsewhere)
    monkeypatch.setenv("GOROD_PROFILES", f"/nonexistent:{elsewhere}")
    assert extract_posts(PAGE, None, "p").profile == "kolenka"
    assert load_profile("kolenka").path.endswith("kolenka.yaml")


def test_a_relative_profile_is_found_from_the_game_files_folder(game_dir):
    text = (game_dir / "game.yaml").read_text(encoding="utf-8").replace("profile: kolenka ", "profile: profiles/kolenka.yaml ")
    (game_dir / "game.yaml").write_text(text, encoding="utf-8")
    config = load_game(game_dir / "game.yaml")
    assert Path(config.forum.profile) == (game_dir / "profiles" / "kolenka.yaml").resolve()
    assert load_profile(config.forum.profile).name == "kolenka"


def test_a_shipped_name_stays_a_name_and_an_unknown_one_says_where_it_looked(game_dir):
    text = (game_dir / "game.yaml").read_text(encoding="utf-8")
    (game_dir / "game.yaml").write_text(text.replace("profile: kolenka ", "profile: phpbb3 "), encoding="utf-8")
    assert load_game(game_dir / "game.yaml").forum.profile == "phpbb3"
    with pytest.raises(ProfileError, match=r"нет такого профиля 'kolenk'.*ваши .*profiles.*kolenka"):
        load_profile("kolenk", game_dir)


def test_write_markup_is_honoured(game_dir):
    from gorod.loop.game import _markup_of
    from publisher.markup import markup_for
    profile = load_profile("kolenka", game_dir)
    assert markup_for(profile.engine).name == "plain"          # an engine gorod does not know
    assert _markup_of(profile).name == "markdown"              # ... but its profile says Markdown
    assert _markup_of(load_profile("phpbb3")).name == "bbcode"


def test_errors_name_the_profile(game_dir):
    profile = load_profile("kolenka", game_dir)
    broken = PAGE.replace('<span class="who">Вася</span>'.encode(), b"")
    with pytest.raises(LayoutChanged, match="profile 'kolenka'"):
        extract_posts(broken, profile, "p")
    from scraper.http import Fetched
    from scraper.write_form import find_form
    with pytest.raises(LayoutChanged, match="profile 'kolenka'"):
        find_form(Fetched("http://k/topic/7", 200, PAGE), selector=None, holding="message", profile=profile.name)
