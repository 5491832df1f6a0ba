"""What capture_states.py needs per live PHP engine to put a thread into the states a real
game thread has: its BBCode, the forum's own record of each post (its database, as the board's
admin reads it), and the admin's levers a real board has pulled over the years (old post
times, a deleted author, signatures and user titles, another date format).

Each kit's `messages(forum_dir, topic)` is the oracle of the held-back page tests: per post its
id, author, time, edit time and the stored message, straight from the database.
"""
from __future__ import annotations

import re
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from engines import _mariadb, _php, _sqlite
from scraper.write_lookup import words


@dataclass(frozen=True)
class Stored:
    id: str
    author: str
    posted: int
    edited: int | None
    message: str


@dataclass(frozen=True)
class Kit:
    quote: str                  # a quote with an author: {author}, {text}
    strike: str | None
    spoiler: str | None
    messages: Callable[[Path, str], list[Stored]]
    set_times: Callable[[Path, dict], None]        # {post id: (posted, edited or None)}
    orphan: Callable[[Path, str, str], None]        # (post id, name): its author a deleted member
    decorate: Callable[[Path, dict], None]          # {user id: (signature, title)}
    date_format: Callable[[Path, bool], None]       # another board date format on (True) / back (False)
    user_zone: Callable[[Path, int, bool], None]    # a member's own time zone Europe/Moscow on / back to UTC
    edit_reason: str | None = None                  # the edit form's reason field
    poll: dict | None = None                        # new-topic fields that add a poll
    poll_url: str = ""                              # what the new-topic URL needs for them
    poll_form: tuple | None = None                  # a poll form after the topic: (URL over {thread}, its fields)
    per_page: Callable[[Path], int] = lambda d: 0   # the board's posts per page (its setting)
    set_per_page: Callable[[Path, int], None] = lambda d, n: None    # the board's setting changed
    other_layout: Callable[[Path, str, bool], None] | None = None    # a member's (by name) other post layout on / off
    anchor: str = r'id="p(\d+)"'                   # each post's id in the page's markup (a check of the capture)
    other_language: Callable[[Path, bool], None] | None = None       # the board's other language pack on / off
    precision: int = 60                             # what the pages show of a time: seconds (1) or minutes
    edit_precision: int = 60                        # of an edit's time
    dmy_precision: int = 60                         # the same under the other date format


AVATAR = "http://127.0.0.1/avatar.png"     # a remote avatar (nothing is fetched from it)
# a 1x1 PNG
_PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002"
                     "000154a24f5d0000000049454e44ae426082")


# -- the message as stored -> what a reader must see ---------------------------------------------
_TAG = re.compile(r"\[/?([a-z*]+)(?:[= ][^\]\n]*)?\]", re.I)


def _bbcode(message: str) -> str:
    """A stored message as BBCode text (phpBB keeps s9e XML whose markers are the BBCode)."""
    message = re.sub(r"<br\s*/?>", "\n", message)
    message = re.sub(r"<[^>]+>", "", message)
    message = re.sub(r"&quot;", '"', message)
    message = re.sub(r"&lt;", "<", message)
    message = re.sub(r"&gt;", ">", message)
    message = re.sub(r"&amp;", "&", message)
    message = re.sub(r"&[a-z]+;|&#\d+;", " ", message)
    # an image shows no text; a link with a text shows the text; a smiley code its picture
    message = re.sub(r"\[img\][^\[]*\[/img\]", " ", message, flags=re.I)
    return message


