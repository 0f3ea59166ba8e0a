#!/usr/bin/env bash
# Verifies the MySQL-family TPC-C stored procedures (src/main/resources/tpcc/procedures/mysql.sql, issue 46) on a
# real server: MySQL 8.0, MariaDB 10.11 or OceanBase/seekdb (MySQL mode).
#   procverify-mysql.sh [host [port [user [password [database]]]]]   (or env HOST PORT DBUSER PASSWORD DATABASE;
#   DBUSER, not USER, which the shell sets to the login name)
# env: JAR (the tool's jar, default target/oltpbench.jar), SQL (the procedure file), CALLS (random calls, default 3000),
#      KIND (mariadb|mysql|oceanbase; detected from VERSION() when unset).
# The database is made afresh with 1 warehouse (the jar's cleanup + prepare): it must be one of your own.
# Each check prints 'PASS name' or 'FAIL name: why' ('INFO' lines report, not judge); exit status 1 on any failure.
# Example: JAR=/tmp/oltpbench.jar src/site/scripts/procverify-mysql.sh 127.0.0.1 3307 bench bench procverify
set -u
HOST=${1:-${HOST:-127.0.0.1}}; PORT=${2:-${PORT:-3306}}; USER_=${3:-${DBUSER:-root}}
PASS_=${4:-${PASSWORD:-}}; DB=${5:-${DATABASE:-procverify}}
HERE=$(cd "$(dirname "$0")/../../.." && pwd)
JAR=${JAR:-$HERE/target/oltpbench.jar}; SQL=${SQL:-$HERE/src/main/resources/tpcc/procedures/mysql.sql}
CALLS=${CALLS:-3000}
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
M=(mysql --protocol=tcp -h "$HOST" -P "$PORT" -u "$USER_")
[ -n "$PASS_" ] && M+=(-p"$PASS_")
FAILS=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; FAILS=$((FAILS + 1)); }
# q SQL: one result, tab-separated, no headers
q() { "${M[@]}" -N -B "$DB" -e "$1"; }
# expect NAME GOT WANT
expect() { if [ "$2" == "$3" ]; then pass "$1"; else fail "$1" "got [$2] want [$3]"; fi; }

VERSION=$("${M[@]}" -N -B -e 'SELECT VERSION()') || { echo "cannot connect"; exit 2; }
if [ -z "${KIND:-}" ]; then
  case "$VERSION" in *MariaDB*) KIND=mariadb ;; *OceanBase*) KIND=oceanbase ;; *) KIND=mysql ;; esac
fi
case $KIND in mysql) URL=jdbc:mysql ;; *) URL=jdbc:mariadb ;; esac
# a short lock wait, for the lock-wait check
case $KIND in
  oceanbase) LOCKWAIT="SET SESSION ob_trx_lock_timeout = 1000000"; LOCKWAIT0="SET SESSION ob_trx_lock_timeout = 20000000, ob_query_timeout = 30000000" ;;
  *) LOCKWAIT="SET SESSION innodb_lock_wait_timeout = 1"; LOCKWAIT0="SET SESSION innodb_lock_wait_timeout = 20" ;;
esac
echo "== $KIND $VERSION at $HOST:$PORT database $DB"

# -- a fresh 1-warehouse data set
"${M[@]}" -e "CREATE DATABASE IF NOT EXISTS $DB" || exit 2
tool() { java -jar "$JAR" "$1" --set db=$KIND --set conn=$URL://$HOST:$PORT/$DB --set user=$USER_ \
  ${PASS_:+--set password=$PASS_} --set warehouses=1 --set workload=tpcc; }
tool cleanup > "$WORK/cleanup.log" 2>&1
tool prepare > "$WORK/prepare.log" 2>&1 || { tail -20 "$WORK/prepare.log"; fail prepare "the jar's prepare failed"; exit 1; }
pass "prepare (1 warehouse)"

