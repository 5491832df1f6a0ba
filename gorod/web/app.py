"""The GM's console: a WSGI application (Werkzeug) over the game loop library.

    app = Console(lambda: Game.open("game.yaml"), token=new_token())
    werkzeug.serving.make_server("127.0.0.1", 8765, app).serve_forever()

One page, server-rendered (jinja2, autoescape on): the game, this phase's orders with
their source texts (unresolved first, with candidates to pick), the live vote tally,
the drafts (as the forum will show them, «почему?» per line, edit, approve / reject,
approve all, posting status), manual orders and overrides, the game's rulings. Every
button is a small POST form that calls one library function (`gorod.loop`) and
redirects back (post/redirect/get); the library's refusals (`LoopError`) come back as a
message at the top of the page. The game is opened afresh for each request (its store
is SQLite; the worker may be writing to it at the same time) and closed after.

Access: see `gorod.web.security` — the token on the first visit, a cookie after it, a
CSRF field in every form. Every string from the forum reaches the page escaped.
"""
from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Callable
from urllib.parse import urlencode

from jinja2 import Environment, PackageLoader, select_autoescape
from werkzeug.exceptions import HTTPException, NotFound, RequestEntityTooLarge
from werkzeug.routing import Map, Rule
from werkzeug.utils import redirect, safe_join
from werkzeug.wrappers import Request, Response

from gorod.loop.game import Game, LoopError
from gorod.loop.words import forum_trouble, moment
from gorod.store_faults import StoreError, fault_of
from gorod.web import queries
from gorod.web.guard import MAX_BODY, BadInput, cap_body, check_host, check_origin, hours, whole
from gorod.web.render import to_html
from gorod.web.security import COOKIE, csrf_token, same
from gorod.web.words import for_console
from scraper.errors import ScraperError

log = logging.getLogger(__name__)


def notice_buttons(notice) -> list[dict]:
    """What the GM can do about a notice, as buttons: a change of mind's two orders, an
    unsure PM's «it is there» / «send it again»."""
    from gorod.loop.mind import choices

    pair = choices(notice)
    if pair is not None:
        return [{"action": f"/mind/{pair[0]}/keep", "label": f"Оставить #{pair[0]}", "cls": "pick", "fields": {}},
                {"action": f"/mind/{pair[1]}/keep", "label": f"Взять #{pair[1]}", "cls": "pick", "fields": {}}]
    if notice.key.startswith("pm-unsure:"):
        draft_id = notice.key.split(":")[1]
        return [{"action": f"/draft/{draft_id}/sent", "label": "ЛС на форуме есть", "cls": "secondary", "fields": {}},
                {"action": f"/draft/{draft_id}/resend", "label": "Отправить снова", "cls": "secondary", "fields": {}}]
    return []


def _draft_buttons(draft_id: int) -> list[dict]:
    """A refused approval's ways on: approve anyway, or reject."""
    return [{"action": f"/draft/{draft_id}/approve", "label": f"Одобрить #{draft_id} несмотря на это",
             "cls": "danger", "fields": {"force": "1"}},
            {"action": f"/draft/{draft_id}/reject", "label": f"Отклонить #{draft_id}", "cls": "secondary", "fields": {}}]
# What the GM can do when the forum cannot be read, per action.
FORUM_HINT = {"phase_end": "закончить фазу без чтения форума: отметьте «без чтения форума» и нажмите ещё раз",
              "refresh": "повторите позже", "publish": "одобренное отправится, когда форум ответит"}
STATIC = Path(__file__).resolve().parent / "static"
# werkzeug's refusals, said as the console says things
HEADING_RU = {404: "Страница не найдена", 405: "Так нельзя", 400: "Неверный запрос", 413: "Слишком большой запрос"}
HTTP_RU = {404: "Такой страницы в консоли нет. Всё, что консоль умеет, — на её главной странице.",
           405: "Это действие делается кнопкой на странице консоли, а не переходом по адресу.",
           400: "Запрос не понят: обновите страницу консоли и попробуйте снова."}
CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'; "
       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")

class ConsoleRequest(Request):
    max_content_length = MAX_BODY      # refused before the body is read
    max_form_memory_size = MAX_BODY


