import os
from machina import MACHINA_MAIN_TEMPLATE_DIR, MACHINA_MAIN_STATIC_DIR
BASE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECRET_KEY = 'local-test-only'
DEBUG = True
ALLOWED_HOSTS = ['127.0.0.1', 'localhost']
INSTALLED_APPS = [
    'django.contrib.admin', 'django.contrib.auth', 'django.contrib.contenttypes', 'django.contrib.sessions',
    'django.contrib.messages', 'django.contrib.staticfiles',
    'mptt', 'haystack', 'widget_tweaks',
    'machina', 'machina.apps.forum', 'machina.apps.forum_conversation',
    'machina.apps.forum_conversation.forum_attachments', 'machina.apps.forum_conversation.forum_polls',
    'machina.apps.forum_feeds', 'machina.apps.forum_moderation', 'machina.apps.forum_search',
    'machina.apps.forum_tracking', 'machina.apps.forum_member', 'machina.apps.forum_permission',
]
MIDDLEWARE = [
    'django.middleware.security.SecurityMiddleware', 'django.contrib.sessions.middleware.SessionMiddleware',
    'django.middleware.locale.LocaleMiddleware',
    'django.middleware.common.CommonMiddleware', 'django.middleware.csrf.CsrfViewMiddleware',
    'django.contrib.auth.middleware.AuthenticationMiddleware', 'django.contrib.messages.middleware.MessageMiddleware',
    'machina.apps.forum_permission.middleware.ForumPermissionMiddleware',
]
ROOT_URLCONF = 'site_.urls'
TEMPLATES = [{
    'BACKEND': 'django.template.backends.django.DjangoTemplates',
    'DIRS': [os.path.join(BASE_DIR, 'templates'), MACHINA_MAIN_TEMPLATE_DIR],
    'APP_DIRS': True,
    'OPTIONS': {'context_processors': [
        'django.template.context_processors.debug', 'django.template.context_processors.request',
        'django.contrib.auth.context_processors.auth', 'django.contrib.messages.context_processors.messages',
        'machina.core.context_processors.metadata']},
}]
DATABASES = {'default': {'ENGINE': 'django.db.backends.sqlite3', 'NAME': os.path.join(BASE_DIR, 'db.sqlite3')}}
CACHES = {'default': {'BACKEND': 'django.core.cache.backends.locmem.LocMemCache'},
          'machina_attachments': {'BACKEND': 'django.core.cache.backends.filebased.FileBasedCache',
                                  'LOCATION': os.path.join(BASE_DIR, 'attcache')}}
HAYSTACK_CONNECTIONS = {'default': {'ENGINE': 'haystack.backends.simple_backend.SimpleEngine'}}
LANGUAGE_CODE = 'ru'
TIME_ZONE = 'Europe/Moscow'
USE_I18N = True
USE_TZ = True
STATIC_URL = '/static/'
STATICFILES_DIRS = (MACHINA_MAIN_STATIC_DIR,)
MEDIA_ROOT = os.path.join(BASE_DIR, 'media')
LOGIN_URL = '/accounts/login/'
LOGIN_REDIRECT_URL = '/forum/'
DEFAULT_AUTO_FIELD = 'django.db.models.AutoField'
MACHINA_DEFAULT_AUTHENTICATED_USER_FORUM_PERMISSIONS = [
    'can_see_forum', 'can_read_forum', 'can_start_new_topics', 'can_reply_to_topics', 'can_edit_own_posts',
    'can_post_without_approval', 'can_create_polls', 'can_vote_in_polls', 'can_download_file']
MACHINA_TOPIC_POSTS_NUMBER_PER_PAGE = 10
