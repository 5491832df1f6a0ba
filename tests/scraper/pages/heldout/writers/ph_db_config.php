<?php
if (!defined('PHORUM')) return;
$PHORUM['DBCONFIG']=array(
    'type'          => 'mysql',
    'name'          => 'phorum',
    'server'        => 'localhost',
    'user'          => 'phorum',
    'password'      => 'phorumpass',
    'table_prefix'  => 'phorum',
    'port'          => '3306',
    'socket'        => '/work/lab/own-heldout5/mdb.sock',
    'mysql_php_extension' =>  'mysqli',
    'mysql_use_ft'  =>  '1',
    'empty_search_table' => '0',
    'charset' => 'utf8mb4',
    'slaves' => array(),
);