def _parts(message: str) -> tuple[str, list[str], list[str], list[str]]:
    """(own text, top-level quotes, spoilers, struck) of a BBCode message, each as the text
    between its tags (nested quotes kept inside their outer one)."""
    own, quotes, spoilers, struck = [], [], [], []
    depth, kind, start = 0, None, 0
    pos = 0
    for tag in _TAG.finditer(message):
        name = tag.group(1).lower()
        closing = tag.group(0).startswith("[/")
        if name not in ("quote", "spoiler", "s", "strike"):
            continue
        if kind is None and not closing:
            own.append(message[pos:tag.start()])
            kind, depth, start = name, 1, tag.end()
        elif kind is not None and name == kind:
            depth += -1 if closing else 1
            if depth == 0:
                inner = message[start:tag.start()]
                {"quote": quotes, "spoiler": spoilers, "s": struck, "strike": struck}[kind].append(inner)
                kind, pos = None, tag.end()
    own.append(message[pos:] if kind is None else "")
    return " ".join(own), quotes, spoilers, struck


def oracle(message: str) -> dict:
    """The words a reader must find in a stored message: own text, each quote, each spoiler, and
    the own text's bold and coloured fragments (orders may need them)."""
    own, quotes, spoilers, _ = _parts(_bbcode(message))

    def plain(text: str) -> str:
        return words(_TAG.sub(" ", text))
    return {"words": plain(own), "quotes": [plain(q) for q in quotes if plain(q)],
            "spoilers": [plain(s) for s in spoilers if plain(s)],
            "bold": [plain(b) for b in re.findall(r"(?is)\[b\](.*?)\[/b\]", own)],
            "colours": [[c.strip("\"'").lower(), plain(t)] for c, t in re.findall(r"(?is)\[color=([^\]]+)\](.*?)\[/color\]", own)]}


# -- MyBB 1.8 ------------------------------------------------------------------------------------
def _mybb_messages(d: Path, topic: str) -> list[Stored]:
    rows = _mariadb(d, "mybb", f"SELECT pid, username, dateline, edittime, message FROM mybb_posts WHERE tid = {int(topic)} AND visible = 1 ORDER BY pid")
    return [Stored(p, a, int(t), int(e) or None, _unescape(m)) for p, a, t, e, m in rows]


def _unescape(value: str) -> str:
    """mariadb --batch writes a newline, tab, NUL and backslash as \\n, \\t, \\0, \\\\."""
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", "0": ""}.get(m.group(1), m.group(1)), value)


def _mybb_times(d: Path, times: dict) -> None:
    _mariadb(d, "mybb", "; ".join(f"UPDATE mybb_posts SET dateline = {int(p)}, edittime = {int(e or 0)} WHERE pid = {int(i)}"
                                  for i, (p, e) in times.items()))


def _mybb_orphan(d: Path, pid: str, name: str) -> None:
    _mariadb(d, "mybb", f"UPDATE mybb_posts SET uid = 0, username = '{name}' WHERE pid = {int(pid)}")


def _mybb_decorate(d: Path, users: dict) -> None:
    _mariadb(d, "mybb", "; ".join(f"UPDATE mybb_users SET signature = '{sig}', usertitle = '{title}', avatar = "
                                  f"'{AVATAR}', avatardimensions = '50|50', avatartype = 'remote' WHERE uid = {int(u)}"
                                  for u, (sig, title) in users.items()))


def _mybb_zone(d: Path, uid: int, on: bool) -> None:
    _mariadb(d, "mybb", f"UPDATE mybb_users SET timezone = '{3 if on else 0}', dst = 0 WHERE uid = {int(uid)}")


def _mybb_setting(d: Path, name: str, value) -> None:
    _mariadb(d, "mybb", f"UPDATE mybb_settings SET value = '{value}' WHERE name = '{name}'")
    _php(d, "$_SERVER['REQUEST_METHOD'] = 'GET'; define('IN_MYBB', 1); define('THIS_SCRIPT', 'x.php'); "
            "require './inc/init.php'; rebuild_settings();")
    time.sleep(2.5)      # PHP's opcache may serve the old inc/settings.php for up to 2 s


