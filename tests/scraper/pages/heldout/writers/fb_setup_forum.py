"""The board for the thread, after `flaskbb --config fbb/flaskbb.cfg install -f -w -u Мастер ...`
and a category «Город N» with a forum «Игры» (id 2) made in `flaskbb shell`: the six players,
Russian as the board's language (FlaskBB 2.2.0's Russian catalogue is mostly empty: its pages
stay English), and «Игры» open to every group (a forum made outside the admin page has none).
`python fbb/setup_forum.py` (its two steps ran one after the other)."""
from flaskbb import create_app
from flaskbb.extensions import db
from flaskbb.forum.models import Forum
from flaskbb.management.models import Setting
from flaskbb.user.models import Group
from flaskbb.utils.populate import create_user

app = create_app("/work/lab/own-learn3/fbb/flaskbb.cfg")
with app.app_context():
    for nick, login in [("Вася", "vasya"), ("Петя", "petya"), ("Боря", "borya"), ("Аня", "anya"),
                        ("Гена", "gena"), ("Вера", "vera")]:
        create_user(nick, f"{login} game pass phrase", f"{login}@example.org", "member")
    Setting.update({"default_language": "ru"})
    db.session.commit()
with app.app_context():
    forum = db.session.get(Forum, 2)
    forum.groups = list(db.session.execute(db.select(Group)).scalars())
    db.session.commit()
