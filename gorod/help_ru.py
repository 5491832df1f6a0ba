"""The command line in Russian: argparse's own words and every subcommand's help.

    parser = RussianArgumentParser(prog="gorod", ...)   # argparse's messages in Russian, subparsers too
    russify(parser)                                     # the helps written in English, said in Russian

argparse's own messages («usage:», «the following arguments are required», «invalid
choice») go through `gettext`; `RussianArgumentParser` (and every subparser it makes)
says them in Russian (`ARGPARSE_RU`). Subcommands written with English helps get their
Russian text from `HELP_RU` (the English text is the key, as in a gettext catalog);
tests/test_cli_russian.py holds every help of every subcommand to Cyrillic, so a new
English help without its Russian fails there.
"""
from __future__ import annotations

import argparse
import re

# argparse's messages (CPython 3.11-3.13), by their English text
ARGPARSE_RU = {
    "usage: ": "использование: ",
    "positional arguments": "позиционные аргументы",
    "options": "параметры",
    "optional arguments": "параметры",
    "show this help message and exit": "показать эту справку и выйти",
    "%(prog)s: error: %(message)s\n": "%(prog)s: ошибка: %(message)s\n",
    "the following arguments are required: %s": "нужны аргументы: %s",
    "unrecognized arguments: %s": "непонятные аргументы: %s",
    "invalid choice: %(value)r (choose from %(choices)s)": "нет такого варианта: %(value)r (выберите из %(choices)s)",
    "argument %(argument_name)s: %(message)s": "аргумент %(argument_name)s: %(message)s",
    "expected one argument": "нужно одно значение",
    "expected at most one argument": "нужно не больше одного значения",
    "expected at least one argument": "нужно хотя бы одно значение",
    "invalid %(type)s value: %(value)r": "неверное значение (%(type)s): %(value)r",
    "not allowed with argument %s": "нельзя вместе с аргументом %s",
    "one of the arguments %s is required": "нужен один из аргументов %s",
    "ignored explicit argument %r": "лишнее значение %r",
    "ambiguous option: %(option)s could match %(matches)s": "неоднозначный параметр: %(option)s может быть %(matches)s",
    "unexpected option string: %s": "неожиданный параметр: %s",
    "%r is not callable": "%r нельзя вызвать",
    "can't open '%(filename)s': %(error)s": "не открыть «%(filename)s»: %(error)s",
    "expected %s argument": "нужно значений: %s",
    "expected %s arguments": "нужно значений: %s",
    "show program's version number and exit": "показать версию и выйти",
}

GAME = "файл игры (по умолчанию $GOROD_GAME или ./game.yaml)"

