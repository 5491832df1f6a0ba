"""What the test forum is seeded with: plain constants shared by ``seed.py`` (run in the
forum's own venv, with Django) and the end-to-end tests (run in gorod's venv, without).

Passwords are test fixtures of a throwaway local forum, not secrets.
"""

GM = ("gm", "gm-password")
PLAYERS = [
    ("alice", "alice-password"),
    ("bob", "bob-password"),
    ("carol", "carol-password"),
    ("dave", "dave-password"),
    ("мирон", "miron-password"),
    # Four more, so that a whole game of nine can be played (the game loop's end-to-end test).
    ("erin", "erin-password"),
    ("frank", "frank-password"),
    ("grace", "grace-password"),
    ("heidi", "heidi-password"),
]
PASSWORDS = dict([GM, *PLAYERS])

POSTS_PER_PAGE = 5
CATEGORY_TITLE = "Игры"
TOPIC_TITLE = "Город N: тестовая партия"

# (author, Markdown body) of the game topic, the first post opening it. Seven posts:
# with five per page the topic already has a page 2.
TOPIC_POSTS = [
    ("gm", "**День 1.** Город просыпается. Голосование открыто до 21:00."),
    ("alice", "Всем привет! Голосую против **bob**."),
    ("bob", "Я мирный. Голос: carol"),
    ("carol", "голосую bob"),
    ("dave", "Пока присматриваюсь."),
    ("мирон", "Голос против alice"),
    ("alice", "Карол, почему bob?"),
]

# An old PM conversation with the GM, so a reply in it can be tested: (sender, title, body).
PMS = [
    ("alice", "Ночной ход", "Проверяю bob."),
]
