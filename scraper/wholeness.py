"""A page that reads partly is a failed read (issue 23: a page whose post container changed
for some posts gave 2 of its 7; the missing votes came in only at the phase end's re-read).

What a thread page implies about its own post count, checked after each page is read:
- the posts' numbers in the thread (`post.number`, where the profile reads one): numbers
  17…23 on a page are 7 posts, so a page that read 2 of them (and no unreadable post in
  their place) did not read whole;
- the next page's existence: a page that is not the last is full, so every such page of a
  pass holds as many posts as the fullest of them. Page 1 may hold one post fewer (forums
  that repeat the thread's first post at the head of every later page, mybb.ru's option).
Posts the store holds on the page that it shows no more are deletions, not a shortfall (a
forum may leave a placeholder that is no post); so are the containers the profile's
`selectors.post.skip` leaves out (`ExtractedPage.skipped`: a moderator's view of a
soft-deleted post, phpBB's `div.post.deleted`), which hold their places on the page. A shortfall is `PartialPage`, a `LayoutChanged` naming the page and the profile key: the
whole pass fails, nothing of it is stored, and the next round reads the page again.
JSON pages are left out (Discourse keeps a deleted post's number: gaps are normal there).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from scraper.errors import PartialPage
from scraper.model import ExtractedPage


@dataclass
class Wholeness:
    """The pages of one pass (`scraper.poll`), for the count their markup implies."""

    profile: str
    selector: str                  # the post container's selector and its profile key, for the alarm
    key: str = "selectors.post.container"
    full: dict[int, tuple[int, str]] = field(default_factory=dict)   # page -> (posts, url): pages with a next one

    def page(self, extracted: ExtractedPage, page_no: int, url: str, elsewhere: set[str], gone: int) -> None:
        """After a page is read; `elsewhere`: ids read on another page (a repeated first post);
        `gone`: posts stored on this page that it no longer shows (deleted: a placeholder
        that is no post may stand in their place), not counting those among the page's skipped
        containers (counted here already)."""
        held = len(extracted.unreadable) + len(extracted.skipped) + gone
        here = len(extracted.posts) + held
        numbers = sorted(p.number for p in extracted.posts if p.number is not None and p.id not in elsewhere)
        if len(numbers) >= 2:
            span = numbers[-1] - numbers[0] + 1
            have = len(numbers) + held
            if have < span:
                raise PartialPage(url, self.profile, self.selector, have, span,
                                  f"post numbers {numbers[0]}–{numbers[-1]}", self.key)
        if not extracted.is_last:
            self.full[page_no] = (here, url)

    def finish(self) -> None:
        """After the pass: every page with a next one as full as the fullest."""
        if len(self.full) < 2:
            return
        fullest = max(count for count, _ in self.full.values())
        for page_no, (count, url) in sorted(self.full.items()):
            if count < fullest - (1 if page_no == 1 else 0):
                raise PartialPage(url, self.profile, self.selector, count, fullest,
                                  f"page {page_no} has a next page, so it is full", self.key)
