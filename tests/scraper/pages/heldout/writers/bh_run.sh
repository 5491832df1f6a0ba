#!/bin/bash
# h7's Beehive Forum, the commands as they were typed on the session's machine (one at a time;
# written here in order). Stop: kill the two pids in run/ (mysql.pid, php.pid).
H=/work/lab/own-heldout7
mkdir -p $H/db $H/run && cd $H
git --git-dir=/work/.mirror/BeehiveForum+BeehiveForum/repo archive HEAD | tar x   # 88ad6074f
python3 /work/wt/heldout7/tests/scraper/pages/heldout/writers/bh_patch.py forum
mariadb-install-db --no-defaults --datadir=$H/db --auth-root-authentication-method=normal --skip-test-db
# this machine runs as root: mariadbd wants --user=root said
nohup /usr/sbin/mariadbd --no-defaults --user=root --datadir=$H/db --socket=$H/run/mysql.sock \
  --pid-file=$H/run/mysql.pid --skip-networking --character-set-server=utf8mb4 \
  --collation-server=utf8mb4_unicode_ci --innodb-buffer-pool-size=64M --log-error=$H/run/mysql.err > run/nohup.out 2>&1 &
sleep 5
mariadb --no-defaults -S run/mysql.sock -uroot -e "create database beehive character set utf8mb4; create user bh@localhost identified by 'bhpass'; grant all on beehive.* to bh@localhost;"
cp /work/wt/heldout7/tests/scraper/pages/heldout/writers/bh_php.ini run/php.ini
nohup php -c run/php.ini -S 127.0.0.1:47141 -t forum > run/php-server.log 2>&1 &
echo $! > run/php.pid
cd /work/wt/heldout7/tests/scraper/pages/heldout/writers
P=/work/wt/heldout7/.venv/bin/python
$P bh_setup_forum.py        # the installer's form; then the install folder out, sfs_enabled = N
$P bh_thread.py             # 6 registrations, 28 posts, 1 edit (a minute later)
$P bh_shift_times.py        # the week's spread
$P freeze_h7.py ../h7       # the 3 guest pages and oracle.json
