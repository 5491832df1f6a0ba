"""The post's edit notice: an element that says «edited» (or the forum's word) in some posts."""
from __future__ import annotations

import re
from collections import Counter

from scraper.learn import tree
from scraper.learn.fields.guess import FieldGuess, css_xpath, first


EDIT_MARK = re.compile(r"(?i)(last edited|edited by|edited \d+ times?|\bedited\b|last edit\b|отредактирован|редактировал|"
                       r"изменено|изменён|изменен|последний раз редактировал|последнее редактирование|"
                       r"обновлен\w*|обновлён\w*|\bupdated\b|"
                       r"szerkesztve|modifié|bearbeitet)")


EDIT_CLASS = re.compile(r"(?i)edited|lastedit|editedby|modified|edit-?note|edit-?notice|edit-?reason")


def find_edited(blocks: list) -> FieldGuess | None:
    """The edit notice some posts carry («Last edited by …», «Изменено …»). Its `kind` lists
    every kind of notice the posts show (4PDA: the notice and the edit's reason), for the
    body to leave out."""
    notices = [_notices(b) for b in blocks]
    present = [n for ns in notices for n in ns]
    if not present:
        return None
    kinds = ", ".join(dict.fromkeys(tree.step(n) for n in present))
    template = _template(blocks, notices)
    if template is not None:
        # the notice stands in every post, the same words in the unedited ones (NodeBB's hidden
        # «отредактировано» with an empty name and date): an edited post's says more
        notices = [[n for n in ns if tree.text(n) != template] for ns in notices]
        if not any(notices):
            return None
    votes: Counter[str] = Counter()
    for b, ns in zip(blocks, notices):
        for n in ns:
            votes.update(tree.relative_selectors(n, b))
    edited = sum(1 for ns in notices if ns)
    counted = f"an edit notice, in {edited} of {len(blocks)} posts"
    if template is not None:
        for sel, _ in votes.most_common():
            if sel.startswith("xpath:") or "'" in template:
                continue
            saying = f"xpath:({css_xpath(sel)})[normalize-space() != '{template}']"
            if _marks_at(blocks, notices, saying) == (True, False) and all(
                    ns or first(b, saying) is None for b, ns in zip(blocks, notices)):
                return FieldGuess(saying, note=f"{counted}: the {sel} that says more than «{template}», "
                                               "what every other post's says", kind=kinds)
        return None
    for sel, _ in votes.most_common():
        ok, others = _marks_at(blocks, notices, sel)
        if ok and not others:
            return FieldGuess(sel, note=counted, kind=kinds)
        # the same element kind says other things in other posts (4PDA's span.edit is also the
        # «attached files» label): a notice is one that opens with the notices' own words
        lead = _common_lead([tree.text(n) for b, ns in zip(blocks, notices) for n in ns if any(
            n is m for m in _all(b, sel))])
        if lead and "'" not in lead and not sel.startswith("xpath:"):
            opening = f"xpath:({css_xpath(sel)})[starts-with(normalize-space(), '{lead}')]"
            if _marks_at(blocks, notices, opening) == (True, False):
                return FieldGuess(opening, note=f"{counted}: the {sel} that opens with «{lead}»", kind=kinds)
    return None


def _template(blocks: list, notices: list) -> str | None:
    """The words of an edit notice nearly every post carries, the same in most of them (the
    unedited posts' empty notice), or None."""
    if sum(1 for ns in notices if ns) < 0.9 * len(blocks) or len(blocks) < 3:
        return None
    said = Counter(tree.text(n) for ns in notices for n in ns)
    text, count = said.most_common(1)[0]
    return text if count >= len(blocks) / 2 else None


def _all(context, selector: str) -> list:
    from config.select import select
    try:
        return select(context, selector)
    except ValueError:
        return []


def _notices(block) -> list:
    """The edit notices of a post: the innermost elements with a class that say so in a short
    text, or whose class says «edited» on a line holding a number (not an «Edit» button)."""
    found = []
    for el in block.iter():
        if not isinstance(el.tag, str) or not el.get("class") or len(tree.raw_text(el)) >= 200:
            continue
        words = tree.raw_text(el)
        if EDIT_MARK.search(words) or (EDIT_CLASS.search(el.get("class") or "") and re.search(r"\d", words)
                                       and tree.tag(el) not in ("a", "button") and len(words.split()) > 2):
            found.append(el)
    return [el for el in found if not any(o is not el and tree.contains(el, o) for o in found)]


def _marks_at(blocks: list, notices: list, sel: str) -> tuple[bool, bool]:
    """Whether `sel` finds a notice (its first match) in each post that has one, and whether it
    also finds something else, no notice, in a post without one."""
    others = False
    for b, ns in zip(blocks, notices):
        got = first(b, sel)
        if ns and not any(got is n for n in ns):
            return False, others
        if not ns and got is not None and tree.text(got) and not EDIT_MARK.search(tree.raw_text(got)):
            others = True
    return True, others


def _common_lead(texts: list[str]) -> str | None:
    """The words every edit notice opens with («Сообщение отредактировал», "Last edited by"),
    when they hold the notice's mark; else None."""
    words = [t.split() for t in texts if t]
    if not words:
        return None
    lead: list[str] = []
    for column in zip(*words):
        if len(set(column)) != 1:
            break
        lead.append(column[0])
    said = " ".join(lead)
    mark = EDIT_MARK.search(said)
    if mark is None:
        return None
    # up to the mark's last word: the editor's name and the time after it differ in other posts
    end = said.find(" ", mark.end())
    return said if end < 0 else said[:end]


_LINE_EDGES = frozenset("br p div blockquote table ul ol hr pre".split())


def find_notice_lines(bodies: list) -> str | None:
    """An edit notice written as bare text in the body, on a line of its own and in no element
    («…<br><br>Edited 1 time(s). Last edit at 11/28/2026 06:05AM by Гена.»), which no selector
    can take out: a regex matching such a line whole (`selectors.body.notice_lines`), from its
    first words up to the edit mark, numbers as any number; None when no body has one."""
    leads: Counter[str] = Counter()
    for body in bodies:
        if body is None:
            continue
        pieces = [(body.text, None, body[0] if len(body) else None)]
        kids = [k for k in body]
        pieces += [(k.tail, k, kids[i + 1] if i + 1 < len(kids) else None) for i, k in enumerate(kids)]
        for text, before, after in pieces:
            line = " ".join((text or "").split())
            if not line or len(line) >= 200 or not re.search(r"\d", line):
                continue
            mark = EDIT_MARK.search(line)
            if mark is None or mark.start() > 20:
                continue        # (the notice opens with its mark: a player's sentence about an edit does not)
            if any(x is not None and (not isinstance(x.tag, str) or tree.tag(x) not in _LINE_EDGES)
                   for x in (before, after)):
                continue        # not alone on its line
            leads[line[:mark.end()]] += 1
    if not leads:
        return None
    lead = leads.most_common(1)[0][0]
    return "".join(r"\d+" if part.isdigit() else re.escape(part) for part in re.split(r"(\d+)", lead)) + r"\b.*"
