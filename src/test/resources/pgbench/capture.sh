#!/bin/sh
# Captures the reference output shapes of the real pgbench 15 (Debian 15.18-0+deb12u1) that PgbenchFormatTest
# compares oltpbench's pgbench console with, figures replaced by their shape. Run once against PostgreSQL 15:
#   createdb h43d && pgbench -i -s 1 h43d
P="$PGBIN/pgbench -h 127.0.0.1 -p 5433 -U postgres"
$P -c 2 -j 1 -T 2 -P 1 -R 300 -L 2 -r h43d > rate-limit.txt 2>&1
$P -c 2 -t 50 -S -M prepared h43d > per-client.txt 2>&1
