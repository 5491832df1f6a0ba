"""The fast forms of a selector match what the plain translation matches.

`config.select` evaluates CSS in forms cheaper for libxml2: first compounds shared
(`Anchored`), members of one element name merged into one step (`css_steps`), a post
field as each post's first match (`first_over`). Each must select exactly what
cssselect's plain XPath selects, in document order.
"""
from __future__ import annotations

import pytest
from lxml import etree

from config.select import Anchored, compile_selector, css_steps, first_over

PAGE = b"""<html><body>
<div class="post" id="p1">
  <div class="b">b1</div><div class="a x">a1</div><span class="a">s1</span>
  <p class="author"><strong>alice</strong></p>
  <blockquote><cite>bob</cite><div><cite>carol</cite></div></blockquote>
  <s>struck</s><del>deleted</del>
</div>
<div class="post" id="p2">
  <span class="a">s2</span><div class="a">a2</div>
  <p class="author">no strong here</p>
  <div class="inner"><div class="b">b2</div></div>
</div>
<div class="post" id="p3"><p>nothing to find</p></div>
</body></html>"""

SELECTORS = [
    "div.a, div.b",
    "div.b, div.a",
    "div.a, span.a",
    "div.a, div",
    "div.x, span.a, div.b",
    "s, strike, del",
    "p.author strong",
    "p.author strong, div.b",
    "blockquote > cite, blockquote > div > cite",
    "div.inner div.b, div.a",
]


@pytest.fixture()
def page():
    root = etree.fromstring(PAGE, etree.HTMLParser())
    return root, root.xpath("//div[@class='post']")


@pytest.mark.parametrize("selector", SELECTORS)
def test_shared_and_merged_steps_select_the_plain_node_set(page, selector):
    root, posts = page
    plain = compile_selector(selector)(root)
    assert Anchored(root).select(selector) == plain
    in_posts = [el for el in plain if any(el is p or p in el.iterancestors() for p in posts)]
    assert Anchored(root, scope=posts).select(selector) == in_posts


@pytest.mark.parametrize("selector", SELECTORS)
def test_first_over_holds_each_posts_first_match(page, selector):
    root, posts = page
    fast = first_over(selector)
    if fast is None:
        pytest.skip(f"{selector!r} has no first-match form")
    found = set(fast.xpath(root, scope=posts))
    for post in posts:
        matches = compile_selector(selector)(post)
        if matches:
            assert matches[0] in found, f"{selector!r}: the first match of {post.get('id')} is missing"
        mine = [el for el in found if el is post or post in el.iterancestors()]
        assert all(el in matches for el in mine), f"{selector!r}: a node outside the selector"


def test_members_of_one_element_name_are_one_step():
    assert len(css_steps("div.spoiler, div.sp-body")) == 1
    assert len(css_steps("s, strike, del")) == 3
    first = first_over("div.b-post__edit, div.edit-info")
    assert first is not None and first.xpath.path.count("$scope") == 1
