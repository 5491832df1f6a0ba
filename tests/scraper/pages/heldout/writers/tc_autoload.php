<?php
// Local stand-in for composer's autoload (no composer here): the project's PSR-4 map and a no-op mailer.
spl_autoload_register(function ($class) {
    foreach (['TinCan\\Admin\\' => __DIR__ . '/../admin/', 'TinCan\\' => __DIR__ . '/../core/'] as $prefix => $dir) {
        if (strncmp($class, $prefix, strlen($prefix)) === 0) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) { require $file; return; }
        }
    }
    if (strncmp($class, 'PHPMailer\\PHPMailer\\', 20) === 0) { require_once __DIR__ . '/stub/phpmailer.php'; }
});