ROUTES = Map([
    Rule("/", endpoint="index", methods=["GET"]),
    Rule("/static/<name>", endpoint="static", methods=["GET"]),
    Rule("/refresh", endpoint="refresh", methods=["POST"]),
    Rule("/order/add", endpoint="order_add", methods=["POST"]),
    Rule("/order/<order_id>/drop", endpoint="order_drop", methods=["POST"]),
    Rule("/order/<order_id>/restore", endpoint="order_restore", methods=["POST"]),
    Rule("/unresolved/<item_id>/pick", endpoint="unresolved_pick", methods=["POST"]),
    Rule("/unresolved/<item_id>/dismiss", endpoint="unresolved_dismiss", methods=["POST"]),
    Rule("/draft/<draft_id>/edit", endpoint="draft_edit", methods=["POST"]),
    Rule("/draft/<draft_id>/approve", endpoint="draft_approve", methods=["POST"]),
    Rule("/draft/<draft_id>/reject", endpoint="draft_reject", methods=["POST"]),
    Rule("/drafts/approve-all", endpoint="approve_all", methods=["POST"]),
    Rule("/publish", endpoint="publish", methods=["POST"]),
    Rule("/count", endpoint="count", methods=["POST"]),
    Rule("/phase/end", endpoint="phase_end", methods=["POST"]),
    Rule("/phase/extend", endpoint="phase_extend", methods=["POST"]),
    Rule("/notices/seen", endpoint="notices_seen", methods=["POST"]),
    Rule("/mind/<order_id>/keep", endpoint="mind_keep", methods=["POST"]),
    Rule("/draft/<draft_id>/sent", endpoint="draft_sent", methods=["POST"]),
    Rule("/draft/<draft_id>/resend", endpoint="draft_resend", methods=["POST"]),
    Rule("/deal", endpoint="deal", methods=["POST"]),
    Rule("/question/answer", endpoint="question_answer", methods=["POST"]),
])
# The section whose top shows an action's result (`#result`, in view after the redirect).
SECTION_OF = {"refresh": "orders", "order_add": "manual", "order_drop": "orders", "order_restore": "orders",
              "unresolved_pick": "orders", "unresolved_dismiss": "orders", "notices_seen": "orders",
              "mind_keep": "orders", "draft_edit": "drafts", "draft_approve": "drafts", "draft_reject": "drafts",
              "approve_all": "drafts", "publish": "drafts", "count": "drafts", "draft_sent": "drafts", "draft_resend": "drafts",
              "phase_end": "game", "phase_extend": "game", "deal": "game", "question_answer": "game"}


def cookie_name(request: Request) -> str:
    """Cookies do not tell ports apart: consoles of two games on one machine get a cookie each."""
    port = request.host.rsplit(":", 1)[-1] if ":" in request.host else "80"
    return f"{COOKIE}_{port}" if port.isdigit() else COOKIE