# -- the procedures: DROP each by name, then each statement ended by a line holding only //
for n in $(grep -o '^CREATE PROCEDURE [a-z_]*' "$SQL" | awk '{print $3}'); do q "DROP PROCEDURE IF EXISTS $n"; done
awk -v dir="$WORK" 'BEGIN { n = 0 } /^\/\/$/ { n++; next } { print > (dir "/stmt" sprintf("%02d", n) ".sql") }' "$SQL"
ok=1
for s in "$WORK"/stmt*.sql; do
  grep -q CREATE "$s" || continue
  (echo 'delimiter $$'; cat "$s"; echo '$$') | "${M[@]}" "$DB" || { ok=0; fail create "$(head -c 300 "$s")"; }
done
[ $ok = 1 ] && pass "create procedures ($(grep -c '^CREATE PROCEDURE' "$SQL"))"

# ---------------------------------------------------------------------------------------------------------------
# New-Order: both variants give the same rows; the stock formula; a repeated pair; the rollback case
STOCKQ="SELECT GROUP_CONCAT(CONCAT(s_i_id,':',s_quantity,':',s_ytd,':',s_order_cnt,':',s_remote_cnt) ORDER BY s_i_id) FROM bmsql_stock WHERE s_w_id = 1 AND s_i_id IN"
linesq() { q "SELECT GROUP_CONCAT(CONCAT_WS(',', ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info, IFNULL(ol_delivery_d,'null')) ORDER BY ol_number SEPARATOR ';') FROM bmsql_order_line WHERE ol_w_id = 1 AND ol_d_id = $1 AND ol_o_id = $2"; }
orderq() { q "SELECT CONCAT_WS(',', o_c_id, IFNULL(o_carrier_id,'null'), o_ol_cnt, o_all_local, (SELECT COUNT(*) FROM bmsql_new_order WHERE no_w_id = 1 AND no_d_id = $1 AND no_o_id = $2)) FROM bmsql_oorder WHERE o_w_id = 1 AND o_d_id = $1 AND o_id = $2"; }
# distinct pairs, quantities chosen to take both branches of 2.4.2.2 (q >= qty + 10 or not) and its edge (11 >= 1 + 10)
ITEMS='[11,22,33,44,55]'; QTY='[3,7,10,1,9]'; SUP='[1,1,1,1,1]'
declare -A RES
for v in tpcc_neword tpcc_neword_row; do
  q "UPDATE bmsql_stock SET s_quantity = CASE s_i_id WHEN 11 THEN 50 WHEN 22 THEN 12 WHEN 33 THEN 15 WHEN 44 THEN 11 ELSE 10 END,
     s_ytd = 0, s_order_cnt = 0, s_remote_cnt = 0 WHERE s_w_id = 1 AND s_i_id IN (11,22,33,44,55)"
  next=$(q "SELECT d_next_o_id FROM bmsql_district WHERE d_w_id = 1 AND d_id = 3")
  o=$(q "CALL $v(1, 3, 77, 5, 1, '$ITEMS', '$SUP', '$QTY')")
  expect "$v returns D_NEXT_O_ID" "$o" "$next"
  expect "$v bumps D_NEXT_O_ID" "$(q "SELECT d_next_o_id FROM bmsql_district WHERE d_w_id = 1 AND d_id = 3")" "$((next + 1))"
  expect "$v stock (2.4.2.2: q-qty if q>=qty+10 else q-qty+91)" "$(q "$STOCKQ (11,22,33,44,55)")" \
    "11:47:3:1:0,22:96:7:1:0,33:96:10:1:0,44:10:1:1:0,55:92:9:1:0"
  expect "$v order row (c, carrier, ol_cnt, all_local, new_order)" "$(orderq 3 "$o")" "77,null,5,1,1"
  expect "$v OL_AMOUNT = qty * I_PRICE, OL_DIST_INFO = S_DIST_03" \
    "$(q "SELECT COUNT(*) FROM bmsql_order_line JOIN bmsql_item ON i_id = ol_i_id JOIN bmsql_stock ON s_w_id = ol_supply_w_id AND s_i_id = ol_i_id
          WHERE ol_w_id = 1 AND ol_d_id = 3 AND ol_o_id = $o AND ol_amount = ol_quantity * i_price AND ol_dist_info = s_dist_03 AND ol_delivery_d IS NULL")" 5
  RES[$v]="$(linesq 3 "$o")|$(orderq 3 "$o")"
