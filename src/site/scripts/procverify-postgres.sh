#!/bin/bash
# Verifies src/main/resources/tpcc/procedures/postgres.sql (issue 46) on a real PostgreSQL: a fresh 1-warehouse TPC-C
# database, the routines loaded as the Java loads them (split on lines holding only //), each routine's effects
# asserted with SQL, a few thousand random calls, the tool's 3.3.2.x checks, then a rough timing of both New-Order
# variants. Prints ok/FAIL lines; exits non-zero on any failure.
# Env: PGHOST PGPORT PGUSER (default 127.0.0.1 5433 postgres), DB (default procverify), JAR (default
# target/oltpbench.jar), CALLS (random calls, default 4000), TIMED (New-Order calls per variant, default 2000).
set -u
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5433} PGUSER=${PGUSER:-postgres}
DB=${DB:-procverify}
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
SQL=${SQL:-$ROOT/src/main/resources/tpcc/procedures/postgres.sql}
JAR=${JAR:-$ROOT/target/oltpbench.jar}
CALLS=${CALLS:-4000}
TIMED=${TIMED:-2000}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILS=0
ok() { echo "ok   $*"; }
fail() { echo "FAIL $*"; FAILS=$((FAILS + 1)); }
# q SQL: one value, autocommit, errors to stderr
q() { psql -d "$DB" -X -qAt -v ON_ERROR_STOP=1 -c "$1"; }
# expect NAME GOT WANT
expect() { if [ "$2" == "$3" ]; then ok "$1"; else fail "$1: got '$2', want '$3'"; fi; }
tool() { (cd "$TMP" && java -jar "$JAR" "$1" --set db=postgres --set conn="jdbc:postgresql://$PGHOST:$PGPORT/$DB" \
    --set user="$PGUSER" --set warehouses=1 --set workload=tpcc); }

echo "== fresh database $DB, 1 warehouse"
psql -d postgres -X -q -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" || exit 1
tool prepare > "$TMP/prepare.out" 2>&1 && grep -q '^check passed' "$TMP/prepare.out" || { cat "$TMP/prepare.out"; exit 1; }
ok "prepare: loaded, 3.3.2.x checks pass"

echo "== load $SQL as the Java does"
for n in tpcc_neword tpcc_neword_row tpcc_payment tpcc_ostat tpcc_delivery tpcc_slev; do
  q "DROP FUNCTION IF EXISTS $n CASCADE" 2>/dev/null || exit 1
done
awk -v dir="$TMP" 'BEGIN { n = 0 } /^\/\/$/ { n++; next } { print > sprintf("%s/stmt%02d.sql", dir, n) }' "$SQL"
for f in "$TMP"/stmt*.sql; do
  grep -q '[^[:space:]]' "$f" || continue
  q "$(cat "$f")" || { fail "statement $(basename "$f") does not run"; exit 1; }
done
expect "the six routines exist" "$(q "SELECT string_agg(proname, ',' ORDER BY proname) FROM pg_proc WHERE proname LIKE 'tpcc%'")" \
  "tpcc_delivery,tpcc_neword,tpcc_neword_row,tpcc_ostat,tpcc_payment,tpcc_slev"

