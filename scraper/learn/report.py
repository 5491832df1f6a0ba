"""The Russian report of `gorod forum learn`: what was found, the first posts as the learned
profile reads them (for the GM to compare with the forum), and what was not found."""
from __future__ import annotations

from scraper.errors import ScraperError, failure_in_russian
from scraper.extract import extract_posts
from scraper.learn.names import FIELD_NAMES

FIRST_POSTS = 3


def learn_report(learned, pages: list[tuple[bytes, str]], pm=None) -> str:
    profile = learned.profile()
    post = learned.data["selectors"]["post"]
    out = [f"Профиль выучен по {len(learned.sources)} стр.: " + ", ".join(learned.sources)]
    counts = ", ".join(str(n) for n in learned.posts_per_page)
    out.append(f"  блоки постов: {post['container']} ({counts} на странице)")
    for key in ("id", "author", "time", "body", "edited"):
        if key in post:
            out.append(f"  {FIELD_NAMES[key]}: {_describe(post[key])}")
    body = learned.data["selectors"].get("body", {})
    if body.get("quote"):
        out.append(f"  цитаты: {body['quote']}" + (f" (заголовок {body['quote_header']})" if body.get("quote_header") else ""))
    if body.get("spoiler"):
        out.append(f"  спойлеры: {body['spoiler']}")
    if learned.data.get("dates"):
        out.append(f"  формат даты: {', '.join(learned.data['dates']['formats'])}")
    paging = learned.data["selectors"].get("pagination", {})
    if paging:
        out.append(f"  страницы: {', '.join(sorted(paging))}")
    inbox = learned.data["selectors"].get("pm_inbox")
    if inbox:
        kind = "сообщение" if inbox["rows"] == "messages" else "разговор"
        out.append(f"  входящие ЛС: {inbox['container']} (строка — {kind}; ссылка {_describe(inbox['link'])}"
                   + (f"; отправитель {_describe(inbox['sender'])}" if inbox.get("sender") else "")
                   + (f"; число сообщений {_describe(inbox['count'])}" if inbox.get("count") else "") + ")")
    message = learned.data["selectors"].get("pm_message")
    if message:
        out.append(f"  сообщения ЛС: {message['container']} (автор {_describe(message['author'])}, "
                   f"текст {_describe(message['body'])}"
                   + (f", время {_describe(message['time'])}" if message.get("time") else "") + ")")
    if learned.data.get("login"):
        login = learned.data["login"]
        out.append(f"  вход: {learned.data.get('urls', {}).get('login', '?')} (поля «{login['username_field']}», "
                   f"«{login['password_field']}»)")
    if "write" in learned.data:
        reply = learned.data["write"]["reply"]
        out.append(f"  форма ответа: {reply['form']} (поле «{reply['text']}») — не проверена: "
                   "gorod forum check --write URL_ТЕМЫ")
        if learned.data["write"].get("pm"):
            form = learned.data["write"]["pm"]
            out.append(f"  форма ЛС: {form['url']} (кому «{form['to']}», текст «{form['text']}») — не проверена: "
                       "gorod forum check --write URL_ТЕМЫ --pm-to ИМЯ")
    addresses = [u.split(":", 1)[0] for u in learned.unconfirmed if u.startswith(("urls.pm_inbox:", "urls.login:"))]
    if addresses:
        out.append("Впишите в профиль вручную (страницы сохранены, их адресов нет): "
                   + ", ".join(f"{a} (адрес {'входящих ЛС' if a == 'urls.pm_inbox' else 'страницы входа'}, "
                               "вида {base}/...)" for a in addresses))
    guesses = _guesses(learned)
    if guesses:
        out.append("Догадки (проверьте на форуме):")
        out += guesses
    if learned.missing:
        out.append("Не найдено (профиль читает без этого; не угадываю):")
        out += [f"  - {FIELD_NAMES.get(m, m)}" + _why(m) for m in learned.missing]
    content, source = pages[0]
    try:
        page = extract_posts(content, profile, source)
    except ScraperError as exc:
        out.append(f"Выученный профиль не читает {source}: {failure_in_russian(exc)}")
        return "\n".join(out) + "\n"
    out.append(f"Первые посты, как их читает выученный профиль (страница {page.page or '?'}, "
               f"всего {len(page.posts)}): сверьте с форумом")
    for p in page.posts[:FIRST_POSTS]:
        when = p.posted_at.strftime("%d.%m.%Y %H:%M") if p.posted_at else "время не найдено"
        text = " ".join(p.text.split())
        out.append(f"  #{p.id} {p.author}, {when}: «{text[:120]}{'…' if len(text) > 120 else ''}»")
        for q in p.quotes[:1]:
            out.append(f"      цитата: «{' '.join(q.split())[:80]}»")
    if page.next_url:
        out.append(f"  следующая страница: {page.next_url}")
    if pm is not None and profile.pm_inbox is not None and pm.inbox:
        out += _inbox_lines(profile, pm)
    return "\n".join(out) + "\n"