class Console:
    def __init__(self, open_game: Callable[[], Game], token: str) -> None:
        self.open_game = open_game
        self.token = token
        self.csrf = csrf_token(token)
        self.flash: list[tuple[str, str, list]] = []    # (kind, text, buttons) shown once on the next page
        self.result_at = "game"                          # the section they are shown in
        self.env = Environment(loader=PackageLoader("gorod.web", "templates"),
                               autoescape=select_autoescape(["html"], default=True),
                               trim_blocks=True, lstrip_blocks=True)
        from gorod.loop.inbox import KIND_RU
        from gorod.loop.words import draft_kind

        self.env.globals.update(csrf=self.csrf, phase_ru=queries.phase_ru, kind_ru=KIND_RU, draft_kind=draft_kind,
                                order_example=queries.ORDER_EXAMPLE)
        self.env.filters["console"] = for_console
        self.env.globals.update(notice_buttons=notice_buttons)

    # -- WSGI ----------------------------------------------------------------------------------
    def __call__(self, environ, start_response):
        whole_body = cap_body(environ)         # before the request reads anything of it
        request = ConsoleRequest(environ)
        try:
            if not whole_body:
                raise RequestEntityTooLarge()
            response = self.dispatch(request)
        except BadInput as exc:
            response = self.refused(str(exc), status=400, heading="Неверный запрос")
        except RequestEntityTooLarge:
            response = self.refused(f"Слишком большой запрос: консоль принимает до {MAX_BODY // 1024} КБ.",
                                    status=413, heading="Слишком большой запрос")
        except HTTPException as exc:       # the console's own page, in Russian, with a way back
            response = self.refused(HTTP_RU.get(exc.code, f"Запрос не выполнен (HTTP {exc.code})."),
                                    status=exc.code or 500, heading=HEADING_RU.get(exc.code, "Ошибка"))
        for name, value in (("Content-Security-Policy", CSP), ("X-Content-Type-Options", "nosniff"),
                            ("Referrer-Policy", "same-origin"), ("Cache-Control", "no-store"),
                            ("X-Frame-Options", "DENY")):
            response.headers.setdefault(name, value)
        return response(environ, start_response)

    def dispatch(self, request: Request) -> Response:
        if not check_host(request.environ, request.host):
            return self.refused("Консоль отвечает только по адресу 127.0.0.1 (или localhost) и своему порту.")
        if not check_origin(request.environ, request.headers.get("Origin")):
            return self.refused("Запрос пришёл со страницы другого сайта: консоль его не выполняет.")
        if request.content_length is not None and request.content_length > MAX_BODY:
            raise RequestEntityTooLarge()
        given = request.args.get("token")
        if given is not None and request.method == "GET" and same(given, self.token):
            args = {k: v for k, v in request.args.items(multi=True) if k != "token"}
            response = redirect(request.path + ("?" + urlencode(args) if args else ""), code=303)
            response.set_cookie(cookie_name(request), self.token, httponly=True, samesite="Strict", path="/")
            return response
        if not same(request.cookies.get(cookie_name(request)), self.token):
            return self.refused("Нужен токен доступа: откройте ссылку, которую напечатал `gorod web`.")
        if request.method == "POST" and not same(request.form.get("csrf"), self.csrf):
            return self.refused("Форма устарела или пришла не из консоли (нет верной метки формы): "
                                "обновите страницу.")
        endpoint, values = ROUTES.bind_to_environ(request.environ).match()
        values = {key: (whole(value, f"номер в адресе ({key})") if key.endswith("_id") else value)
                  for key, value in values.items()}
        if endpoint == "static":
            return self.static(values["name"])
        try:
            game = self.open_game()
        except StoreError as exc:       # the page says what `gorod state` would, never a 500
            return self.refused(str(exc), status=503, heading="Игра не открывается")
        game.actor = "консоль мастера (gorod web)"   # named to one the writer lock refuses
        try:
            if endpoint == "index":
                return self.index(game)
            self.result_at = SECTION_OF.get(endpoint, "game")
            getattr(self, "do_" + endpoint)(game, request, **values)
        except LoopError as exc:
            self.flash.append(("error", str(exc), []))
        except ScraperError as exc:
            self.flash.append(("error", forum_trouble(exc, FORUM_HINT.get(endpoint, "повторите позже")), []))
        except (StoreError, sqlite3.Error) as exc:
            fault = exc if isinstance(exc, StoreError) else fault_of(game.store.path, exc)
            if fault is None:
                raise
            if endpoint == "index":
                return self.refused(str(fault), status=503, heading="Игра не читается")
            self.flash.append(("error", str(fault), []))
        finally:
            game.store.close()
        # the result (or the refusal) is where the page opens, under the header: never out of view
        return redirect("/#result", code=303)

    def refused(self, text: str, status: int = 403, heading: str = "Доступ закрыт") -> Response:
        page = self.env.get_template("refused.html").render(text=text, heading=heading)
        return Response(page, status=status, mimetype="text/html")

    def static(self, name: str) -> Response:
        path = safe_join(str(STATIC), name)
        if path is None or not Path(path).is_file():
            raise NotFound()
        mimetype = {"css": "text/css", "js": "text/javascript", "png": "image/png"}.get(name.rsplit(".", 1)[-1],
                                                                                      "application/octet-stream")
        return Response(Path(path).read_bytes(), mimetype=mimetype)

    # -- the page -------------------------------------------------------------------------------
    def index(self, game: Game) -> Response:
        flash, self.flash = self.flash, []
        overview = queries.overview(game)
        drafts = queries.drafts_view(game) if overview["dealt"] else []
        page = self.env.get_template("console.html").render(
            flash=flash, result_at=(None if not flash else "game" if self.result_at == "orders" and not overview["dealt"]
                                    else self.result_at), game=overview, orders=queries.orders_view(game) if overview["dealt"] else None,
            drafts=drafts, rulings=queries.rulings_view(game), markup=game.markup,
            question=queries.question_view(game) if overview["dealt"] else None,
            to_html=lambda text: to_html(text, game.markup),
            why=lambda d: queries.why_lines(game, d),
            pending=sum(1 for d in drafts if d.row.state == "pending"),
            approved=sum(1 for d in drafts if d.row.state == "approved"))
        return Response(page, mimetype="text/html")

    # -- actions: one library call each --------------------------------------------------------
    def say(self, text: str, buttons: list | None = None) -> None:
        self.flash.append(("ok", text, buttons or []))

    def error(self, text: str, buttons: list | None = None) -> None:
        self.flash.append(("error", text, buttons or []))

    def do_refresh(self, game: Game, request: Request) -> str:
        from gorod.loop import cycle

        report = cycle(game, post=False, rescan=request.form.get("rescan") == "1")
        for error in report.errors:
            self.error(error)
        poll = report.poll
        if poll is not None and not poll.failed and not report.errors:   # a read that failed read nothing
            self.say(f"Форум прочитан{' целиком' if request.form.get('rescan') == '1' else ''}: постов {poll.posts}, "
                     f"ЛС {poll.pms}, заявок {poll.orders}, неясных {poll.unresolved}, правок {poll.edited}, "
                     f"писем мастеру {poll.letters}.")
        return "orders"

    def do_count(self, game: Game, request: Request) -> str:
        from gorod.loop.count import count_on_demand

        draft_id = count_on_demand(game)
        self.say(f"Черновик #{draft_id}: подсчёт голосов по постам в теме, ждёт одобрения.")
        return "drafts"

    def do_order_add(self, game: Game, request: Request) -> str:
        from gorod.loop import add_order

        text = request.form.get("text", "").strip()
        if not text:
            raise LoopError("пустая заявка")
        author = request.form.get("author", "").strip() or None
        resolves = request.form.get("resolves", "").strip()
        ids = add_order(game, text, author=author, private=request.form.get("public") != "1",
                        resolves=whole(resolves, "номер неясного") if resolves else None)
        self.say("Добавлено: " + "; ".join(f"#{i} {game.records.order(i).text}" for i in ids))
        return "orders"

    def do_order_drop(self, game: Game, request: Request, order_id: int) -> str:
        from gorod.loop import drop_order

        drop_order(game, order_id, reason=request.form.get("reason", "").strip() or "снята мастером")
        self.say(f"Заявка #{order_id} снята.")
        return "orders"

    def do_order_restore(self, game: Game, request: Request, order_id: int) -> str:
        from gorod.loop.orders import restore_order

        restore_order(game, order_id)
        self.say(f"Заявка #{order_id} восстановлена.")
        return "orders"

    def do_unresolved_pick(self, game: Game, request: Request, item_id: int) -> str:
        from gorod.loop import add_order

        text = request.form.get("order", "").strip()
        if not text:
            raise LoopError("выберите или впишите заявку")
        ids = add_order(game, text, resolves=item_id)
        self.say(f"Неясное ?{item_id} решено: " + "; ".join(game.records.order(i).text for i in ids))
        return "orders"

    def do_unresolved_dismiss(self, game: Game, request: Request, item_id: int) -> str:
        if not game.records.close_unresolved(item_id):
            raise LoopError(f"нет неясного пункта ?{item_id}")
        self.say(f"Неясное ?{item_id} закрыто: не заявка.")
        return "orders"

    def do_draft_edit(self, game: Game, request: Request, draft_id: int) -> str:
        from gorod.loop import edit

        body = request.form.get("body", "").replace("\r\n", "\n")
        title = request.form.get("title")
        edit(game, draft_id, body, title.strip() if title and title.strip() else None)
        self.say(f"Черновик #{draft_id} исправлен.")
        return f"draft-{draft_id}"

    def do_draft_approve(self, game: Game, request: Request, draft_id: int) -> str:
        from gorod.loop import approve

        force = request.form.get("force") == "1"
        try:
            approve(game, draft_id, force=force)
        except LoopError as exc:       # what to do next, as buttons beside the refusal
            self.error(str(exc), [] if force else _draft_buttons(draft_id))
            return f"draft-{draft_id}"
        self.say(f"Черновик #{draft_id} одобрен.")
        return f"draft-{draft_id}"

    def do_draft_reject(self, game: Game, request: Request, draft_id: int) -> str:
        from gorod.loop import reject

        reject(game, draft_id)
        self.say(f"Черновик #{draft_id} отклонён.")
        return f"draft-{draft_id}"

    def do_approve_all(self, game: Game, request: Request) -> str:
        from gorod.loop import approve

        done = []
        for draft in game.records.drafts(["pending"]):
            try:
                approve(game, draft.id)
                done.append(draft.id)
            except LoopError as exc:
                self.error(str(exc), _draft_buttons(draft.id))
        self.say("Одобрены: " + (", ".join(f"#{i}" for i in done) or "ничего"))
        return "drafts"

    def do_publish(self, game: Game, request: Request) -> str:
        from gorod.loop import publish

        report = publish(game)
        for draft_id, error in report.failed.items():
            self.error(f"#{draft_id}: {error}")
        self.say("Отправлены на форум: " + (", ".join(f"#{i}" for i in report.posted) or "ничего"))
        return "drafts"

    def do_phase_end(self, game: Game, request: Request) -> str:
        """What `gorod phase end` does: the forum is read first (unless the GM says not to)."""
        from gorod.loop import end_now

        for line in end_now(game, read=request.form.get("no_read") != "1").lines(game):
            self.say(line)
        return "drafts"

    def do_phase_extend(self, game: Game, request: Request) -> str:
        from gorod.loop import extend

        clock = extend(game, hours=hours(request.form.get("hours")), force=request.form.get("force") == "1")
        self.say(f"Срок продлён до {moment(clock.deadline, game.config.schedule)}.")
        return "game"

    def do_mind_keep(self, game: Game, request: Request, order_id: int) -> str:
        from gorod.loop.mind import choices, choose

        notice = choose(game, order_id)
        other = [i for i in choices(notice) if i != order_id]
        self.say(f"Заявка #{order_id} в силе" + (f", #{other[0]} снята." if other else "."))
        return "orders"

    def do_draft_sent(self, game: Game, request: Request, draft_id: int) -> str:
        from gorod.loop.publish import mark_sent

        mark_sent(game, draft_id)
        self.say(f"Черновик #{draft_id}: ЛС на форуме есть, снова не отправляется.")
        return "drafts"

    def do_draft_resend(self, game: Game, request: Request, draft_id: int) -> str:
        from gorod.loop.publish import allow_resend

        allow_resend(game, draft_id)
        self.say(f"Черновик #{draft_id} уйдёт снова при следующей отправке.")
        return "drafts"

    def do_deal(self, game: Game, request: Request) -> str:
        from gorod.loop import deal

        deal(game)
        self.say("Роли розданы, открыта ночь 1; стартовые ЛС — в черновиках.")
        return "game"

    def do_question_answer(self, game: Game, request: Request) -> str:
        """The GM answers the engine's question for the player; a phase end it stopped goes on."""
        from gorod.loop.gm_answer import answer_by_gm

        value = request.form.get("answer", "").strip()
        if not value:
            raise LoopError("выберите ответ")
        done = answer_by_gm(game, value, to=request.form.get("to") or None,
                            ability=request.form.get("ability") or None)
        for line in done.lines:
            self.say(line)
        return "game"

    def do_notices_seen(self, game: Game, request: Request) -> str:
        from gorod.loop.inbox import mark_read

        one = request.form.get("id", "")
        mark_read(game, [int(one)] if one.isdigit() else None)
        return "orders"
