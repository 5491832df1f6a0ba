"""`gorod signup SOURCE... [--profile …] [--gm NICK] [--json]`: open roles from the sign-up posts."""
from __future__ import annotations

import json
import sys
from pathlib import Path


def register(sub) -> None:
    parser = sub.add_parser(
        "signup", help="раздать явные роли по постам записи (поле «класс»)",
        description="Read the sign-up posts (заявки) of a thread and assign each open role to the "
        "first applicant whose «класс» names it, in post order (one holder per role). Lists the "
        "late (the role was taken), duplicates (a second application of a player who has a role) "
        "and unknown classes (with the closest roles). SOURCE is a saved page or a folder of "
        "pages, read with the scraper's extractor (--profile, default: detected), or a JSON "
        "file of posts as printed by `gorod scrape --json`.")
    parser.add_argument("sources", nargs="+", metavar="SOURCE")
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
        path = Path(source)
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
    from scraper.errors import ScraperError
    from scraper.signup import read_signups

    try:
        posts = _posts(args.sources, args.profile)
    except ProfileError as exc:
        print(f"gorod signup: {exc}", file=sys.stderr)
        return 2
    except (ScraperError, ValueError) as exc:
        print(f"gorod signup: {exc}", file=sys.stderr)
        return 1
    result = read_signups(posts, gm=args.gm)
    if args.json:
        json.dump(result.to_json(), sys.stdout, ensure_ascii=False, indent=1)
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
    print("\n".join(out))
    return 0
