<?php
/**
 * Replies in a phpBB 3.3 topic by phpBB's own submit_post() (what posting.php runs once its
 * form is accepted), for a test's filler posts: the reply form takes one post per topic at a
 * time (a reply made meanwhile turns the next into «At least one new post has been made»)
 * and 2 s a form (its minimum age), so a long thread through the form takes minutes.
 *   php phpbb_replies.php TOPIC_ID NAME:TEXT...      (from the board's root; prints the post ids)
 */
define('IN_PHPBB', true);
$phpbb_root_path = './';
$phpEx = 'php';
$_SERVER['REQUEST_METHOD'] = 'GET';
require $phpbb_root_path.'common.php';
require $phpbb_root_path.'includes/functions_posting.php';
require $phpbb_root_path.'includes/message_parser.php';
// The board is SQLite, written by the forum's own server at the same time (other live tests):
// wait for its write lock rather than fail with «database is locked».
$db->sql_query('PRAGMA busy_timeout = 20000');
$user->session_begin();
$topic_id = (int) $argv[1];
$topic = $db->sql_fetchrow($db->sql_query('SELECT t.*, f.forum_name FROM '.TOPICS_TABLE.' t JOIN '.FORUMS_TABLE
	.' f ON f.forum_id = t.forum_id WHERE t.topic_id = '.$topic_id));
$ids = array();
foreach (array_slice($argv, 2) as $item)
{
	list($name, $text) = explode(':', $item, 2);
	$row = $db->sql_fetchrow($db->sql_query('SELECT * FROM '.USERS_TABLE." WHERE username_clean = '"
		.$db->sql_escape(utf8_clean_string($name))."'"));
	$user->data = array_merge($user->data, $row);
	$auth->acl($user->data);
	$message = new parse_message($text);
	$message->parse(true, true, true);
	$data = array(
		'forum_id' => (int) $topic['forum_id'], 'topic_id' => $topic_id, 'forum_name' => $topic['forum_name'],
		'topic_title' => $topic['topic_title'], 'icon_id' => 0, 'post_time' => time(),
		'enable_bbcode' => true, 'enable_smilies' => true, 'enable_urls' => true, 'enable_sig' => true,
		'enable_indexing' => true, 'message' => $message->message, 'message_md5' => md5($message->message),
		'bbcode_bitfield' => $message->bbcode_bitfield, 'bbcode_uid' => $message->bbcode_uid,
		'post_edit_locked' => 0, 'notify' => false, 'notify_set' => false, 'attachment_data' => array(),
		'force_approved_state' => ITEM_APPROVED, 'topic_status' => ITEM_UNLOCKED,
	);
	$poll = array();
	submit_post('reply', 'Re: '.$topic['topic_title'], $row['username'], POST_NORMAL, $poll, $data);
	$ids[] = (int) $data['post_id'];
}
echo json_encode($ids), "\n";
