# Paths shared by the test forum's scripts (sourced, not run).
REALFORUM_SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$REALFORUM_SRC/../.." && pwd)
# Everything generated lives here (git-ignored): the venv, the project, databases, logs.
REALFORUM_HOME=${GOROD_REALFORUM_HOME:-$REPO_ROOT/.realforum}
REALFORUM_VENV=$REALFORUM_HOME/venv
REALFORUM_PROJECT=$REALFORUM_HOME/project/gorodforum
SPIRIT_VERSION=0.14.3

# Run manage.py of the test project with our settings; GOROD_FORUM_DB must be set.
# With exec_manage=1 (in a subshell) the shell is replaced by the server process.
forum_manage() {
    export PYTHONPATH="$REALFORUM_PROJECT:$REALFORUM_SRC/spirit_project"
    export DJANGO_SETTINGS_MODULE=settings_gorod
    if [ "${exec_manage:-0}" = 1 ]; then
        exec "$REALFORUM_VENV/bin/python" "$REALFORUM_PROJECT/manage.py" "$@"
    fi
    "$REALFORUM_VENV/bin/python" "$REALFORUM_PROJECT/manage.py" "$@"
}
