"""The learner's hard cases, each on the saved page where it was met: the learned profile
reads the page exactly as the shipped profile does (ids, authors, times, own text, quotes,
next page), and the field that went wrong before is checked by itself."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urljoin

import pytest

from scraper.detect import detect_profile
from scraper.extract import extract_posts
from scraper.learn import LearnError, learn_pages
from scraper.learn.compare import compare_page

ROOT = Path(__file__).resolve().parents[2]
LIVE = ROOT / "tests" / "scraper" / "pages" / "live"
NOW = datetime(2021, 12, 16, 14, 0, tzinfo=timezone(timedelta(hours=3)))


def _learned(*paths: Path):
    """The profile learned from the pages (the shipped profile's zone told, as the benchmark
    does), the shipped profile, and the pages."""
    pages = [(p.read_bytes(), str(p)) for p in paths]
    shipped = detect_profile(pages[0][0], source=str(paths[0]))
    learned = learn_pages(pages[:2], timezone=shipped.timezone)
    return learned, shipped, pages


def _exact(learned, shipped, pages) -> dict[str, list]:
    """Each page exact; the learned reading of each page by its file name."""
    profile = learned.profile()
    out = {}
    for content, source in pages:
        result = compare_page(content, source, shipped, profile, now=NOW)
        assert result is not None and result.exact, (source, result and result.differences)
        out[Path(source).name] = extract_posts(content, profile, source, now=NOW).posts
    return out


def test_mybb_yesterday_beside_an_edit_notice_is_the_posts_time(shared):
    # «<span title=08-16-2019>Yesterday</span>, 09:05 AM (This post was last modified: 08-16-2019,
    # 09:30 AM ...)»: the span holds a time of its own before the edit notice's
    learned, shipped, pages = _learned(ROOT / "tests/scraper/pages/mybb18-showthread.html")
    posts = _exact(learned, shipped, pages)["mybb18-showthread.html"]
    assert "time" not in learned.missing
    assert posts[1].posted_at == datetime(2021, 12, 15, 9, 5, tzinfo=timezone.utc)     # NOW's yesterday
    assert posts[1].text == "Vote Carol"


def test_vbulletin5_an_ads_document_inside_the_first_post_is_no_post_text(shared):
    # the first post holds an ad widget with its own <title>Widgets Magazine</title>, and the
    # post's header (its number, title, <time>) stands in the element around the text
    learned, shipped, pages = _learned(shared / "corpus/forums/vbulletin/nettally-vbulletin5.html")
    posts = _exact(learned, shipped, pages)["nettally-vbulletin5.html"]
    assert posts[0].text.startswith("異世界かるてっと")
    assert not any("Widgets Magazine" in p.text or "04-09-2019" in p.text for p in posts)


def test_vbulletin3_signatures_and_edit_notices_under_some_posts_are_no_post_text(shared):
    # div#post_message_N holds the words; the cell around it adds «__________________» and a
    # signature under some posts, «Last edited by ...» under others; quotes are «Quote:» frames
    learned, shipped, pages = _learned(shared / "corpus/forums/vbulletin/nettally-vbulletin3.html")
    posts = _exact(learned, shipped, pages)["nettally-vbulletin3.html"]
    assert learned.data["selectors"]["post"]["body"] == "div[id^='post_message']"
    assert not any("__________________" in p.text or "Last edited by" in p.text for p in posts)
    quoted = next(p for p in posts if p.id == "5770009")
    assert len(quoted.quotes) >= 2 and quoted.text.startswith("Thanks, wolfie.")
    assert not any("Quote:" in q for q in quoted.quotes)


def test_nodebb_a_quote_inside_a_quote_keeps_its_words_and_a_greyed_next_arrow_is_no_next_page(shared):
    # «@X said in …:» stands before each blockquote; inside a quote it stands before the inner
    # one: it is the inner quote's header, not the outer quote's first line to drop; the
    # single page draws its «next» arrow disabled, pointing at «?»
    learned, shipped, pages = _learned(shared / "corpus/forums/nodebb/nettally-nodebb.html")
    page = extract_posts(pages[0][0], learned.profile(), pages[0][1], now=NOW)
    assert page.next_url is None
    posts = _exact(learned, shipped, pages)["nettally-nodebb.html"]
    nested = next(p for p in posts if p.id == "73869")
    assert len(nested.quotes) == 1 and "I might be happier" in nested.quotes[0]
    assert "for chat app dedicated to cell phones" in nested.quotes[0]
    single = next(p for p in posts if p.id == "73868")
    assert single.quotes and single.quotes[0].startswith("I might be happier")


def test_4pda_edit_notices_and_their_reasons_are_no_post_text_and_the_attachment_label_goes_with_them(shared):
    # span.edit is the notice «Сообщение отредактировал X - date» and, in other posts, the
    # «Прикрепленные файлы» label over attachments; div.post-edit-reason the edit's reason
    learned, shipped, pages = _learned(shared / "corpus/forums/ru/4pda-ipb-search-posts-multipage-cp1251.html")
    posts = _exact(learned, shipped, pages)["4pda-ipb-search-posts-multipage-cp1251.html"]
    edited = learned.data["selectors"]["post"]["edited"]
    assert "Сообщение отредактировал" in edited and "slartus" not in edited     # the notice's words, no editor
    assert not any("отредактировал" in p.text or "Причина редактирования" in p.text or "Прикрепленные файлы" in p.text
                   for p in posts)
    assert {p.id for p in posts if p.edited} >= {"111236686", "111191789", "110934439"}
    attached = next(p for p in posts if p.id == "110859344")
    assert attached.text == "Test\n\ntrattoria12_c03_202110281556.apk ( 12.65 МБ )Кол-во скачиваний: 0"


def test_fluxbb_struck_votes_and_the_glued_posts_notice_are_no_post_text():
    # [s] is <span class="bbs"> (its line-through is in a stylesheet the page links, not on it);
    # a post glued to the one before says «Добавлено спустя 06 с:» in a grey <span><em>
    learned, shipped, pages = _learned(LIVE / "fluxbb-t2-p1.html", LIVE / "fluxbb-t2-p2.html")
    posts = _exact(learned, shipped, pages)
    struck = next(p for p in posts["fluxbb-t2-p1.html"] if p.id == "6")
    assert struck.text == "Передумала: голосую против Пети."
    glued = next(p for p in posts["fluxbb-t2-p2.html"] if p.id == "31")
    assert "Добавлено спустя" not in glued.text and glued.text.count("И ещё: прошу Мастера") == 2
    # both are said to be guesses, for the GM to check
    assert any(u.startswith("strike:") and "class name" in u for u in learned.unconfirmed)
    assert any(u.startswith("drop:") and "Добавлено спустя" in u for u in learned.unconfirmed)


def _posts_page(bodies: list[str], head: str = "") -> bytes:
    posts = "".join(f"""<div class="post" id="p{100 + i}"><a class="who" href="/user/{i}">Игрок{i}</a>
