import os, django
os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'site_.settings')
django.setup()
from django.contrib.auth.models import User
from machina.apps.forum.models import Forum
from machina.apps.forum_permission.models import ForumPermission, UserForumPermission
PLAYERS = [('Мастер','master'),('Вася','vasya'),('Петя','petya'),('Боря','borya'),('Аня','anya'),('Гена','gena'),('Вера','vera')]
for nick, login in PLAYERS:
    if not User.objects.filter(username=nick).exists():
        User.objects.create_user(nick, f'{login}@gorod.test', f'{login} game pass phrase')
cat = Forum.objects.get_or_create(name='Город N', type=Forum.FORUM_CAT)[0]
forum = Forum.objects.get_or_create(name='Игры', type=Forum.FORUM_POST, parent=cat)[0]
for code in ('can_see_forum', 'can_read_forum'):
    p = ForumPermission.objects.get(codename=code)
    UserForumPermission.objects.get_or_create(anonymous_user=True, permission=p, forum=None, defaults={'has_perm': True})
print(forum.id, forum.slug)
