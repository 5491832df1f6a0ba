"""Real pages of many engines (../shared/corpus, see its PROVENANCE.md files) parse with the
right profile, auto-detected, into the right posts.

The expected ids and authors below were read off the raw bytes of each page with
regular expressions over the engine's own markup (post container ids, author elements)
and checked by eye: they are not the extractor's output pasted back.
"""
from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from config.profiles import load_profile
from scraper.errors import NoPosts
from scraper.extract import extract_file, page_files, thread_order

SHARED = Path(os.environ.get("GOROD_SHARED", Path(__file__).resolve().parents[3] / "shared"))
CORPUS = SHARED / "corpus"
needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"the shared corpus of real pages is absent ({CORPUS}); set GOROD_SHARED"
)
MSK = timezone(timedelta(hours=3))
# when the 4PDA pages were saved: their «Сегодня» post is the newest (16.12.21) of the listing
SAVED_4PDA = datetime(2021, 12, 16, 14, 0, tzinfo=MSK)

EXPECTED = {
    'forums/phpbb3/nettally-phpbb.html': ('phpbb3', [
        ('2729870', 'Jakob'), ('2729871', 'promethean75'), ('2729874', 'Urwrongx1000'),
        ('2729875', 'Jakob'), ('2729876', 'Jakob'), ('2729877', 'Jakob'),
        ('2729878', 'Urwrongx1000'), ('2729880', 'Jakob'), ('2729881', 'Urwrongx1000'),
        ('2729884', 'Jakob'), ('2729885', 'Jakob'), ('2729886', 'Jakob'), ('2729887', 'Jakob'),
        ('2729888', 'Jakob'), ('2729891', 'Artimas'), ('2729894', 'Jakob'), ('2729897', 'Artimas'),
        ('2729898', 'Jakob'), ('2729899', 'Artimas'), ('2730367', 'Silhouette'),
        ('2730389', 'promethean75'), ('2730390', 'promethean75'), ('2730437', 'Urwrongx1000'),
        ('2730441', 'Artimas'), ('2730442', 'promethean75'),
    ]),
    'forums/vbulletin/nettally-vbulletin3.html': ('vbulletin3', [
        ('5768670', 'Shirohige'), ('5768676', 'BBOvenGuy'), ('5768683', 'Romanticide'),
        ('5768696', 'Shirohige'), ('5768715', 'karice67'), ('5768743', 'wolfie74'),
        ('5768758', 'Romanticide'), ('5769003', 'BBOvenGuy'), ('5769034', 'Sagitta Luminis'),
        ('5769040', 'BBOvenGuy'), ('5769820', 'BBOvenGuy'), ('5770009', 'karice67'),
        ('5772378', 'pimathbrainiac'), ('5772383', 'Marcus H.'), ('5773041', 'pimathbrainiac'),
        ('5777640', 'BleedingUranium'), ('5777901', 'BBOvenGuy'), ('5778115', 'Marina2'),
        ('5778175', 'Proto'), ('5778211', 'Kamieichi'),
    ]),
    'forums/vbulletin/nettally-vbulletin4.html': ('vbulletin4', [
        ('365266', 'Rainmaker'), ('365267', 'Mjölnir'), ('365268', 'sandsjames'),
        ('365271', 'Mjölnir'), ('365272', 'Rainmaker'), ('365273', 'sandsjames'),
        ('365274', 'Mjölnir'), ('365275', 'Mjölnir'), ('367740', 'giggawatt'),
        ('367742', 'sandsjames'),
    ]),
    'forums/vbulletin/nettally-vbulletin5.html': ('vbulletin5', [
        ('727744', 'Buckeye'), ('727754', 'Buckeye'), ('727761', 'General Hentai'),
        ('728407', 'Buckeye'), ('728883', 'Gildor'), ('728923', 'Buckeye'), ('729451', 'Buckeye'),
        ('729634', 'General Hentai'), ('729662', 'Gildor'), ('729825', 'General Hentai'),
        ('729972', 'Buckeye'), ('730482', 'Buckeye'), ('730610', 'General Hentai'),
        ('731121', 'Buckeye'), ('731647', 'Buckeye'),
    ]),
    'forums/xenforo/nettally-xenforo1-sufficientvelocity.html': ('xenforo1', [
        ('2146286', 'TheBleachDoctor'), ('2146297', 'Crow'), ('2146298', 'TheBleachDoctor'),
        ('2146342', 'Higure'), ('2146356', 'TheBleachDoctor'), ('2146361', 'Omegastar'),
        ('2146367', 'Higure'), ('2146370', 'TheBleachDoctor'), ('2146398', 'Higure'),
        ('2146423', 'Crow'), ('2146424', 'Omegastar'), ('2146427', 'Crow'), ('2146428', 'Higure'),
        ('2146433', 'TheBleachDoctor'), ('2146434', 'Entropy Judge'), ('2146458', 'Higure'),
        ('2146470', 'Crow'), ('2146498', 'Entropy Judge'), ('2146541', 'Higure'),
        ('2146551', 'TheBleachDoctor'), ('2146562', 'Crow'), ('2146566', 'TheBleachDoctor'),
        ('2146595', 'Hyp3rB14d3'), ('2146608', 'Wzd_JA'), ('2146619', 'Entropy Judge'),
    ]),
    'forums/xenforo/nettally-xenforo2.html': ('xenforo2', [
        ('114210', 'dieketzer'), ('114243', 'krstep'), ('114249', 'dieketzer'),
        ('114253', 'anotheralias'), ('115610', 'T3G Silas'), ('1091229', 'Azofan'),
        ('1091230', 'AndyB'), ('1358710', 'sub_ubi'),
    ]),
    'forums/nodebb/nettally-nodebb.html': ('nodebb', [
        ('73812', 'youhosi'), ('73814', 'MJ'), ('73816', 'fgallese'), ('73817', 'youhosi'),
        ('73822', 'arranka'), ('73853', 'youhosi'), ('73864', 'scottalanmiller'),
        ('73868', 'arranka'), ('73869', 'scottalanmiller'), ('73887', 'JJSagan'),
        ('73898', 'scottalanmiller'), ('74017', 'arranka'), ('74301', 'tonylee123321'),
    ]),
    'forums/smf/metin2hungary-smf-topic-2018_04_25.html': ('smf2', [
        ('487697', 'empo444'), ('487705', 'DopeMaN'), ('487711', 'empo444'),
        ('487723', 'F41RPL4Y3R'), ('490619', 'mcbence12'), ('491441', 'F41RPL4Y3R'),
        ('492507', 'zsoktopus'), ('502367', 'gabeszka97'), ('502400', 'Angyalgyarto'),
        ('503530', 'Powwa'), ('504479', 'hógolyó'), ('509368', 'SoldierGhost'),
        ('509381', 'oODWCOo'), ('510530', 'pockolin'), ('514172', 'AGRESSOR'),
        ('514582', 'csaba121'), ('516032', 'krissz002'), ('516295', 'zhotti'),
        ('517814', 'SoldierGhost'), ('517834', 'Cresss'), ('518274', 'zhotti'),
        ('519488', 'haveltomi'), ('532611', 'lynix5'), ('532616', 'Beats'), ('532618', 'NETaLAN'),
    ]),
    'forums/smf/metin2hungary-smf-topic-2018_11_22_03.html': ('smf2', [
        ('556541', 'adi0013'), ('557404', 'panzern642'), ('560753', 'panzern642'),
        ('581529', 'Desertke'), ('581532', 'Bragon'), ('581534', 'csfanszeleme'),
        ('601184', 'Th3MinimaL'), ('635096', 'Takyang'), ('635105', 'csala96'),
        ('639569', 'FarmKari05'), ('639701', 'NemesBM'), ('639704', 'tothatka'),
        ('639983', 'mehi'), ('696823', 'gartalf'), ('696829', 'DreeN'), ('696843', 'Dani502'),
        ('730450', 'Bucka98'), ('730456', 'Shadow888'), ('732685', 'NorbiNinja'),
        ('733139', 'adosremus'), ('737530', 'balink21'), ('737548', 'vazze001'),
        ('737553', 'NorbiNinja'), ('851877', 'Siruma'), ('851891', 'Avicii'),
    ]),
    'forums/smf/metin2hungary-smf-topic-2018_11_22_04.html': ('smf2', [
        ('852167', 'Freeman'), ('852168', 'republicus'), ('852174', 'Freeman'),
        ('852175', 'republicus'), ('852178', 'Freeman'), ('854947', 'FumioGaho'),
        ('857738', 'Wexox'), ('857747', 'Excorsim'), ('858530', 'Charnoix'),
    ]),
    'forums/ru/4pda-ipb-search-posts-multipage-cp1251.html': ('ipboard4pda', [
        ('111795901', 'slartus'), ('111652474', 'slartus'), ('111677446', 'slartus'),
        ('111673089', 'slartus'), ('9233031', 'slartus'), ('111659821', 'slartus'),
        ('111652896', 'slartus'), ('111466943', 'slartus'), ('111236686', 'slartus'),
        ('111208677', 'slartus'), ('106891840', 'slartus'), ('111191789', 'slartus'),
        ('111139219', 'slartus'), ('111105404', 'slartus'), ('111090285', 'slartus'),
        ('110955049', 'slartus'), ('110935211', 'slartus'), ('110934439', 'slartus'),
        ('110859360', 'slartus'), ('110859344', 'slartus'),
    ]),
    'forums/ru/4pda-ipb-search-posts-singlepage-cp1251.html': ('ipboard4pda', [
        ('111787248', '▸Scream◂'),
    ]),
    'forums/other/somethingawful-showthread.html': ('somethingawful', [
        ('407741839', 'Majuju'), ('407742778', 'Pinterest Mom'), ('407748226', 'OSI bean dip'),
        ('407748862', 'THC'), ('407749054', 'OSI bean dip'), ('407749123', 'THC'),
        ('407749677', 'ocrumsprug'), ('407750018', 'ZeeBoi'), ('407750690', 'Squibbles'),
        ('407751391', 'Stephen Harper'), ('407751664', 'JayMax'), ('407751940', 'vyelkin'),
        ('407751956', 'Dreylad'), ('407752514', 'Huge Liability'), ('407753032', 'angerbot'),
        ('407753310', 'cougar cub'), ('407753498', 'Chuck Boone'),
        ('407753509', 'Fine-able Offense'), ('407753656', 'Pinterest Mom'),
        ('407753880', 'Fine-able Offense'), ('407754320', 'cougar cub'),
        ('407754506', 'Blade_of_tyshalle'), ('407754510', 'thexerox123'),
        ('407754611', 'Baronjutter'), ('407754696', 'Dreylad'), ('407754793', 'cougar cub'),
        ('407754901', 'Dreylad'), ('407755057', 'thexerox123'), ('407755248', 'Gringo Heisenberg'),
        ('407755889', 'cougar cub'), ('407756053', 'Dreylad'), ('407756238', 'eXXon'),
        ('407756258', 'Pinterest Mom'), ('407756914', 'cougar cub'),
        ('407758406', 'Huge Liability'), ('407758437', 'Dreylad'), ('407760089', 'The Dark One'),
        ('407760291', 'Persona non grata'), ('407768162', 'MikeSevigny'),
        ('407769816', 'Louis Riel'),
    ]),
    'forums/other/somethingawful-showthread-last.html': ('somethingawful', [
        ('397709043', 'Jazerus'), ('397715438', 'Gestalt Intellect'), ('397715512', 'Ashmole'),
        ('399425175', 'James315'), ('399582182', 'Servant'), ('401415007', 'James315'),
        ('401427025', 'xf86enodev'), ('401805079', 'Ron Jeremy'), ('403664336', 'James315'),
        ('403671147', 'DeltaOmega'), ('405400421', 'James315'), ('405477733', 'Concordat'),
        ('407134159', 'James315'), ('407157028', 'Chunky Monkey'), ('409083375', 'James315'),
        ('409089453', 'Walliard'), ('409288982', 'malkav11'), ('409299218', 'Ron Jeremy'),
        ('409300988', 'Aces High'), ('409315999', 'Habermann'), ('411083451', 'James315'),
        ('411098041', 'Detective Thompson'), ('411247117', 'Ashmole'), ('411266791', 'ElBrak'),
        ('411267167', 'cKnoor'), ('411267290', 'ohgodwhat'), ('411267302', 'Rutkowski'),
        ('411268916', 'Sgt. Anime Pederast'), ('411269796', 'Rutkowski'), ('411269838', 'Pander'),
        ('411270999', 'DAVE!!!(c)(tm)'), ('411282046', 'Johnny Amadeus'), ('411283452', 'Ashmole'),
    ]),
    'forums/other/somethingawful-showpost.html': ('somethingawful', [
        ('428957756', 'The Dave'),
    ]),
    'forums/other/somethingawful-private-one.html': ('somethingawful', [
        ('4601162', 'InFlames235'),
    ]),
    'games/mtgsalvation-unreliable-cops-mafia-p1.html': ('cobalt', [
        ('15524109', 'tomsloger'), ('15524110', 'tomsloger'), ('15524118', 'tomsloger'),
        ('15524127', 'shadowlancerx'), ('15524130', 'D_V'), ('15524155', 'Anaklusmos'),
        ('15524168', 'Gentleman Johnny'), ('15524174', 'tomsloger'), ('15524175', 'Ophidia'),
        ('15524180', 'Ophidia'), ('15524181', 'D_V'), ('15524222', 'Anaklusmos'),
        ('15524249', 'shadowlancerx'), ('15524268', 'Gentleman Johnny'), ('15524285', 'D_V'),
        ('15524388', 'Mete0rShower'), ('15524540', 'Anaklusmos'), ('15524560', 'Gentleman Johnny'),
        ('15524615', 'Gentleman Johnny'), ('15524650', 'Mete0rShower'),
        ('15524659', 'Gentleman Johnny'), ('15524688', 'Ophidia'),
        ('15524701', 'Gentleman Johnny'), ('15524711', 'Mete0rShower'),
        ('15524714', 'Gentleman Johnny'), ('15524718', 'Gentleman Johnny'),
        ('15524770', 'shadowlancerx'), ('15524818', 'Gentleman Johnny'),
        ('15524833', 'shadowlancerx'), ('15524843', 'Gentleman Johnny'),
        ('15524851', 'shadowlancerx'), ('15524855', 'Gentleman Johnny'), ('15524856', 'D_V'),
        ('15524863', 'Ophidia'), ('15524910', 'Gentleman Johnny'), ('15524936', 'Ophidia'),
        ('15524943', 'Mete0rShower'), ('15524951', 'Gentleman Johnny'),
        ('15524952', 'Gentleman Johnny'), ('15524958', 'Gentleman Johnny'),
        ('15524960', 'shadowlancerx'), ('15524964', 'Gentleman Johnny'),
        ('15524968', 'shadowlancerx'), ('15524971', 'Mete0rShower'),
        ('15524995', 'Gentleman Johnny'), ('15524997', 'Gentleman Johnny'),
        ('15525006', 'Mete0rShower'), ('15525008', 'tomsloger'), ('15525028', 'Gentleman Johnny'),
        ('15525029', 'Gentleman Johnny'),
    ]),
    'games/mtgsalvation-sample-post-fragment.html': ('cobalt', [
        ('15524109', 'tomsloger'),
    ]),
    'forums/discourse/criticalfallibilism-t-2108-posts.json': ('discourse', [
        ('18843', 'Elliot'), ('18845', 'Elliot'), ('18848', 'anonymous45'),
        ('18849', 'anonymous45'), ('18850', 'Elliot'), ('18851', 'anonymous105'),
        ('18852', 'anonymous105'), ('18853', 'anonymous110'), ('18854', 'anonymous45'),
        ('18855', 'anonymous45'), ('18856', 'anonymous45'), ('18857', 'anonymous45'),
        ('18858', 'anonymous110'), ('18859', 'anonymous105'), ('18860', 'anonymous105'),
        ('18861', 'anonymous110'), ('18862', 'anonymous45'), ('18863', 'anonymous45'),
        ('18866', 'Elliot'), ('18868', 'Eternity'),
    ]),
    # stored newest first (posts.json?post_number=41 pages backwards); read in thread order
    'forums/discourse/criticalfallibilism-t-2108-posts-pn-41.json': ('discourse', [
        ('18889', 'anonymous45'), ('18888', 'anonymous45'), ('18887', 'anonymous105'),
        ('18886', 'anonymous105'), ('18885', 'anonymous45'), ('18884', 'anonymous45'),
        ('18883', 'anonymous105'), ('18882', 'Elliot'), ('18881', 'anonymous45'),
        ('18880', 'anonymous105'), ('18879', 'anonymous45'), ('18878', 'anonymous45'),
        ('18877', 'anonymous45'), ('18876', 'anonymous45'), ('18875', 'anonymous45'),
        ('18874', 'anonymous105'), ('18873', 'anonymous45'), ('18872', 'Elliot'),
        ('18870', 'anonymous45'), ('18869', 'anonymous45'),
    ]),
    'forums/discourse/criticalfallibilism-t-2108-post-452.json': ('discourse', [
        ('19902', 'ActiveMind'), ('19908', 'Jarrod'), ('19909', 'Elliot'), ('19924', 'Elliot'),
        ('19925', 'Elliot'), ('19930', 'Jarrod'), ('19931', 'Jarrod'), ('19932', 'Jarrod'),
        ('19933', 'Dface'), ('19934', 'Jarrod'), ('20130', 'anonymous105'),
        ('20140', 'anonymous45'), ('20141', 'anonymous117'), ('20143', 'anonymous45'),
        ('20144', 'anonymous45'), ('20147', 'anonymous105'), ('20149', 'anonymous105'),
        ('20165', 'anonymous45'), ('20166', 'anonymous105'), ('20181', 'anonymous45'),
    ]),
    'forums/discourse/discourse-api-gem-topic-try-sandbox-2013.json': ('discourse', [
        ('83', 'samsaffron'), ('84', 'samsaffron'), ('86', 'stienman'), ('226', 'splattne'),
    ]),
}


