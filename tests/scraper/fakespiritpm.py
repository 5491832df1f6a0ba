"""A fake Spirit taking the GM's private topics, served through `responses`, with the real
one's double-post guard (spirit/topic/private/views.py publish(), confirmed on the live
Spirit 0.14 of tests/realforum: a second private topic of the title of the sender's last
post is not made, and the answer is a redirect to the PM list, `/topic/private/`, as after
a success): the publish form, the PM list (newest first) and each conversation's page with
its «Participants» menu, in the markup of Spirit's templates (tests/scraper/fakespirit.py).
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from urllib.parse import parse_qs

import responses

from fakespirit import BASE, FakePost, render_page

FORM = """<html><body>
<form action="/search/" method="get"><input name="q"></form>
<form action="." method="post">
  <input type="hidden" name="csrfmiddlewaretoken" value="tok">
  <input type="text" name="title"><input type="text" name="users">
  <textarea name="comment"></textarea>
</form></body></html>"""


@dataclass
class PrivateTopic:
    id: int
    title: str
    to: str
    text: str


class FakeSpiritPms:
    def __init__(self, rsps: responses.RequestsMock, *, guard: bool = True) -> None:
        self.guard = guard
        self.topics: list[PrivateTopic] = []
        self.last_title: str | None = None      # the hash of the GM's last post (the guard's memory)
        self.posts = 0                          # publish requests answered
        rsps.add(responses.GET, f"{BASE}/topic/private/publish/", body=FORM)
        rsps.add_callback(responses.POST, f"{BASE}/topic/private/publish/", self._publish)
        rsps.add_callback(responses.GET, re.compile(re.escape(BASE) + r"/topic/private/(\?.*)?$"), self._list)
        rsps.add_callback(responses.GET, re.compile(re.escape(BASE) + r"/topic/private/\d+/.*"), self._topic)

    def _publish(self, request):
        self.posts += 1
        form = {k: v[0] for k, v in parse_qs(request.body if isinstance(request.body, str)
                                             else request.body.decode()).items()}
        if self.guard and form["title"] == self.last_title:
            return 302, {"Location": "/topic/private/"}, ""          # dropped, as if all went well
        self.last_title = form["title"]
        topic = PrivateTopic(len(self.topics) + 1, form["title"], form["users"], form["comment"])
        self.topics.append(topic)
        return 302, {"Location": f"/topic/private/{topic.id}/x/"}, ""

    def _list(self, request):
        rows = "".join(
            f'<div class="layout__topics__topic js-clickable-area">'
            f'<div class="topic__title"><a class="topic__link js-clickable-area-target" '
            f'href="/topic/private/{t.id}/x/?page=1#c1">{html.escape(t.title)}</a></div>'
            f'<div class="topic__comments"><i class="fa fa-comment"></i> 1</div>'
            f'<div class="topic__date" title="Nov. 29, 2026, 10:30 p.m."></div></div>'
            for t in reversed(self.topics))
        rows = rows or "<p>There are no topics here, yet</p>"
        return 200, {}, f"<html><body><div class='layout__topics'>{rows}</div></body></html>"

    def _topic(self, request):
        topic_id = int(re.search(r"/topic/private/(\d+)/", request.url).group(1))
        topic = self.topics[topic_id - 1]
        page = render_page([FakePost(topic.id * 100, "gm", topic.text)], 1, 1, 1)
        members = (f'<ul class="menu_list"><li class="menu_list__participant"><a class="menu_list__participant__user" '
                   f'href="/user/9/{topic.to}/">{html.escape(topic.to)}</a></li></ul>')
        return 200, {}, page.replace("<body>", f"<body><h1>{html.escape(topic.title)}</h1>{members}", 1)