# ---------------------------------------------------------------------------------------------------------------
echo "== New-Order (2.4.2)"
# The order's rows and the stock rows it touched, in a stable text form (o_entry_d left out: the clock differs).
dump_order() { cat <<EOF
SELECT 'district', d_next_o_id FROM bmsql_district WHERE d_w_id = 1 AND d_id = $1;
SELECT 'order', o_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local, o_entry_d IS NOT NULL FROM bmsql_oorder
 WHERE o_w_id = 1 AND o_d_id = $1 AND o_id = (SELECT d_next_o_id - 1 FROM bmsql_district WHERE d_w_id = 1 AND d_id = $1);
SELECT 'new_order', no_o_id FROM bmsql_new_order WHERE no_w_id = 1 AND no_d_id = $1 ORDER BY no_o_id DESC LIMIT 1;
SELECT 'line', ol_o_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info, ol_delivery_d
  FROM bmsql_order_line WHERE ol_w_id = 1 AND ol_d_id = $1
   AND ol_o_id = (SELECT d_next_o_id - 1 FROM bmsql_district WHERE d_w_id = 1 AND d_id = $1) ORDER BY ol_number;
SELECT 'stock', s_w_id, s_i_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt FROM bmsql_stock
 WHERE s_i_id IN ($2) ORDER BY s_w_id, s_i_id;
-- each line's amount is quantity * price and its dist info the district's S_DIST_xx of its stock row
SELECT 'line check', count(*) FILTER (WHERE ol_amount <> ol_quantity * i_price),
       count(*) FILTER (WHERE ol_dist_info <> (ARRAY[s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06,
                                                   s_dist_07, s_dist_08, s_dist_09, s_dist_10])[$1])
  FROM bmsql_order_line JOIN bmsql_item ON i_id = ol_i_id JOIN bmsql_stock ON s_w_id = ol_supply_w_id AND s_i_id = ol_i_id
 WHERE ol_w_id = 1 AND ol_d_id = $1 AND ol_o_id = (SELECT d_next_o_id - 1 FROM bmsql_district WHERE d_w_id = 1 AND d_id = $1);
EOF
}
# neword_case FUNCTION D C ITEMS SUPPLY QTY: in a transaction rolled back; a (2, 11) stock row stands in for a remote
# warehouse's; stock of items 11 and 12 set to 20 and 15 so that the 91 top-up is reached.
neword_case() {
  { echo "BEGIN;"
    echo "INSERT INTO bmsql_stock SELECT 2, s_i_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt, s_data, s_dist_01, s_dist_02,"
    echo "  s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM bmsql_stock WHERE s_w_id = 1 AND s_i_id = 11;"
    echo "UPDATE bmsql_stock SET s_quantity = 20, s_ytd = 0, s_order_cnt = 0, s_remote_cnt = 0 WHERE s_i_id = 11;"
    echo "UPDATE bmsql_stock SET s_quantity = 15, s_ytd = 0, s_order_cnt = 0, s_remote_cnt = 0 WHERE s_i_id = 12;"
    echo "SELECT 'returned', $1(1, $2, $3, $(echo "$4" | tr -cd ',' | wc -c | awk '{print $1 + 1}'), $7, '[$4]', '[$5]', '[$6]');"
    dump_order "$2" "$(echo "$4" | tr -d ' ')"
    echo "ROLLBACK;"
  } | psql -d "$DB" -X -qAt -v ON_ERROR_STOP=1 2>&1
}
# A remote line (2, 11), items 11 and 12 twice each from the same warehouse, quantities chosen to cross the top-up.
ITEMS="11,12,11,500,11,12,777"; SUPPLY="1,1,1,1,2,1,1"; QTY="8,4,5,10,3,6,1"
neword_case tpcc_neword 4 17 "$ITEMS" "$SUPPLY" "$QTY" 0 > "$TMP/set.out"
neword_case tpcc_neword_row 4 17 "$ITEMS" "$SUPPLY" "$QTY" 0 > "$TMP/row.out"
if cmp -s "$TMP/set.out" "$TMP/row.out" && ! grep -q ERROR "$TMP/set.out"; then
  ok "repeated pairs + remote line: tpcc_neword and tpcc_neword_row leave identical rows"
else fail "repeated pairs: the variants differ"; diff "$TMP/set.out" "$TMP/row.out"; fi
# By hand, lines in order: (1,11) 20 -8 -> 12; -5: 12 < 15 -> 12-5+91 = 98. (1,12) 15 -4: 15 < 14? no -> 11; -6: 11 < 16
# -> 11-6+91 = 96. (2,11) 20 -3 -> 17 remote. Items 500 and 777 keep their loaded quantity minus or plus.
expect "repeated pair (1, 11): quantity 20 -8 -5 = 98 (top-up on the 2nd line), ytd 13, order_cnt 2" \
  "$(grep '^stock|1|11|' "$TMP/set.out")" "stock|1|11|98|13|2|0"
