"""The learner on shapes no shipped profile has, and its self-checks: a reading that looks wrong
is tried otherwise, and when none passes there is no profile and a Russian refusal."""
from __future__ import annotations

import copy
import subprocess
import sys
from datetime import datetime, timezone

import pytest

from config.profiles import profile_from_mapping
from scraper.extract import extract_posts
from scraper.learn import LearnError, learn_pages
from scraper.learn.checks import check_posts

NAMES = ["Вася", "Петя", "Боря", "Аня", "Гена", "Вера"]
WORDS = ["Голосую против Пети, он молчит всю ночь.", "Я мирный житель, честно.", "Поддерживаю Васю.",
         "Подозреваю Борю, слишком спокоен.", "Пока воздержусь, хочу послушать.", "Жаль, что ночь прошла тихо."]


def _table_page(n: int = 6, first: int = 1) -> bytes:
    """Posts as <table class="post" id="post-N"> with one-digit ids and a date form no shipped
    profile has («28 Nov, 2026 19:54»)."""
    rows = "".join(f"""<table class="post" id="post-{i}"><tr><td class="who"><a href="/users/{i}/">{NAMES[i % 6]}</a></td>
<td><div class="meta">{10 + i} Nov, 2026 19:5{i % 10}</div><div class="msg">{WORDS[i % 6]} ({i})</div></td></tr></table>"""
                   for i in range(first, first + n))
    return f"<html><body><h1>Город N</h1>{rows}</body></html>".encode()


def test_one_digit_ids_and_an_unknown_date_form_are_learned():
    page = _table_page()
    learned = learn_pages([(page, "t.html")])
    assert learned.data["dates"]["formats"][0] == "%d %B, %Y %H:%M"
    posts = extract_posts(page, learned.profile(), "t.html").posts
    assert [p.id for p in posts] == [str(i) for i in range(1, 7)]
    assert [p.author for p in posts] == [NAMES[i % 6] for i in range(1, 7)]
    assert posts[0].posted_at.strftime("%d.%m.%Y %H:%M") == "11.11.2026 19:51"
    assert posts[2].text == WORDS[3] + " (3)"


def _author_line_page() -> bytes:
    """The time stands in the author's line of text («От: Вася 24 ноября 2026 г. 17:29»), and a
    wrapper holds the «Re: …» subject above the text."""
    posts = "".join(f"""<div class="card" id="{i}"><div class="wrap"><h4 class="subject">Re: Город N: игра</h4>
<p><small>От: <a href="/member/{i}/">{NAMES[i % 6]}</a> {20 + i} ноября 2026 г. {10 + i}:0{i}</small></p>
<div class="content"><p>{WORDS[i % 6]}</p><p>Номер {i}.</p></div></div></div>""" for i in range(1, 7))
    return f"<html><body>{posts}</body></html>".encode()


def test_a_time_in_the_authors_line_is_read_and_the_subject_line_is_no_text():
    page = _author_line_page()
    learned = learn_pages([(page, "a.html")], timezone="Europe/Moscow")
    posts = extract_posts(page, learned.profile(), "a.html").posts
    assert [p.posted_at.strftime("%d.%m %H:%M") for p in posts][:2] == ["21.11 11:01", "22.11 12:02"]
    assert all(not p.text.startswith("Re:") for p in posts)
    assert posts[0].text.split() == (WORDS[1] + " Номер 1.").split()


def _quote_page(header_selector_trap: bool = True) -> bytes:
    """Every post opens with a quote of the one before it («Вася писал:» as the quote's first
    paragraph); the post's own words are plain <p>s of the same body."""
    posts = []
    for i in range(1, 7):
        quote = (f"<blockquote><p>{NAMES[(i - 1) % 6]} писал:</p><p>{WORDS[(i - 1) % 6]}</p></blockquote>"
                 if i > 1 else "")
        posts.append(f"""<div class="post" id="p{i}"><a class="u" href="/u/{i}">{NAMES[i % 6]}</a>
<time datetime="2026-11-2{i}T10:00:00+03:00">2{i}.11.2026</time><div class="post-content">{quote}
<p>{WORDS[i % 6]}</p><p>Ещё строка {i}.</p></div></div>""")
    return f"<html><body>{''.join(posts)}</body></html>".encode()


