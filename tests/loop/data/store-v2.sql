-- A game store as gorod made it before orders were stored as JSON (schema version 2, main at
-- c0a2f3a): night 1 and day 1 of the loop tests' game resolved, an order of night 2 waiting.
-- tests/loop/test_game_log.py opens it with today's gorod (the migration to version 3).
BEGIN TRANSACTION;
CREATE TABLE drafts (
            id            INTEGER PRIMARY KEY,
            key           TEXT NOT NULL UNIQUE,
            kind          TEXT NOT NULL,
            phase         TEXT,
            audience      TEXT NOT NULL,           -- 'public' or a nickname
            title         TEXT NOT NULL,
            body          TEXT NOT NULL,
            original      TEXT NOT NULL,           -- the body as drafted, before edits
            trace         TEXT NOT NULL,           -- JSON: the events it was built from
            state         TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'rejected', 'posted')),
            created_at    TEXT NOT NULL,
            updated_at    TEXT NOT NULL
        );
INSERT INTO "drafts" VALUES(1,'start:alice','start','start','alice','Город N: тест: ваша роль','alice, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Мэр.  
Ваша тайная роль: Лич (Нежить).  
Ваши союзники: bob — Зомби.

Никому не сообщайте свою тайную роль.
','alice, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Мэр.  
Ваша тайная роль: Лич (Нежить).  
Ваши союзники: bob — Зомби.

Никому не сообщайте свою тайную роль.
','[{"type": "Learned", "scope": "private", "to": "alice", "rule": "Мистическая связь", "cause": "Мистическая связь", "phase": "start", "fact": {"team": {"bob": "Зомби"}}}]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(2,'start:bob','start','start','bob','Город N: тест: ваша роль','bob, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Оракул.  
Ваша тайная роль: Зомби (Нежить).

Никому не сообщайте свою тайную роль.
','bob, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Оракул.  
Ваша тайная роль: Зомби (Нежить).

Никому не сообщайте свою тайную роль.
','[]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(3,'start:carol','start','start','carol','Город N: тест: ваша роль','carol, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Священник.  
Ваша тайная роль: Демонолог (Демоны).  
Ваши союзники: dave — Бес.

Никому не сообщайте свою тайную роль.
','carol, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Священник.  
Ваша тайная роль: Демонолог (Демоны).  
Ваши союзники: dave — Бес.

Никому не сообщайте свою тайную роль.
','[{"type": "Learned", "scope": "private", "to": "carol", "rule": "Знакомства по ту сторону", "cause": "Знакомства по ту сторону", "phase": "start", "fact": {"team": {"dave": "Бес"}}}]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(4,'start:dave','start','start','dave','Город N: тест: ваша роль','dave, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Вор.  
Ваша тайная роль: Бес (Демоны).

Никому не сообщайте свою тайную роль.
','dave, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Вор.  
Ваша тайная роль: Бес (Демоны).

Никому не сообщайте свою тайную роль.
','[]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(5,'start:erin','start','start','erin','Город N: тест: ваша роль','erin, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Бандит.  
Ваша тайная роль: Начальник стражи (Закон).

Никому не сообщайте свою тайную роль.
','erin, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Бандит.  
Ваша тайная роль: Начальник стражи (Закон).

Никому не сообщайте свою тайную роль.
','[]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(6,'start:frank','start','start','frank','Город N: тест: ваша роль','frank, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Лекарь.  
Ваша тайная роль: Стражник (Закон).

Никому не сообщайте свою тайную роль.
','frank, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Лекарь.  
Ваша тайная роль: Стражник (Закон).

Никому не сообщайте свою тайную роль.
','[]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(7,'start:grace','start','start','grace','Город N: тест: ваша роль','grace, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Сыщик.  
Ваша тайная роль: Мирный житель (Закон).

Никому не сообщайте свою тайную роль.
','grace, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Сыщик.  
Ваша тайная роль: Мирный житель (Закон).

Никому не сообщайте свою тайную роль.
','[]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(8,'start:heidi','start','start','heidi','Город N: тест: ваша роль','heidi, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Богач.  
Ваша тайная роль: Дознаватель (Закон).

Никому не сообщайте свою тайную роль.
','heidi, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Богач.  
Ваша тайная роль: Дознаватель (Закон).

Никому не сообщайте свою тайную роль.
','[]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(9,'start:мирон','start','start','мирон','Город N: тест: ваша роль','мирон, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Цыганка.  
Ваша тайная роль: Мирный житель (Закон).

Никому не сообщайте свою тайную роль.
','мирон, добро пожаловать в игру «Город N: тест».

**Комментарий мастера:**  
Ваша явная роль: Цыганка.  
Ваша тайная роль: Мирный житель (Закон).

Никому не сообщайте свою тайную роль.
','[]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(10,'news:night 1','news','night 1','public','Ночь 1 (Новолуние)','**Ночь 1 (Новолуние)**
**Комментарий мастера:**  
Ничего примечательного не произошло.
','**Ночь 1 (Новолуние)**
**Комментарий мастера:**  
Ничего примечательного не произошло.
','[]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(11,'pm:night 1:carol','pm','night 1','carol','Город N: тест: Ночь 1 (Новолуние)','carol, итоги фазы «Ночь 1 (Новолуние)» для вас:

**Комментарий мастера:**  
Тайная роль игрока erin: Начальник стражи.
','carol, итоги фазы «Ночь 1 (Новолуние)» для вас:

**Комментарий мастера:**  
Тайная роль игрока erin: Начальник стражи.
','[{"type": "Learned", "scope": "private", "to": "carol", "rule": "Исповедь", "cause": "Исповедь ← {by: carol, ability: Исповедь, target: erin}", "phase": "night 1", "fact": {"about": "erin", "secret": "Начальник стражи"}}]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(12,'pm:night 1:erin','pm','night 1','erin','Город N: тест: Ночь 1 (Новолуние)','erin, итоги фазы «Ночь 1 (Новолуние)» для вас:

**Комментарий мастера:**  
Тайная роль игрока carol: Демонолог.
','erin, итоги фазы «Ночь 1 (Новолуние)» для вас:

**Комментарий мастера:**  
Тайная роль игрока carol: Демонолог.
','[{"type": "Learned", "scope": "private", "to": "erin", "rule": "Исповедь", "cause": "Исповедь ← {by: carol, ability: Исповедь, target: erin}", "phase": "night 1", "fact": {"about": "carol", "secret": "Демонолог"}}]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(13,'pm:night 1:heidi','pm','night 1','heidi','Город N: тест: Ночь 1 (Новолуние)','heidi, итоги фазы «Ночь 1 (Новолуние)» для вас:

**Комментарий мастера:**  
Игроки bob и carol на разных сторонах.
','heidi, итоги фазы «Ночь 1 (Новолуние)» для вас:

**Комментарий мастера:**  
Игроки bob и carol на разных сторонах.
','[{"type": "Learned", "scope": "private", "to": "heidi", "rule": "Дознание", "cause": "Дознание ← {by: heidi, ability: Дознание, targets: [bob, carol]}", "phase": "night 1", "fact": {"about": ["bob", "carol"], "same_side": false}}]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(14,'now:day 1:grace:1','pm','day 1','grace','Город N: тест: День 1','grace, итоги фазы «День 1» для вас:

**Комментарий мастера:**  
Заявка «Голосование» отклонена: сегодня этот персонаж не может голосовать.
','grace, итоги фазы «День 1» для вас:

**Комментарий мастера:**  
Заявка «Голосование» отклонена: сегодня этот персонаж не может голосовать.
','[{"type": "Rejected", "scope": "private", "to": ["grace"], "rule": "§3.3 cannot_vote", "cause": "§3.3 cannot_vote ← {by: grace, ability: Голосование, target: alice}", "phase": "day 1", "order": "{by: grace, ability: Голосование, target: alice}", "reason": "cannot_vote", "message": "Заявка «Голосование» отклонена: сегодня этот персонаж не может голосовать."}]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
INSERT INTO "drafts" VALUES(15,'news:day 1','news','day 1','public','День 1','**День 1**
**Комментарий мастера:**  
По итогам Дневного Вече казнён игрок dave.  
Тайная роль игрока dave: Бес.  
Игрок dave отправляется на Кладбище.
','**День 1**
**Комментарий мастера:**  
По итогам Дневного Вече казнён игрок dave.  
Тайная роль игрока dave: Бес.  
Игрок dave отправляется на Кладбище.
','[{"type": "Executed", "scope": "public", "to": [], "rule": "§4.3 казнь по итогам голосования", "cause": "§4.3 казнь по итогам голосования ← {by: erin, ability: Голосование, target: dave}; {by: bob, ability: Голосование, target: dave}", "phase": "day 1", "player": "dave"}, {"type": "Revealed", "scope": "public", "to": [], "rule": "§4.3 казнь", "cause": "§4.3 казнь ← {by: erin, ability: Голосование, target: dave}; {by: bob, ability: Голосование, target: dave}", "phase": "day 1", "about": "dave", "secret": "Бес"}, {"type": "StatusChanged", "scope": "public", "to": [], "rule": "§2.2 статусы", "cause": "§2.2 статусы", "phase": "day 1", "player": "dave", "before": "none", "after": "Кладбище"}]','pending','2026-12-01T10:47:15+00:00','2026-12-01T10:47:15+00:00');
CREATE TABLE game_meta (
            key           TEXT PRIMARY KEY,
            value         TEXT NOT NULL,
            updated_at    TEXT NOT NULL
        );
INSERT INTO "game_meta" VALUES('deal','{"seats": {"alice": ["Мэр", "Лич"], "bob": ["Оракул", "Зомби"], "carol": ["Священник", "Демонолог"], "dave": ["Вор", "Бес"], "erin": ["Бандит", "Начальник стражи"], "frank": ["Лекарь", "Стражник"], "grace": ["Сыщик", "Мирный житель"], "heidi": ["Богач", "Дознаватель"], "мирон": ["Цыганка", "Мирный житель"]}, "seed": 7, "setup": {}, "rulings": {}, "dealt_at": "2026-11-30T09:00:00+00:00"}','2026-12-01T10:47:15+00:00');
INSERT INTO "game_meta" VALUES('clock','{"phase": "night 2", "started": "2026-12-01T22:00:00+03:00", "deadline": "2026-12-02T10:00:00+03:00", "cycle_started": "2026-12-01T22:00:00+03:00", "announced": false}','2026-12-01T10:47:15+00:00');
INSERT INTO "game_meta" VALUES('rounds','6','2026-12-01T10:47:15+00:00');
INSERT INTO "game_meta" VALUES('told:day 1','{"grace": ["Заявка «Голосование» отклонена: сегодня этот персонаж не может голосовать."]}','2026-12-01T10:47:15+00:00');
CREATE TABLE game_orders (
            id            INTEGER PRIMARY KEY,
            phase         TEXT NOT NULL,
            text          TEXT NOT NULL,           -- str(engine.orders.Order)
            by            TEXT NOT NULL,
            source_kind   TEXT NOT NULL CHECK (source_kind IN ('post', 'pm', 'gm')),
            source_id     TEXT NOT NULL,           -- post / message id, or 'gm:<n>'
            source_version INTEGER NOT NULL,
            item          INTEGER NOT NULL,
            status        TEXT NOT NULL CHECK (status IN ('active', 'superseded', 'dropped', 'late')),
            note          TEXT,
            given_at      TEXT,
            created_at    TEXT NOT NULL,
            UNIQUE (source_kind, source_id, source_version, item)
        );
INSERT INTO "game_orders" VALUES(1,'night 1','{by: dave, ability: Кража, target: grace}','dave','pm','1/1',1,0,'active',NULL,'2026-11-30T13:00:00+03:00','2026-12-01T10:47:15+00:00');
INSERT INTO "game_orders" VALUES(2,'night 1','{by: carol, ability: Исповедь, target: erin}','carol','pm','2/2',1,0,'active',NULL,'2026-11-30T13:00:00+03:00','2026-12-01T10:47:15+00:00');
INSERT INTO "game_orders" VALUES(3,'night 1','{by: heidi, ability: Дознание, targets: [bob, carol]}','heidi','gm','gm:1',1,0,'active','добавлена мастером','2026-11-30T13:00:00+03:00','2026-12-01T10:47:15+00:00');
INSERT INTO "game_orders" VALUES(4,'day 1','{by: erin, ability: Голосование, target: dave}','erin','post','4',1,0,'active',NULL,'2026-12-01T12:00:00+03:00','2026-12-01T10:47:15+00:00');
INSERT INTO "game_orders" VALUES(5,'day 1','{by: bob, ability: Голосование, target: dave}','bob','post','5',1,0,'active',NULL,'2026-12-01T12:00:00+03:00','2026-12-01T10:47:15+00:00');
INSERT INTO "game_orders" VALUES(6,'day 1','{by: grace, ability: Голосование, target: alice}','grace','post','6',1,0,'superseded','заменена правкой (версия 2)','2026-12-01T12:00:00+03:00','2026-12-01T10:47:15+00:00');
INSERT INTO "game_orders" VALUES(7,'day 1','{by: grace, ability: Голосование, target: dave}','grace','post','6',2,0,'active',NULL,'2026-12-01T12:00:00+03:00','2026-12-01T10:47:15+00:00');
INSERT INTO "game_orders" VALUES(8,'night 2','{by: dave, ability: Кража, target: heidi}','dave','pm','7/7',1,0,'active',NULL,'2026-12-01T23:00:00+03:00','2026-12-01T10:47:15+00:00');
CREATE TABLE notices (
            id            INTEGER PRIMARY KEY,
            key           TEXT NOT NULL UNIQUE,
            phase         TEXT,
            kind          TEXT NOT NULL,
            text          TEXT NOT NULL,
            seen          INTEGER NOT NULL DEFAULT 0,
            created_at    TEXT NOT NULL
        );
INSERT INTO "notices" VALUES(1,'edit:post:6:2','day 1','edited','grace исправил(а) пост 6 (версия 2). Заявки были: {by: grace, ability: Голосование, target: alice}; стали: {by: grace, ability: Голосование, target: dave}.
--- было
+++ стало
@@ -1 +1 @@
-(earlier)
+Голосую против dave',0,'2026-12-01T10:47:15+00:00');
CREATE TABLE outbox (
            id            INTEGER PRIMARY KEY,
            draft_id      INTEGER NOT NULL REFERENCES drafts(id),
            part          INTEGER NOT NULL,
            parts         INTEGER NOT NULL,
            target        TEXT NOT NULL,           -- 'topic' or 'pm'
            recipient     TEXT,
            title         TEXT,
            text          TEXT NOT NULL,
            after_id      INTEGER,                 -- the highest post id known before sending
            state         TEXT NOT NULL CHECK (state IN ('intent', 'confirmed')),
            attempts      INTEGER NOT NULL DEFAULT 0,
            forum_id      TEXT,
            url           TEXT,
            created_at    TEXT NOT NULL,
            confirmed_at  TEXT,
            UNIQUE (draft_id, part)
        );
CREATE TABLE phases (
            phase         TEXT PRIMARY KEY,
            idx           INTEGER NOT NULL UNIQUE,
            orders        TEXT NOT NULL,           -- JSON list of order texts, in order
            order_ids     TEXT NOT NULL,           -- JSON list of orders.id
            events        TEXT NOT NULL,           -- JSON list of events
            resolved_at   TEXT NOT NULL
        );
INSERT INTO "phases" VALUES('night 1',0,'["{by: dave, ability: Кража, target: grace}", "{by: carol, ability: Исповедь, target: erin}", "{by: heidi, ability: Дознание, targets: [bob, carol]}"]','[1, 2, 3]','[{"type": "Learned", "scope": "private", "to": "carol", "rule": "Исповедь", "cause": "Исповедь ← {by: carol, ability: Исповедь, target: erin}", "phase": "night 1", "fact": {"about": "erin", "secret": "Начальник стражи"}}, {"type": "Learned", "scope": "private", "to": "erin", "rule": "Исповедь", "cause": "Исповедь ← {by: carol, ability: Исповедь, target: erin}", "phase": "night 1", "fact": {"about": "carol", "secret": "Демонолог"}}, {"type": "Learned", "scope": "private", "to": "heidi", "rule": "Дознание", "cause": "Дознание ← {by: heidi, ability: Дознание, targets: [bob, carol]}", "phase": "night 1", "fact": {"about": ["bob", "carol"], "same_side": false}}]','2026-12-01T10:47:15+00:00');
INSERT INTO "phases" VALUES('day 1',1,'["{by: erin, ability: Голосование, target: dave}", "{by: bob, ability: Голосование, target: dave}", "{by: grace, ability: Голосование, target: dave}"]','[4, 5, 7]','[{"type": "Trace", "scope": "gm", "to": [], "rule": "Голосование", "cause": "Голосование ← {by: erin, ability: Голосование, target: dave}", "phase": "day 1", "text": "erin голосует против dave"}, {"type": "Trace", "scope": "gm", "to": [], "rule": "Голосование", "cause": "Голосование ← {by: bob, ability: Голосование, target: dave}", "phase": "day 1", "text": "bob голосует против dave"}, {"type": "Rejected", "scope": "private", "to": ["grace"], "rule": "§3.3 cannot_vote", "cause": "§3.3 cannot_vote ← {by: grace, ability: Голосование, target: dave}", "phase": "day 1", "order": "{by: grace, ability: Голосование, target: dave}", "reason": "cannot_vote", "message": "Заявка «Голосование» отклонена: сегодня этот персонаж не может голосовать."}, {"type": "Trace", "scope": "gm", "to": [], "rule": "§4.3", "cause": "§4.3 ← {by: erin, ability: Голосование, target: dave}", "phase": "day 1", "text": "голос erin против dave: вес 1"}, {"type": "Trace", "scope": "gm", "to": [], "rule": "§4.3", "cause": "§4.3 ← {by: bob, ability: Голосование, target: dave}", "phase": "day 1", "text": "голос bob против dave: вес 1"}, {"type": "Trace", "scope": "gm", "to": [], "rule": "§4.3", "cause": "§4.3", "phase": "day 1", "text": "итог голосования: {''dave'': 2}; приговорён dave"}, {"type": "Executed", "scope": "public", "to": [], "rule": "§4.3 казнь по итогам голосования", "cause": "§4.3 казнь по итогам голосования ← {by: erin, ability: Голосование, target: dave}; {by: bob, ability: Голосование, target: dave}", "phase": "day 1", "player": "dave"}, {"type": "Died", "scope": "public", "to": [], "rule": "§4.3 казнь", "cause": "§4.3 казнь ← {by: erin, ability: Голосование, target: dave}; {by: bob, ability: Голосование, target: dave}", "phase": "day 1", "player": "dave"}, {"type": "Revealed", "scope": "public", "to": [], "rule": "§4.3 казнь", "cause": "§4.3 казнь ← {by: erin, ability: Голосование, target: dave}; {by: bob, ability: Голосование, target: dave}", "phase": "day 1", "about": "dave", "secret": "Бес"}, {"type": "StatusChanged", "scope": "public", "to": [], "rule": "§2.2 статусы", "cause": "§2.2 статусы", "phase": "day 1", "player": "dave", "before": "none", "after": "Кладбище"}]','2026-12-01T10:47:15+00:00');
CREATE TABLE post_versions (
            thread        TEXT NOT NULL,
            post_id       TEXT NOT NULL,
            version       INTEGER NOT NULL,
            change        TEXT NOT NULL CHECK (change IN ('new', 'edited', 'deleted')),
            hash          TEXT NOT NULL,
            seen_at       TEXT NOT NULL,
            data          TEXT NOT NULL,
            PRIMARY KEY (thread, post_id, version)
        );
CREATE TABLE posts (
            thread        TEXT NOT NULL REFERENCES threads(key),
            post_id       TEXT NOT NULL,
            sort_key      INTEGER NOT NULL,   -- thread order
            page          INTEGER NOT NULL,
            version       INTEGER NOT NULL,
            hash          TEXT NOT NULL,
            deleted       INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (thread, post_id)
        );
CREATE TABLE schema_version (version INTEGER NOT NULL, name TEXT, applied_at TEXT);
INSERT INTO "schema_version" VALUES(1,'scraper: threads, their pages, post versions','2026-12-01 10:47:15');
INSERT INTO "schema_version" VALUES(2,'game loop: game facts, orders, unresolved items, notices, phases, drafts, outbox','2026-12-01 10:47:15');
CREATE TABLE thread_pages (
            thread        TEXT NOT NULL REFERENCES threads(key),
            page          INTEGER NOT NULL,
            url           TEXT NOT NULL,
            etag          TEXT,
            last_modified TEXT,
            PRIMARY KEY (thread, page)
        );
CREATE TABLE threads (
            key           TEXT PRIMARY KEY,   -- 'topic:<url>' or 'pm:<base>:<conversation id>'
            kind          TEXT NOT NULL CHECK (kind IN ('topic', 'pm')),
            url           TEXT NOT NULL,      -- page 1
            subject       TEXT,
            known_count   INTEGER,            -- posts the forum's listing last said it has
            polled_at     TEXT
        );
CREATE TABLE unresolved (
            id            INTEGER PRIMARY KEY,
            phase         TEXT NOT NULL,
            author        TEXT,
            source_kind   TEXT NOT NULL,
            source_id     TEXT NOT NULL,
            source_version INTEGER NOT NULL,
            item          INTEGER NOT NULL,
            text          TEXT NOT NULL,
            reason        TEXT NOT NULL,
            candidates    TEXT NOT NULL,           -- JSON list
            status        TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
            created_at    TEXT NOT NULL,
            UNIQUE (source_kind, source_id, source_version, item)
        );
INSERT INTO "unresolved" VALUES(1,'night 1','alice','pm','3/3',1,0,'кусаю frank','у автора нет такой способности','["Укус"]','open','2026-12-01T10:47:15+00:00');
COMMIT;
