#!/bin/bash
# Start again from an empty database (run twice while el_thread.py was made: its first runs
# stopped after the GM's first post, reading ElkArte's redirect and page wrongly).
H=/work/lab/own-heldout9
W=/work/wt/heldout9/tests/scraper/pages/heldout/writers
mariadb --no-defaults -S $H/run/mysql.sock -uroot -e "drop database elkarte; create database elkarte character set utf8mb4;"
mv $H/install.done $H/forum/install
cp $H/forum/Settings.sample.php $H/forum/Settings.php; cp $H/forum/Settings_bak.sample.php $H/forum/Settings_bak.php
cd $W && PYTHONPATH=. /work/wt/heldout9/.venv/bin/python el_install.py > $H/run/install.log 2>&1
mv $H/forum/install $H/install.done
mariadb --no-defaults -S $H/run/mysql.sock -uroot elkarte -e "update elkarte_settings set value='10' where variable='defaultMaxMessages'; update elkarte_settings set value='0' where variable='reg_verification';"