HELP_RU = {
    # options many commands share
    "the game config (default: $GOROD_GAME or ./game.yaml)": GAME,
    # deal
    "the deal's seed (default: the config's, or a random one)": "зерно раздачи (по умолчанию из конфига или случайное)",
    # demo
    "the game file of another archived game to show (like every --game, a file): its folder holds thread/ "
    "(saved pages) and pms/ (saved PM pages)":
        "файл другой архивной игры (как всякий --game — файл): в его папке thread/ (сохранённые страницы) и pms/ "
        "(сохранённые страницы ЛС)",
    "also print the GM's trace (why each result)": "напечатать и след мастера (почему каждый итог)",
    # drafts
    "also rejected and posted drafts": "и отклонённые, и отправленные черновики",
    "every pending draft": "все ждущие черновики",
    "approve despite the secrets check, or a receipt gone stale (its phase over, its orders dropped)":
        "одобрить несмотря на проверку тайн или устаревший приём (его заявки сняты); приём прошедшей фазы — "
        "только если мастер переписал его текст",
    "the new text from a file ('-': stdin)": "новый текст из файла ('-': стандартный ввод)",
    "a new title (PMs)": "новый заголовок (для ЛС)",
    # forum
    "also post one test reply in this thread (not the game's, unless you mean it)":
        "ещё и написать один пробный ответ в эту тему (не в игровую, если вы этого не хотите)",
    "the test reply's text (default: a Russian note saying it is a test)": "текст пробного ответа (по умолчанию: «это проверка»)",
    "with --write: also send one test PM to this member (found again in the sent list); a confirmed reply and PM "
    "are taken off a learned profile's unconfirmed: list":
        "с --write: ещё и одно пробное ЛС этому участнику (находится потом в отправленных); подтверждённые ответ "
        "и ЛС уходят из списка unconfirmed: выученного профиля",
    "a thread page, fetched through gorod's HTTP client (as the GM when --inbox is a URL), and its next page (the "
    "page's rel=next link) unless --one-page":
        "страница темы, которую gorod скачает (от имени мастера, если --inbox — адрес), и следующая за ней "
        "(ссылка rel=next), если не указано --one-page",
    "saved pages of one thread (page 1 and 2 are best), read offline": "сохранённые страницы одной темы (лучше 1-я и 2-я), без сети",
    "the GM's PM inbox: a URL (gorod logs in through the login form it learns, as --user) or a saved copy of the "
    "page as the GM sees it":
        "входящие ЛС мастера: адрес (gorod входит через найденную форму входа как --user) или сохранённая "
        "страница, как её видит мастер",
    "conversation pages (a row's page of the inbox; two or three are best): saved files, or with --inbox URL "
    "addresses read as the GM (needed when the inbox has one row)":
        "страницы переписок (лучше две-три): сохранённые файлы или, с --inbox-адресом, адреса, читаемые от имени "
        "мастера (нужны, когда во входящих одна строка)",
    "a saved page with the login form (offline; with --inbox URL it is found)":
        "сохранённая страница с формой входа (без сети; с --inbox-адресом она находится сама)",
    "the GM's user name on the forum (needed with --inbox URL)": "имя мастера на форуме (нужно с --inbox-адресом)",
    "the environment variable holding the GM's password (default GOROD_GM_PASSWORD)":
        "переменная окружения с паролем мастера (по умолчанию GOROD_GM_PASSWORD)",
    "write the profile here (default: stdout)": "куда записать профиль (по умолчанию стандартный вывод)",
    "the profile's name (default: the --out file's stem)": "имя профиля (по умолчанию имя файла --out)",
    "the forum's time zone for times written without one (default UTC)":
        "часовой пояс форума для времени без пояса (по умолчанию UTC)",
    "with a URL: do not read its next page": "с адресом: не читать следующую страницу",
    # inbox
    "also what was read, and notices of past phases": "и прочитанное, и уведомления прошлых фаз",
    "mark these items read": "отметить эти пункты прочитанными",
    "mark every unread item read": "отметить прочитанными все непрочитанные",
    # init
    "where to write it (default: game.yaml)": "куда записать (по умолчанию game.yaml)",
    # memo
    "a game file with a `parsing:` section": "файл игры с разделом `parsing:`",
    "only the abilities of this role (open or secret); repeatable": "только способности этой роли (явной или тайной); можно несколько раз",
    # order
    "free text written by this player": "свободный текст от имени этого игрока",
    "the free text was a post, not a PM (default: a PM, or as the --resolves item came)":
        "свободный текст был постом в теме, а не ЛС (по умолчанию ЛС или как пришёл пункт --resolves)",
    "the unresolved item (?ID) this settles": "неясный пункт (?ID), который этим решается",
    "also dropped, superseded and late ones": "и снятые, заменённые и опоздавшие",
    # parse
    "the game: players and parse settings (default: $GOROD_GAME or ./game.yaml); once the roles are dealt, the "
    "players as they are now (dealt secret roles, open roles passed on)":
        "игра: игроки и настройки разбора (по умолчанию $GOROD_GAME или ./game.yaml); после раздачи — игроки, "
        "как они сейчас (розданные тайные роли, переданные явные)",
    "the author (a player); without it orders have by: null": "автор (игрок); без него у заявок by: null",
    "the text is a PM to the GM or a post's private text (secret orders)":
        "текст — ЛС мастеру или скрытая часть поста (тайные заявки)",
    # phase
    "end it even if it opened under 10 minutes ago by a phase end and has no orders (without it such a phase is "
    "refused: a repeated command would lose the players' phase)":
        "закончить, даже если фаза открыта концом фазы меньше 10 минут назад и заявок нет (без этого такая фаза "
        "не заканчивается: повторённая команда потеряла бы фазу игроков)",
    "the new deadline, in the schedule's time zone": "новый срок, в часовом поясе расписания",
    "past the two-day limit of a game day": "сверх двух суток на игровой день",
    # replay
    "a thread URL, a folder of saved pages, or a game store (*.sqlite3)":
        "адрес темы, папка сохранённых страниц или хранилище игры (*.sqlite3)",
    "the game config (players with their secret roles, rulings, parsing, replay)":
        "файл игры (игроки с тайными ролями, толкования, разбор, replay)",
    "the GM's PMs: a folder of saved PM pages, or JSON": "ЛС мастера: папка сохранённых страниц ЛС или JSON",
    "also print the drafted private messages": "напечатать и черновики личных сообщений",
    "also print why each result happened": "напечатать и почему случился каждый итог",
    "show a progress bar on stderr (default: when stderr is a terminal)":
        "показывать ход работы в stderr (по умолчанию — когда stderr это терминал)",
    # run
    "one round, then exit": "один круг и выйти",
    "print each round's report as JSON": "отчёт каждого круга в JSON",
    "read the whole thread from page 1 (edits on older pages); otherwise every 10th round and before a deadline":
        "перечитать всю тему с 1-й страницы (правки на старых страницах); иначе — каждый 10-й круг и перед сроком",
    # scenario
    "print only mismatches and the summary": "печатать только расхождения и итог",
    # scrape
    "saved page, folder of saved pages, or http(s) URL of a thread page":
        "сохранённая страница, папка страниц или http(s)-адрес страницы темы",
    "engine profile name or YAML path; 'auto' (default) detects it per page":
        "имя профиля движка или путь к YAML; 'auto' (по умолчанию) — определить по странице",
    "print a JSON list of posts (id, author, posted_at, edited, text, quotes, page, ...)":
        "список постов в JSON (id, author, posted_at, edited, text, quotes, page, …)",
    "for URLs: follow the pages' next-page links to the thread's end": "для адресов: идти по ссылкам на следующую страницу до конца темы",
    "for URLs: at least this long between two requests to the forum (default 1)":
        "для адресов: не меньше стольких секунд между запросами к форуму (по умолчанию 1)",
    "the account whose inbox is read (the GM's)": "учётная запись, чьи входящие ЛС читаются (мастера)",
    "the environment variable holding that account's password": "переменная окружения с её паролем",
    # signup
    "forum engine profile name or YAML path; 'auto' (default) detects it":
        "имя профиля движка форума или путь к YAML; 'auto' (по умолчанию) — определить",
    "the GM's nickname: his posts are not applications": "ник мастера: его посты — не заявки на роль",
    "print JSON instead of a Russian summary": "JSON вместо сводки по-русски",
    # web
    "the port on 127.0.0.1 (default 8765; 0: any free one)": "порт на 127.0.0.1 (по умолчанию 8765; 0 — любой свободный)",
    "the bundled demo game as a running game (day 2 open), offline: nothing is posted anywhere":
        "встроенная демо-игра как идущая (открыт день 2), без сети: ничего никуда не отправляется",
    # descriptions
    "Replay the bundled demo game — twelve players, five nights and days, played on a real Spirit forum and saved "
    "as its pages — offline: parse every order from the posts and the GM's PMs, resolve each phase, and print in "
    "Russian the news post and the private messages gorod drafts, what the game's GM announced, every difference, "
    "and a summary table. Exit 0: no difference from the GM; 1: differences.":
        "Переиграть встроенную демо-игру (двенадцать игроков, пять ночей и дней, сыграна на настоящем форуме "
        "Spirit и сохранена страницами) без сети: разобрать каждую заявку из постов и ЛС мастера, разрешить каждую "
        "фазу и напечатать посты новостей и личные сообщения, которые готовит gorod, что объявил мастер, каждое "
        "расхождение и сводную таблицу. Код выхода 0 — расхождений с мастером нет; 1 — есть.",
    "List the drafts: id, state, kind, audience, title. By default the pending and approved ones; --all adds "
    "rejected and posted ones (with the forum's ids of what was posted).":
        "Список черновиков: номер, состояние, вид, адресат, заголовок. По умолчанию ждущие и одобренные; --all "
        "добавляет отклонённые и отправленные (с номерами на форуме).",
    "Print a draft's title and text, whether it was edited, the events it was built from (the trace: rule and "
    "orders), the secrets check, and where it was posted.":
        "Заголовок и текст черновика, правил ли его мастер, события, из которых он сделан (правило и заявки), "
        "проверка тайн и где он опубликован.",
    "Reject a pending or approved draft; it stays in the store and is never posted unless the GM approves it "
    "again by its number (`gorod approve ID`: an undo of a mistaken rejection; `approve --all` takes only "
    "pending drafts).":
        "Отклонить ждущий или одобренный черновик; он остаётся в хранилище и не отправляется, пока мастер не "
        "одобрит его снова по номеру (`gorod approve ID` отменяет ошибочное отклонение; `approve --all` берёт "
        "только ждущие).",
    "Open the draft's text in $EDITOR (or read it from --file, '-' for stdin). An approved draft goes back to "
    "pending: a changed text needs approval.":
        "Открыть текст черновика в $EDITOR (или взять из --file, '-' — стандартный ввод). Одобренный черновик "
        "снова ждёт одобрения: изменённый текст надо одобрить.",
    "Render the drafts of a resolved phase again from its events, with the templates as they are now. Pending "
    "drafts not edited by hand get the new text; edited, approved and posted ones are kept.":
        "Сделать черновики разрешённой фазы заново из её событий по нынешним шаблонам. Ждущие и не правленные "
        "получают новый текст; правленные, одобренные и отправленные остаются.",
    "For a PM gorod may or may not have sent (its answer lost, and no PM list on this forum gorod can read to "
    "look): the GM found it on the forum, so its unconfirmed parts are marked sent and never sent again.":
        "ЛС, про которое gorod не знает, ушло ли оно (ответ форума потерян, а списка отправленных ЛС gorod "
        "прочитать не может): мастер нашёл его на форуме — неподтверждённые части отмечаются отправленными и "
        "больше не отправляются.",
    "For a PM gorod may or may not have sent: the GM did not find it on the forum, so the next `gorod publish` "
    "(or round of `gorod run`) sends its unconfirmed parts once more.":
        "ЛС, про которое gorod не знает, ушло ли оно: мастер не нашёл его на форуме — следующий `gorod publish` "
        "(или круг `gorod run`) отправит неподтверждённые части ещё раз.",
    "Commands about the game's forum itself (its profile, login, pages).":
        "Команды о самом форуме игры (его профиль, вход, страницы).",
    "Read one or two pages of a thread (a URL, or saved pages with --pages), find the repeated post blocks and in "
    "them the post id, the author, the time, the body, quotes and spoilers, the edit notice and the pagination, "
    "and the reply form; with the GM's PM inbox (--inbox URL with --user, or saved pages: --inbox FILE "
    "--conversations FILE...) also the inbox's rows (link, subject, sender, time, message count), a "
    "conversation's messages, the login form and the new-PM form. Write a commented profile YAML (to --out or "
    "stdout) usable at once with `gorod scrape --profile FILE` (and `gorod scrape --pm`), and print a Russian "
    "report (to stderr when the YAML goes to stdout) with the first posts and conversations as the learned "
    "profile reads them. A field it cannot find is named, not guessed. The write: section is proposed from the "
    "forms and marked unconfirmed until `gorod forum check --write` has posted through it. Exit status 1 when "
    "nothing a profile can be made of is found, 2 for bad arguments.":
        "Прочитать одну-две страницы темы (адрес или сохранённые страницы --pages), найти повторяющиеся блоки "
        "постов и в них номер поста, автора, время, текст, цитаты и спойлеры, отметку о правке, листание и форму "
        "ответа; с входящими ЛС мастера (--inbox-адрес с --user или сохранённые страницы: --inbox ФАЙЛ "
        "--conversations ФАЙЛ...) ещё строки входящих (ссылка, тема, отправитель, время, число сообщений), "
        "сообщения переписки, форму входа и форму нового ЛС. Записать профиль YAML с комментариями (в --out или "
        "стандартный вывод), годный сразу для `gorod scrape --profile ФАЙЛ` (и `gorod scrape --pm`), и "
        "напечатать отчёт по-русски (в stderr, если YAML идёт в стандартный вывод) с первыми постами и "
        "переписками, как их читает выученный профиль. Поле, которое не найдено, называется, а не угадывается. "
        "Раздел write: предлагается по формам и помечен неподтверждённым, пока `gorod forum check --write` не "
        "напишет через него. Код выхода 1 — не найдено ничего, из чего сделать профиль, 2 — неверные аргументы.",
    "Write a commented example game config: the forum and the GM's account, the players, the schedule in Moscow "
    "time, rulings, parsing, templates. Edit it, then `gorod run --once` (the thread so far: sign-ups are talk) "
    "and `gorod deal` (README: «Руководство мастера»). An existing file is never overwritten.":
        "Записать пример файла игры с комментариями: форум и учётная запись мастера, игроки, расписание по "
        "Москве, толкования, разбор, шаблоны. Заполните его, потом `gorod run --once` (тема до сих пор: запись "
        "на роли — разговоры) и `gorod deal` (README: «Руководство мастера»). Существующий файл не "
        "перезаписывается.",
    "The GM's overrides of the open phase: `add` an order given by Skype/ICQ or one that settles an unresolved "
    "item, `drop` one gorod read (it stays stored, marked dropped), `restore` a dropped, superseded or late one, "
    "`list` them.":
        "Поправки мастера в открытой фазе: `add` — заявка, пришедшая по Skype/ICQ, или решение неясного пункта; "
        "`drop` — снять прочитанную (она остаётся в хранилище, помеченная снятой); `restore` — вернуть снятую, "
        "заменённую или опоздавшую; `keep` — оставить одну из двух заявок «передумал(а)?»; `list` — список.",
    "Rebuild a finished (or running) game's timeline from its thread and the GM's PMs, parse every order, resolve "
    "each phase and print what gorod would have drafted and every difference from what the GM announced. Exit 0: "
    "no difference; 1: differences; 2: cannot read the game or the source.":
        "Восстановить ход законченной (или идущей) игры по её теме и ЛС мастера, разобрать каждую заявку, "
        "разрешить каждую фазу и напечатать, что подготовил бы gorod, и каждое расхождение с объявленным "
        "мастером. Код выхода 0 — расхождений нет; 1 — есть; 2 — игра или источник не читаются.",
    "Rules scenarios: small games written as YAML (FORMAT.md).": "Сценарии правил: маленькие игры в YAML (FORMAT.md).",
    "Resolve every phase of FILE and print one JSON object (FORMAT.md). Exit 0; on a file the engine cannot run, "
    "print {\"error\": ...} naming the file, phase and order, and exit 2.":
        "Разрешить каждую фазу FILE и напечатать один объект JSON (FORMAT.md). Код выхода 0; для файла, который "
        "движок не может выполнить, — {\"error\": …} с файлом, фазой и заявкой и код 2.",
    "Run each FILE and compare with its `expect` blocks; print each mismatch (file, phase, key, expected, got). "
    "Exit 1 on any mismatch, 2 if a file cannot be run.":
        "Выполнить каждый FILE и сравнить с его блоками `expect`; напечатать каждое расхождение (файл, фаза, "
        "ключ, ожидалось, получено). Код выхода 1 при любом расхождении, 2 — файл не выполняется.",
    "Rebuild the game's state by folding the stored orders through the engine and print the players (roles, "
    "lives, status: the GM's eyes only), the open phase and its deadline, its orders, unresolved items and "
    "notices. --at PHASE ('start', 'night 1', 'day 2') shows the moment after that phase, and what came of each "
    "of its orders (refused, or taken but without effect, as a bite on a target other Demons chose: its author is "
    "never told).":
        "Восстановить состояние игры, прогнав сохранённые заявки через движок, и напечатать игроков (роли, "
        "жизни, статус — только для глаз мастера), открытую фазу и её срок, её заявки, неясные пункты и "
        "уведомления. --at ФАЗА ('start', 'night 1', 'day 2') — момент после этой фазы и что стало с каждой её "
        "заявкой (отклонена или принята без действия, как укус цели, выбранной другими Демонами: автору об "
        "этом не говорят).",
    "Assign the secret roles the config does not fix at random from `secret_roles:` (the seed is recorded), open "
    "night 1 with its deadline, and draft one start PM per player (his roles, the Лич's and Демонолог's team, a "
    "request for a mask or cards). Nothing is posted: review with `gorod drafts`, then `gorod approve`.":
        "Раздать случайно из `secret_roles:` тайные роли, которые конфиг не задаёт (зерно записывается), открыть "
        "ночь 1 со сроком и подготовить каждому игроку стартовое ЛС (его роли, команда Лича и Демонолога, просьба "
        "о маске или картах). Ничего не отправляется: посмотрите `gorod drafts`, потом `gorod approve`.",
    "Approve drafts: they are posted by `gorod publish` or the next `gorod run`. A draft whose text names a secret "
    "its audience does not know is refused unless --force, and so is a receipt gone stale (its phase resolved, or "
    "the GM dropped its orders) or a «не учтена» notice of an order the GM restored. A rejected draft named by its "
    "number is approved again (an undo of `gorod reject`); --all takes only the pending ones.":
        "Одобрить черновики: их отправит `gorod publish` или следующий круг `gorod run`. Черновик, называющий "
        "тайну, которой его читатель не знает, не одобряется без --force, как и устаревший приём (его заявки "
        "сняты) и «не учтена» о заявке, которую мастер вернул; приём прошедшей фазы gorod отзывает сам и "
        "одобряется только переписанным. Отклонённый черновик, названный по номеру, одобряется снова (отмена "
        "`gorod reject`); --all берёт только ждущие.",
    "List what waits for the GM: every PM, and every post addressed to the GM (his name, «мастер», «ведущий», "
    "«ГМ»), that holds no order; and the notices of the open phase (edits with their diffs, deleted posts, errors, "
    "a complete vote, orders skipped). A notice whose cause is gone (a draft posted after an error) is read by "
    "itself. --read marks items read.":
        "Что ждёт мастера: каждое ЛС и каждый пост к мастеру (его ник, «мастер», «ведущий», «ГМ») без заявки; "
        "уведомления открытой фазы (правки с разницей, удалённые посты, ошибки, все проголосовали, пропущенные "
        "заявки, «передумал(а)?»). Уведомление, чья причина ушла (черновик отправлен после ошибки), "
        "читается само. --read отмечает прочитанным.",
    "Print, in Russian, how to write every order of the game, generated from the ability registry and the "
    "parser's vocabulary (the examples are the ones the parser is tested on). With --game, the vote forms and the "
    "«комментарий» rule of that game's `parsing:` section are used, and under its `rulings: standing_orders: false` "
    "how to answer the GM's question at a death.":
        "Напечатать памятку игрока: как писать каждую заявку игры, по списку способностей и словарю разбора "
        "(примеры — те, на которых разбор проверен). С --game берутся формы голоса и правило «комментарий» из "
        "раздела `parsing:` этой игры, а при `rulings: standing_orders: false` — как отвечать на вопрос мастера "
        "в момент смерти.",
    "Add an order to the open phase: in the order form '{by: Аня, ability: Укус, target: Боря}', or free text with "
    "--from NICK (read by the order parser as a PM, or as a post with --public; with --resolves ID as the item "
    "came: a post's item is read as a post, so a vote in it counts).":
        "Добавить заявку в открытую фазу: в форме '{by: Аня, ability: Укус, target: Боря}' или свободным текстом "
        "с --from НИК (разбирается как ЛС, с --public — как пост; с --resolves ID — как пришёл пункт: пункт из "
        "поста читается как пост, и голос в нём засчитывается).",
    "Resolve the open phase on a copy of the game as if it ended now, with the orders in force, and print what the "
    "engine decides: each order («в силе», «будет отклонена: использовано», «заменена #39»), and by day each vote "
    "with its weight and why, the totals, who would be executed and who has not voted. Nothing is stored; the "
    "same dry run feeds the console's tally.":
        "Разрешить открытую фазу на копии игры, как если бы она кончилась сейчас, по заявкам в силе, и "
        "напечатать решение движка: каждая заявка («в силе», «будет отклонена: использовано», «заменена #39»), "
        "днём — каждый голос с весом и причиной, итоги, кого казнят и кто не голосовал. Ничего не сохраняется; "
        "тот же прогон показывает консоль.",
    "Serve the GM's console on 127.0.0.1: the game (players with open and secret roles, lives, statuses, masks; "
    "phase, moon, deadline countdown), this phase's orders with their source texts and the unresolved ones to "
    "pick, the live vote tally with each vote's weight and why, the drafts as the forum will show them («почему?» "
    "per line, edit, approve / reject, approve all, posting status), manual orders and overrides, the game's "
    "rulings. A random access token is printed at start: open the printed URL once, the browser keeps a cookie. "
    "Stop with Ctrl+C.":
        "Консоль мастера на 127.0.0.1: игра (игроки с явными и тайными ролями, жизни, статусы, маски; фаза, "
        "луна, отсчёт до срока), заявки фазы с текстами источников и неясные пункты на выбор, голосование "
        "сейчас с весом и причиной каждого голоса, черновики, как их покажет форум («почему?» у каждой строки, "
        "правка, одобрить / отклонить, одобрить все, ход отправки), ручные заявки и поправки, толкования игры. "
        "При запуске печатается токен доступа (один на игру, хранится в её хранилище: ссылка работает и "
        "после перезапуска): откройте напечатанный адрес один раз, браузер запомнит cookie. Остановить: Ctrl+C.",
    "the new-PM page (its form becomes write.pm); default with --inbox URL: the inbox's «Написать»/«Compose» link":
        "страница нового ЛС (её форма станет write.pm); по умолчанию с --inbox-адресом — ссылка «Написать» "
        "во входящих",
    "the orders of this phase («ночь 1», «день 2»; default: the open one)": "заявки этой фазы («ночь 1», «день 2»; по умолчанию открытой)",
    "the phase to end ('день 2'): refused if another one is open; confirms like --yes":
        "фаза, которую закончить ('день 2'): отказ, если открыта другая; подтверждает, как --yes",
    "the time relative dates («сегодня», 'Yesterday') count from (default: now; set it to when the pages were saved)":
        "от какого момента считать «сегодня» и «вчера» (по умолчанию сейчас; поставьте время сохранения страниц)",
    "read the PM inbox of a live forum (личные сообщения)": "прочитать входящие ЛС живого форума",
    "after this phase ('start', «ночь 1», «день 1», 'night 1', 'day1', ...)":
        "после этой фазы ('start', «ночь 1», «день 1», 'night 1', 'day1', …)",
    # descriptions changed since (h/once, h/count, h/clock, h/orders)
    "Draft a post for the game's thread with the open day's vote count as the thread shows it: each candidate with the players whose last vote in the thread is for him, who has not voted, when it was counted and when the day ends. Only public facts: the votes as posted and withdrawn, the Мэр's two votes, abilities used in public (Митинг, Смена пола); never a vote dictated, saved or lost in secret (gorod tally shows the engine's real tally to the GM alone). The thread is read first (--no-read: not). The draft waits for approval like every post (gorod show, gorod approve) and replaces the day's counts not yet approved. Refused at night, before the deal and after the game's end. The game file's vote_count: drafts counts on a schedule.":
        "Подготовить пост в тему с подсчётом голосов открытого дня, как его видно по теме: каждый кандидат с игроками, чей последний голос в теме за него, кто не голосовал, когда подсчитано и когда кончается день. Только открытое: голоса, как их написали и сняли, два голоса Мэра, способности, применённые публично (Митинг, Смена пола); никогда — голос продиктованный, сохранённый или тайно потерянный (настоящий подсчёт движка мастер видит в gorod tally). Сначала читается тема (--no-read — нет). Черновик ждёт одобрения, как любой пост (gorod show, gorod approve), и заменяет ещё не одобренные подсчёты этого дня. Ночью, до раздачи и после конца игры — отказ. Раздел vote_count: файла игры готовит подсчёты по расписанию.",
    "Post every approved draft to the forum (a reply in the thread, or a PM), split where the forum caps length; after a crash, what reached the forum is found there and not sent again. Each draft is read again just before it is sent: one rejected or edited meanwhile is not sent with its old text. Refused while another process resolves or posts (`gorod run`'s round, another publish, the console: the game's writer lock), naming it and its PID.":
        "Отправить на форум все одобренные черновики (ответом в теме или ЛС), деля длинные по пределу форума; после сбоя дошедшее находится на форуме и не отправляется снова. Каждый черновик перечитывается прямо перед отправкой: отклонённый или исправленный тем временем не уходит со старым текстом. Отказ, пока другой процесс разрешает фазу или отправляет (круг `gorod run`, другая отправка, консоль: блокировка записи игры), с его названием и PID.",
    "With the game file: log in as the GM, read the thread's first and last page (posts, authors, times, quotes, edits), the PM list and its newest conversation, compare the times read with the forum's clock (its Date header) and the zone its pages state (the member's setting, the page's current time: the profile's clock:) with the profile's timezone, and look for the writer's forms; print one Russian line per check, ok or the exact problem with the profile key behind it. Posts nothing unless --write names a thread (one test reply there, its shown time checked against when it was posted, and with --pm-to one test PM, each found again by the crash lookup; nothing is deleted; what was confirmed is taken off the unconfirmed: list of the GM's own profile file). Exit status 1 when a check fails, 2 for a game file that cannot be read.":
        "С файлом игры: войти как мастер, прочитать первую и последнюю страницу темы (посты, авторы, время, цитаты, правки), список ЛС и свежую переписку, сравнить прочитанное время с часами форума (его заголовок Date) и пояс, который называют страницы (настройка участника, текущее время страницы: clock: профиля), с timezone профиля, найти формы для ответа и ЛС; по строке на проверку: «ок» или точная беда и ключ профиля за ней. Ничего не пишет, если --write не называет тему (там один пробный ответ, его показанное время сверяется с временем отправки, с --pm-to ещё одно пробное ЛС; оба находятся потом поиском после сбоя; ничего не удаляется; подтверждённое уходит из списка unconfirmed: профиля мастера). Код выхода 1 — проверка не прошла, 2 — файл игры не читается.",
    "Read one post or PM text on stdin and print JSON {\"orders\": [...], \"unresolved\": [...], \"talk\": [...]}: each order in the order mapping of FORMAT.md (by, ability, target, ...), each unresolved item with text, reason (Russian) and candidates; a sentence that looks like an order but cannot be read is an item with code order_like whose candidates are whole orders («похоже на голос против Лиса?»); each clause that is no order and no question is in talk with the rule that makes it talk (rule, why in Russian; shown: a PM's clause the GM is shown). Quotes ([quote], «>» lines, «X писал(а):») are cut out before reading. [b]/[color] BBCode in the text counts as emphasis. GAME.yaml needs `players:` (nickname: {open, secret}) and may have `parsing:` (vote_forms, vote_emphasis, vote_color, orders_outside_comment, comment_label, threshold, margin, aliases).":
        "Прочитать текст одного поста или ЛС из стандартного ввода и напечатать JSON {\"orders\": [...], \"unresolved\": [...], \"talk\": [...]}: каждая заявка в виде FORMAT.md (by, ability, target, …), каждый неясный пункт с текстом, причиной и кандидатами; фраза, похожая на заявку, но не прочитанная, — пункт с кодом order_like, его кандидаты — целые заявки («похоже на голос против Лиса?»); каждая часть, что не заявка и не вопрос, — в talk с правилом, по которому она разговор (rule, why по-русски; shown — часть ЛС, которую показывают мастеру). Цитаты ([quote], строки «>», «X писал(а):») вырезаются до чтения. BBCode [b]/[color] — выделение. В GAME.yaml нужны `players:` (ник: {open, secret}), может быть `parsing:` (vote_forms, vote_emphasis, vote_color, orders_outside_comment, comment_label, threshold, margin, aliases).",
    "`end`: resolve the open phase now (a day whose vote is complete may end early) and draft its results; refused while another process resolves or posts (a round of `gorod run`, `gorod publish`, the console: the game's writer lock), naming it and its PID, and a phase resolved meanwhile is said so, nothing done. `extend`: move its deadline by --hours or to --until 'YYYY-MM-DD HH:MM' (Moscow time); past two real days for a game day only with --force (the rules).":
        "`end` — разрешить открытую фазу сейчас (день, где все проголосовали, можно закончить раньше) и подготовить итоги; отказ, пока другой процесс разрешает или отправляет (круг `gorod run`, `gorod publish`, консоль: блокировка записи игры), с его названием и PID, а о фазе, разрешённой тем временем, так и говорится, ничего не делается. `extend` — сдвинуть срок на --hours или до --until 'ГГГГ-ММ-ДД ЧЧ:ММ' (по Москве); больше двух суток на игровой день — только с --force (по правилам).",
    "Every `poll_interval` seconds: read new posts and PMs and store their orders, resolve day orders at once, draft the «резолв» before each deadline, resolve the phase at its deadline and draft the news post and PMs, and post the drafts the GM approved. At a deadline the phase is resolved only after a whole read of the thread and the PMs begun after the deadline: while the forum cannot be read, each round says so («дедлайн прошёл, форум не читается с …») and the phase waits (`gorod phase end --no-read` ends it without the read). --once does one round and exits (for cron and checks); --no-post and --no-read hold for every round. One worker per game: a second `gorod run` on the same store is refused, naming the PID of the one running (a lock file beside the store, *.sqlite3.run-lock). Each round holds the game's writer lock (*.sqlite3.write-lock) that `gorod phase end`, `gorod publish` and the console's buttons take too: a round that finds it taken is skipped, naming the holder.":
        "Каждые `poll_interval` секунд: прочитать новые посты и ЛС и сохранить заявки, сразу разрешать дневные заявки, готовить «резолв» перед каждым сроком, разрешать фазу в срок и готовить пост новостей и ЛС, отправлять одобренное мастером. В срок фаза разрешается только после полного чтения темы и ЛС, начатого после срока: пока форум не читается, каждый круг говорит об этом («дедлайн прошёл, форум не читается с …»), и фаза ждёт (`gorod phase end --no-read` заканчивает её без чтения). --once — один круг и выход (для cron и проверок); --no-post и --no-read действуют в каждом круге. Один процесс на игру: второй `gorod run` на том же хранилище не запускается и называет PID первого (файл блокировки рядом с хранилищем, *.sqlite3.run-lock). Каждый круг держит блокировку записи игры (*.sqlite3.write-lock), которую берут и `gorod phase end`, `gorod publish`, и кнопки консоли: круг, нашедший её занятой, пропускается с названием держателя.",
}

def _ru(text: str) -> str:
    return ARGPARSE_RU.get(text, text)


def _nru(singular: str, plural: str, n: int) -> str:
    return _ru(singular if n == 1 else plural)


def install() -> None:
    """argparse's own words in Russian for every parser of this process: argparse looks each
    one up through gettext (its module's `_` and `ngettext`) when it says it."""
    argparse._ = _ru
    argparse.ngettext = _nru


class RussianArgumentParser(argparse.ArgumentParser):
    """An ArgumentParser that speaks Russian: argparse's words (`install`), its subparsers
    too (they are made of this class), and after `russify` the English helps."""

    def __init__(self, *args, **kwargs):
        install()
        super().__init__(*args, **kwargs)


def russify(parser: argparse.ArgumentParser) -> None:
    """Every help and description written in English, in its Russian from `HELP_RU`."""
    for sub in walk(parser):
        if sub.description:
            sub.description = HELP_RU.get(" ".join(sub.description.split()), sub.description)
        for action in sub._actions:
            if action.help and action.help is not argparse.SUPPRESS:
                action.help = HELP_RU.get(" ".join(action.help.split()), ARGPARSE_RU.get(action.help, action.help))


def walk(parser: argparse.ArgumentParser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from walk(sub)
