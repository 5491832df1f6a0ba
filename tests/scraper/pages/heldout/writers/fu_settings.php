<?php
/* FUDforum 3.1.0's settings for h6, written with its own change_global_settings() (what the admin
 * panel's global settings form calls): 10 posts a page so 28 posts give 3 pages; the board's
 * zone Europe/Moscow (what a guest sees); registration without e-mail confirmation, captcha
 * or moderation, and posts not premoderated, so the writer can register players through the
 * form; flood and login guards shortened so the writer is not an hour at it.
 * Done by hand beside this (not in a script): the guest row's zone, which the installer had
 * set to UTC (a guest sees user 1's time_zone, not SERVER_TZ):
 *   mariadb ... fud -e "update fud30_users set time_zone='Europe/Moscow' where id=1"
 * and Мастер was registered through the same form while the forms were being explored (so
 * fu_thread.py's own registration of him reports «already taken»); base.sql and base-data
 * (fu_reset.sh) were taken after that. The board was put back with fu_reset.sh once, after a
 * writer run stopped at post 7 on PHP 8.1's mysqli exceptions (fu_patch_php8.py's second fix). */
$GLOBALS['INCLUDE'] = '/work/lab/own-heldout6/data/include/';
require('/work/lab/own-heldout6/data/include/GLOBALS.php');
require_once($GLOBALS['INCLUDE'] .'glob.inc');
change_global_settings(array(
	'POSTS_PER_PAGE' => 10,
	'SERVER_TZ' => 'Europe/Moscow',
	'FUD_OPT_2' => $GLOBALS['FUD_OPT_2'] & ~(1 | 1024),	/* EMAIL_CONFIRMATION, MODERATE_USER_REGS off */
	'FUD_OPT_3' => $GLOBALS['FUD_OPT_3'] | 128,		/* DISABLE_TURING_TEST */
	'MOD_FIRST_N_POSTS' => 0,
	'REG_TIME_LIMIT' => 1,
	'FLOOD_CHECK_TIME' => 2,
	'MIN_TIME_BETWEEN_LOGIN' => 1,
	'FORUM_TITLE' => 'Город N',
));
echo "ok\n";