done
expect "both New-Order variants give identical rows" "${RES[tpcc_neword]}" "${RES[tpcc_neword_row]}"

# a repeated (supply, item) pair: the second line sees the first line's quantity (20 -> 12 -> 12-5+91 = 98)
for v in tpcc_neword tpcc_neword_row; do
  q "UPDATE bmsql_stock SET s_quantity = CASE s_i_id WHEN 77 THEN 20 ELSE 40 END, s_ytd = 0, s_order_cnt = 0, s_remote_cnt = 0
     WHERE s_w_id = 1 AND s_i_id IN (77, 88)"
  o=$(q "CALL $v(1, 4, 78, 3, 1, '[77,88,77]', '[1,1,1]', '[8,2,5]')")
  expect "$v repeated pair: stock as lines in order" "$(q "$STOCKQ (77, 88)")" "77:98:13:2:0,88:38:2:1:0"
  expect "$v repeated pair: 3 lines" "$(q "SELECT GROUP_CONCAT(ol_i_id ORDER BY ol_number) FROM bmsql_order_line WHERE ol_w_id = 1 AND ol_d_id = 4 AND ol_o_id = $o")" "77,88,77"
  RES[$v]="$(linesq 4 "$o")|$(orderq 4 "$o")"
done
expect "both New-Order variants give identical rows for a repeated pair" "${RES[tpcc_neword]}" "${RES[tpcc_neword_row]}"

# 2.4.2.3 the rollback case: SQLSTATE 45000 to the client, and no trace
trace() { q "SELECT CONCAT_WS('/', (SELECT d_next_o_id FROM bmsql_district WHERE d_w_id = 1 AND d_id = 6),
  (SELECT COUNT(*) FROM bmsql_oorder), (SELECT COUNT(*) FROM bmsql_new_order), (SELECT COUNT(*) FROM bmsql_order_line),
  ($STOCKQ (101, 202, 303)))"; }
for v in tpcc_neword tpcc_neword_row; do
  before=$(trace)
  err=$(echo "CALL $v(1, 6, 79, 4, 1, '[101,202,303,100001]', '[1,1,1,1]', '[5,5,5,5]'); SELECT @@autocommit;" | "${M[@]}" -N -B "$DB" 2>&1)
  case "$err" in *"(45000)"*"tpcc rollback"*) pass "$v unused item: SQLSTATE 45000 'tpcc rollback'" ;;
                 *) fail "$v unused item: SQLSTATE 45000" "$err" ;; esac
  expect "$v unused item leaves no trace (d_next_o_id/oorder/new_order/order_line/stock)" "$(trace)" "$before"
done

# ---------------------------------------------------------------------------------------------------------------
# Payment
custq() { q "SELECT CONCAT_WS(',', c_balance, c_ytd_payment, c_payment_cnt) FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = $1 AND c_id = $2"; }
ytdq() { q "SELECT CONCAT_WS(',', (SELECT w_ytd FROM bmsql_warehouse WHERE w_id = 1), (SELECT d_ytd FROM bmsql_district WHERE d_w_id = 1 AND d_id = $1), (SELECT COUNT(*) FROM bmsql_history))"; }
q "UPDATE bmsql_customer SET c_credit = 'GC', c_balance = -10.00, c_ytd_payment = 10.00, c_payment_cnt = 1 WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = 5"
y0=$(ytdq 2)
expect "payment by id returns c_id" "$(q "CALL tpcc_payment(1, 2, 1, 2, 5, NULL, 12345)")" 5
expect "payment by id: customer balance/ytd/count" "$(custq 2 5)" "-133.45,133.45,2"
IFS=, read -r w0 d0 h0 <<< "$y0"
expect "payment: W_YTD, D_YTD +123.45, one HISTORY row" "$(ytdq 2)" "$(q "SELECT CONCAT_WS(',', $w0 + 123.45, $d0 + 123.45, $h0 + 1)")"
expect "payment: HISTORY row (H_DATA = W_NAME 4 spaces D_NAME)" \
  "$(q "SELECT CONCAT_WS(',', h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_amount, h_data = CONCAT(w_name, '    ', d_name), h_date IS NOT NULL) FROM bmsql_history JOIN bmsql_warehouse ON w_id = h_w_id JOIN bmsql_district ON d_w_id = h_w_id AND d_id = h_d_id ORDER BY hist_id DESC LIMIT 1")" \
  "5,2,1,2,1,123.45,1,1"
