"""The forum behind the loop: what the config must say, the password's sources, topic ids,
and how a draft is compared with the forum's rendering of it."""
from __future__ import annotations

import os

import pytest

from config.game import game_from_mapping
from gorod.loop.forum import ForumConfigError, SiteForum, plain, read_password_file, topic_id_of
from gorod.store import Store
from scraper.errors import AuthRequired


def config(**forum):
    base = {"profile": "spirit", "base_url": "http://f.test", "thread_url": "http://f.test/topic/7/x/",
            "gm_user": "gm", "password_env": "GOROD_X"}
    return game_from_mapping({"forum": {**base, **forum}}, "game.yaml")


def test_the_config_must_name_the_forum_the_thread_and_the_gm():
    with pytest.raises(ForumConfigError, match="game.yaml: forum.thread_url: required"):
        SiteForum.from_config(config(thread_url=None), Store(":memory:"))
    with pytest.raises(ForumConfigError, match="forum.password_env or forum.password_file"):
        SiteForum.from_config(config(password_env=None), Store(":memory:"))
    forum = SiteForum.from_config(config(), Store(":memory:"))
    assert forum.topic_id == "7" and forum.engine == "spirit" and forum.max_length == 3000


def test_a_password_file_must_be_readable_by_its_owner_only(tmp_path):
    secret = tmp_path / "pw"
    secret.write_text("s3cret\n", encoding="utf-8")
    os.chmod(secret, 0o644)
    with pytest.raises(AuthRequired, match="may be read by others: chmod 600"):
        read_password_file(str(secret))
    os.chmod(secret, 0o600)
    assert read_password_file(str(secret)) == "s3cret"
    with pytest.raises(AuthRequired, match="cannot read"):
        read_password_file(str(tmp_path / "missing"))
    forum = SiteForum.from_config(config(password_env=None, password_file=str(secret)), Store(":memory:"))
    assert forum.client.login_form.password() == "s3cret"
    assert "s3cret" not in repr(forum.client.login_form.password_file)


def test_topic_ids_of_the_common_engines():
    assert topic_id_of("http://f/topic/12/slug/") == "12"
    assert topic_id_of("http://f/t/sezon-2026/15/") == "15"          # Misago (a year in the slug)
    assert topic_id_of("http://f/t/sezon-2026/15/3/") == "15"        # its page 3
    assert topic_id_of("http://f/t/igra/40/7") == "40"               # Discourse, post 7
    assert topic_id_of("http://f/viewtopic.php?f=2&t=345") == "345"
    assert topic_id_of("http://f/showthread.php?tid=9") == "9"
    assert topic_id_of("http://f/index.php?topic=2.0") == "2"                # SMF: topic 2 from its first post
    assert topic_id_of("http://f/index.php?topic=12.30") == "12"
    assert topic_id_of("http://f/viewtopic.php?id=77") == "77"
    with pytest.raises(ForumConfigError):
        topic_id_of("http://f/forum/")


def test_a_draft_and_its_rendering_compare_by_their_words():
    assert plain("**Ночь 1**\n[color=orange]Игрок \\_Аня\\_ — в Лазарет.[/color]") == plain("Ночь 1 Игрок _Аня_ - в Лазарет")
    assert plain("Ёлка") == plain("елка")
