"""Every message the site-profile validator gives the GM is Russian and names the place:
the file and the key path first, then what is wrong (issue: the validator spoke English).

Two scans. The static one reads the validators' source (config/profiles.py,
config/profile_api.py, config/select.py): each message they can raise, its fixed words
with the values left out, must hold Russian words and no English sentence. The dynamic
one loads broken profiles, one per kind of fault, as `gorod` does, and checks each
message the same way, and that it starts with the file and the key path.

The English check is cheap on purpose: no run of three or more Latin words outside
quotes («…», '…', "…"), where key names, the values a GM writes and the choices a message
lists are single words or short runs broken by Russian words («нужно html или json»).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from config.profiles import ProfileError, ProfileNotFound, load_profile, profile_from_mapping

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("config/profiles.py", "config/profile_api.py", "config/select.py")
RAISERS = {"ProfileError", "ProfileNotFound", "BadSelector"}
MESSAGE_HELPERS = {"_unknown_encoding", "_not_a_selector"}   # functions returning a message part
QUOTED = re.compile(r"«[^»]*»|'[^']*'|\"[^\"]*\"|\{[^{}]*\}")
# a Latin word: a key path (selectors.post.id[0]), a zone (Europe/Moscow), a name (utf-8)
LATIN_RUN = re.compile(r"[A-Za-z][\w./\[\]-]*(?:[\s,;:()]+[A-Za-z][\w./\[\]-]*){2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
WRAPPER = re.compile(r"(\{\}|\w+)(: (\{\}|\w+))*")


def english(text: str) -> list[str]:
    """The runs of 3+ Latin words outside quotes, and «no Russian word» when there is none."""
    bare = QUOTED.sub(" ", text)
    bare = re.sub(r"\(известны: [^)]*\)|одно из: [A-Z, ]+|есть: [\w, -]+", " ", bare)   # lists of keys, choices, names
    found = LATIN_RUN.findall(bare)
    if re.search(r"[A-Za-z]{2,}", bare) and not CYRILLIC.search(text):
        found.append("no Russian word")
    return found


def _skeletons(node: ast.AST) -> list[str]:
    """A message's fixed texts with values as {} (each branch of a conditional)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)]
    if isinstance(node, ast.IfExp):
        return _skeletons(node.body) + _skeletons(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [a + b for a in _skeletons(node.left) or ["{}"] for b in _skeletons(node.right) or ["{}"]]
    return []


def _messages(path: str) -> list[tuple[int, str]]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name == "fail" and len(node.args) == 2:           # v.fail(path, message)
                found += [(node.lineno, s) for s in _skeletons(node.args[1])]
            elif name in RAISERS and node.args:
                found += [(node.lineno, s) for s in _skeletons(node.args[0])]
        elif isinstance(node, ast.FunctionDef) and node.name in MESSAGE_HELPERS:
            found += [(r.lineno, s) for r in ast.walk(node) if isinstance(r, ast.Return) and r.value
                      for s in _skeletons(r.value)]
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in {"TOP", "REQUIRED"}
                                                  for t in node.targets):
            found += [(node.lineno, s) for s in _skeletons(node.value)]
    return found


def test_every_message_the_profile_validators_can_raise_is_russian():
    bad, count = [], 0
    for path in SOURCES:
        for line, text in _messages(path):
            count += 1
            if WRAPPER.fullmatch(text):    # «{file}: extends: {why}»: what it wraps is checked where written
                continue
            if english(text):
                bad.append(f"{path}:{line}: {text!r}: {english(text)}")
    assert count > 50, count           # the scan sees the validators' messages (64 on 2026-12-02)
    assert bad == [], "\n".join(bad)


def test_the_check_catches_the_old_english_messages():
    for old in ("{}: {}: must be a mapping", "unknown key (allowed: {})", "{}: required",
                "must be between 0.1 and 1000 (megabytes)", "not a valid selector {}: {}",
                "unknown profile {}; known: {}", "say either cookie (the token's cookie) or url and field"):
        assert english(old), old
    for new in ("нужен словарь ключей, а не список", "неизвестный ключ (известны: api, clock, dates)",
                "нужно одно из: GET, POST, PUT, а не {}", "нужно true или false, а не {}"):
        assert english(new) == [], new