expect "payment: a GC customer's C_DATA unchanged" "$(q "SELECT COUNT(*) FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = 5 AND c_data NOT LIKE '5 2 1 2 1 123.45%'")" 1

# by name: position ceil(n/2) in C_FIRST order, for an odd and an even n (hand query in the shell)
byname() { # district, n -> "last id"
  local last; last=$(q "SELECT c_last FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = $1 GROUP BY c_last HAVING COUNT(*) = $2 ORDER BY c_last LIMIT 1")
  [ -z "$last" ] && return
  local ids; ids=($(q "SELECT c_id FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = $1 AND c_last = '$last' ORDER BY c_first"))
  echo "$last ${ids[$((($2 + 1) / 2 - 1))]}"
}
for n in 3 2 4 1; do
  read -r last id <<< "$(byname 2 $n)"
  [ -z "${last:-}" ] && { echo "INFO no last name with $n customers in district 2"; continue; }
  before=$(custq 2 "$id")
  expect "payment by name ($last, n=$n): ceil(n/2)-th by C_FIRST" "$(q "CALL tpcc_payment(1, 3, 1, 2, 0, '$last', 500)")" "$id"
  IFS=, read -r b y c <<< "$before"
  expect "payment by name ($last): that customer paid" "$(custq 2 "$id")" "$(q "SELECT CONCAT_WS(',', $b - 5.00, $y + 5.00, $c + 1)")"
  expect "ostat by name ($last, n=$n): its last order" "$(q "CALL tpcc_ostat(1, 2, 0, '$last')")" \
    "$(q "SELECT MAX(o_id) FROM bmsql_oorder WHERE o_w_id = 1 AND o_d_id = 2 AND o_c_id = $id")"
done
y0=$(ytdq 7)
err=$(echo "CALL tpcc_payment(1, 7, 1, 7, 0, 'NOSUCHNAME', 100)" | "${M[@]}" -N -B "$DB" 2>&1)
case "$err" in *"(02000)"*) pass "payment unknown name: SQLSTATE 02000" ;; *) fail "payment unknown name: SQLSTATE 02000" "$err" ;; esac
expect "payment unknown name: nothing changed" "$(ytdq 7)" "$y0"

# 2.5.2.2 a BC customer: 'c_id c_d c_w d w dollars.cents | ' in front of C_DATA, cut at 500 characters
q "UPDATE bmsql_customer SET c_credit = 'BC', c_data = REPEAT('x', 490) WHERE c_w_id = 1 AND c_d_id = 8 AND c_id = 9"
q "CALL tpcc_payment(1, 5, 1, 8, 9, NULL, 123450)" > /dev/null
expect "payment BC: C_DATA prefix and 500-char cut" \
  "$(q "SELECT CONCAT(LENGTH(c_data), '|', LEFT(c_data, 24), '|', c_data = CONCAT('9 8 1 5 1 1234.50 | ', REPEAT('x', 480))) FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 8 AND c_id = 9")" \
  "500|9 8 1 5 1 1234.50 | xxxx|1"
q "CALL tpcc_payment(1, 5, 1, 8, 9, NULL, 5)" > /dev/null
expect "payment BC: cents zero-padded (0.05), older data after it" \
  "$(q "SELECT CONCAT(LENGTH(c_data), '|', LEFT(c_data, 40)) FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 8 AND c_id = 9")" \
  "500|9 8 1 5 1 0.05 | 9 8 1 5 1 1234.50 | xxx"

# ---------------------------------------------------------------------------------------------------------------
# Order-Status by id; no order -> 02000
expect "ostat by id: the customer's last order" "$(q "CALL tpcc_ostat(1, 3, 77, NULL)")" \
  "$(q "SELECT MAX(o_id) FROM bmsql_oorder WHERE o_w_id = 1 AND o_d_id = 3 AND o_c_id = 77")"