def test_a_quote_header_never_takes_the_posts_own_paragraphs():
    page = _quote_page()
    learned = learn_pages([(page, "q.html")])
    posts = extract_posts(page, learned.profile(), "q.html").posts
    assert all(p.text for p in posts)
    assert posts[1].text.split() == (WORDS[2] + " Ещё строка 2.").split()
    assert posts[1].quotes and WORDS[1] in posts[1].quotes[0]


def test_the_checks_fail_empty_and_identical_texts_and_a_header_read_as_text():
    page = _table_page()
    learned = learn_pages([(page, "t.html")])
    data = dict(learned.data)
    wrong = {**data, "selectors": {**data["selectors"], "post": {**data["selectors"]["post"], "body": "td.who"}}}
    said = [str(p) for p in check_posts(wrong, [(page, "t.html")])]
    assert said and "автор поста" in said[0]
    empty = {**data, "selectors": {**data["selectors"], "post": {**data["selectors"]["post"],
                                                                 "body": "xpath:descendant::td[1]/following-sibling::nothing | descendant::h9"}}}
    problems = check_posts(empty, [(page, "t.html")])
    assert problems and problems[0].field in ("body", "container")
    assert check_posts(data, [(page, "t.html")]) == []


def test_times_going_backward_fail_the_check():
    page = _table_page()
    learned = learn_pages([(page, "t.html")])
    backward = page.replace(b"11 Nov", b"30 Nov").replace(b"13 Nov", b"29 Nov").replace(b"15 Nov", b"28 Nov")
    problems = check_posts(learned.data, [(backward, "b.html")])
    assert problems and problems[0].field == "time" and "время идёт назад" in str(problems[0])