# pages whose file lists posts newest first: the extractor gives them in thread order
DESCENDING = {"forums/discourse/criticalfallibilism-t-2108-posts-pn-41.json"}


def _page(rel: str, **kw):
    return extract_file(CORPUS / rel, **kw)


@needs_corpus
@pytest.mark.parametrize("rel", sorted(EXPECTED))
def test_real_page_detected_and_parsed_into_its_posts(rel):
    profile, pairs = EXPECTED[rel]
    page = _page(rel, now=SAVED_4PDA)
    assert page.profile == profile
    expected = [(i, a) for i, a in pairs]
    assert [(p.id, p.author) for p in page.posts] == (expected[::-1] if rel in DESCENDING else expected)
    assert all(p.posted_at is not None and p.posted_at.tzinfo is not None for p in page.posts)


@needs_corpus
@pytest.mark.parametrize("rel", sorted(EXPECTED))
def test_named_profile_reads_the_same_posts(rel):
    profile, pairs = EXPECTED[rel]
    page = extract_file(CORPUS / rel, load_profile(profile), now=SAVED_4PDA)
    assert len(page.posts) == len(pairs)


@needs_corpus
def test_every_html_page_of_the_corpus_is_covered():
    """A page added to the corpus must get expectations here (the two non-thread pages aside)."""
    pages = {str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*.htm*")}
    pages |= {str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*.json")}
    not_threads = {
        "forums/mybbru/cwklk-index-cp1251.html",                 # a board index
        "forums/other/somethingawful-private-list.html",         # a PM inbox listing
        "forums/discourse/discourse-api-gem-private-messages-list.json",  # a PM topic list
    }
    assert pages - not_threads == set(EXPECTED)


@needs_corpus
def test_board_index_is_refused_naming_file_profile_and_selector():
    with pytest.raises(NoPosts) as exc:
        _page("forums/mybbru/cwklk-index-cp1251.html")
    err = exc.value
    assert err.profile == "mybbru"
    assert err.url.endswith("cwklk-index-cp1251.html")
    assert "div.post" in err.selector
    assert "no posts" in str(err)


@needs_corpus
def test_pm_inbox_listing_is_refused_as_not_a_thread():
    with pytest.raises(NoPosts, match="PM inbox listing \\(4 conversations"):
        _page("forums/other/somethingawful-private-list.html")


@needs_corpus
def test_discourse_pm_list_json_is_refused():
    with pytest.raises(NoPosts, match="post_stream.posts"):
        _page("forums/discourse/discourse-api-gem-private-messages-list.json")


@needs_corpus
def test_phpbb_quotes_edits_and_pagination():
    page = _page("forums/phpbb3/nettally-phpbb.html")
    assert (page.page, page.last_page) == (2, 10)
    assert page.next_url.endswith("start=50")
    post = {p.id: p for p in page.posts}
    edited = post["2729877"]  # "Last edited by Jakob on Sun May 26, 2019 5:35 pm, edited 2 times in total."
    assert edited.edited and edited.edit_count == 2
    assert edited.edited_at == datetime(2019, 5, 26, 17, 35, tzinfo=timezone.utc)
    assert post["2729870"].posted_at == datetime(2019, 5, 26, 16, 34, tzinfo=timezone.utc)
    # <blockquote class="uncited"><div>https://vocaroo.com/...</div></blockquote> then the reply
    quoting = post["2729875"]
    assert quoting.quotes == ("https://vocaroo.com/i/s0WJlPuchytm",)
    assert "vocaroo" not in quoting.text
    assert quoting.text.startswith("Well I think we can get a long way")
    assert sum(p.edited for p in page.posts) == 2


@needs_corpus
def test_vbulletin3_edit_notes_and_table_quotes():
    page = _page("forums/vbulletin/nettally-vbulletin3.html")
    assert (page.page, page.last_page) == (152, 155)
    assert [p.number for p in page.posts][:2] == [3021, 3022]
    edited = [p for p in page.posts if p.edited]
    assert len(edited) == 3  # three "Last edited by X; 2016-02-01 at hh:mm." notes
    first = page.posts[0]
    assert len(first.quotes) >= 3
    assert "Originally Posted by" not in first.text and "Quote:" not in first.text
    assert first.text.startswith("Let me reword it from lesbians")


@needs_corpus
def test_smf_folder_reads_in_thread_order_each_post_once(tmp_path):
    folder = CORPUS / "forums/smf"
    # the same pages twice, under names that sort the wrong way round
    for i, path in enumerate(sorted(folder.glob("*.html"), reverse=True)):
        (tmp_path / f"{i}-a.html").write_bytes(path.read_bytes())
        (tmp_path / f"{i}-b.html").write_bytes(path.read_bytes())
    pages = [extract_file(p) for p in page_files(tmp_path)]
    posts = thread_order(pages)
    assert len(posts) == 25 + 25 + 9
    assert [p.page for p in posts] == [1] * 25 + [3] * 25 + [4] * 9
    assert posts[0].id == "487697" and posts[-1].id == "858530"
    assert [p.number for p in posts[1:25]] == list(range(1, 25))
    assert [p.number for p in posts[25:50]] == list(range(50, 75))
    assert posts[0].edited and posts[0].edited_at == datetime(2011, 8, 22, 18, 23, 13, tzinfo=timezone.utc)


@needs_corpus
def test_4pda_cp1251_russian_text_and_relative_dates():
    page = _page("forums/ru/4pda-ipb-search-posts-multipage-cp1251.html", now=SAVED_4PDA)
    first, second = page.posts[0], page.posts[1]
    assert first.text == "Scream,\nПринял"
    assert first.posted_at == datetime(2021, 12, 16, 13, 24, tzinfo=MSK)  # «Сегодня, 13:24»
    assert second.posted_at == datetime(2021, 12, 13, 14, 42, tzinfo=MSK)  # «13.12.21, 14:42»
    # «Сообщение отредактировал slartus - 16.12.21, 10:33» is an edit marker, not text
    assert second.edited and second.edited_at == datetime(2021, 12, 16, 10, 33, tzinfo=MSK)
    assert "отредактировал" not in second.text and "Причина редактирования" not in second.text
    single = _page("forums/ru/4pda-ipb-search-posts-singlepage-cp1251.html", now=SAVED_4PDA)
    assert single.posts[0].posted_at == datetime(2021, 12, 15, 23, 29, tzinfo=MSK)  # «Вчера, 23:29»


@needs_corpus
def test_4pda_spoilers_are_apart_from_text():
    page = _page("forums/ru/4pda-ipb-search-posts-multipage-cp1251.html", now=SAVED_4PDA)
    post = {p.id: p for p in page.posts}["9233031"]
    assert len(post.spoilers) == 6
    assert post.spoilers[0].startswith("Все возможности мобильной версии сайта:")
    assert "Все возможности мобильной версии сайта" not in post.text
    assert post.text.startswith("ForPDA\nверсия: 3.5.8.7")


@needs_corpus
def test_something_awful_cp1252_edits_and_private_message():
    page = _page("forums/other/somethingawful-showthread.html")
    assert (page.page, page.last_page) == (5, 151)
    assert [p.number for p in page.posts] == list(range(161, 201))
    assert sum(p.edited for p in page.posts) == 6  # six non-empty p.editedby
    thc = {p.id: p for p in page.posts}["407748862"]
    assert thc.edited_at == datetime(2012, 9, 20, 15, 9, tzinfo=timezone.utc)
    assert "fucked around with this message" not in thc.text
    last = _page("forums/other/somethingawful-showthread-last.html")
    assert (last.page, last.last_page, last.next_url) == (77, 77, None)
    pm = _page("forums/other/somethingawful-private-one.html")
    assert [(p.id, p.author) for p in pm.posts] == [("4601162", "InFlames235")]
    assert pm.posts[0].text.startswith("Hey man. First just wanted to say thanks")


@needs_corpus
def test_xenforo_nodebb_vb5_times_and_edits():
    xf1 = _page("forums/xenforo/nettally-xenforo1-sufficientvelocity.html")
    assert (xf1.page, xf1.last_page) == (54, 347)
    edited = [p for p in xf1.posts if p.edited]
    assert [p.id for p in edited] == ["2146541"]
    assert "[X] Do nothing" in edited[0].text  # a quest vote, not inside a quote
    xf2 = _page("forums/xenforo/nettally-xenforo2.html")
    assert xf2.posts[0].posted_at == datetime(2010, 11, 21, 10, 51, 58, tzinfo=timezone.utc)
    nodebb = _page("forums/nodebb/nettally-nodebb.html")
    assert [p.number for p in nodebb.posts] == list(range(13))
    assert [p.id for p in nodebb.posts if p.edited] == ["73814", "73817", "73822", "73868"]
    vb5 = _page("forums/vbulletin/nettally-vbulletin5.html")
    assert vb5.posts[0].posted_at == datetime(2019, 4, 9, 15, 37, 23, tzinfo=timezone.utc)  # data-node-publishdate


@needs_corpus
def test_discourse_json_pages_in_thread_order_with_edit_counts():
    folder = CORPUS / "forums/discourse"
    files = ["criticalfallibilism-t-2108-post-452.json", "criticalfallibilism-t-2108-posts-pn-41.json",
             "criticalfallibilism-t-2108-posts.json", "criticalfallibilism-t-2108-posts.json"]
    posts = thread_order(extract_file(folder / f) for f in files)
    assert len(posts) == 60
    assert [p.number for p in posts[:40]] == list(range(1, 41))  # the pn-41 page comes descending
    assert [p.number for p in posts[40:]] == list(range(433, 453))
    sandbox = extract_file(folder / "discourse-api-gem-topic-try-sandbox-2013.json")
    assert sandbox.posts[0].edit_count == 4 and sandbox.posts[0].edited  # "version": 5


@needs_corpus
def test_mafia_game_thread_bold_votes_and_colours():
    page = _page("games/mtgsalvation-unreliable-cops-mafia-p1.html")
    assert (page.page, page.last_page) == (1, 8)
    post = {p.id: p for p in page.posts}
    vote = post["15524181"]  # D_V: <strong>Vote GJ</strong>
    assert any(e.bold and e.text == "Vote GJ" for e in vote.emphasis)
    setup = post["15524109"]  # the GM's setup: coloured roles inside a spoiler, purple bold title
    assert any(e.text == "Unreliable Cops Mafia" and e.bold and e.color == "#800080" for e in setup.emphasis)
    assert setup.spoilers and "1 mafia godfather" in setup.spoilers[0]
    assert "1 mafia godfather" not in setup.text
    fragment = _page("games/mtgsalvation-sample-post-fragment.html").posts[0]
    assert fragment.text == setup.text  # the same post, saved from the browser's DOM
    assert fragment.spoilers == setup.spoilers