err=$(echo "CALL tpcc_ostat(1, 3, 99999, NULL)" | "${M[@]}" -N -B "$DB" 2>&1)
case "$err" in *"(02000)"*) pass "ostat without order: SQLSTATE 02000" ;; *) fail "ostat without order: SQLSTATE 02000" "$err" ;; esac

# ---------------------------------------------------------------------------------------------------------------
# Stock-Level: the count equals a hand query (IN-subquery form), every district, two thresholds
bad=0
for d in 1 2 3 4 5 6 7 8 9 10; do for t in 15 20; do
  got=$(q "CALL tpcc_slev(1, $d, $t)")
  want=$(q "SELECT COUNT(*) FROM bmsql_stock WHERE s_w_id = 1 AND s_quantity < $t AND s_i_id IN (SELECT ol_i_id FROM bmsql_order_line, bmsql_district
    WHERE d_w_id = 1 AND d_id = $d AND ol_w_id = 1 AND ol_d_id = $d AND ol_o_id BETWEEN d_next_o_id - 20 AND d_next_o_id - 1)")
  [ "$got" == "$want" ] || { bad=1; fail "slev d=$d threshold=$t" "got $got want $want"; }
done; done
[ $bad = 0 ] && pass "slev count = hand query (10 districts x 2 thresholds)"

# ---------------------------------------------------------------------------------------------------------------
# Delivery: deliver everything (one order per district per call), then an emptied district is skipped and counted
n0=$(q "SELECT COUNT(*) FROM bmsql_new_order WHERE no_w_id = 1 AND no_d_id = 1")
q "SELECT CONCAT_WS(',', no_o_id, o_c_id) FROM bmsql_new_order JOIN bmsql_oorder ON o_w_id = no_w_id AND o_d_id = no_d_id AND o_id = no_o_id
   WHERE no_w_id = 1 AND no_d_id = 1 ORDER BY no_o_id LIMIT 1" > "$WORK/oldest"
IFS=, read -r oo oc < "$WORK/oldest"
cb=$(q "SELECT CONCAT_WS(',', c_balance + (SELECT SUM(ol_amount) FROM bmsql_order_line WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = $oo), c_delivery_cnt + 1) FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = $oc")
expect "delivery, nothing to skip" "$(q "CALL tpcc_delivery(1, 4)")" 0
expect "delivery: oldest order of district 1 delivered (new_order gone, carrier, lines dated)" \
  "$(q "SELECT CONCAT_WS(',', (SELECT COUNT(*) FROM bmsql_new_order WHERE no_w_id = 1 AND no_d_id = 1 AND no_o_id = $oo), o_carrier_id,
     (SELECT COUNT(*) FROM bmsql_order_line WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = $oo AND ol_delivery_d IS NULL)) FROM bmsql_oorder WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = $oo")" "0,4,0"
expect "delivery: customer balance += sum(OL_AMOUNT), C_DELIVERY_CNT + 1" "$(q "SELECT CONCAT_WS(',', c_balance, c_delivery_cnt) FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = $oc")" "$cb"
max=$(q "SELECT MAX(c) FROM (SELECT COUNT(*) c FROM bmsql_new_order WHERE no_w_id = 1 GROUP BY no_d_id) x")
for i in $(seq 1 "$max"); do echo "CALL tpcc_delivery(1, 2);"; done | "${M[@]}" -N -B "$DB" > /dev/null
expect "delivery emptied all districts" "$(q "SELECT COUNT(*) FROM bmsql_new_order WHERE no_w_id = 1")" 0
# new orders in districts 1..9 only: district 10 is empty
for d in 1 2 3 4 5 6 7 8 9; do q "CALL tpcc_neword(1, $d, $d, 5, 1, '[1,2,3,4,5]', '[1,1,1,1,1]', '[1,1,1,1,1]')" > /dev/null; done
expect "delivery skips the emptied district 10 and counts it" "$(q "CALL tpcc_delivery(1, 9)")" 1
expect "delivery delivered districts 1..9" "$(q "SELECT COUNT(*) FROM bmsql_new_order WHERE no_w_id = 1")" 0
expect "delivery with all districts empty" "$(q "CALL tpcc_delivery(1, 9)")" 10