expect "repeated pair (1, 12): quantity 15 -4 -6 = 96, ytd 10, order_cnt 2" "$(grep '^stock|1|12|' "$TMP/set.out")" "stock|1|12|96|10|2|0"
expect "remote line (2, 11): quantity 17, remote_cnt 1" "$(grep '^stock|2|11|' "$TMP/set.out")" "stock|2|11|17|3|1|1"
expect "order row: 7 lines, all_local as passed, entry date set" "$(grep '^order|' "$TMP/set.out" | cut -d'|' -f3-)" "17||7|0|t"
expect "every line: amount = quantity * price, dist info = S_DIST_04" "$(grep '^line check' "$TMP/set.out")" "line check|0|0"
expect "returned o_id = the order's id" "$(grep '^returned' "$TMP/set.out" | cut -d'|' -f2)" "$(grep '^order|' "$TMP/set.out" | cut -d'|' -f2)"
expect "7 lines, numbered 1..7 in the order given" "$(grep '^line|' "$TMP/set.out" | cut -d'|' -f3,4 | tr '\n' ' ')" \
  "1|11 2|12 3|11 4|500 5|11 6|12 7|777 "
# Distinct pairs only (the set-based path proper), 15 lines, every district-dependent column: identical rows again.
ITEMS="3,99,12,4501,11,800,23456,9,100000,1,77777,31,8000,560,2024"; SUPPLY="1,1,1,1,2,1,1,1,1,1,1,1,1,1,1"
QTY="1,2,3,4,5,6,7,8,9,10,1,2,3,4,5"
for d in 1 10; do
  neword_case tpcc_neword $d 2999 "$ITEMS" "$SUPPLY" "$QTY" 0 > "$TMP/set.out"
  neword_case tpcc_neword_row $d 2999 "$ITEMS" "$SUPPLY" "$QTY" 0 > "$TMP/row.out"
  if cmp -s "$TMP/set.out" "$TMP/row.out" && ! grep -q ERROR "$TMP/set.out" && [ "$(grep -c '^line|' "$TMP/set.out")" = 15 ] \
     && grep -q '^line check|0|0$' "$TMP/set.out"; then
    ok "15 distinct pairs, district $d: identical rows from both variants, amounts and S_DIST_$(printf %02d $d) right"
  else fail "15 distinct pairs, district $d: the variants differ"; diff "$TMP/set.out" "$TMP/row.out"; fi