def test_no_reading_passing_the_checks_is_a_russian_refusal_and_exit_1(tmp_path):
    # every «post» says the same words: no body differs between posts
    rows = "".join(f"""<div class="post" id="p{i}"><a href="/u/{i}">{NAMES[i % 6]}</a> <span class="t">2{i}.11.2026 10:0{i}</span>
<div class="m">Реклама: лучший форум игр! Заходите каждый день.</div></div>""" for i in range(1, 7))
    page = tmp_path / "same.html"
    page.write_bytes(f"<html><body>{rows}</body></html>".encode())
    with pytest.raises(LearnError) as refused:
        learn_pages([(page.read_bytes(), str(page))])
    assert str(refused.value).startswith(str(page)) and "текст поста" in str(refused.value)
    out = tmp_path / "p.yaml"
    done = subprocess.run([sys.executable, "-m", "gorod", "forum", "learn", "--pages", str(page), "--out", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    assert "текст поста" in done.stderr and not out.exists()


def test_a_json_api_answer_is_refused_in_russian_not_read_as_a_page():
    with pytest.raises(LearnError, match="это ответ JSON API, а не страница темы"):
        learn_pages([(b'{"post_stream": {"posts": [{"id": 1, "cooked": "<p>x</p>"}]}}', "t.json")])


def test_bare_sibling_posts_with_no_id_or_class_are_posts_by_their_structure():
    # <ol class="thread"><li>…</li>…: no id, no data attribute, no class of their own; the post's
    # number only in its permalink
    items = "".join(f"""<li><a href="/u/{i}">{NAMES[i % 6]}</a> <a href="/t/5#msg{200 + i}">#</a>
<time datetime="2026-11-2{i}T1{i}:00:00Z">2{i} Nov</time><p>{WORDS[i % 6]}</p></li>""" for i in range(1, 7))
    page = f"<html><body><ul class='nav'><li><a href='/'>Форум</a></li></ul><ol class='thread'>{items}</ol></body></html>".encode()
    learned = learn_pages([(page, "s.html")])
    assert learned.data["selectors"]["post"]["container"] == "ol.thread > li"
    posts = extract_posts(page, learned.profile(), "s.html").posts
    assert [p.id for p in posts] == [str(200 + i) for i in range(1, 7)]
    assert [p.author for p in posts] == [NAMES[i % 6] for i in range(1, 7)]
    assert posts[0].text == WORDS[1]


def _page(post, holder: str = "<div class='thread'>{}</div>") -> bytes:
    return ("<html><body>" + holder.format("".join(post(i) for i in range(1, 7))) + "</body></html>").encode()


def test_a_body_of_bare_paragraphs_beside_the_header_is_the_block_less_its_header():
    page = _page(lambda i: f"""<div class="post" id="p{i}"><div class="meta"><a href="/u/{i}">{NAMES[i % 6]}</a>
<span>2{i}.11.2026 10:0{i}</span></div><p>{WORDS[i % 6]}</p><p>Вторая строка {i}.</p></div>""")
    learned = learn_pages([(page, "b.html")])
    assert learned.data["selectors"]["post"]["body"] == "xpath:self::*"
    assert "div.meta" in learned.data["selectors"]["body"]["drop"]
    posts = extract_posts(page, learned.profile(), "b.html").posts
    assert [p.text.split() for p in posts][:2] == [f"{WORDS[1]} Вторая строка 1.".split(), f"{WORDS[2]} Вторая строка 2.".split()]


def test_a_plain_class_word_like_text_or_a_two_letter_class_names_the_body():
    # «text», «bd»: a forum's own names, not layout utilities or noise
    page = _page(lambda i: f"""<div class="entry" data-entry="{300 + i}"><div class="hd"><b>{NAMES[i % 6]}</b>
<span>2{i}.11.2026 1{i}:00</span></div><div class="text">{WORDS[i % 6]}</div></div>""")
    learned = learn_pages([(page, "c.html")])
    posts = extract_posts(page, learned.profile(), "c.html").posts
    assert [p.text for p in posts] == [WORDS[i % 6] for i in range(1, 7)]


def test_a_name_cell_with_the_members_statistics_gives_its_first_line_as_the_author():
    # «Петя<br>Сообщений: 21»: the whole cell is no name (name_like refuses «label: number»); its
    # first line is
    page = _page(lambda i: f"""<tr id="p{100 + i}"><td class="author">{NAMES[i % 6]}<br>Сообщений: {20 + i}</td>
<td><div class="date">Добавлено: 2{i}.11.2026 17:2{i}</div><div class="msg">{WORDS[i % 6]}</div></td></tr>""",
                 "<table class='posts'>{}</table>")
    learned = learn_pages([(page, "r.html")])
    posts = extract_posts(page, learned.profile(), "r.html").posts
    assert [p.author for p in posts] == [NAMES[i % 6] for i in range(1, 7)]
    assert [p.text for p in posts] == [WORDS[i % 6] for i in range(1, 7)]


@pytest.mark.parametrize("shape, post", [
    ("posted by X — date", lambda i: f"""<div class="msg" id="msg{i}"><div class="head">Отправлено <a href="/member/{i}">
{NAMES[i % 6]}</a> — 2{i}.11.2026, 17:2{i}</div><div class="content">{WORDS[i % 6]}</div></div>"""),
    ("#N · date", lambda i: f"""<div class="msg" id="msg{i}"><div class="head"><a href="/member/{i}">{NAMES[i % 6]}</a></div>
<div class="info">#{i} · 2{i} ноября 2026 г. 17:2{i}</div><div class="content">{WORDS[i % 6]}</div></div>"""),
    ("an abbr's title beside «N дня назад»", lambda i: f"""<div class="msg" id="m-{i}"><a class="who" href="/member/{i}">
<img src="/a.png"><span>{NAMES[i % 6]}</span></a><abbr title="2026-11-2{i}T17:2{i}:00+03:00">{i} дня назад</abbr>
<div class="content">{WORDS[i % 6]}</div></div>"""),
    ("a Unix time in data-time", lambda i: f"""<div class="msg" data-msg="{500 + i}" data-time="{1795700000 + i * 3600}">
<a href="/member/{i}">{NAMES[i % 6]}</a><div class="content">{WORDS[i % 6]}</div></div>"""),
])
def test_times_beside_the_author_or_the_number_in_many_shapes(shape, post):
    page = _page(post)
    learned = learn_pages([(page, "v.html")], timezone="Europe/Moscow")
    posts = extract_posts(page, learned.profile(), "v.html").posts
    assert [p.author for p in posts] == [NAMES[i % 6] for i in range(1, 7)], shape
    assert [p.text.strip() for p in posts] == [WORDS[i % 6] for i in range(1, 7)], shape
    times = [p.posted_at for p in posts]
    assert all(times) and times == sorted(times), shape


def test_a_signature_after_a_rule_is_dropped_by_the_check_that_found_it():
    page = _page(lambda i: f"""<div class="msg" id="msg{i}"><a href="/member/{i % 3}">{NAMES[i % 3]}</a>
<span class="d">Nov {20 + i}, 2026 {i}:0{i} PM</span><div class="content">{WORDS[i % 6]}<hr>
<div>Мирный житель города {NAMES[i % 3]}</div></div></div>""")
    learned = learn_pages([(page, "sig.html")])
    posts = extract_posts(page, learned.profile(), "sig.html").posts
    assert [p.text.strip() for p in posts] == [WORDS[i % 6] for i in range(1, 7)]


def _permalink_page(first: int = 1, n: int = 6, pages: int = 3, edited: int | None = None) -> bytes:
    """Each post's first link is its own permalink, «сообщение #N»; the member's name is a link
    to `?t=info&id=K` (an address no profile word names); a quote's cite stands before the
    quote, outside it; the time's AM/PM is glued to the clock («01:45PM»); the pager's current
    page is bare text between the page links, which carry the page class themselves."""
    posts = []
    for i in range(first, first + n):
        name = NAMES[i % 4]
        quote = (f"<cite>{NAMES[(i - 1) % 4]}</cite><blockquote>{WORDS[(i - 1) % 6]}</blockquote>" if i % 3 == 0 else "")
        note = f'<p class="fl">[Обновления: {10 + i} November 2026 0{i % 10}:05PM]</p>' if i == edited else ""
        posts.append(f"""<table class="msgbox"><tr><td class="head"><a name="m_{i}"></a>
<span class="small">[<a href="/index.php?t=msg&amp;goto={i}#m_{i}">сообщение #{i}</a>]</span>
<small><b>Re: Город N: игра</b><br/>
November {10 + i}, 2026 0{i % 10}:1{i % 10}PM</small></td></tr>
<tr><td class="who"><a href="/index.php?t=info&amp;id={i % 4 + 20}">{name}</a></td></tr>
<tr><td class="text"><span class="bodytext">{quote}{WORDS[i % 6]} ({i})</span>{note}</td></tr></table>""")
    page = (first - 1) // n + 1
    links = []
    for k in range(1, pages + 1):
        links.append(f"{k}" if k == page else f'<a class="PagerLink" href="/index.php?t=msg&amp;start={(k - 1) * n}">{k}</a>')
    pager = "<span class='small'>Pages ({}): [{}]</span>".format(pages, "&nbsp;&nbsp;".join(links))
    return f"<html><body><h1>Город N</h1>{''.join(posts)}<div>{pager}</div></body></html>".encode()


def _permalink_learned():
    pages = [(_permalink_page(1, edited=4), "p1.html"), (_permalink_page(7), "p2.html")]
    return learn_pages(pages, timezone="UTC"), pages


def test_a_permalink_counted_in_every_post_is_no_author_the_member_link_is():
    learned, pages = _permalink_learned()
    posts = extract_posts(pages[0][0], learned.profile(), "p1.html").posts
    assert [p.author for p in posts] == [NAMES[i % 4] for i in range(1, 7)]


def test_a_cite_before_a_quote_is_the_quotes_header_not_the_posts_words():
    learned, pages = _permalink_learned()
    posts = extract_posts(pages[0][0], learned.profile(), "p1.html").posts
    assert posts[2].text == f"{WORDS[3]} (3)"
    assert posts[2].quotes and WORDS[2] in posts[2].quotes[0]


def test_a_time_with_am_pm_glued_to_the_clock_is_read_in_a_wrapper_of_other_words():
    learned, pages = _permalink_learned()
    assert "time" not in learned.missing
    posts = extract_posts(pages[0][0], learned.profile(), "p1.html").posts
    assert posts[0].posted_at.strftime("%d.%m.%Y %H:%M") == "11.11.2026 13:11"


def test_a_notice_of_an_update_is_an_edit_notice_not_the_posts_words():
    learned, pages = _permalink_learned()
    posts = extract_posts(pages[0][0], learned.profile(), "p1.html").posts
    assert posts[3].text == f"{WORDS[4]} (4)"
    assert "edited" in learned.data["selectors"]["post"]


def test_a_current_page_written_as_bare_text_between_the_page_links_is_read():
    learned, _ = _permalink_learned()
    profile = learned.profile()
    for page, want_next in ((1, "start=6"), (2, "start=12"), (3, None)):
        read = extract_posts(_permalink_page(1 + 6 * (page - 1)), profile, f"p{page}.html")
        assert read.page == page
        assert (read.next_url is None) if want_next is None else want_next in read.next_url


def test_an_edit_notice_written_as_bare_text_on_its_own_line_is_no_part_of_the_posts_words():
    posts = "".join(f"""<div class="message" id="m{i}"><div class="author"><a href="/profile.php?{i % 4}">{NAMES[i % 4]}</a></div>
<small>2{i}.11.2026 10:0{i}</small><div class="message-body">{WORDS[i % 6]}<br />
Строка {i}.""" + (f"""<br />\n<br />\nEdited 1 time(s). Last edit at 11/2{i}/2026 10:1{i}AM by {NAMES[i % 4]}.""" if i == 3 else "")
                    + "</div></div>" for i in range(1, 7))
    page = f"<html><body>{posts}</body></html>".encode()
    learned = learn_pages([(page, "e.html")])
    read = extract_posts(page, learned.profile(), "e.html").posts
    assert read[2].text == f"{WORDS[3]}\nСтрока 3."
    assert read[1].text == f"{WORDS[2]}\nСтрока 2."
    assert any("notice_lines" in u for u in learned.unconfirmed)


def _item_pager_page(page: int, last: int = 3, per: int = 6) -> bytes:
    """Page `page` of a thread whose list of pages has a page class on each item as well as on the
    list (`<li class="pagelist-item">`), the current page a marked <strong>; the first post's
    header holds only its time, the replies' «Reply #k – time»; the page's <link rel=next> points
    at the next topic on the last page; the last page's newest post is «Today at …»."""
    def href(n):
        return f"/index.php?topic=7.{(n - 1) * per}"
    items = "".join(f'<li class="pagelist-item"><strong class="current">{n}</strong></li>' if n == page else
                    f'<li class="pagelist-item"><a class="pgitem" href="{href(n)}">{n}</a></li>'
                    for n in range(1, last + 1))
    rel = href(page + 1) if page < last else "/index.php?topic=7.0;prev_next=next"
    posts = []
    for k in range((page - 1) * per, page * per):
        i = k + 1
        when = ("Today at 05:25:25 am" if page == last and k == page * per - 1
                else f"November {10 + k}, 2026, 0{1 + k % 9}:1{k % 10}:3{k % 10} pm")
        link = "" if k == 0 else f"Reply #{k}"
        posts.append(f"""<article class="entry" id="msg{i}"><div class="poster"><a class="name" href="/profile/{i % 6}">{NAMES[i % 6]}</a></div>
<h5 id="info_{i}"><a href="/index.php?topic=7.msg{i}#msg{i}">{link}</a>{" &ndash; " if k else ""}{when}</h5>
<section class="content">{WORDS[i % 6]} ({i})</section></article>""")
    return (f'<html><head><link rel="next" href="{rel}" /></head><body><h1>Город N</h1>'
            f'<ul class="paginator">{items}</ul>{"".join(posts)}</body></html>').encode()


def _item_pager_learned():
    pages = [(_item_pager_page(n), f"p{n}.html") for n in (1, 2)]
    return learn_pages(pages, now=datetime(2026, 12, 2, 6, 0, tzinfo=timezone.utc))


def test_a_list_of_pages_with_a_page_class_on_each_item_gives_the_page_number_and_next_link():
    profile = _item_pager_learned().profile()
    for page, want_next in ((1, "topic=7.6"), (2, "topic=7.12"), (3, None)):
        read = extract_posts(_item_pager_page(page), profile, f"p{page}.html")
        assert read.page == page
        assert (read.next_url is None) if want_next is None else read.next_url.endswith(want_next)


def test_a_rel_next_leading_to_the_next_topic_on_the_last_page_is_never_the_next_page():
    learned = _item_pager_learned()
    assert "prev_next" not in str(learned.data["selectors"]["pagination"].get("next"))
    read = extract_posts(_item_pager_page(3), learned.profile(), "p3.html")
    assert read.next_url is None and read.is_last


def test_a_rel_next_is_read_only_where_it_is_one_of_the_threads_page_links():
    # no number of the list marks the current page: the page's rel=next is the only next link
    unmarked = [_item_pager_page(n).replace(f'<strong class="current">{n}</strong>'.encode(), b"") for n in (1, 2, 3)]
    learned = learn_pages([(unmarked[0], "p1.html"), (unmarked[1], "p2.html")])
    profile = learned.profile()
    assert extract_posts(unmarked[0], profile, "p1.html").next_url.endswith("topic=7.6")
    assert extract_posts(unmarked[2], profile, "p3.html").next_url is None


def test_a_pages_own_list_saying_it_is_the_last_wins_over_a_next_link():
    learned = _item_pager_learned()
    data = copy.deepcopy(learned.data)
    data["selectors"]["pagination"]["next"] = {"selector": "link[rel='next']", "attr": "href"}
    read = extract_posts(_item_pager_page(3), profile_from_mapping(data, "t"), "p3.html")
    assert read.page == 3 and read.last_page == 3 and read.next_url is None
    assert extract_posts(_item_pager_page(2), profile_from_mapping(data, "t"), "p2.html").next_url.endswith("7.12")


def test_the_first_posts_time_alone_in_its_header_is_read_as_the_replies_are():
    learned = _item_pager_learned()
    profile = learned.profile()
    first = extract_posts(_item_pager_page(1), profile, "p1.html").posts[0]
    assert first.posted_at.strftime("%d.%m.%Y %H:%M:%S") == "10.11.2026 13:10:30"
    newest = extract_posts(_item_pager_page(3), profile, "p3.html").posts[-1]
    assert newest.posted_at.strftime("%d.%m.%Y %H:%M:%S") == "02.12.2026 05:25:25"


def test_a_rel_next_that_is_none_of_the_page_links_is_not_taken_and_the_report_says_so_in_russian():
    from scraper.learn.report import learn_report
    page = (_item_pager_page(1).replace(b'<strong class="current">1</strong>', b"")
            .replace(b'href="/index.php?topic=7.6" />', b'href="/index.php?topic=8.0" />'))
    learned = learn_pages([(page, "p1.html")])
    assert "next" not in learned.data["selectors"]["pagination"]
    assert "pagination.next" in learned.missing
    report = learn_report(learned, [(page, "p1.html")])
    assert "ссылка на следующую страницу: ссылка rel=next" in report and "topic=8.0" not in report.split("Первые")[1]
