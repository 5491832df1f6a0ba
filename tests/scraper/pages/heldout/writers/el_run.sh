#!/bin/bash
# h9's ElkArte, the commands as they were typed on the session's machine (one at a time; written
# here in order). Stop: kill the two pids in run/ (mysql.pid, php.pid).
H=/work/lab/own-heldout9
W=/work/wt/heldout9/tests/scraper/pages/heldout/writers
mkdir -p $H/db $H/run $H/forum && cd $H
git --git-dir=/work/.mirror/elkarte+Elkarte/repo archive v1.1.9 | tar x -C forum   # 36764dd5
mariadb-install-db --no-defaults --datadir=$H/db --auth-root-authentication-method=normal --skip-test-db
# this machine runs as root: mariadbd wants --user=root said
nohup /usr/sbin/mariadbd --no-defaults --user=root --datadir=$H/db --socket=$H/run/mysql.sock \
  --pid-file=$H/run/mysql.pid --skip-networking --character-set-server=utf8mb4 \
  --collation-server=utf8mb4_unicode_ci --innodb-buffer-pool-size=64M --log-error=$H/run/mysql.err > run/nohup.out 2>&1 &
sleep 5
mariadb --no-defaults -S run/mysql.sock -uroot -e "create database elkarte character set utf8mb4; create user elk@localhost identified by 'elkpass'; grant all on elkarte.* to elk@localhost;"
cp $W/el_php.ini run/php.ini
cp forum/Settings.sample.php forum/Settings.php; cp forum/Settings_bak.sample.php forum/Settings_bak.php
nohup php -c run/php.ini -S 127.0.0.1:47161 -t forum > run/php-server.log 2>&1 &
echo $! > run/php.pid
cd $W
P=/work/wt/heldout9/.venv/bin/python
PYTHONPATH=. $P el_install.py         # the web installer's steps; the admin is the GM, «Мастер»
mv $H/forum/install $H/install.done   # ElkArte will not serve the board while install/ is there
# two settings, in the database (ElkArte's Settings.php keeps its cache off, so they hold at once):
# 10 posts a page (the default is 15), and no CAPTCHA on registration (it cannot be read here)
mariadb --no-defaults -S $H/run/mysql.sock -uroot elkarte -e "update elkarte_settings set value='10' where variable='defaultMaxMessages'; update elkarte_settings set value='0' where variable='reg_verification';"
PYTHONPATH=. $P el_thread.py          # 6 registrations, 28 posts, 1 edit (a minute later)
# (its first two runs stopped after the GM's first post; each time bash el_reset.sh, then again)
PYTHONPATH=. $P el_shift_times.py     # the week's spread (its first version moved the times only)
PYTHONPATH=. $P el_shift_times.py --quotes-only   # then the quotes' date= followed
PYTHONPATH=. $P freeze_h9.py ../h9    # the 3 guest pages and oracle.json (run 4 times: its quote
                                      # tags, the warmed guest session, the note; the last one kept)
PYTHONPATH=. $P el_check_h9.py ../h9  # oracle vs pages vs database: «28 posts on 3 pages; all in the database ; bad: 0»
