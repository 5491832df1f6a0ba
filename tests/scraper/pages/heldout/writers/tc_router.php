<?php
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path !== '/' && is_file(__DIR__ . $path) && !str_ends_with($path, '.php')) { return false; }
if ($path !== '/' && is_file(__DIR__ . $path) && str_ends_with($path, '.php')) { require __DIR__ . $path; return true; }
require __DIR__ . '/index.php';
