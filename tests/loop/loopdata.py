"""Data shared by the loop's tests."""

# Nine players, secret roles fixed so the tests know who does what.
PLAYERS = {
    "alice": {"open": "Мэр", "secret": "Лич"},
    "bob": {"open": "Оракул", "secret": "Зомби"},
    "carol": {"open": "Священник", "secret": "Демонолог"},
    "dave": {"open": "Вор", "secret": "Бес"},
    "erin": {"open": "Бандит", "secret": "Начальник стражи"},
    "frank": {"open": "Лекарь", "secret": "Стражник"},
    "grace": {"open": "Сыщик", "secret": "Мирный житель"},
    "heidi": {"open": "Богач", "secret": "Дознаватель"},
    "мирон": {"open": "Цыганка", "secret": "Мирный житель"},
}
