"""Prepare an empty demo-game forum (run in the forum's venv with Django set up): the GM's
administrator account (the forum's owner, as on a real forum), a category for games and
20 posts per page. Players register themselves over HTTP (tools/make_demo_game.py).
Prints the category id."""
import sys

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from spirit.admin.forms import BasicConfigForm  # noqa: E402
from spirit.category.models import Category  # noqa: E402

name, password = sys.argv[1], sys.argv[2]
user = get_user_model().objects.create_superuser(name, "gm@example.org", password)
user.st.is_verified = True
user.st.is_administrator = True
user.st.save()
config = BasicConfigForm(data={"site_name": "Город N", "site_description": "", "template_footer": "",
                               "comments_per_page": 20, "topics_per_page": 20})
if not config.is_valid():
    raise SystemExit(f"prepare: {config.errors.as_json()}")
config.save()
print(Category.objects.create(title="Игры", slug="igry").pk)
