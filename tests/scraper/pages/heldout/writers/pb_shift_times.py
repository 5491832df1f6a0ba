import os, sys, gettext, inspect, datetime
inspect.getargspec = inspect.getfullargspec
_t = gettext.translation
gettext.translation = lambda *a, codeset=None, **kw: _t(*a, **kw)
os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'site_.settings')
import django
django.setup()
from django.utils import timezone
from pybb.models import Post, Topic
now = timezone.now()
posts = list(Post.objects.filter(topic_id=1).order_by('id'))
n = len(posts)
for k, p in enumerate(posts):
    created = now - datetime.timedelta(hours=6.8 * (n - 1 - k), minutes=5 + (k * 13 % 41))
    Post.objects.filter(pk=p.pk).update(created=created, updated=(created + datetime.timedelta(minutes=30)) if p.updated else None)
for p in Post.objects.filter(topic_id=1).order_by('id'):
    print(p.id, p.user.username, p.created, p.updated)
