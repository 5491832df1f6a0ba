"""`gorod signup SOURCE... [--profile …] [--gm NICK] [--json]`: open roles from the sign-up posts,
and the `players:` block to paste into the game file. A SOURCE that is a thread's address is
read from the forum, every page (`gorod scrape URL --follow`)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import urlsplit


def register(sub) -> None:
    parser = sub.add_parser(
        "signup", help="раздать явные роли по постам записи (поле «класс»)",
        description="Прочитать посты записи на игру и отдать каждую явную роль первому, чей «класс» "
        "её называет, в порядке постов (одна роль — один игрок). Перечисляет опоздавших (роль уже "
        "занята), повторные заявки (второй пост игрока с ролью) и непонятные классы (с похожими "
        "ролями), и печатает блок players: для файла игры. SOURCE — адрес темы записи на форуме "
        "(читаются все её страницы), сохранённая страница или папка страниц (--profile, по "
        "умолчанию определяется сам) или JSON-файл постов из `gorod scrape --json`.")
    parser.add_argument("sources", nargs="+", metavar="SOURCE",
                        help="адрес темы записи, сохранённая страница, папка страниц или JSON постов")
    parser.add_argument("--profile", default="auto",
                        help="forum engine profile name or YAML path; 'auto' (default) detects it")
    parser.add_argument("--gm", metavar="NICK", help="the GM's nickname: his posts are not applications")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a Russian summary")
    parser.set_defaults(handler=_signup)


def _posts(sources: list[str], profile_name: str):
    from config.profiles import load_profile
    from scraper.extract import extract_file, page_files, thread_order
    from scraper.signup import posts_from_json

    profile = None if profile_name == "auto" else load_profile(profile_name)
    pages = []
    posts = []
    for source in sources:
        if urlsplit(source).scheme in ("http", "https"):     # the sign-up thread on the forum itself
            from gorod.commands.scrape import read_pages
            pages.extend(read_pages([source], profile, None, True, 1.0))
            continue
        path = Path(source)
        if not path.exists():
            raise ValueError(f"{source}: нет такого файла или папки (а адрес темы начинается с http:// или https://)")
        if path.suffix.lower() == ".json" and path.is_file():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                data = None
            if isinstance(data, list):
                posts.extend(posts_from_json(data, source))
                continue
        for file in page_files(path):
            pages.append(extract_file(file, profile))
    return posts + thread_order(pages)


def _signup(args) -> int:
    from config.profiles import ProfileError
    from scraper.errors import ScraperError, failure_in_russian
    from scraper.signup import read_signups

    import logging

    from gorod.commands._game import RetryNotice

    retries = RetryNotice("signup")          # a forum that does not answer is said in Russian at once
    logging.getLogger("scraper.http").addHandler(retries)
    try:
        posts = _posts(args.sources, args.profile)
    except ProfileError as exc:
        print(f"gorod signup: {exc}", file=sys.stderr)
        return 2
    except ScraperError as exc:
        print(f"gorod signup: {failure_in_russian(exc)}", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(f"gorod signup: {exc}", file=sys.stderr)
        return 1
    finally:
        logging.getLogger("scraper.http").removeHandler(retries)
    result = read_signups(posts, gm=args.gm)
    if args.json:
        json.dump({**result.to_json(), "players": result.players}, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    data = result.to_json()
    out = [f"Заявки. Занято явных ролей: {len(data['assigned'])}, свободно: {len(data['free'])}."]
    for role, nick in data["assigned"].items():
        out.append(f"  {role}: {nick}")
    if data["free"]:
        out.append("Свободные роли: " + ", ".join(data["free"]))
    for item in data["late"]:
        out.append(f"Опоздал: {item['author']} (класс «{item['class']}», роль уже у {item['taken_by']})")
    for item in data["duplicates"]:
        out.append(f"Повторная заявка: {item['author']} (класс «{item['class']}»), не учтена")
    for item in data["unknown"]:
        cands = ", ".join(item["candidates"]) or "нет похожих"
        out.append(f"Непонятный класс: {item['author']} — «{item['class']}» (похоже на: {cands})")
    if result.players:
        import yaml
        block = yaml.safe_dump({"players": result.players}, allow_unicode=True, sort_keys=False,
                               default_flow_style=None)
        out += ["", "Для файла игры (тайные роли раздаст gorod deal):", block.rstrip()]
    print("\n".join(out))
    return 0