def _mybb_date_format(d: Path, on: bool) -> None:
    day, clock = ("d.m.Y", "H:i") if on else ("m-d-Y", "h:i A")
    _mariadb(d, "mybb", f"UPDATE mybb_settings SET value = '{day}' WHERE name = 'dateformat'; "
                        f"UPDATE mybb_settings SET value = '{clock}' WHERE name = 'timeformat'")
    _php(d, "$_SERVER['REQUEST_METHOD'] = 'GET'; define('IN_MYBB', 1); define('THIS_SCRIPT', 'x.php'); "
            "require './inc/init.php'; rebuild_settings();")
    time.sleep(2.5)      # PHP's opcache may serve the old inc/settings.php for up to 2 s


# -- phpBB 3.3 -----------------------------------------------------------------------------------
def _phpbb_db(d: Path) -> Path:
    return d / "forum.sqlite3"


def _phpbb_messages(d: Path, topic: str) -> list[Stored]:
    rows = _sqlite(_phpbb_db(d), "SELECT p.post_id, CASE WHEN p.poster_id = 1 THEN p.post_username ELSE u.username END, "
                   "p.post_time, CASE WHEN p.post_edit_count > 0 THEN p.post_edit_time END, p.post_text FROM phpbb_posts p JOIN phpbb_users u ON u.user_id = p.poster_id "
                   "WHERE p.topic_id = ? AND p.post_visibility = 1 ORDER BY p.post_id", int(topic))
    return [Stored(str(i), a, t, e or None, m) for i, a, t, e, m in rows]


def _phpbb_write(d: Path, sql: str, rows) -> None:
    with sqlite3.connect(_phpbb_db(d)) as db:
        db.executemany(sql, rows)
    for cached in (d / "www" / "cache" / "production").glob("data_*.php*"):
        cached.unlink()


def _phpbb_times(d: Path, times: dict) -> None:
    _phpbb_write(d, "UPDATE phpbb_posts SET post_time = ?, post_edit_time = ? WHERE post_id = ?",
                 [(int(p), int(e or 0), int(i)) for i, (p, e) in times.items()])


def _phpbb_orphan(d: Path, pid: str, name: str) -> None:
    _phpbb_write(d, "UPDATE phpbb_posts SET poster_id = 1, post_username = ? WHERE post_id = ?", [(name, int(pid))])


def _phpbb_decorate(d: Path, users: dict) -> None:
    _phpbb_write(d, "UPDATE phpbb_users SET user_sig = ?, user_rank = 0, user_avatar = ?, user_avatar_type = "
                    "'avatar.driver.remote', user_avatar_width = 50, user_avatar_height = 50 WHERE user_id = ?",
                 [(sig, AVATAR, int(u)) for u, (sig, _) in users.items()])


def _phpbb_zone(d: Path, uid: int, on: bool) -> None:
    _phpbb_write(d, "UPDATE phpbb_users SET user_timezone = ? WHERE user_id = ?", [("Europe/Moscow" if on else "UTC", int(uid))])


def _phpbb_date_format(d: Path, on: bool) -> None:
    fmt = "d.m.Y, H:i" if on else "D M d, Y g:i a"
    _phpbb_write(d, "UPDATE phpbb_config SET config_value = ? WHERE config_name = 'default_dateformat'", [(fmt,)])
    _phpbb_write(d, "UPDATE phpbb_users SET user_dateformat = ? WHERE user_id = 1", [(fmt,)])   # guests


# -- SMF 2.1 -------------------------------------------------------------------------------------
def _smf_messages(d: Path, topic: str) -> list[Stored]:
    rows = _mariadb(d, "smf", f"SELECT id_msg, poster_name, poster_time, modified_time, body FROM smf_messages WHERE id_topic = {int(topic)} AND approved = 1 ORDER BY id_msg")
    return [Stored(p, a, int(t), int(e) or None, _unescape(m)) for p, a, t, e, m in rows]


