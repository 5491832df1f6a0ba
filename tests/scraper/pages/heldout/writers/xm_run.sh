#!/bin/bash
# h8's XMB, the commands as they were typed on the session's machine (one at a time; written here
# in order). Stop: kill the two pids in run/ (mysql.pid, php.pid).
H=/work/lab/own-heldout8
W=/work/wt/heldout8/tests/scraper/pages/heldout/writers
mkdir -p $H/db $H/run $H/forum && cd $H
git --git-dir=/work/.mirror/miqrogroove+xmb/repo archive 1.9.12.09 | tar x -C forum   # 7a1704de
mariadb-install-db --no-defaults --datadir=$H/db --auth-root-authentication-method=normal --skip-test-db
# this machine runs as root: mariadbd wants --user=root said
nohup /usr/sbin/mariadbd --no-defaults --user=root --datadir=$H/db --socket=$H/run/mysql.sock \
  --pid-file=$H/run/mysql.pid --skip-networking --character-set-server=utf8mb4 \
  --collation-server=utf8mb4_unicode_ci --innodb-buffer-pool-size=64M --log-error=$H/run/mysql.err > run/nohup.out 2>&1 &
sleep 5
mariadb --no-defaults -S run/mysql.sock -uroot -e "create database xmb character set utf8mb4; create user xmb@localhost identified by 'xmbpass'; grant all on xmb.* to xmb@localhost;"
cp $W/xm_php.ini run/php.ini
nohup php -c run/php.ini -S 127.0.0.1:47151 -t forum > run/php-server.log 2>&1 &
echo $! > run/php.pid
cd $W
P=/work/wt/heldout8/.venv/bin/python
$P xm_install.py        # the web installer's forms (it removes its own folder); upgrade/ moved out
$P xm_setup_forum.py    # admin settings form: 10 posts a page, captcha off, one-registration-per-IP off
$P xm_thread.py         # 6 registrations, 28 posts, 1 edit (a minute later)
$P xm_shift_times.py    # the week's spread
$P xm_freeze_h8.py ../h8   # the 3 guest pages and oracle.json
$P xm_check_h8.py ../h8    # the oracle against the saved pages (0 differences), before any run
# On the machine: the first xm_thread.py run stopped after the topic's first post (it looked for the
# topic's id in the response's URL; XMB answers with a «posted» page and a Refresh header). So the
# database was dropped and made again, the tree unpacked afresh, and xm_install.py, xm_setup_forum.py
# and xm_thread.py run again from the start, in order:
#   mariadb --no-defaults -S $H/run/mysql.sock -uroot -e "drop database xmb; create database xmb character set utf8mb4;"
#   rm -rf $H/forum/* && git --git-dir=/work/.mirror/miqrogroove+xmb/repo archive 1.9.12.09 | tar x -C $H/forum
