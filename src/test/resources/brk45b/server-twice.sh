#!/bin/sh
# Reviewer's run (issue 45, branch rev45): one PostgreSQL server named twice in conn (127.0.0.1 and localhost).
# Database.servers() drops duplicate URLs as strings, so the wait sampler opens two monitor connections to the same
# server and counts each of the 4 terminals' sessions twice: "[Waits] 7.7 of 8 sessions" at threads=4. The commit
# cross-check reads the same counter twice as well (+100.64%). Output of a run on main 6c2f529: server-twice.out.
set -e
JAR=${JAR:-/work/main/target/oltpbench.jar}
psql -h 127.0.0.1 -p 5433 -U postgres -c "CREATE DATABASE rev45x" 2>/dev/null || true
cat > /tmp/rev45-pg2.properties <<PROPS
db=postgres
conn=jdbc:postgresql://127.0.0.1:5433,localhost:5433/rev45x
user=postgres
workload=oltp_read_write
tables=2
table_size=10000
threads=4
time=6
PROPS
java -jar "$JAR" -c /tmp/rev45-pg2.properties prepare
java -jar "$JAR" -c /tmp/rev45-pg2.properties run
