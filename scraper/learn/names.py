"""What each learned field is called in the GM's words (the report and the YAML comments)."""

FIELD_NAMES = {
    "container": "блоки постов", "id": "номер поста", "author": "автор", "body": "текст поста",
    "time": "время поста", "edited": "отметка о правке", "quote": "цитаты", "spoiler": "спойлеры",
    "pagination": "номер страницы и ссылка на следующую", "pagination.next": "ссылка на следующую страницу",
    "write": "форма ответа",
    "pm": "форма личного сообщения",
    "pm_inbox": "список входящих ЛС", "pm_message": "сообщения разговора ЛС", "login": "форма входа",
}
