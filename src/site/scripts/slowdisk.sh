#!/bin/bash
# Issue 45 §3, commit and reads: servers of their own whose processes sit in a cgroup (v1 blkio) that holds the disk
# under their data directory to a few hundred I/Os a second, as a slow or shared volume does; the same level run
# alternately with the setting that makes the wait go away. Root; Linux with cgroup v1 blkio (or adapt to v2 io.max).
#   slowdisk.sh commit   oltp_write_only, MariaDB innodb_flush_log_at_trx_commit 1 / 2 (the log file buffered) and PostgreSQL
#                        synchronous_commit on / off, 100 writes a second
#   slowdisk.sh reads    oltp_read_only on tables 10x the cache: MariaDB innodb_buffer_pool_size=16M, PostgreSQL
#                        shared_buffers=16MB with the cgroup's memory (its page cache) held to 160 MB, 200 reads a second
# Prints each level's [Waits] and [Bottleneck] lines. JAR (default target/oltpbench.jar), ROUNDS (default 2),
# ENGINES (default "mariadb postgres").
set -u
WHAT=${1:?commit or reads}
J=${JAR:-$PWD/target/oltpbench.jar}; ROUNDS=${ROUNDS:-2}; ENGINES=${ENGINES:-mariadb postgres}
on() { case " $ENGINES " in *" $1 "*) return 0;; esac; return 1; }
D=/tmp/slowdisk; mkdir -p $D
DEV=$(lsblk -no MAJ:MIN "$(findmnt -no SOURCE --target $D)" | head -1 | tr -d ' ')
CG=/sys/fs/cgroup/blkio/oltpbench-slow; MEM=/sys/fs/cgroup/memory/oltpbench-slow
mkdir -p $CG $MEM
echo -1 > $MEM/memory.limit_in_bytes # the cache is held only after the tables are loaded (a load's dirty pages)
if [ "$WHAT" = commit ]; then
  echo "$DEV 100" > $CG/blkio.throttle.write_iops_device; echo "$DEV 0" > $CG/blkio.throttle.read_iops_device 2>/dev/null
  POOL=128M; SB=128MB; ROWS=10000; TABLES=2; WL=oltp_write_only; THREADS=16
else
  echo "$DEV 200" > $CG/blkio.throttle.read_iops_device; echo "$DEV 0" > $CG/blkio.throttle.write_iops_device 2>/dev/null
  POOL=16M; SB=16MB; ROWS=250000; TABLES=4; WL=oltp_read_only; THREADS=8
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg() { su postgres -s /bin/sh -c "$1"; }
stop() {
  [ -f $D/m.pid ] && kill "$(cat $D/m.pid)" 2>/dev/null
  [ -d $D/pg ] && as_pg "$PGBIN/pg_ctl -D $D/pg -m fast stop" >/dev/null 2>&1
  sleep 3
}
trap stop EXIT
stop; rm -rf $D/m $D/pg $D/m.pid
# MariaDB on 3399, O_DIRECT (10.11's default, so no page cache: the memory cgroup is PostgreSQL's alone), in the
# blkio cgroup from its start
mariadb-install-db --no-defaults --user=root --datadir=$D/m --auth-root-authentication-method=normal > $D/install.log 2>&1
printf "DELETE FROM mysql.user WHERE User='';\nCREATE USER IF NOT EXISTS 'bench'@'%%' IDENTIFIED BY 'bench';\nGRANT ALL ON *.* TO 'bench'@'%%';\nFLUSH PRIVILEGES;\n" > $D/init.sql
sh -c "echo \$\$ > $CG/cgroup.procs; exec mariadbd --no-defaults --user=root --datadir=$D/m --port=3399 --bind-address=127.0.0.1 --socket=$D/m.sock --pid-file=$D/m.pid --init-file=$D/init.sql --innodb-buffer-pool-size=$POOL --max-connections=100 --log-error=$D/m.err" > /dev/null 2>&1 &
# PostgreSQL on 5499 with fsync on
mkdir -p $D/pg; chown postgres $D/pg
as_pg "$PGBIN/initdb -D $D/pg -U postgres --auth=trust > /dev/null"
sh -c "echo \$\$ > $CG/cgroup.procs; echo \$\$ > $MEM/cgroup.procs; exec su postgres -s /bin/sh -c \"$PGBIN/pg_ctl -D $D/pg -l $D/pg/server.log -w -o '-p 5499 -k $D/pg -c listen_addresses=127.0.0.1 -c shared_buffers=$SB' start\"" > /dev/null
for i in $(seq 60); do mariadb -h127.0.0.1 -P3399 -ubench -pbench -e "select 1" > /dev/null 2>&1 && break; sleep 1; done
common="--set workload=$WL --set tables=$TABLES --set tableSize=$ROWS --set threads=$THREADS --set time=15 --set warmupSecs=3"
MDB="--set db=mariadb --set conn=jdbc:mariadb://127.0.0.1:3399/slow --set user=bench --set password=bench"
PG="--set db=postgres --set conn=jdbc:postgresql://127.0.0.1:5499/slow --set user=postgres"
level() { # engine-args label
  java -jar $J $1 $common run 2>&1 | grep -E "^ +transactions:|^\[Waits\]|^\[Bottleneck\]" | sed "s|^|$2: |"
}
echo "prepare (unthrottled would be faster; the throttle holds it too)"
M="mariadb -h127.0.0.1 -P3399 -ubench -pbench"; P="$PGBIN/psql -h 127.0.0.1 -p 5499 -U postgres -qAt"
on mariadb && { java -jar $J $MDB $common prepare > $D/prep-m.log 2>&1 || tail -3 $D/prep-m.log; }
# VACUUM sets the hint bits a first read would (so a read-only level does not write)
on postgres && { java -jar $J $PG $common prepare > $D/prep-pg.log 2>&1 || tail -3 $D/prep-pg.log; $P -d slow -c "VACUUM FREEZE"; }
[ "$WHAT" = reads ] && sync && echo $((160 * 1024 * 1024)) > $MEM/memory.limit_in_bytes && echo 1 > /proc/sys/vm/drop_caches
for round in $(seq $ROUNDS); do
  if [ "$WHAT" = commit ]; then
    # =2 writes the log at each commit without flushing it: through the page cache (innodb_log_file_buffering, which
    # MariaDB turns off by default on O_DIRECT) the write is the cache's; with the log file unbuffered, each commit's
    # write still goes to the device
    on mariadb && for v in 1 2; do $M -e "SET GLOBAL innodb_flush_log_at_trx_commit=$v, GLOBAL innodb_log_file_buffering=$((v - 1))"
      level "$MDB" "mariadb flush_log_at_trx_commit=$v log_file_buffering=$((v - 1)) round $round"; done
    on postgres && for v in on off; do $P -c "ALTER SYSTEM SET synchronous_commit=$v" -c "SELECT pg_reload_conf()" > /dev/null
      level "$PG" "postgres synchronous_commit=$v round $round"; done
  else
    for t in 200 0; do echo "$DEV $t" > $CG/blkio.throttle.read_iops_device
      on mariadb && level "$MDB" "mariadb pool 16M, reads throttled to ${t/#0/unlimited}/s round $round"
      on postgres && level "$PG" "postgres shared_buffers 16MB, cache 160 MB, reads ${t/#0/unlimited}/s round $round"; done
  fi
done
$M -e "SET GLOBAL innodb_flush_log_at_trx_commit=1, GLOBAL innodb_log_file_buffering=0" 2>/dev/null
