#!/bin/bash
# h10's e107, the commands as they were typed on the session's machine (one at a time; written
# here in order). Stop: kill the two pids in run/ (mysql.pid, php.pid).
H=/work/lab/own-heldout10
W=/work/wt/heldout10/tests/scraper/pages/heldout/writers
P=/work/wt/heldout10/.venv/bin/python
mkdir -p $H/db $H/run $H/forum && cd $H
git --git-dir=/work/.mirror/e107inc+e107/repo archive v2.3.11 | tar x -C forum   # 120a38c6 (its vendor/ is in the tag)
mariadb-install-db --no-defaults --datadir=$H/db --auth-root-authentication-method=normal --skip-test-db
nohup /usr/sbin/mariadbd --no-defaults --user=root --datadir=$H/db --socket=$H/run/mysql.sock \
  --pid-file=$H/run/mysql.pid --skip-networking --character-set-server=utf8mb4 \
  --collation-server=utf8mb4_unicode_ci --innodb-buffer-pool-size=64M --log-error=$H/run/mysql.err > run/nohup.out 2>&1 &
sleep 5
mariadb --no-defaults -S run/mysql.sock -uroot -e "create database e107 character set utf8mb4; create user e107@localhost identified by 'e107pass'; grant all on e107.* to e107@localhost;"
cp $W/e1_php.ini run/php.ini
nohup php -c run/php.ini -S 127.0.0.1:47171 -t forum > run/php-server.log 2>&1 &
echo $! > run/php.pid
cd $W
PYTHONPATH=. $P e1_install.py        # the web installer's 8 stages (its PHP check flags curl as missing; it goes on)
mv $H/forum/install.php $H/install.php.done
PYTHONPATH=. $P e1_install_forum_plugin.py   # typed as a one-off -c at the time; the same steps kept here
PYTHONPATH=. $P e1_setup_forum.py    # the parent «Город N», the forum «Игры» (forum_admin.php's create form)
# one setting, in the database: no e-mail verification on signup (no mail here); then e107's cache emptied
mariadb --no-defaults -S $H/run/mysql.sock -uroot e107 -e "update e107_core set e107_value = replace(e107_value, '''user_reg_veri'' => ''1''', '''user_reg_veri'' => ''0''') where e107_name='SitePrefs'"
rm -f $H/forum/e107_system/*/cache/content/*.php
PYTHONPATH=. $P e1_users.py          # registered Вася only (the flood guard); then with the wait added:
PYTHONPATH=. $P e1_users.py Вася     # the other five
PYTHONPATH=. $P e1_thread.py         # wrote the GM's first post, then read e107's answer as a refusal; fixed:
PYTHONPATH=. $P e1_thread.py --resume   # posts 2–28, Гена's edit a minute after his post
PYTHONPATH=. $P e1_shift_times.py    # the week's spread
rm -f $H/forum/e107_system/*/cache/content/*.php
PYTHONPATH=. $P freeze_h10.py ../h10      # the 3 guest pages and oracle.json
PYTHONPATH=. $P e1_check_h10.py ../h10    # «28 posts on 3 pages; all in the database ; bad: 0»