# ---------------------------------------------------------------- broken profiles, loaded as gorod does

POST = "engine: x\nselectors: {post: {container: div, id: a, author: b, body: c}}\n"   # the least profile
BROKEN = [   # (what the file says, the key path the message must name), one per kind of fault
    # not a mapping
    ("[1, 2]\n", "(верхний уровень)"),
    ("engine: x\nselectors: {post: 5}\n", "selectors.post"),
    ("extends: spirit\nurls: [a]\n", "urls"),
    # an unknown key
    ("extends: spirit\nselectr: {}\n", "selectr"),
    ("extends: spirit\nlogin: {usernme_field: x}\n", "login.usernme_field"),
    ("extends: spirit\nextends2: 1\n", "extends2"),
    # a required key missing
    ("format: html\n", "engine"),
    ("engine: x\nselectors: {post: {container: div, id: a, body: c}}\n", "selectors.post.author"),
    ("engine: x\nselectors: {post: {container: div, id: a, author: b, body: c}, pm_inbox: {container: li, id: a}}\n",
     "selectors.pm_inbox.subject"),
    ("extends: phpbb3\nwrite: {last_page: null, reply: {url: '{base}/r', text: t, created: {last_page: true}}}\n",
     "write.last_page"),
    # a wrong type
    ("extends: spirit\nengine: 5\n", "engine"),
    ("extends: spirit\nengine: ''\n", "engine"),
    ("extends: spirit\nunconfirmed: 5\n", "unconfirmed"),
    ("extends: spirit\ndates: {formats: [iso, 5]}\n", "dates.formats"),
    ("extends: spirit\ndates: {months: {brumaire: x}}\n", "dates.months"),
    ("extends: spirit\nlogin: {min_form_age: fast}\n", "login.min_form_age"),
    ("extends: spirit\nselectors: {post: {id: {attr: id, required: yes please}}}\n", "selectors.post.id.required"),
    ("extends: spirit\nselectors: {post: {time: []}}\n", "selectors.post.time"),
    ("extends: phpbb3\nwrite: {merges: often}\n", "write.merges"),
    ("extends: phpbb3\nwrite: {reply: {fields: {post: [1]}}}\n", "write.reply.fields.post"),
    # a bad selector or regex
    ("engine: x\nselectors: {post: {container: 'div[[', id: a, author: b, body: c}}\n",
     "selectors.post.container"),
    ("extends: spirit\nselectors: {post: {id: {attr: id, regex: '('}}}\n", "selectors.post.id.regex"),
    ("extends: spirit\ndetect: {generator: ['(']}\n", "detect.generator[0]"),
    ("extends: spirit\nselectors: {body: {quote_lines: 'Цитата:'}}\n", "selectors.body.quote_lines"),
    ("extends: spirit\nselectors: {body: {notice_lines: 'Edited (\\d+'}}\n", "selectors.body.notice_lines"),
    ("extends: phpbb3\nwrite: {reply: {created: {location: 'p=\\d+'}}}\n", "write.reply.created.location"),
    ("extends: spirit\nembedded_json: {script: script, regex: 'init', posts: [a], id: id}\n", "embedded_json.regex"),
    # a bad choice
    ("extends: spirit\nformat: xml\n", "format"),
    ("extends: spirit\ndates: {precision: hour}\n", "dates.precision"),
    ("extends: phpbb3\nwrite: {markup: html}\n", "write.markup"),
    ("extends: phpbb3\nselectors: {pm_inbox: {rows: threads}}\n", "selectors.pm_inbox.rows"),
    ("extends: phpbb3\nselectors: {pm_inbox: {rows: messages, count: dd}}\n", "selectors.pm_inbox.count"),
    ("extends: phpbb3\nselectors: {pm_inbox: {pages: {order: oldest}}}\n", "selectors.pm_inbox.pages.order"),
    ("extends: phpbb3\nselectors: {pm_inbox: {pages: {link: '?start=1'}}}\n", "selectors.pm_inbox.pages.link"),
    ("extends: misago\nlogin: {api: {url: '{base}/a', method: FETCH}}\n", "login.api.method"),
    ("extends: spirit\napi: {csrf: {header: X, cookie: c, url: '{base}/c', field: t}}\n", "api.csrf"),
    ("extends: spirit\napi: {csrf: {header: X, url: '{base}/c'}}\n", "api.csrf.field"),
    ("extends: spirit\npm_json: {inbox: i, conversations: c, id: i, subject: s, messages: m, posts: [p], "
     "message_id: i, author: a, body_html: b, next: n}\n", "pm_json.next"),
    ("extends: misago\nwrite: {reply: {api: []}}\n", "write.reply.api"),
    (POST + "write: {reply: {api: {url: '{base}/x'}}}\n", "write.reply.api.id"),
    ("extends: spirit\njson: {posts: [a]}\n", "json"),
    (POST + "write: {reply: {url: '{base}/r', text: t, created: {location: 'p(\\d+)', redirect: true}}}\n",
     "write.reply.created.redirect"),
    (POST + "write: {reply: {url: '{base}/r', text: t}}\n", "write.reply.created"),
    # a bad number
    ("extends: spirit\nmax_page_mb: 5000\n", "max_page_mb"),
    ("extends: phpbb3\nwrite: {max_length: 10}\n", "write.max_length"),
    ("extends: phpbb3\nwrite: {limits: {title: 2}}\n", "write.limits.title"),
    ("extends: phpbb3\nwrite: {rate_limit_wait: -5}\n", "write.rate_limit_wait"),
    # a bad zone or encoding
    ("extends: spirit\ntimezone: Mars/Olympus\n", "timezone"),
    ("extends: spirit\nencoding: klingon-8\n", "encoding"),
    ("extends: phpbb3\nwrite: {encoding: klingon-8}\n", "write.encoding"),
    # extends:
    ("extends: 5\n", "extends"),
    ("extends: nosuchengine\n", "extends"),
    ("extends: nothere.yaml\n", "extends"),
    ("extends: forum.yaml\n", "extends"),
    # the file itself
    ("engine: [x\n", None),
]


