"""Django settings of gorod's test forum: Spirit's generated ``base`` plus what tests need.

Read at server start from the environment (set by ``tests/realforum/start.sh``):

- ``GOROD_FORUM_DB``: the SQLite file of this instance (required);
- ``GOROD_FORUM_LIMITS``: ``1`` turns Spirit's own defenses back on: its rate limit
  (1 post per 10 s per user, 5 logins per 5 min) and its double-post guard (the same text
  from the same user within 30 min is dropped while answering like a success). The
  publisher must cope with both, so at least one end-to-end test runs with them on.

The rate-limit counters are files beside the database (``<db>.ratelimit/``): emptying that folder
forgets them, as restarting the server does.
"""
import os

from gorodforum.settings.base import *  # noqa: F401,F403  (Django settings idiom)
from gorodforum.settings.base import CACHES, HAYSTACK_CONNECTIONS, LOGGING, TEMPLATES

SECRET_KEY = "gorod-test-forum-not-secret"
DEBUG = True  # runserver serves the static files
TEMPLATES[0]["OPTIONS"]["debug"] = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ["GOROD_FORUM_DB"],
    }
}

CACHES.update(
    {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        # On disk, so that a test can start with fresh counters by emptying the folder, as it
        # starts with a fresh database (tests/realforum/conftest.py): the login limit counts every
        # login from 127.0.0.1 in a fixed 5-minute window, so one test's logins refused another's.
        "st_rate_limit": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ.get("GOROD_FORUM_RATELIMIT_DIR") or os.environ["GOROD_FORUM_DB"] + ".ratelimit",
            "TIMEOUT": None,
        },
    }
)

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
HAYSTACK_CONNECTIONS["default"]["STORAGE"] = "ram"
ST_SITE_URL = "http://127.0.0.1/"

LIMITS = os.environ.get("GOROD_FORUM_LIMITS", "0") == "1"
ST_RATELIMIT_ENABLE = LIMITS
ST_DOUBLE_POST_THRESHOLD_MINUTES = 30 if LIMITS else 0

# The log file of base.py lands in the generated project; keep it, but quieter.
LOGGING["loggers"][""]["level"] = "WARNING"
