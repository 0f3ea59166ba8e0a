-- HammerDB TPROC-C's routine names and signatures (HammerDB v5, src/postgresql/pgoltp.tcl, CreateStoredProcs with its
-- default pg_storedprocs=false: functions), PostgreSQL family, for tpccSchema=hammerdb with tpccMode=procedures
-- (issue 60). The bodies are oltpbench's: each takes what its signature carries, draws what it does not (New-Order's
-- lines) and calls postgres.sql's tpcc_* function, whose errors pass to the caller as they are (SQLSTATE 45000
-- 'tpcc rollback' for 2.4.2.3's, 02000 for a missing customer or order). HammerDB's driver calls them as it calls
-- its own: select neword($1, $2, $3, $4, $5, 0); select payment($1, ..., $7, $8, '0', 0); select * from ostat(...)
-- as (13 columns); select delivery($1, $2); select slev($1, $2, $3). Installed after postgres.sql.

-- 2.4 New-Order (returns the order's id, where HammerDB's returns its amount). The lines are drawn here as 2.4.1.5
-- asks: OL_I_ID = NURand(8191, 1, 100000) with the run-time constant C = 4773 (a literal drawn at random once; the same for every
-- terminal, 2.1.6), OL_SUPPLY_W_ID the home warehouse but on 1% of lines another one (uniform over the others) when
-- there are several, OL_QUANTITY 1..10; 1% of orders end on the unused item 100001 (2.4.1.4). $6 is not read.
CREATE FUNCTION neword(integer, integer, integer, integer, integer, integer) RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE
    v_items integer[] := '{}';
    v_supply integer[] := '{}';
    v_qty integer[] := '{}';
    v_rbk integer := floor(1 + random() * 100);
    v_all_local integer := 1;
    v_sw integer;
BEGIN
    FOR n IN 1 .. $5 LOOP
        IF n = $5 AND v_rbk = 1 THEN
            v_items := v_items || 100001;
        ELSE
            v_items := v_items || ((((floor(random() * 8192)::integer | floor(1 + random() * 100000)::integer) + 4773)
                                    % 100000) + 1);
        END IF;
        v_sw := $1;
        IF $2 > 1 AND floor(1 + random() * 100) = 1 THEN
            v_sw := floor(1 + random() * ($2 - 1));
            IF v_sw >= $1 THEN
                v_sw := v_sw + 1;
            END IF;
            v_all_local := 0;
        END IF;
        v_supply := v_supply || v_sw;
        v_qty := v_qty || floor(1 + random() * 10)::integer;
    END LOOP;
    RETURN tpcc_neword($1, $3, $4, $5, v_all_local, translate(v_items::text, '{}', '[]'),
                       translate(v_supply::text, '{}', '[]'), translate(v_qty::text, '{}', '[]'));
END $$
//

-- 2.7 Delivery of warehouse $1's ten districts with carrier $2 (returns the districts skipped).
CREATE FUNCTION delivery(integer, integer) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
    RETURN tpcc_delivery($1, $2);
END $$
//

-- 2.5 Payment: warehouse $1, district $2, the customer's warehouse $3 and district $4, by id ($6 = 0: $5) or by last
-- name ($8); amount $7 in units; $9 and $10 (HammerDB's credit and balance inputs) are not read. Returns the customer's id.
-- A name no customer has is paid by id, as HammerDB's own PAYMENT does: its driver's prepared form passes its
-- placeholder as the name ('$8', quoted in its PREPARE text), which matches nobody.
CREATE FUNCTION payment(integer, integer, integer, integer, integer, integer, numeric, varchar, varchar, numeric)
    RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
    RETURN tpcc_payment($1, $2, $3, $4, $5,
                        CASE WHEN $6 <> 0 AND EXISTS (SELECT 1 FROM bmsql_customer WHERE c_w_id = $3 AND c_d_id = $4
                                                                                   AND c_last = $8) THEN $8 END,
                        round($7 * 100)::bigint);
END $$
//

-- 2.6 Order-Status: warehouse $1, district $2, the customer by id ($4 = 0: $3) or by last name ($5, the row at
-- position ceil(n/2) in C_FIRST order); one row per line of its last order, with the customer and the order. A name no
-- customer has is read by id, as in payment above (HammerDB's prepared form passes '$5').
CREATE FUNCTION ostat(integer, integer, integer, integer, varchar) RETURNS SETOF record
LANGUAGE plpgsql AS $$
DECLARE
    v_c_id integer := $3;
    v_n integer;
    v_first varchar;
    v_middle varchar;
    v_last varchar;
    v_balance numeric;
    v_o_id integer;
    v_entry timestamp;
    v_carrier integer;
BEGIN
    IF $4 <> 0 THEN
        SELECT count(*) INTO v_n FROM bmsql_customer WHERE c_w_id = $1 AND c_d_id = $2 AND c_last = $5;
        IF v_n > 0 THEN
            SELECT c_id INTO v_c_id FROM bmsql_customer WHERE c_w_id = $1 AND c_d_id = $2 AND c_last = $5
             ORDER BY c_first, c_id OFFSET (v_n - 1) / 2 LIMIT 1;
        END IF;
    END IF;
    SELECT c_first, c_middle, c_last, c_balance INTO v_first, v_middle, v_last, v_balance
      FROM bmsql_customer WHERE c_w_id = $1 AND c_d_id = $2 AND c_id = v_c_id;
    SELECT o_id, o_entry_d, o_carrier_id INTO v_o_id, v_entry, v_carrier
      FROM bmsql_oorder WHERE o_w_id = $1 AND o_d_id = $2 AND o_c_id = v_c_id ORDER BY o_id DESC LIMIT 1;
    IF v_o_id IS NULL THEN
        RAISE EXCEPTION 'tpcc: the customer has no order' USING ERRCODE = '02000';
    END IF;
    RETURN QUERY SELECT ol_i_id::integer, ol_supply_w_id::integer, ol_quantity::smallint, ol_amount::numeric,
                        ol_delivery_d::timestamp with time zone, v_c_id, v_last, v_first, v_middle, v_balance, v_o_id,
                        v_entry, v_carrier
                   FROM bmsql_order_line WHERE ol_w_id = $1 AND ol_d_id = $2 AND ol_o_id = v_o_id;
END $$
//

-- 2.8 Stock-Level: warehouse $1, district $2, threshold $3 (returns the count).
CREATE FUNCTION slev(integer, integer, integer) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
    RETURN tpcc_slev($1, $2, $3);
END $$