def _smf_times(d: Path, times: dict) -> None:
    _mariadb(d, "smf", "; ".join(f"UPDATE smf_messages SET poster_time = {int(p)}, modified_time = {int(e or 0)} "
                                 f"WHERE id_msg = {int(i)}" for i, (p, e) in times.items()))


def _smf_orphan(d: Path, pid: str, name: str) -> None:
    _mariadb(d, "smf", f"UPDATE smf_messages SET id_member = 0, poster_name = '{name}' WHERE id_msg = {int(pid)}")


def _smf_decorate(d: Path, users: dict) -> None:
    _mariadb(d, "smf", "; ".join(f"UPDATE smf_members SET signature = '{sig}', usertitle = '{title}', avatar = '{AVATAR}' "
                                 f"WHERE id_member = {int(u)}" for u, (sig, title) in users.items()))


def _smf_zone(d: Path, uid: int, on: bool) -> None:
    _mariadb(d, "smf", f"UPDATE smf_members SET timezone = '{'Europe/Moscow' if on else 'UTC'}' WHERE id_member = {int(uid)}")


def _smf_date_format(d: Path, on: bool) -> None:
    # and «Yesterday at …» besides «Today at …» (todayMod 2)
    fmt = "%d.%m.%Y, %H:%M" if on else "%b %d, %Y, %I:%M %p"
    _mariadb(d, "smf", f"UPDATE smf_settings SET value = '{fmt}' WHERE variable = 'time_format'; "
                       f"UPDATE smf_settings SET value = '{2 if on else 1}' WHERE variable = 'todayMod'")


# -- FluxBB 1.5 (Visman) -------------------------------------------------------------------------
def _fluxbb_db(d: Path) -> Path:
    return d / "forum.sqlite"


def _fluxbb_write(d: Path, sql: str, rows) -> None:
    with sqlite3.connect(_fluxbb_db(d)) as db:
        db.executemany(sql, rows)
    for cached in (d / "www" / "cache").glob("cache_*.php"):
        cached.unlink()


def _fluxbb_messages(d: Path, topic: str) -> list[Stored]:
    rows = _sqlite(_fluxbb_db(d), "SELECT id, poster, posted, edited, message FROM fx_posts WHERE topic_id = ? ORDER BY id",
                   int(topic))
    return [Stored(str(i), a, t, e or None, m) for i, a, t, e, m in rows]


def _fluxbb_times(d: Path, times: dict) -> None:
    _fluxbb_write(d, "UPDATE fx_posts SET posted = ?, edited = ? WHERE id = ?",
                  [(int(p), int(e) if e else None, int(i)) for i, (p, e) in times.items()])


def _fluxbb_orphan(d: Path, pid: str, name: str) -> None:
    _fluxbb_write(d, "UPDATE fx_posts SET poster_id = 1, poster = ? WHERE id = ?", [(name, int(pid))])


def _fluxbb_decorate(d: Path, users: dict) -> None:
    _fluxbb_write(d, "UPDATE fx_users SET signature = ?, title = ? WHERE id = ?",
                  [(sig, title, int(u)) for u, (sig, title) in users.items()])
    for u in users:     # FluxBB's avatars are files named by the member's id
        folder = d / "www" / "img" / "avatars"
        if folder.is_dir():
            (folder / f"{int(u)}.png").write_bytes(_PNG)


def _fluxbb_zone(d: Path, uid: int, on: bool) -> None:
    _fluxbb_write(d, "UPDATE fx_users SET timezone = ?, dst = 0 WHERE id = ?", [(3 if on else 0, int(uid))])


def _fluxbb_date_format(d: Path, on: bool) -> None:
    day, clock = ("d.m.Y", "H:i") if on else ("Y-m-d", "H:i:s")
    _fluxbb_write(d, "UPDATE fx_config SET conf_value = ? WHERE conf_name = ?",
                  [(day, "o_date_format"), (clock, "o_time_format")])