<span class="when">0{i}.12.2026 10:0{i}</span><div class="words">{body}</div></div>"""
                    for i, body in enumerate(bodies, 1))
    return f"<html><head>{head}</head><body>{posts}</body></html>".encode()


def test_a_class_the_pages_own_stylesheet_strikes_through_is_struck_text_and_confirmed():
    page = _posts_page(["<span class='gone'>Голосую против Васи</span> Голосую против Пети",
                        "Лечу Аню этой ночью", "Проверяю Катю"],
                       head="<style>.gone { text-decoration: line-through }</style>")
    learned = learn_pages([(page, "styled.html")])
    assert "span.gone" in learned.data["selectors"]["body"]["strike"]
    assert not any(u.startswith("strike:") for u in learned.unconfirmed)
    posts = extract_posts(page, learned.profile(), "styled.html").posts
    assert posts[0].text == "Голосую против Пети"


def test_a_players_own_repeated_lines_are_kept_as_words():
    # the GM's bold «День 1:» headings repeat but for the number, in plain <strong> (no style of
    # their own); a grey line said once is one player's words: neither is the forum's notice
    bodies = ["<strong>День 1:</strong><br>Голосование открыто до вечера",
              "<strong>День 2:</strong><br>Голосование открыто до утра",
              "<span style='color: #808080'>Добавлено спустя 06 с:</span><br>Голосую против Пети"]
    learned = learn_pages([(_posts_page(bodies), "days.html")])
    posts = extract_posts(_posts_page(bodies), learned.profile(), "days.html").posts
    assert posts[0].text.startswith("День 1:") and posts[1].text.startswith("День 2:")
    assert posts[2].text.startswith("Добавлено спустя 06 с:")


# ---------------------------------------------------------------- the live engines' page states
# (tests/scraper/pages/states: a thread of each live engine in the states a real game thread has,
# each page's JSON the forum's own database; the learner reads each viewer's pages as one thread)

STATES = ROOT / "tests" / "scraper" / "pages" / "states"
# (states-more: one-page threads and a closed Misago thread's last page, with a moderation event)
STATE_THREADS = sorted({(f"{p.parent.parent.name}/{p.parent.name}", p.name.rsplit("-p", 1)[0])
                        for more in ("states", "states-more")
                        for p in (STATES.parent / more).glob("*/*-p*.html")})


from test_engine_page_states import same_link  # noqa: E402  (the states test's own link check)


def _oracle_words(text: str) -> str:
    from scraper.write_lookup import words
    return words(text)


@pytest.mark.parametrize("folder,thread", STATE_THREADS, ids=[t for _, t in STATE_THREADS])
def test_a_learned_profile_reads_each_live_engines_thread_as_its_database_says(folder, thread):
    import json
    paths = sorted((STATES.parent / folder).glob(f"{thread}-p*.html"), key=lambda p: int(p.stem.rsplit("-p", 1)[1]))
    pages = [(p.read_bytes(), str(p)) for p in paths]
    shipped = detect_profile(pages[0][0], source=str(paths[0]))
    shown = sum(len(json.loads(p.with_suffix(".json").read_text(encoding="utf-8"))["posts"]) for p in paths[:2])
    if shown < 2:
        # a last page of one post alone: nothing to compare between posts; the learner says so
        # (or says what it could not find), it does not pass a guess off as learned
        try:
            learned = learn_pages(pages[:2], timezone=shipped.timezone)
        except LearnError as refused:
            assert "не найден" in str(refused)
            return
        assert any(u.startswith("one post:") for u in learned.unconfirmed)
        return
    learned = learn_pages(pages[:2], timezone=shipped.timezone)
    profile = learned.profile()
    for (content, source), path in zip(pages, paths):
        want = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        now = datetime.fromtimestamp(want["captured_at"], timezone.utc)
        got = extract_posts(content, profile, source, url=want["url"], now=now)
        step = want["precision"] or 1
        assert [p.id for p in got.posts] == [p["id"] for p in want["posts"]], source
        for post, exp in zip(got.posts, want["posts"]):
            where = f"{path.name} post {exp['id']}"
            assert post.author == exp["author"], where
            shown = exp["time"] if not want["precision"] else int(exp["time"]) // step * step     # (0: exact)
            assert post.posted_at == datetime.fromtimestamp(shown, timezone.utc), where
            assert _oracle_words(post.text) == exp["words"], where
            assert [_oracle_words(q) for q in post.quotes if _oracle_words(q)] == exp["quotes"], where
            assert [_oracle_words(s) for s in post.spoilers if _oracle_words(s)] == exp["spoilers"], where
            if "edited" in learned.data["selectors"]["post"]:
                assert post.edited == bool(exp["edited"]), where
            else:           # (Misago shows an edit in its page's JSON only: the learner says it found none)
                assert any(u.startswith("edits:") for u in learned.unconfirmed), where
        if "pagination" in learned.missing and got.page is None:
            # (no page list seen, and this page not known for the thread's only one: MyBB's short
            # thread links «1» «2» as rating stars) — unknown, said so, never a wrong number
            assert (got.page, got.last_page) == (None, None), source
        else:
            assert (got.page, got.last_page) == (want["page"], want["last_page"]), source
        assert same_link(got.next_url and urljoin(want["url"], got.next_url), want["next"]), (source, got.next_url)


def _db(path: Path) -> dict:
    import json
    return json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))


def _db_post(path: Path, test) -> dict:
    return next(p for p in _db(path)["posts"] if test(p))


def test_a_deleted_members_name_where_the_others_have_a_link_is_read_from_a_second_place_on_smf():
    # SMF shows a deleted member's name as the bare <h4> text; the others' as a link in it; the
    # post subject's link is no name (a place that reads it in some post is no author's place)
    paths = [STATES / "smf" / f"smf-guest-p{i}.html" for i in (1, 2)]
    learned, shipped, pages = _learned(*paths)
    assert learned.data["selectors"]["post"]["author"] == ["div.poster a", "h4"]
    posts = {p.id: p for p in extract_posts(pages[0][0], learned.profile(), pages[0][1], now=NOW).posts}
    deleted = _db_post(paths[0], lambda p: p["author"] == "Удалённый_игрок")
    assert posts[deleted["id"]].author == "Удалённый_игрок"
    assert {p.author for p in posts.values()} >= {"Мастер", "Вася", "Петя"}


def test_a_deleted_members_name_a_code_boxs_header_and_a_bold_vote_on_phpbb():
    # the deleted member's name is a <span class=username>, no link: not the post's subject link;
    # «Code: Select all» over a code box is the forum's; a vote's bold «Пети», the same in
    # several posts, is the voter's words
    paths = [STATES / "phpbb" / f"phpbb-guest-p{i}.html" for i in (1, 2)]
    learned, shipped, pages = _learned(*paths)
    posts = {p.id: p for p in extract_posts(pages[0][0], learned.profile(), pages[0][1], now=NOW).posts}
    assert posts[_db_post(paths[0], lambda p: p["author"] == "Удалённый_игрок")["id"]].author == "Удалённый_игрок"
    code = posts[_db_post(paths[0], lambda p: "vote" in p["words"])["id"]]
    assert "Code:" not in code.text and "Select all" not in code.text and "/vote Петя" in code.text
    assert any("против Пети" in p.text for p in posts.values())


def test_mybb_times_said_as_minutes_ago_are_read_from_their_title_and_yesterday_from_the_text():
    # «<span title="12-01-2026, 01:16 PM">25 minutes ago</span>» in span.post_date: the title
    # first, kept to times with a clock («<span title="11-30-2026">Yesterday</span>, 09:15 AM»
    # has the day only: the text says that one)
    paths = [STATES / "mybb" / f"mybb-guest-p{i}.html" for i in (1, 2)]
    learned, shipped, pages = _learned(*paths)
    first, second = learned.data["selectors"]["post"]["time"]
    assert first["attr"] == "title" and "regex" in first and second["selector"] == "span.post_date"
    said = pages[1][0].decode("utf-8")
    assert "minutes ago" in said and ">Yesterday</span>" in said     # (both kinds are on the page)
    db = _db(paths[1])
    now = datetime.fromtimestamp(db["captured_at"], timezone.utc)
    got = extract_posts(pages[1][0], learned.profile(), pages[1][1], now=now).posts
    assert [p.posted_at for p in got] == [datetime.fromtimestamp(p["time"] // 60 * 60, timezone.utc)
                                          for p in db["posts"]]


def test_relative_times_only_leave_the_date_form_a_guess_the_report_names():
    # every time on the FluxBB pages is «Сегодня 11:41:55»: any date form reads those; only the
    # clock's shape (24 h, seconds) is known, and the report says the rest is a guess
    from scraper.learn.report import learn_report
    learned, shipped, pages = _learned(LIVE / "fluxbb-t2-p1.html", LIVE / "fluxbb-t2-p2.html")
    formats = learned.data["dates"]["formats"]
    assert "%Y-%m-%d %H:%M:%S" in formats          # the forum's own (its shipped profile's)
    assert all("%S" in f and "%p" not in f for f in formats)
    assert any(u.startswith("dates:") for u in learned.unconfirmed)
    report = learn_report(learned, pages)
    assert "Догадки" in report and "относительные" in report and "зачёркнутое" in report


def test_the_report_shows_an_author_read_from_two_places():
    from scraper.learn.report import learn_report
    paths = [STATES / "smf" / f"smf-guest-p{i}.html" for i in (1, 2)]
    learned, shipped, pages = _learned(*paths)
    assert "автор: div.poster a; иначе h4" in learn_report(learned, pages)


def test_a_page_of_m_button_drawn_with_layout_classes_only_gives_the_page_and_the_last():
    # Misago: <nav class="thread-paginator"><div class="dropdown"><button class="btn btn-default">
    # Page 2 of 3</button></div>…</nav>, and no numbered page links
    pager = ('<div class="dropdown"><button class="btn">Меню</button></div>'
             '<nav class="thread-paginator"><a class="btn" rel="prev" href="/t/x/13/">‹</a>'
             '<div class="dropdown"><button class="btn btn-default btn-block" disabled>Page 2 of 3</button></div>'
             '<a class="btn" rel="next" href="/t/x/13/3/">›</a></nav>')
    page = _posts_page(["Голосую против Пети", "Лечу Аню этой ночью", "Проверяю Катю"]).replace(
        b"<body>", b"<body>" + pager.encode())
    learned = learn_pages([(page, "misago.html")])
    got = extract_posts(page, learned.profile(), "misago.html")
    assert (got.page, got.last_page, got.next_url) == (2, 3, "/t/x/13/3/")


def test_an_edit_notice_every_post_carries_marks_only_the_posts_where_it_says_more():
    # NodeBB draws «отредактировано» (hidden) in every post; an edited one names the editor
    notice = '<span component="post/editor" class="visually-hidden">отредактировано {}</span>'
    bodies = ["Голосую против Пети", "Лечу Аню этой ночью", "Проверяю Катю", "Голосую против Ани"]
    page = _posts_page(bodies)
    for i, who in enumerate(["", "Оля", "", ""], 1):
        page = page.replace(f'<div class="words">{bodies[i - 1]}</div>'.encode(),
                            f'<div class="words">{bodies[i - 1]}</div>{notice.format(who)}'.encode())
    learned = learn_pages([(page, "nodebb.html")])
    posts = extract_posts(page, learned.profile(), "nodebb.html").posts
    assert [p.edited for p in posts] == [False, True, False, False]


def test_a_single_post_is_learned_but_said_to_be_a_guess():
    from scraper.learn.report import learn_report
    page = _posts_page(["Голосую против Пети, он всю ночь молчал"])
    learned = learn_pages([(page, "one.html")])
    assert any(u.startswith("one post:") for u in learned.unconfirmed)
    assert "один пост" in learn_report(learned, [(page, "one.html")])


def test_nodebb4_quote_headers_are_the_quotes_first_line_of_links_and_a_colon():
    # NodeBB 4: «<blockquote><p><a>@Вася</a> <a href=/post/52>said</a>:<br>Голосую …</p>»; a quote
    # of a quote opens with its own «@Петя said:» paragraph, then the inner quote; a quoted
    # line that is a link and words is no header
    said = '<a class="mention" href="/user/{0}">@{0}</a> <a href="/post/{1}">said</a>:'
    bodies = [f"<blockquote><p>{said.format('Вася', 52)}<br>Голосую против Пети</p></blockquote><p>Согласна.</p>",
              f"<blockquote><p>{said.format('Петя', 53)}</p><blockquote><p>{said.format('Вася', 52)}<br>"
              "Голосую против Пети</p></blockquote><p>Не согласен.</p></blockquote><p>Оба неправы.</p>",
              "<blockquote><p><a href='/rules'>Правила</a> читать всем</p></blockquote><p>Прочитал.</p>"]
    page = _posts_page(bodies)
    learned = learn_pages([(page, "nodebb4.html")])
    posts = extract_posts(page, learned.profile(), "nodebb4.html").posts
    assert [q.strip(": \n") for q in posts[0].quotes] == ["Голосую против Пети"]
    assert "said" not in posts[1].quotes[0] and "Не согласен." in posts[1].quotes[0]
    assert posts[2].quotes == ("Правила читать всем",)
    assert [p.text for p in posts] == ["Согласна.", "Оба неправы.", "Прочитал."]


def test_a_quote_with_no_quote_markup_is_known_by_repeating_another_posts_words():
    # a home-made board draws quotes as <div class="said"><b>Вася:</b><div>…</div></div>: no
    # <blockquote>, no «quote» class; its words are Вася's post's own words above it. A
    # signature repeats too, but in the same kind of block under each of its author's posts
    sig = '<div class="sg">Мирный житель, играю честно и до конца</div>'
    bodies = ["Голосую против Пети: он всю ночь молчал и ничего не объяснил." + sig,
              '<div class="said"><b>Вася:</b><div>Голосую против Пети: он всю ночь молчал и ничего не объяснил.</div>'
              "</div>Не согласен с Васей. Голосую против Ани.",
              "Лечу Катю этой ночью, а голосовать пока не буду." + sig]
    page = _posts_page(bodies)
    learned = learn_pages([(page, "homemade.html")])
    assert learned.data["selectors"]["body"]["quote"] == "div.said"
    posts = extract_posts(page, learned.profile(), "homemade.html").posts
    assert posts[1].text == "Не согласен с Васей. Голосую против Ани."
    assert [q.replace("Вася:", "").strip() for q in posts[1].quotes] == [
        "Голосую против Пети: он всю ночь молчал и ничего не объяснил."]
    assert posts[0].quotes == () and posts[2].quotes == ()


def test_one_post_its_words_are_the_element_whose_id_carries_the_posts_number():
    # a last page of one post: the author's statistics are longer than the post's words; the
    # body is the element numbered like the post (MyBB's div#pid_105 in div#post_105)
    page = """<html><body><div class="post" id="post_105"><div class="author"><a href="/member.php?uid=2">Вася</a>
    <div class="stats">Posts: 25 Threads: 0 Joined: Dec 2026 Reputation: 0 Warning Level: 0%</div></div>
    <span class="post_date">12-01-2026, 02:03 PM</span>
    <div class="post_body" id="pid_105">Голосую против Васи.</div></div></body></html>""".encode()
    learned = learn_pages([(page, "last.html")])
    posts = extract_posts(page, learned.profile(), "last.html").posts
    assert posts[0].text == "Голосую против Васи." and posts[0].author == "Вася"
    assert any(u.startswith("one post:") for u in learned.unconfirmed)


def test_blocks_without_an_author_or_words_are_passed_over_for_the_next_best():
    # a logged-in page of one post: the notification list above repeats (each with a time and
    # words) and outnumbers the post; having no author's name, it is not the posts
    notes = "".join(f'<li><div class="notification_text"><p>Ответ в теме «Город N» — подробнее</p>'
                    f'<p class="when">01.12.2026 1{i}:00</p></div></li>' for i in range(3))
    page = f"""<html><body><ul class="notifications">{notes}</ul>
    <div class="post" id="p105"><p class="author"><a href="/memberlist.php?u=2">Вася</a>
    <span class="when">01.12.2026 14:03</span></p>
    <div class="content">Последний пост на последней странице: голосую против Васи.</div></div></body></html>""".encode()
    learned = learn_pages([(page, "last.html")])
    assert learned.data["selectors"]["post"]["container"] != "div.notification_text"
    posts = extract_posts(page, learned.profile(), "last.html").posts
    assert [(p.id, p.author, p.text) for p in posts] == [
        ("105", "Вася", "Последний пост на последней странице: голосую против Васи.")]


def test_page_n_of_m_after_another_number_and_a_page_that_links_no_other_page_is_page_1_of_1():
    # phpBB's «3 posts • Page 1 of 1»: the page's number comes after its word, not the count
    page = _posts_page(["Голосую против Пети", "Лечу Аню этой ночью", "Проверяю Катю"]).replace(
        b"<body>", '<body><div class="pagination">3 posts • Page 1 of 1</div>'.encode())
    got = extract_posts(page, learn_pages([(page, "one.html")]).profile(), "one.html")
    assert (got.page, got.last_page) == (1, 1)
    # a short thread with no page list at all: page 1 of 1; a page linking «2» is not said to be one
    bare = _posts_page(["Голосую против Пети", "Лечу Аню этой ночью", "Проверяю Катю"])
    learned = learn_pages([(bare, "short.html")])
    assert "pagination" in learned.missing
    assert (extract_posts(bare, learned.profile(), "short.html").page) == 1
    linked = bare.replace(b"<body>", b'<body><p class="pages"><b>1</b> <a href="?page=2">2</a></p>')
    assert extract_posts(linked, learned.profile(), "long.html").page is None


def test_the_authors_statistics_filled_in_with_numbers_are_no_post_text():
    # MyBB beside short posts: «Posts: 9 Threads: 9 Joined: Dec 2026» is longer than «Голосую
    # против Пети.», and the same words but for the numbers in every post
    def post(i, name, stats, words):
        return (f'<div class="post" id="post_{i}"><div class="author_information"><a href="/member.php?uid={i}">{name}</a>'
                f'</div><div class="author_statistics">{stats}</div><span class="post_date">0{i % 9}.12.2026, 10:0{i % 9}'
                f'</span><div class="post_body" id="pid_{i}">{words}</div></div>')
    page = ("<html><body>" + post(11, "Мастер", "Posts: 9 Threads: 9 Joined: Dec 2026 Reputation: 0", "Голосуем до вечера.")
            + post(12, "Вася", "Posts: 48 Threads: 0 Joined: Dec 2026 Reputation: 3", "Голосую против Пети.")
            + post(13, "Петя", "Posts: 17 Threads: 1 Joined: Dec 2026 Reputation: 1", "Против Васи.")
            + "</body></html>").encode()
    posts = extract_posts(page, learn_pages([(page, "short.html")]).profile(), "short.html").posts
    assert [p.text for p in posts] == ["Голосуем до вечера.", "Голосую против Пети.", "Против Васи."]


def test_a_block_of_another_kind_with_the_same_numbered_id_is_no_post():
    # Misago: <li id="post-347" class="event"> (a moderation event) among <li id="post-N" class="post">;
    # learned from pages without an event, the container keeps the class the posts share
    bodies = ["Голосую против Пети", "Лечу Аню этой ночью", "Проверяю Катю"]
    page = _posts_page(bodies).replace(b'class="post"', b'class="post reply"')
    learned = learn_pages([(page, "p1.html")])
    later = page.replace(b"</body>", '<div class="event" id="p777"><a class="who" href="/user/1">gm</a>'
                                     '<span class="when">09.12.2026 10:00</span> закрыл тему</div></body>'.encode())
    assert [p.id for p in extract_posts(later, learned.profile(), "p3.html").posts] == ["101", "102", "103"]


def test_a_moderation_event_numbered_like_the_posts_on_the_learned_page_is_no_post():
    # the closed Misago thread's last page: <li id="post-347" class="event"> among li.post on the
    # page the learner reads: most blocks share a class the event lacks, and it shares none of theirs
    bodies = ["Голосую против Пети", "Лечу Аню этой ночью", "Проверяю Катю", "Голосую против Ани"]
    page = _posts_page(bodies).replace(b"</body>", '<div class="event" id="p777"><a class="who" href="/user/1">gm</a>'
                                       '<span class="when">09.12.2026 10:00</span><div class="words">закрыл тему'
                                       '</div></div></body>'.encode())
    learned = learn_pages([(page, "closed.html")])
    assert [p.id for p in extract_posts(page, learned.profile(), "closed.html").posts] == ["101", "102", "103", "104"]


BUSY_BOARD = ROOT / "tests" / "scraper" / "pages" / "mybb18-busy-board-thread.html"


def test_a_thread_on_a_busy_board_pages_through_the_thread_not_the_board():
    # MyBB with 35 threads in its board: the breadcrumb's hidden popup lists the board's pages
    # (forumdisplay.php?fid=2&page=2, «2» marked current) before the thread's own list
    learned, shipped, pages = _learned(BUSY_BOARD)
    got = _exact(learned, shipped, pages)
    page = extract_posts(pages[0][0], learned.profile(), pages[0][1], now=NOW)
    assert (page.page, page.last_page, page.next_url) == (1, 3, "showthread.php?tid=1&page=2")
    assert got["mybb18-busy-board-thread.html"]


def _board_and_thread(thread_pages: str, board_pages: str = '<a href="/forum/2?page=1">1</a> '
                      '<b>2</b> <a href="/forum/2?page=3">3</a>') -> bytes:
    """A thread's page under a board's list of its own pages, drawn (not hidden) before the
    thread's, both of the same class."""
    bare = _posts_page(["Голосую против Пети", "Лечу Аню этой ночью", "Проверяю Катю"])
    lists = f'<div class="pages">{board_pages}</div>'
    if thread_pages:
        lists += f'<div class="pages">{thread_pages}</div>'
    return bare.replace(b"<body>", f"<body>{lists}".encode())