def _inbox_lines(profile, pm) -> list[str]:
    """The inbox's first rows and a conversation's messages as the learned profile reads them."""
    from scraper.decode import parse_html
    from scraper.extract import extract_from_tree
    from scraper.inbox import extract_inbox
    content, source = pm.inbox[0]
    try:
        listing = extract_inbox(content, profile, source)
    except ScraperError as exc:
        return [f"Выученный профиль не читает входящие {source}: {failure_in_russian(exc)}"]
    out = [f"Входящие, как их читает выученный профиль ({len(listing.entries)} строк): сверьте с форумом"]
    for e in listing.entries[:FIRST_POSTS]:
        out.append(f"  #{e.id} «{e.subject}»" + (f" от {e.sender}" if e.sender else "")
                   + (f", {e.time}" if e.time else "") + (f", сообщений: {e.count}" if e.count is not None else ""))
    if pm.conversations and profile.pm_message is not None:
        content, source = pm.conversations[0]
        try:
            read = extract_from_tree(parse_html(content, profile.encoding), profile, source,
                                     rules=profile.pm_message)
        except ScraperError as exc:
            return out + [f"Выученный профиль не читает разговор {source}: {failure_in_russian(exc)}"]
        out.append(f"Разговор {source}, как его читает выученный профиль ({len(read.posts)} сообщ.):")
        for p in read.posts[:FIRST_POSTS]:
            when = p.posted_at.strftime("%d.%m.%Y %H:%M") if p.posted_at else "время не найдено"
            text = " ".join(p.text.split())
            out.append(f"  #{p.id} {p.author}, {when}: «{text[:100]}{'…' if len(text) > 100 else ''}»")
    return out


def _describe(field) -> str:
    if isinstance(field, str):
        return field
    if isinstance(field, list):         # places tried in order
        return "; иначе ".join(_describe(f) for f in field)
    parts = [field.get("selector") or "(сам блок)"]
    if field.get("attr"):
        parts.append(f"атрибут {field['attr']}")
    if field.get("regex"):
        parts.append(f"regex {field['regex']}")
    return ", ".join(parts)


def _guesses(learned) -> list[str]:
    """What the learner took from a sign weaker than the page's own structure, in the GM's words."""
    body = learned.data["selectors"].get("body", {})
    out = []
    for note in learned.unconfirmed:
        if note.startswith("strike:"):
            out.append(f"  - зачёркнутое ({body.get('strike')}): узнано по имени класса, таблицы стилей на "
                       "странице нет — проверьте, что зачёркнутый голос читается зачёркнутым")
        elif note.startswith("one post:"):
            out.append("  - на страницах один пост: сравнить посты между собой нельзя, все поля — догадка; "
                       "дайте страницу, где постов несколько")
        elif note.startswith("dates:"):
            out.append("  - все времена на этих страницах относительные («Сегодня 11:41»): в каком виде форум "
                       "пишет старые даты, не видно — в dates.formats оставьте формат форума")
        elif note.startswith("drop:"):
            out.append("  - строки, которые повторяются с другими числами в своём оформлении (например «Добавлено "
                       "спустя 06 с:»), приняты за надписи форума и убраны из текста постов")
    return out


def _why(missing: str) -> str:
    return {
        "time": ": ни в тексте, ни в атрибутах постов нет времени, которое читается (posted_at будет пустым)",
        "pagination": ": нет ссылок на страницы (одна страница?) — следующие страницы не найти",
        "pagination.next": (": ссылка rel=next на странице — не ссылка на страницу этой темы из её списка страниц "
                            "(бывает, ведёт на следующую тему); не беру её — впишите selectors.pagination.next "
                            "вручную, иначе тема читается до этой страницы"),
        "write": ": на странице нет формы с полем текста (сохранена без входа?) — write: не предложен",
        "pm_inbox": ": на странице входящих не найдены строки со ссылками на разговоры (страница под мастером? "
                    "в ней хотя бы два разговора?)",
        "pm_message": ": в разговорах не найдены повторяющиеся блоки сообщений (дайте страницы двух-трёх разговоров)",
        "login": ": на этих страницах нет формы с полем пароля (дайте --login-page: страницу входа, сохранённую "
                 "без входа; если вход — JSON-запрос скрипта, опишите login.api вручную)",
    }.get(missing, "")
