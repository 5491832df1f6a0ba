#!/bin/sh
# Put the FUDforum board back to its state before the thread (after a failed writer run):
# the database dump and the data folder (FUDforum keeps message bodies in files there).
set -e
cd /work/lab/own-heldout6
M="mariadb --no-defaults -S run/mysql.sock -uroot"
$M -e "drop database fud; create database fud character set utf8mb4"
$M fud < base.sql
rm -rf data && cp -a base-data data