def _message(tmp_path: Path, text: str) -> str:
    path = tmp_path / "forum.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError) as caught:
        load_profile(path)
    return str(caught.value)


@pytest.mark.parametrize("text, key", BROKEN, ids=[f"{i}-{key}" for i, (_, key) in enumerate(BROKEN)])
def test_a_broken_profile_is_told_in_russian_naming_the_file_and_key(tmp_path, text, key):
    message = _message(tmp_path, text)
    label = f"{tmp_path / 'forum.yaml'}: "
    assert message.startswith(label), message
    rest = message[len(label):]
    if key is not None:
        assert rest.startswith(f"{key}: "), message
        rest = rest[len(key) + 2:]
    assert CYRILLIC.search(rest), message
    assert english(rest) == [], message


def test_a_file_not_in_utf8_is_told_in_russian(tmp_path):
    path = tmp_path / "forum.yaml"
    path.write_bytes("extends: spirit\ndescription: Город\n".encode("cp1251"))
    with pytest.raises(ProfileError) as caught:
        load_profile(path)
    assert str(caught.value).startswith(f"{path}: ") and CYRILLIC.search(str(caught.value)), caught.value
    assert english(str(caught.value).split(": ", 1)[1]) == [], caught.value


def test_a_profile_not_found_says_which_kind_in_russian(tmp_path):
    with pytest.raises(ProfileNotFound) as name:
        load_profile("nosuchengine")
    assert not name.value.is_path and str(name.value).startswith("нет такого профиля 'nosuchengine'; есть: ")
    with pytest.raises(ProfileNotFound) as file:
        load_profile(tmp_path / "nothere.yaml")
    assert file.value.is_path and str(file.value) == f"{tmp_path / 'nothere.yaml'}: нет такого файла профиля"


def test_a_learned_profile_is_checked_in_russian_under_its_label():
    """`gorod forum learn` validates what it learned before writing it (profile_from_mapping)."""
    with pytest.raises(ProfileError) as caught:
        profile_from_mapping({"engine": "x", "selectors": {"post": {"container": "div", "id": "a", "body": "b"}}},
                             "learned")
    assert str(caught.value) == "learned: selectors.post.author: обязательный ключ, а его нет"