def test_the_page_list_linking_the_threads_address_is_the_threads_when_both_are_drawn():
    url = "http://127.0.0.1:9/topic/7?page=2"
    page = _board_and_thread('<a href="/topic/7">1</a> <b>2</b> <a href="/topic/7?page=3">3</a>')
    learned = learn_pages([(page, url)])
    got = extract_posts(page, learned.profile(), url, url=url)
    assert (got.page, got.last_page, got.next_url) == (2, 3, "http://127.0.0.1:9/topic/7?page=3")
    # the next page's link is the thread's on every page: on its last, none (not the board's «3»)
    last = _board_and_thread('<a href="/topic/7">1</a> <a href="/topic/7?page=2">2</a> <b>3</b>')
    got = extract_posts(last, learned.profile(), url, url="http://127.0.0.1:9/topic/7?page=3")
    assert (got.page, got.next_url) == (3, None)


def test_a_one_page_thread_on_a_busy_board_has_no_next_page_and_is_page_1_of_1():
    # learned from a short thread: the only list on its page is the board's; it is not taken for
    # the thread's (its next link would leave the thread), and its «1», «2» do not say the thread
    # has more pages
    url = "http://127.0.0.1:9/topic/7"
    page = _board_and_thread("")
    learned = learn_pages([(page, url)])
    got = extract_posts(page, learned.profile(), url, url=url)
    assert (got.page, got.last_page, got.next_url) == (1, 1, None)


