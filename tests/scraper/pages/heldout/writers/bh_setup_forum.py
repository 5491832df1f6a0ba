"""Install Beehive Forum at 47141 through its own installer form (held-out h7): a new install,
webtag GOROD, the MariaDB of /work/lab/own-heldout7 (PHP reaches it by its socket: localhost);
the admin account is the game master's (logon and nickname «Мастер»). Then the install folder is
moved out, as the installer asks, and StopForumSpam look-ups are turned off in the database
(FORUM_SETTINGS sfs_enabled = N: they need curl and the internet, and every page runs them for
every visitor). On the session's machine those two steps were typed by hand (mv, mariadb -e)
after the form step ran; they are written at the end here as they were typed.

Before it: the tree unpacked (git archive of github BeehiveForum/BeehiveForum at 88ad6074f, 2021),
`bh_patch.py` run on it, MariaDB 10.11 started on its own datadir and socket (no networking;
database beehive, user bh), and `php -c php.ini -S 127.0.0.1:47141 -t forum` with
mysqli.default_socket set to that socket and date.timezone UTC."""
import os
import re
import subprocess
import sys

from formbot import Bot

BASE = 'http://127.0.0.1:47141'
HOME = '/work/lab/own-heldout7'

if __name__ == '__main__':
    b = Bot(BASE)
    r = b.get('/install/index.php')  # forms from bytes: the page opens with an XML declaration
    form = next(f for f in b.forms(r.content, r.url) if any(i.get('name') == 'install_method' for i in f.inputs))
    data = b.fields(form)
    data.update({'install_method': '0', 'forum_webtag': 'GOROD', 'db_server': 'localhost', 'db_port': '3306',
                 'db_database': 'beehive', 'db_username': 'bh', 'db_password': 'bhpass', 'db_cpassword': 'bhpass',
                 'admin_username': 'Мастер', 'admin_email': 'master@gorod.test',
                 'admin_password': 'masterGamePass1', 'admin_cpassword': 'masterGamePass1', 'install': 'Install'})
    data.pop('enable_error_reports', None)
    r = b.post(form.action or r.url, data, referer=r.url)
    text = re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', r.text))
    print(r.status_code, r.url, text[:1500])
    if not r.ok or 'Installation Complete' not in text:
        sys.exit(1)
    os.rename(f'{HOME}/forum/install', f'{HOME}/install.removed')
    subprocess.run(['mariadb', '--no-defaults', '-S', f'{HOME}/run/mysql.sock', '-uroot', 'beehive', '-e',
                    "insert into FORUM_SETTINGS (FID, SNAME, SVALUE) values (0, 'sfs_enabled', 'N')"], check=True)