# ---------------------------------------------------------------------------------------------------------------
# A lock wait timeout (and a deadlock) inside a procedure: the client gets its code, no transaction stays open
n5=$(q "SELECT d_next_o_id FROM bmsql_district WHERE d_w_id = 1 AND d_id = 5")
"${M[@]}" "$DB" -e "START TRANSACTION; SELECT s_quantity FROM bmsql_stock WHERE s_w_id = 1 AND s_i_id = 999 FOR UPDATE; DO SLEEP(4); ROLLBACK;" > /dev/null &
holder=$!
sleep 1
for v in tpcc_neword tpcc_neword_row; do
  # the procedure updates the district and inserts the order before it waits on stock row 999; in the same session
  # afterwards it must see the district unchanged (an open transaction would see its own update)
  out=$(echo "$LOCKWAIT; CALL $v(1, 5, 5, 2, 1, '[1,999]', '[1,1]', '[1,1]'); SELECT CONCAT('after=', d_next_o_id) FROM bmsql_district WHERE d_w_id = 1 AND d_id = 5;" \
        | "${M[@]}" --force -N -B "$DB" 2>&1)
  case "$out" in *"ERROR 1205"*"after=$n5"*) pass "$v lock wait: error 1205 reaches the client, its work rolled back in the session" ;;
                 *) fail "$v lock wait" "$out" ;; esac
done
wait $holder
# another session can take the district row at once: the failed call holds no lock
expect "after the lock wait no lock is held (district row free)" \
  "$(echo "$LOCKWAIT; START TRANSACTION; SELECT d_next_o_id FROM bmsql_district WHERE d_w_id = 1 AND d_id = 5 FOR UPDATE; ROLLBACK;" | "${M[@]}" -N -B "$DB" 2>&1)" "$n5"
# deadlock: a heavy transaction locks stock 998, the procedure takes district 5 and waits on 998, the heavy one then
# asks for district 5: the lighter transaction (the procedure) is the victim on InnoDB
"${M[@]}" "$DB" -e "START TRANSACTION; UPDATE bmsql_customer SET c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = 1 AND c_d_id = 9;
  SELECT s_quantity FROM bmsql_stock WHERE s_w_id = 1 AND s_i_id = 998 FOR UPDATE; DO SLEEP(2);
  SELECT d_next_o_id FROM bmsql_district WHERE d_w_id = 1 AND d_id = 5 FOR UPDATE; DO SLEEP(1); ROLLBACK;" > "$WORK/heavy" 2>&1 &
holder=$!
sleep 1
out=$(echo "$LOCKWAIT0; CALL tpcc_neword_row(1, 5, 5, 2, 1, '[1,998]', '[1,1]', '[1,1]'); SELECT CONCAT('after=', d_next_o_id) FROM bmsql_district WHERE d_w_id = 1 AND d_id = 5;" \
      | "${M[@]}" --force -N -B "$DB" 2>&1)
wait $holder
case "$out" in
  *"ERROR 1213"*"after=$n5"*) pass "deadlock: error 1213 reaches the client, its work rolled back in the session" ;;
  *"ERROR"*"after=$n5"*) pass "deadlock case: an error reaches the client, work rolled back: $(echo "$out" | grep ERROR | head -1) (the other: $(grep ERROR "$WORK/heavy" | head -1))" ;;
  *) echo "INFO deadlock case: the procedure was not the victim here: $(echo "$out" | tr '\n' ' ') / other: $(grep ERROR "$WORK/heavy")" ;;
esac

# ---------------------------------------------------------------------------------------------------------------
# Com_commit / Com_rollback: do COMMIT / ROLLBACK statements inside procedures count? (figures reported, not judged)
stat() { echo "SELECT '$1'; SHOW SESSION STATUS WHERE Variable_name IN ('Com_commit', 'Com_rollback');"; }
out=$( { stat before; echo "CALL tpcc_slev(1, 1, 15); CALL tpcc_slev(1, 1, 15); CALL tpcc_payment(1, 1, 1, 1, 1, NULL, 100);"; stat after-3-commits;
         echo "CALL tpcc_neword(1, 1, 1, 2, 1, '[1,100001]', '[1,1]', '[1,1]');"; stat after-1-rollback;
         echo "CALL tpcc_neword(1, 1, 1, 3, 1, '[1,1,100001]', '[1,1,1]', '[1,1,1]');"; stat after-1-rollback-repeated-pair;
         echo "START TRANSACTION; COMMIT;"; stat after-1-client-COMMIT; } | "${M[@]}" --force -N -B "$DB" 2>/dev/null | grep -i '^\(before\|after\|com_\)' | tr '\t\n' '= ')
