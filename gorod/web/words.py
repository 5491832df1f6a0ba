"""The library's messages as the console says them: a CLI command the GM is told to type
becomes the console's own button or form (issue 26: «gorod reject 38», «(--force)», «gorod
phase end» on a page where the GM has no shell). The CLI keeps its words; the console
filters every message it shows through `for_console`.
"""
from __future__ import annotations

import re

# (pattern, the console's words), tried in order: the longer forms first
PHRASES: tuple[tuple[re.Pattern, str], ...] = tuple((re.compile(p), r) for p, r in (
    (r"\(или gorod order keep (\d+) / gorod order keep (\d+)\)", ""),
    (r" в консоли(?= ?\.)", " (кнопки ниже)"),
    (r"gorod order keep (\d+)", r"кнопка «Оставить #\1» у вопроса «передумал(а)?»"),
    (r"исправьте \(gorod edit\) или одобрите несмотря на это \(--force\)",
     "исправьте («Править» у черновика) или одобрите несмотря на это (кнопка ниже)"),
    (r"отклоните его \(gorod reject (\d+)\) или одобрите несмотря на это \(--force\)",
     "отклоните его или одобрите несмотря на это (кнопки ниже)"),
    (r"\(одобрить этот всё же: --force\)", "(одобрить этот всё же: кнопка ниже)"),
    (r"gorod reject (\d+)", r"кнопка «Отклонить» у черновика #\1"),
    (r" или командой gorod edit \d+ --title …", ""),
    (r"gorod edit \d+ --title «…» \(или «Править» в консоли\)", "«Править» у черновика"),
    (r"\(«Править», gorod edit\)", "(«Править» у черновика)"),
    (r"\(gorod edit\)", "(«Править» у черновика)"),
    (r"gorod phase end --no-read", "«Закончить фазу сейчас» с отметкой «без чтения форума»"),
    (r"gorod phase end(?: \"[^\"]*\")?", "кнопка «Закончить фазу сейчас»"),
    (r"gorod phase extend[^;.)]*", "«Продлить» в разделе «Игра»"),
    (r"gorod order drop (?:ID|\d+)", "кнопка «Снять» в списке заявок"),
    (r"gorod order restore (?:ID|\d+)", "кнопка «Вернуть» в списке заявок"),
    (r"gorod order list --all --phase \"[^\"]*\"", "список заявок фазы"),
    (r"gorod order list(?: --all)?", "список заявок"),
    (r"gorod order add … --from …", "форма «Ручные заявки»"),
    (r"\(gorod order add\)", "(форма «Ручные заявки»)"),
    (r"gorod order add", "форма «Ручные заявки»"),
    (r"gorod publish", "кнопка «Отправить одобренные на форум»"),
    (r"«gorod sent (\d+)»", r"кнопкой «ЛС на форуме есть» (черновик #\1)"),
    (r"«gorod resend (\d+)»", r"кнопкой «Отправить снова» (черновик #\1)"),
    (r"gorod sent / gorod resend", "кнопки «ЛС на форуме есть» / «Отправить снова» в разделе «Для мастера»"),
    (r"gorod inbox(?: --read \S+)?", "раздел «Для мастера»"),
    (r": сравните gorod state --at \"[^\"]*\"", ""),
    (r"gorod deal", "кнопка «Раздать роли»"),
    (r"\(--force\)", "(кнопка ниже)"),
))


def for_console(text: str | None) -> str:
    if not text:
        return text or ""
    for pattern, words in PHRASES:
        text = pattern.sub(words, text)
    return text