def test_a_short_posts_words_after_its_time_in_one_wrapper_are_its_body():
    # the time and the words share a wrapper (div.post-content: div.date, div.content); for a
    # short post the wrapper's whole text reads as a time with a word after it, «November 24th
    # 2026 13:29 В игре!»: it is the time's wrapper, not a second header hiding the words
    words = ["Добро пожаловать в Город N! Запись открыта до вечера, пишите «в игре».", "В игре!",
             "Я в игре, записывайте.", "Тоже в игре!", "Записываюсь, давно ждал эту партию, друзья."]
    posts = "".join(f"""<div id="post-{1000 + i}" class="post"><div class="post-user"><h3 class="username">
<a href="/index.php?user={i}">Player{i}</a></h3><div class="joined">Joined: December 1st 2026</div></div>
<div class="post-content"><div class="date"><a href="/index.php?thread=1#post-{1000 + i}">November 2{i}th 2026
0{i}:48</a></div><div class="content">{w}</div></div></div>""" for i, w in enumerate(words, 1))
    page = f"<html><body><div id='posts'>{posts}</div></body></html>".encode()
    got = extract_posts(page, learn_pages([(page, "short.html")]).profile(), "short.html").posts
    assert [p.text for p in got] == words


def test_a_glued_posts_notice_in_an_element_of_the_forums_class_is_dropped_when_seen_once():
    # a member's next post glued to his last, the forum's notice between them in its template's
    # paragraph (<p class="f-bb-after"><em>Добавлено спустя 02 с:</em></p>), once on the pages
    # learned from; a player's own grey line of the same words stays (test above)
    bodies = ["<p>Запись закрыта.</p><p class='f-bb-after'><em>Добавлено спустя 02 с:</em></p><p>Утро. Никто не погиб.</p>",
              "<p>Голосую против Пети</p>", "<p>Лечу Аню этой ночью</p>"]
    page = _posts_page(bodies)
    learned = learn_pages([(page, "glued.html")])
    posts = extract_posts(page, learned.profile(), "glued.html").posts
    assert posts[0].text.split() == "Запись закрыта. Утро. Никто не погиб.".split()
    assert any(u.startswith("drop:") and "Добавлено спустя" in u for u in learned.unconfirmed)