echo "INFO Com_commit/Com_rollback in one session (no Com_ lines: the server has no such counters): $out"

# ---------------------------------------------------------------------------------------------------------------
# random calls in the transaction mix, then the tool's consistency checks
awk -v n="$CALLS" -v seed="$RANDOM" 'BEGIN {
  srand(seed); split("BAR OUGHT ABLE PRI PRES ESE ANTI CALLY ATION EING", syl, " ")
  for (k = 0; k < n; k++) {
    r = int(rand() * 100); d = 1 + int(rand() * 10); c = 1 + int(rand() * 3000)
    num = int(rand() * 1000); last = syl[int(num / 100) + 1] syl[int(num / 10) % 10 + 1] syl[num % 10 + 1]
    if (r < 45) {
      lines = 5 + int(rand() * 11); rb = rand() < 0.01; it = ""; sw = ""; qt = ""
      for (i = 0; i < lines; i++) {
        item = (rb && i == lines - 1) ? 100001 : 1 + int(rand() * 100000)
        if (rand() < 0.02 && i > 0) item = prev   # sometimes a repeated pair
        prev = item
        it = it (i ? "," : "") item; sw = sw (i ? "," : "") 1; qt = qt (i ? "," : "") 1 + int(rand() * 10)
      }
      printf "CALL %s(1, %d, %d, %d, 1, \047[%s]\047, \047[%s]\047, \047[%s]\047);\n", (rand() < 0.5 ? "tpcc_neword" : "tpcc_neword_row"), d, c, lines, it, sw, qt
    } else if (r < 88) {
      if (rand() < 0.6) printf "CALL tpcc_payment(1, %d, 1, %d, 0, \047%s\047, %d);\n", d, d, last, 100 + int(rand() * 499901)
      else printf "CALL tpcc_payment(1, %d, 1, %d, %d, NULL, %d);\n", d, d, c, 100 + int(rand() * 499901)
    } else if (r < 92) {
      if (rand() < 0.6) printf "CALL tpcc_ostat(1, %d, 0, \047%s\047);\n", d, last
      else printf "CALL tpcc_ostat(1, %d, %d, NULL);\n", d, c
    } else if (r < 96) printf "CALL tpcc_delivery(1, %d);\n", 1 + int(rand() * 10)
    else printf "CALL tpcc_slev(1, %d, %d);\n", d, 10 + int(rand() * 11)
  } }' > "$WORK/random.sql"
start=$(date +%s)
"${M[@]}" --force -N -B "$DB" < "$WORK/random.sql" > "$WORK/random.out" 2> "$WORK/random.err"
errs=$(grep -c '^ERROR' "$WORK/random.err"); rb=$(grep -c '(45000).*tpcc rollback' "$WORK/random.err")
# every customer has an order after the load and every generated last name exists (c_id 1..1000 carry all 1000),
# so any error but the 1% rollbacks (45000) is a failure
if [ "$errs" == "$rb" ]; then pass "$CALLS random calls in $(( $(date +%s) - start )) s: $rb rollbacks (45000), no other error"
else fail "random calls" "$((errs - rb)) unexpected errors: $(grep '^ERROR' "$WORK/random.err" | grep -v 45000 | head -3)"; fi
tool check > "$WORK/check.log" 2>&1
c=$(grep -c '^ok' "$WORK/check.log"); bad=$(grep -E '^(FAIL|fail|not ok)' "$WORK/check.log" | head -3)
if grep -q 'check passed' "$WORK/check.log" && [ -z "$bad" ]; then pass "the tool's check: $c consistency conditions ok (3.3.2.x)"
else fail "the tool's check" "$(tail -15 "$WORK/check.log")"; fi

echo "== $KIND: $FAILS failure(s)"
[ $FAILS = 0 ]
