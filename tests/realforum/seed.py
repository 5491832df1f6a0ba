"""Seed the test forum (run by setup.sh in the forum's venv, after ``migrate``).

Creates the GM (administrator) and the players, all verified (no e-mail activation), a
category, the game topic with its posts, an old PM conversation with the GM, and sets a
small posts-per-page so the topic already has a page 2. Writes a manifest (ids and URLs)
as JSON to the path given as the first argument; the tests read it.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from spirit.admin.forms import BasicConfigForm  # noqa: E402
from spirit.category.models import Category  # noqa: E402
from spirit.comment.forms import CommentForm  # noqa: E402
from spirit.comment.utils import comment_posted  # noqa: E402
from spirit.topic.forms import TopicForm  # noqa: E402
from spirit.topic.private.forms import TopicForPrivateForm, TopicPrivateManyForm  # noqa: E402

import forum_seed  # noqa: E402

User = get_user_model()


def make_user(name, password, admin=False):
    if admin:
        user = User.objects.create_superuser(name, f"{name}@example.org", password)
    else:
        user = User.objects.create_user(name, f"{name}@example.org", password)
    user.st.is_verified = True
    user.st.is_administrator = admin
    user.st.save()
    return user


def fail(what, form):
    raise SystemExit(f"seed: {what} rejected: {form.errors.as_json()}")


def comment(user, topic, text):
    form = CommentForm(user=user, topic=topic, data={"comment": text})
    if not form.is_valid():
        fail("comment", form)
    saved = form.save()
    comment_posted(comment=saved, mentions=None)
    return saved


def topic(user, category, title, first_post):
    form = TopicForm(user=user, data={"title": title, "category": category.pk})
    if not form.is_valid():
        fail("topic", form)
    created = form.save()
    comment(user, created, first_post)
    return created


def private_topic(user, to, title, text):
    tform = TopicForPrivateForm(user=user, data={"title": title})
    tpform = TopicPrivateManyForm(user=user, data={"users": to})
    if not (tform.is_valid() and tpform.is_valid()):
        fail("private topic", tform if tform.errors else tpform)
    created = tform.save()
    comment(user, created, text)
    tpform.topic = created
    tpform.save_m2m()
    return created


def main(manifest_path):
    gm_name, gm_password = forum_seed.GM
    users = {gm_name: make_user(gm_name, gm_password, admin=True)}
    for name, password in forum_seed.PLAYERS:
        users[name] = make_user(name, password)

    config = BasicConfigForm(
        data={
            "site_name": "Город N (test)",
            "site_description": "",
            "template_footer": "",
            "comments_per_page": forum_seed.POSTS_PER_PAGE,
            "topics_per_page": 20,
        }
    )
    if not config.is_valid():
        fail("config", config)
    config.save()

    category = Category.objects.create(title=forum_seed.CATEGORY_TITLE, slug="igry")
    (first_author, first_text), *rest = forum_seed.TOPIC_POSTS
    game = topic(users[first_author], category, forum_seed.TOPIC_TITLE, first_text)
    for author, text in rest:
        comment(users[author], game, text)

    pms = []
    for sender, title, text in forum_seed.PMS:
        pm = private_topic(users[sender], gm_name, title, text)
        pms.append({"id": pm.pk, "url": pm.get_absolute_url(), "sender": sender})

    manifest = {
        "users": {name: user.pk for name, user in users.items()},
        "topic": {"id": game.pk, "url": game.get_absolute_url()},
        "pms": pms,
        "posts_per_page": forum_seed.POSTS_PER_PAGE,
    }
    with open(manifest_path, "w", encoding="utf-8") as out:
        json.dump(manifest, out, ensure_ascii=False, indent=1)
    print(f"seed: {len(users)} users, topic {game.get_absolute_url()}, {len(pms)} PM(s)")


if __name__ == "__main__":
    main(sys.argv[1])