def test_quotes_drawn_as_text_lines_opening_with_a_mark_are_quotes_not_the_posts_words():
    # a forum showing Markdown unrendered (t4): «> Голосую против Бори» is another post's
    # words, quoted; read as the quoting player's own, it would count as his vote
    bodies = ["Голосую против Бори<br>Он молчит весь день.", "&gt; Голосую против Бори<br><br>Поддерживаю.",
              "Я мирный житель.", "&gt; Я мирный житель.<br><br>Не верю. &gt; это стрелка, не цитата",
              "&gt; Поддерживаю.<br><br>&gt; Не верю.<br><br>Итого два мнения."]
    page = _posts_page(bodies)
    learned = learn_pages([(page, "plain.html")])
    assert learned.data["selectors"]["body"]["quote_lines"] == "> "
    assert any(u.startswith("quote_lines:") for u in learned.unconfirmed)
    posts = extract_posts(page, learned.profile(), "plain.html").posts
    assert [p.text for p in posts[1:]] == ["Поддерживаю.", "Я мирный житель.",
                                           "Не верю. > это стрелка, не цитата", "Итого два мнения."]
    assert posts[1].quotes == ("Голосую против Бори",) and posts[4].quotes == ("Поддерживаю.", "Не верю.")
    # a «>» line that quotes nobody on the pages says nothing: no quote rule
    alone = _posts_page(["&gt; стрелка вправо", "&gt;&gt; две стрелки", "Голосую против Пети"])
    assert "quote_lines" not in learn_pages([(alone, "arrows.html")]).data["selectors"]["body"]


def test_the_current_page_drawn_as_a_greyed_out_link_is_the_page_number():
    # pybbm (t1): every page a link, the current one in <li class="disabled">; the «next» link
    # says «следующая страница →»: the page number and the link to its number plus one
    def paged(current: int) -> bytes:
        items = "".join(f'<li{" class=disabled" if n == current else ""}><a href="?page={n}" class="page">{n}</a></li>'
                        for n in (1, 2, 3))
        lists = f'<div class="pagination"><ul><li class="prev"><a href="?page=1">← предыдущая</a></li>{items}</ul></div>'
        words = [f"Голосую против Пети, день {current}", f"Лечу Аню ночью {current}", f"Проверяю Катю, круг {current}"]
        return _posts_page(words).replace(b"<body>", f"<body>{lists}".encode())
    learned = learn_pages([(paged(2), "http://127.0.0.1:9/topic/1/?page=2")])
    for n, nxt in ((1, "?page=2"), (2, "?page=3"), (3, None)):
        got = extract_posts(paged(n), learned.profile(), f"p{n}.html")
        assert (got.page, got.next_url) == (n, nxt), n