done
# 2.4.2.3: an unused item id as the last line: SQLSTATE 45000, 'tpcc rollback', and no trace (autocommitted call).
state() { q "SELECT (SELECT d_next_o_id FROM bmsql_district WHERE d_w_id = 1 AND d_id = 6), (SELECT count(*) FROM bmsql_oorder),
  (SELECT count(*) FROM bmsql_new_order), (SELECT count(*) FROM bmsql_order_line),
  (SELECT string_agg(concat_ws(',', s_quantity, s_ytd, s_order_cnt, s_remote_cnt), ';' ORDER BY s_i_id) FROM bmsql_stock WHERE s_i_id IN (5, 6, 7))"; }
for f in tpcc_neword tpcc_neword_row; do
  before=$(state)
  err=$(psql -d "$DB" -X -qAt -v VERBOSITY=verbose -c "SELECT $f(1, 6, 40, 4, 1, '[5,6,7,100001]', '[1,1,1,1]', '[2,2,2,2]')" 2>&1 >/dev/null)
  expect "$f, unused item 100001: error 45000 'tpcc rollback ...'" "$(echo "$err" | head -1 | cut -c1-29)" "ERROR:  45000: tpcc rollback:"
  expect "$f, unused item: no trace (d_next_o_id, oorder, new_order, order_line, stock unchanged)" "$(state)" "$before"
done
# committed (autocommit): the returned id is d_next_o_id - 1 afterwards, and that order is the one placed
oid=$(q "SELECT tpcc_neword_row(1, 6, 40, 5, 1, '[5,6,7,8,9]', '[1,1,1,1,1]', '[1,1,1,1,1]')")
expect "tpcc_neword_row, committed 5-line order: returns the new d_next_o_id - 1, the order of customer 40 with 5 lines" \
  "$(q "SELECT o_id || '/' || o_c_id || '/' || o_ol_cnt FROM bmsql_oorder WHERE o_w_id = 1 AND o_d_id = 6 AND o_id = (SELECT d_next_o_id - 1 FROM bmsql_district WHERE d_w_id = 1 AND d_id = 6)")" "$oid/40/5"
oid=$(q "SELECT tpcc_neword(1, 6, 41, 5, 0, '[5,6,7,8,9]', '[1,1,1,1,1]', '[1,1,1,1,1]')")
expect "tpcc_neword, committed 5-line order: likewise" \
  "$(q "SELECT o_id || '/' || o_c_id || '/' || o_ol_cnt FROM bmsql_oorder WHERE o_w_id = 1 AND o_d_id = 6 AND o_id = (SELECT d_next_o_id - 1 FROM bmsql_district WHERE d_w_id = 1 AND d_id = 6)")" "$oid/41/5"

# ---------------------------------------------------------------------------------------------------------------
echo "== Payment (2.5.2) and Order-Status (2.6.2)"
# The customer chosen by name, by hand: row number ceil(n/2) among (w, d)'s customers with that name by c_first.
middle() { q "SELECT c_id FROM (SELECT c_id, row_number() OVER (ORDER BY c_first) AS r, count(*) OVER () AS n FROM bmsql_customer
  WHERE c_w_id = 1 AND c_d_id = $1 AND c_last = '$2') t WHERE r = ceil(n / 2.0)"; }
# a name of district 3 with an odd and one with an even count of customers (all C_FIRST distinct)
names() { q "SELECT c_last FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 3 GROUP BY c_last
  HAVING count(*) % 2 = $1 AND count(*) > 1 AND count(DISTINCT c_first) = count(*) ORDER BY count(*) DESC, c_last LIMIT 1"; }
for parity in 1 0; do
  name=$(names $parity); n=$(q "SELECT count(*) FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 3 AND c_last = '$name'")
  want=$(middle 3 "$name")
  expect "tpcc_ostat by name $name (n = $n): customer at ceil(n/2), its last order" \
    "$(q "SELECT tpcc_ostat(1, 3, NULL, '$name')")" "$(q "SELECT max(o_id) FROM bmsql_oorder WHERE o_w_id = 1 AND o_d_id = 3 AND o_c_id = $want")"
  # Remote-district payment: home district 7, customer's district 3.
  before=$(q "SELECT (SELECT w_ytd FROM bmsql_warehouse WHERE w_id = 1), (SELECT d_ytd FROM bmsql_district WHERE d_w_id = 1 AND d_id = 7),
    (SELECT d_ytd FROM bmsql_district WHERE d_w_id = 1 AND d_id = 3), c_balance, c_ytd_payment, c_payment_cnt, c_data
    FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 3 AND c_id = $want")
  expect "tpcc_payment by name $name (n = $n): pays the customer at ceil(n/2)" "$(q "SELECT tpcc_payment(1, 7, 1, 3, NULL, '$name', 123405)")" "$want"
  expect "  w_ytd +1234.05, home d_ytd +1234.05, customer district's d_ytd unchanged, balance -1234.05, ytd_payment +1234.05, payment_cnt +1" \
    "$(q "SELECT (SELECT w_ytd FROM bmsql_warehouse WHERE w_id = 1), (SELECT d_ytd FROM bmsql_district WHERE d_w_id = 1 AND d_id = 7),
    (SELECT d_ytd FROM bmsql_district WHERE d_w_id = 1 AND d_id = 3), c_balance, c_ytd_payment, c_payment_cnt
    FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 3 AND c_id = $want")" \
    "$(echo "$before" | awk -F'|' -v OFS='|' '{ printf "%.2f|%.2f|%s|%.2f|%.2f|%d\n", $1 + 1234.05, $2 + 1234.05, $3, $4 - 1234.05, $5 + 1234.05, $6 + 1 }')"
  expect "  history row: ids, amount, h_data = w_name || 4 spaces || d_name" \
    "$(q "SELECT h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_amount, h_data = w_name || '    ' || d_name, h_date > now() - interval '1 minute'
      FROM bmsql_history JOIN bmsql_warehouse ON w_id = h_w_id JOIN bmsql_district ON d_w_id = h_w_id AND d_id = h_d_id ORDER BY hist_id DESC LIMIT 1")" \
    "$want|3|1|7|1|1234.05|t|t"
done
for f in "tpcc_payment(1, 1, 1, 1, NULL, 'NOSUCHNAME', 100)" "tpcc_ostat(1, 1, NULL, 'NOSUCHNAME')"; do
  err=$(psql -d "$DB" -X -qAt -v VERBOSITY=verbose -c "SELECT $f" 2>&1 >/dev/null)
  expect "${f%%(*}, unknown last name: error 02000" "$(echo "$err" | head -1 | cut -c1-14)" "ERROR:  02000:"
done
# By id; a customer without an order (inserted and rolled back): 02000.
expect "tpcc_ostat by id: the customer's max o_id" "$(q "SELECT tpcc_ostat(1, 6, 40, NULL)")" \
  "$(q "SELECT max(o_id) FROM bmsql_oorder WHERE o_w_id = 1 AND o_d_id = 6 AND o_c_id = 40")"
expect "tpcc_ostat, customer without order: error 02000" "$(psql -d "$DB" -X -qAt -v VERBOSITY=verbose 2>&1 >/dev/null <<'EOF' | grep ERROR | cut -c1-14
BEGIN;
INSERT INTO bmsql_customer (c_w_id, c_d_id, c_id, c_first, c_last) VALUES (1, 1, 3001, 'X', 'Y');
SELECT tpcc_ostat(1, 1, 3001, NULL);
ROLLBACK;
EOF
)" "ERROR:  02000:"
# 2.5.2.2: a BC customer's C_DATA: "c_id c_d c_w d w amount | " in front, first 500 characters kept; GC's untouched.
bc=$(q "SELECT c_id FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_credit = 'BC' AND length(c_data) >= 490 ORDER BY c_id LIMIT 1")
gc=$(q "SELECT c_id FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_credit = 'GC' ORDER BY c_id LIMIT 1")
for cents in 123405 100 70; do
  old=$(q "SELECT c_data FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = $bc")
  amount=$((cents / 100)).$(printf %02d $((cents % 100)))
  want="$bc 2 1 5 1 $amount | $old"; want=${want:0:500}
  expect "tpcc_payment by id, BC customer $bc, $cents cents: returns its id" "$(q "SELECT tpcc_payment(1, 5, 1, 2, $bc, NULL, $cents)")" "$bc"
  got=$(q "SELECT c_data FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = $bc")
  expect "  c_data = '$bc 2 1 5 1 $amount | ' + old, cut to 500 (length ${#got})" "$got" "$want"
done
gold=$(q "SELECT md5(c_data) FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = $gc")
q "SELECT tpcc_payment(1, 2, 1, 2, $gc, NULL, 5000)" > /dev/null
expect "tpcc_payment, GC customer: c_data unchanged" "$(q "SELECT md5(c_data) FROM bmsql_customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = $gc")" "$gold"

# ---------------------------------------------------------------------------------------------------------------
echo "== Delivery (2.7.4)"
out=$(psql -d "$DB" -X -qAt -v ON_ERROR_STOP=1 2>&1 <<'EOF'
BEGIN;
DELETE FROM bmsql_new_order WHERE no_w_id = 1 AND no_d_id = 3;            -- district 3 emptied
CREATE TEMP TABLE due AS
  SELECT no_d_id AS d, min(no_o_id) AS o FROM bmsql_new_order WHERE no_w_id = 1 GROUP BY no_d_id;
CREATE TEMP TABLE due_c AS
  SELECT d, o, o_c_id AS c, c_balance AS bal, c_delivery_cnt AS cnt,
         (SELECT sum(ol_amount) FROM bmsql_order_line WHERE ol_w_id = 1 AND ol_d_id = d AND ol_o_id = o) AS amount
    FROM due JOIN bmsql_oorder ON o_w_id = 1 AND o_d_id = d AND o_id = o
    JOIN bmsql_customer ON c_w_id = 1 AND c_d_id = d AND c_id = o_c_id;
SELECT 'skipped', tpcc_delivery(1, 7);
SELECT 'due districts', count(*) FROM due_c;
SELECT 'new_order rows left', count(*) FROM due JOIN bmsql_new_order ON no_w_id = 1 AND no_d_id = d AND no_o_id = o;
SELECT 'carrier not 7', count(*) FROM due JOIN bmsql_oorder ON o_w_id = 1 AND o_d_id = d AND o_id = o WHERE o_carrier_id IS DISTINCT FROM 7;
SELECT 'lines undelivered', count(*) FROM due JOIN bmsql_order_line ON ol_w_id = 1 AND ol_d_id = d AND ol_o_id = o WHERE ol_delivery_d IS NULL;
SELECT 'customers wrong', count(*) FROM due_c JOIN bmsql_customer ON c_w_id = 1 AND c_d_id = d AND c_id = c
 WHERE c_balance <> bal + amount OR c_delivery_cnt <> cnt + 1;
SELECT 'next orders untouched', count(*) FROM bmsql_oorder JOIN due ON o_w_id = 1 AND o_d_id = d AND o_id = o + 1 WHERE o_carrier_id IS NULL;
ROLLBACK;
EOF
)
expect "district 3 emptied: tpcc_delivery returns 1 skipped" "$(echo "$out" | grep '^skipped')" "skipped|1"
expect "  the 9 others: oldest new_order row deleted, carrier 7, lines delivered, customer balance += sum, delivery_cnt + 1" \
  "$(echo "$out" | grep -v '^skipped' | tr '\n' ' ')" \
  "due districts|9 new_order rows left|0 carrier not 7|0 lines undelivered|0 customers wrong|0 next orders untouched|9 "
expect "tpcc_delivery, committed: 0 skipped" "$(q "SELECT tpcc_delivery(1, 2)")" "0"

# ---------------------------------------------------------------------------------------------------------------
echo "== Stock-Level (2.8.2)"
for dt in "1 15" "4 20" "6 60" "9 100"; do
  set -- $dt
  hand=$(q "SELECT count(*) FROM bmsql_stock WHERE s_w_id = 1 AND s_quantity < $2 AND s_i_id IN (SELECT ol_i_id FROM bmsql_order_line
    WHERE ol_w_id = 1 AND ol_d_id = $1 AND ol_o_id BETWEEN (SELECT d_next_o_id - 20 FROM bmsql_district WHERE d_w_id = 1 AND d_id = $1)
    AND (SELECT d_next_o_id - 1 FROM bmsql_district WHERE d_w_id = 1 AND d_id = $1))")
  expect "tpcc_slev(1, $1, $2) = the hand count ($hand)" "$(q "SELECT tpcc_slev(1, $1, $2)")" "$hand"
done

# ---------------------------------------------------------------------------------------------------------------
echo "== JDBC: one statement per call, list parameters bound with setString (varchar), c_last null as setNull(VARCHAR)"
cat > "$TMP/Bind.java" <<'EOF'
import java.sql.*;
public class Bind {
    public static void main(String[] a) throws Exception {
        try (Connection c = DriverManager.getConnection(a[0], a[1], null)) {
            c.setAutoCommit(true);
            try (PreparedStatement n = c.prepareStatement("SELECT tpcc_neword(?, ?, ?, ?, ?, ?, ?, ?)");
                 PreparedStatement r = c.prepareStatement("SELECT tpcc_neword_row(?, ?, ?, ?, ?, ?, ?, ?)");
                 PreparedStatement p = c.prepareStatement("SELECT tpcc_payment(?, ?, ?, ?, ?, ?, ?)");
                 PreparedStatement o = c.prepareStatement("SELECT tpcc_ostat(?, ?, ?, ?)")) {
                for (int k = 0; k < 6; k++) { // past pgjdbc's prepareThreshold: server-side prepared too
                    for (PreparedStatement s : new PreparedStatement[] {n, r}) {
                        int[] ints = {1, 1 + k, 100 + k, 5, 1};
                        for (int i = 0; i < 5; i++) s.setInt(i + 1, ints[i]);
                        s.setString(6, "[" + (k + 1) + ",20,300,4000,50000]");
                        s.setString(7, "[1,1,1,1,1]");
                        s.setString(8, "[1,2,3,4,5]");
                        one(s);
                    }
                    p.setInt(1, 1); p.setInt(2, 1); p.setInt(3, 1); p.setInt(4, 2); p.setInt(5, 0);
                    p.setString(6, "BARBARBAR"); p.setLong(7, 1000L + k); one(p);
                    p.setInt(5, 7); p.setNull(6, Types.VARCHAR); p.setInt(7, 250); one(p);
                    o.setInt(1, 1); o.setInt(2, 1); o.setInt(3, 0); o.setString(4, "BARBARBAR"); one(o);
                    o.setInt(3, 7); o.setNull(4, Types.VARCHAR); one(o);
                }
            }
            System.out.println("bound");
        }
    }
    static void one(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            if (!rs.next() || rs.getInt(1) <= 0 || rs.next()) throw new SQLException("not one positive integer");
        }
    }
}
EOF
got=$(cd "$TMP" && java -cp "$JAR" Bind.java "jdbc:postgresql://$PGHOST:$PGPORT/$DB" "$PGUSER" 2>&1)
expect "setInt/setString/setLong/setNull(VARCHAR) calls resolve with no cast, 6 times each" "$(echo "$got" | tail -1)" "bound"

# ---------------------------------------------------------------------------------------------------------------
echo "== $CALLS random calls, 2 sessions at once (autocommit, one statement each), then the 3.3.2.x checks"
SYL=(BAR OUGHT ABLE PRI PRES ESE ANTI CALLY ATION EING)
gen() { # gen SEED: a mix like the client's: 45% New-Order (half each variant, 1% rolled back), 43% Payment, 4% each other
  awk -v seed="$1" -v calls=$((CALLS / 2)) -v syl="${SYL[*]}" '
  function r(lo, hi) { return lo + int(rand() * (hi - lo + 1)) }
  function nurand(A, x, y) { return (or(r(0, A), r(x, y)) + 42) % (y - x + 1) + x }
  function lastname(n) { return s[int(n / 100) + 1] s[int(n / 10) % 10 + 1] s[n % 10 + 1] }
  BEGIN { srand(seed); split(syl, s, " ")
    for (k = 0; k < calls; k++) {
      x = r(1, 100); d = r(1, 10)
      if (x <= 45) {
        n = r(5, 15); rb = r(1, 100) == 1; it = ""; sw = ""; qt = ""
        for (i = 1; i <= n; i++) {
          it = it (i > 1 ? "," : "") (rb && i == n ? 100001 : nurand(8191, 1, 100000))
          sw = sw (i > 1 ? "," : "") 1; qt = qt (i > 1 ? "," : "") r(1, 10)
        }
        if (rb) print "-- rollback expected" > "/dev/stderr"
        printf "SELECT %s(1, %d, %d, %d, 1, '\''[%s]'\'', '\''[%s]'\'', '\''[%s]'\'');\n", (x % 2 ? "tpcc_neword" : "tpcc_neword_row"), d, nurand(1023, 1, 3000), n, it, sw, qt
      } else if (x <= 88) {
        cd = r(1, 100) <= 85 ? d : r(1, 10)
        if (r(1, 100) <= 60) printf "SELECT tpcc_payment(1, %d, 1, %d, NULL, '\''%s'\'', %d);\n", d, cd, lastname(nurand(255, 0, 999)), r(100, 500000)
        else printf "SELECT tpcc_payment(1, %d, 1, %d, %d, NULL, %d);\n", d, cd, nurand(1023, 1, 3000), r(100, 500000)
      } else if (x <= 92) {
        if (r(1, 100) <= 60) printf "SELECT tpcc_ostat(1, %d, NULL, '\''%s'\'');\n", d, lastname(nurand(255, 0, 999))
        else printf "SELECT tpcc_ostat(1, %d, %d, NULL);\n", d, nurand(1023, 1, 3000)
      } else if (x <= 96) printf "SELECT tpcc_delivery(1, %d);\n", r(1, 10)
      else printf "SELECT tpcc_slev(1, %d, %d);\n", d, r(10, 20)
    } }'
}
gen 4601 > "$TMP/calls1.sql" 2> "$TMP/rb1"; gen 4602 > "$TMP/calls2.sql" 2> "$TMP/rb2"
before=$(q "SELECT count(*) FROM bmsql_oorder")
start=$(date +%s.%N)
psql -d "$DB" -X -qAt -v VERBOSITY=terse -f "$TMP/calls1.sql" > /dev/null 2> "$TMP/err1" & p1=$!
psql -d "$DB" -X -qAt -v VERBOSITY=terse -f "$TMP/calls2.sql" > /dev/null 2> "$TMP/err2" & p2=$!
wait $p1 $p2
secs=$(echo "$(date +%s.%N) - $start" | bc)
rb=$(cat "$TMP/rb1" "$TMP/rb2" | wc -l)
nerr=$(grep -h ERROR "$TMP/err1" "$TMP/err2" | grep -vc 'tpcc rollback')
nrb=$(grep -h ERROR "$TMP/err1" "$TMP/err2" | grep -c 'tpcc rollback')
echo "     $(cat "$TMP"/calls?.sql | wc -l) calls in $secs s; new orders: $(( $(q "SELECT count(*) FROM bmsql_oorder") - before ))"
expect "every generated rollback ($rb) raised 'tpcc rollback', no other error" "$nrb/$nerr" "$rb/0"
[ "$nerr" = 0 ] || grep -h ERROR "$TMP/err1" "$TMP/err2" | grep -v 'tpcc rollback' | sort | uniq -c | head

# ---------------------------------------------------------------------------------------------------------------
echo "== timing, rough (shared 2-core host): New-Order, 10 lines, $TIMED calls per variant, 1 session, then 2"
for v in tpcc_neword tpcc_neword_row; do
  { echo '\set d random(1, 10)'; echo '\set c random(1, 3000)'
    for i in $(seq 10); do echo "\\set i$i random(1, 100000)"; done
    printf "SELECT %s(1, :d, :c, 10, 1, '[' || :i1" $v; for i in $(seq 2 10); do printf " || ',' || :i%d" $i; done
    echo " || ']', '[1,1,1,1,1,1,1,1,1,1]', '[5,3,7,1,9,2,6,4,8,10]');"
  } > "$TMP/$v.pgb"
  for c in 1 2; do
    tps=$(pgbench -n -M prepared -c $c -j $c -t $((TIMED / c)) -f "$TMP/$v.pgb" "$DB" 2>&1 | grep -E '^(latency average|tps)' | sed 's/ (without initial connection time)//' | tr '\n' ' ')
    echo "     $v, $c session(s): $tps"
  done
done

tool check > "$TMP/check.out" 2>&1
if grep -q '^check passed' "$TMP/check.out"; then ok "the tool's check after all calls: $(grep -c '^ok   3.3.2' "$TMP/check.out") 3.3.2.x checks pass"
else fail "the tool's check"; cat "$TMP/check.out"; fi

echo "== $([ $FAILS = 0 ] && echo "all passed" || echo "$FAILS FAILED")"
[ $FAILS = 0 ]
