#!/usr/bin/env bash
# Install the test forum (Spirit, from PyPI) into its own venv, create its project and a
# seeded database, without prompts. Idempotent and quick when nothing changed: the venv is
# kept while it has the right Spirit, the seeded db while seed inputs are unchanged.
set -euo pipefail
source "$(dirname "$0")/common.sh"
PYTHON=${PYTHON:-python3}

mkdir -p "$REALFORUM_HOME"
if ! "$REALFORUM_VENV/bin/python" -c \
        "import spirit, sys; sys.exit(spirit.__version__ != '$SPIRIT_VERSION')" 2>/dev/null; then
    echo "realforum: installing django-spirit==$SPIRIT_VERSION into $REALFORUM_VENV"
    rm -rf "$REALFORUM_VENV"
    "$PYTHON" -m venv "$REALFORUM_VENV"
    "$REALFORUM_VENV/bin/python" -m pip install -q "django-spirit==$SPIRIT_VERSION" 2>&1 \
        | grep -v "^WARNING: Location" || true
    "$REALFORUM_VENV/bin/python" -c "import spirit" # fail here if the install did not
fi

if [ ! -f "$REALFORUM_PROJECT/manage.py" ]; then
    rm -rf "$REALFORUM_HOME/project"
    mkdir -p "$REALFORUM_HOME/project"
    # startproject shells out to django-admin: the venv's bin must be on PATH.
    (cd "$REALFORUM_HOME/project" && PATH="$REALFORUM_VENV/bin:$PATH" spirit startproject gorodforum >/dev/null)
fi

stamp=$(cat "$REALFORUM_SRC/seed.py" "$REALFORUM_SRC/forum_seed.py" \
            "$REALFORUM_SRC/spirit_project/settings_gorod.py" "$REALFORUM_SRC/common.sh" \
        | sha256sum | cut -c1-16)-$SPIRIT_VERSION
if [ -f "$REALFORUM_HOME/seed.sqlite3" ] && [ "$(cat "$REALFORUM_HOME/seed.stamp" 2>/dev/null)" = "$stamp" ]; then
    exit 0
fi
echo "realforum: migrating and seeding"
rm -f "$REALFORUM_HOME/seed.sqlite3" "$REALFORUM_HOME/seed.stamp" "$REALFORUM_HOME/seeding.sqlite3"
export GOROD_FORUM_DB="$REALFORUM_HOME/seeding.sqlite3"
forum_manage migrate --noinput -v 0
PYTHONPATH="$REALFORUM_PROJECT:$REALFORUM_SRC/spirit_project" DJANGO_SETTINGS_MODULE=settings_gorod \
    "$REALFORUM_VENV/bin/python" "$REALFORUM_SRC/seed.py" "$REALFORUM_HOME/manifest.json"
mv "$GOROD_FORUM_DB" "$REALFORUM_HOME/seed.sqlite3"
echo "$stamp" > "$REALFORUM_HOME/seed.stamp"
