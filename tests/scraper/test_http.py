

def test_a_page_at_the_login_path_with_another_query_is_not_the_login_page():
    """phpBB: login ucp.php?mode=login, PMs ucp.php?i=pm; SMF: every page is index.php."""
    from scraper.http import _same_page
    assert _same_page("https://f/ucp.php?mode=login&redirect=x", "https://f/ucp.php?mode=login")
    assert not _same_page("https://f/ucp.php?i=pm&mode=compose", "https://f/ucp.php?mode=login")
    assert not _same_page("https://f/index.php?topic=7.0", "https://f/index.php?action=login2")
    assert _same_page("https://f/user/login/?next=/x", "https://f/user/login/")
    assert not _same_page("https://f/other/", "https://f/user/login/")
