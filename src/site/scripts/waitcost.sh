#!/bin/bash
# The wait sampler's server cost per sample (issue 45): N sessions sleeping in the database, then 1,000 executions of the
# dialect's sampling query on one session; the server's CPU-seconds over them, read from /proc (PostgreSQL: the
# sampling backend's own; MariaDB: mariadbd's, otherwise idle).
N=${1:-16}
PGQ="SELECT a.pid, a.state, a.wait_event_type, a.wait_event, CASE WHEN a.wait_event_type = 'Lock' THEN (SELECT l.relation::regclass::text FROM pg_locks l WHERE l.pid = a.pid AND NOT l.granted AND l.relation IS NOT NULL LIMIT 1) END FROM pg_stat_activity a WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'"
MYQ="SELECT p.ID, p.COMMAND, t.trx_state, p.STATE, CASE WHEN t.trx_state = 'LOCK WAIT' THEN (SELECT l.lock_table FROM information_schema.INNODB_LOCKS l WHERE l.lock_id = t.trx_requested_lock_id LIMIT 1) END FROM information_schema.PROCESSLIST p LEFT JOIN information_schema.INNODB_TRX t ON t.trx_mysql_thread_id = p.ID WHERE p.DB = DATABASE() AND p.ID <> CONNECTION_ID()"
cpu() { awk '{print $14+$15}' /proc/$1/stat; }
# PostgreSQL
psql -h 127.0.0.1 -p 5433 -U postgres -qc "create database waitcost" 2>/dev/null
for i in $(seq $N); do psql -h 127.0.0.1 -p 5433 -U postgres -d waitcost -qc "select pg_sleep(40)" >/dev/null & done
sleep 2
mkfifo /tmp/wc.fifo 2>/dev/null
( echo "select pg_backend_pid();"; sleep 1; for i in $(seq 1000); do echo "$PGQ;"; done; echo "select 'done';"; echo "select pg_sleep(3);" ) | psql -h 127.0.0.1 -p 5433 -U postgres -d waitcost -At > /tmp/wc.pg &
sleep 0.5; BP=$(head -1 /tmp/wc.pg); c0=$(cpu $BP); t0=$(date +%s.%N)
while ! grep -q done /tmp/wc.pg; do sleep 0.05; done
c1=$(cpu $BP); t1=$(date +%s.%N)
echo "postgres $N sessions: 1000 samples used $(( c1 - c0 )) ticks (1/100 s) of the backend's CPU in $(echo "$t1 - $t0" | bc) s"
wait
# MariaDB 10.11
M="mysql -h127.0.0.1 -P3307 -ubench -pbench"
$M -e "create database if not exists waitcost" 2>/dev/null
for i in $(seq $N); do $M waitcost -e "select sleep(40)" >/dev/null & done
sleep 2
MP=$(pgrep -f "mariadbd.*3307" | head -1); [ -z "$MP" ] && MP=$(ss -ltnp | grep ':3307 ' | sed 's/.*pid=\([0-9]*\).*/\1/')
c0=$(cpu $MP); t0=$(date +%s.%N)
( for i in $(seq 1000); do echo "$MYQ;"; done ) | $M waitcost -N > /dev/null
c1=$(cpu $MP); t1=$(date +%s.%N)
echo "mariadb $N sessions: 1000 samples used $(( c1 - c0 )) ticks (1/100 s) of mariadbd's CPU in $(echo "$t1 - $t0" | bc) s"
wait