KITS: dict[str, Kit] = {
    "mybb": Kit("[quote='{author}']{text}[/quote]", "[s]{}[/s]", None, _mybb_messages, _mybb_times, _mybb_orphan,
                _mybb_decorate, _mybb_date_format, _mybb_zone, edit_reason="editreason", anchor=r'id="post_(\d+)"',
                poll={"postpoll": "1", "numpolloptions": "3"},
                poll_form=("/polls.php?action=newpoll&tid={thread}&polloptions=3",
                           {"options[1]": "Васю", "options[2]": "Петю", "options[3]": "Аню", "submit": "Post Poll"}),
                per_page=lambda d: int(_mariadb(d, "mybb", "SELECT value FROM mybb_settings WHERE name = 'postsperpage'")[0][0]),
                set_per_page=lambda d, n: _mybb_setting(d, "postsperpage", n),
                # «Display posts in classic mode» (User CP > Options: postbit_classic, author beside the post)
                other_layout=lambda d, name, on: _mariadb(d, "mybb", f"UPDATE mybb_users SET classicpostbit = {int(on)} "
                                                                     f"WHERE username = '{name}'")),
    "phpbb": Kit('[quote="{author}"]{text}[/quote]', None, None, _phpbb_messages, _phpbb_times, _phpbb_orphan,
                 _phpbb_decorate, _phpbb_date_format, _phpbb_zone, edit_reason="edit_reason", precision=1, dmy_precision=1,
                 per_page=lambda d: int(_sqlite(_phpbb_db(d), "SELECT config_value FROM phpbb_config "
                                                "WHERE config_name = 'posts_per_page'")[0][0]),
                 set_per_page=lambda d, n: _phpbb_write(d, "UPDATE phpbb_config SET config_value = ? WHERE "
                                                           "config_name = 'posts_per_page'", [(str(n),)]),
                 poll={"poll_title": "Кого казнить?", "poll_option_text": "Васю\nПетю\nАню", "poll_max_options": "1",
                       "poll_length": "0"}),
    "smf": Kit("[quote author={author}]{text}[/quote]", "[s]{}[/s]", None, _smf_messages, _smf_times, _smf_orphan,
               _smf_decorate, _smf_date_format, _smf_zone, edit_reason="modify_reason", anchor=r'id="msg_(\d+)"',
               poll={"question": "Кого казнить?", "options[0]": "Васю", "options[1]": "Петю", "options[2]": "Аню"},
               poll_url=";poll",
               per_page=lambda d: int(_mariadb(d, "smf", "SELECT value FROM smf_settings WHERE variable = 'defaultMaxMessages'")[0][0]),
               set_per_page=lambda d, n: _mariadb(d, "smf", f"UPDATE smf_settings SET value = '{int(n)}' "
                                                            "WHERE variable = 'defaultMaxMessages'")),
    "fluxbb": Kit("[quote={author}]{text}[/quote]", "[s]{}[/s]", "[spoiler]{}[/spoiler]", _fluxbb_messages,
                  _fluxbb_times, _fluxbb_orphan, _fluxbb_decorate, _fluxbb_date_format, _fluxbb_zone, precision=1,
                  edit_precision=1, per_page=lambda d: int(_sqlite(_fluxbb_db(d), "SELECT conf_value FROM fx_config "
                                                                   "WHERE conf_name = 'o_disp_posts_default'")[0][0]),
                  set_per_page=lambda d, n: _fluxbb_write(d, "UPDATE fx_config SET conf_value = ? WHERE "
                                                             "conf_name = 'o_disp_posts_default'", [(str(n),)]),
                  # the board's Russian pack (the lab's default) or its English one: «Today», «Edited by»
                  other_language=lambda d, on: _fluxbb_write(d, "UPDATE fx_config SET conf_value = ? WHERE "
                                                                "conf_name = 'o_default_lang'",
                                                             [("English" if on else "Russian",)])),
}
