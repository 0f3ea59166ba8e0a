-- TPC-C transaction profiles (spec 2.4-2.8) as PostgreSQL functions, for tpccMode=procedures (issue 46).
-- Each transaction is one autocommitted `SELECT tpcc_x(...)` returning one integer; a function never COMMITs, an
-- error aborts the statement and with it everything it did. Lists arrive as JSON integer arrays in text ('[1,2,3]'),
-- money as integer cents (scaled by 0.01 here). Statements are separated by lines holding only //.
CREATE FUNCTION tpcc_neword(p_w integer, p_d integer, p_c_id integer, p_ol_cnt integer, p_all_local integer,
                            p_items text, p_supply_w text, p_qty text) RETURNS integer
LANGUAGE plpgsql AS $$
-- New-Order (2.4.2), set-based: the order's lines are unnest()ed from the arrays and each step is one statement.
DECLARE
    -- a JSON array of integers, '[12, 5004, 77]', is an array literal once rebracketed: '{12, 5004, 77}'
    v_items  integer[] := translate(p_items, '[]', '{}')::integer[];
    v_supply integer[] := translate(p_supply_w, '[]', '{}')::integer[];
    v_qty    integer[] := translate(p_qty, '[]', '{}')::integer[];
    v_discount numeric; v_last text; v_credit text; v_w_tax numeric; v_d_tax numeric;
    v_o_id integer;
    v_n integer;
BEGIN
    -- The same (supply warehouse, item) pair twice: the second line must see the first one's quantity
    -- (2.4.2.2 processes lines in order), which one joined UPDATE cannot do: take the row-by-row path.
    IF (SELECT count(DISTINCT (sw, i)) FROM unnest(v_supply, v_items) AS l(sw, i)) < p_ol_cnt THEN
        RETURN tpcc_neword_row(p_w, p_d, p_c_id, p_ol_cnt, p_all_local, p_items, p_supply_w, p_qty);
    END IF;

    -- 2.4.2.2: warehouse tax, customer discount, last name and credit.
    SELECT c_discount, c_last, c_credit, w_tax INTO v_discount, v_last, v_credit, v_w_tax
      FROM bmsql_customer JOIN bmsql_warehouse ON w_id = c_w_id
     WHERE c_w_id = p_w AND c_d_id = p_d AND c_id = p_c_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tpcc: customer (%, %, %) not found', p_w, p_d, p_c_id USING ERRCODE = '02000';
    END IF;

    -- 2.4.2.2: the district's tax and next order id, incremented (the UPDATE holds the row lock to the end).
    UPDATE bmsql_district SET d_next_o_id = d_next_o_id + 1
     WHERE d_w_id = p_w AND d_id = p_d
    RETURNING d_tax, d_next_o_id - 1 INTO v_d_tax, v_o_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tpcc: district (%, %) not found', p_w, p_d USING ERRCODE = '02000';
    END IF;

    -- 2.4.2.2: the ORDER and NEW-ORDER rows.
    INSERT INTO bmsql_oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local)
    VALUES (v_o_id, p_d, p_w, p_c_id, now(), p_ol_cnt, p_all_local);
    INSERT INTO bmsql_new_order (no_o_id, no_d_id, no_w_id) VALUES (v_o_id, p_d, p_w);

    -- 2.4.2.2 / 2.4.2.3: every item must exist; an unused id (1% of orders) rolls the whole transaction back.
    SELECT count(*) INTO v_n FROM bmsql_item WHERE i_id = ANY (v_items);
    IF v_n < (SELECT count(DISTINCT i) FROM unnest(v_items) AS l(i)) THEN
        RAISE EXCEPTION 'tpcc rollback: order % of district (%, %) names an unused item', v_o_id, p_w, p_d
            USING ERRCODE = '45000';
    END IF;

    -- 2.4.2.2: lock the order's stock rows, in key order so that two orders sharing rows cannot deadlock.
    PERFORM 1 FROM bmsql_stock
     WHERE (s_w_id, s_i_id) IN (SELECT sw, i FROM unnest(v_supply, v_items) AS l(sw, i))
     ORDER BY s_w_id, s_i_id
       FOR UPDATE;

    -- 2.4.2.2: per line, the stock update (quantity down by the ordered amount, or up by 91 when it would drop
    -- below 10; ytd, order count, remote count) and the ORDER-LINE row priced from the item, with S_DIST_xx of
    -- the district: one UPDATE ... RETURNING feeding one INSERT.
    WITH l AS (
        SELECT n, i, sw, q FROM unnest(v_items, v_supply, v_qty) WITH ORDINALITY AS t(i, sw, q, n)
    ), s AS (
        UPDATE bmsql_stock
           SET s_quantity = CASE WHEN s_quantity >= l.q + 10 THEN s_quantity - l.q ELSE s_quantity - l.q + 91 END,
               s_ytd = s_ytd + l.q,
               s_order_cnt = s_order_cnt + 1,
               s_remote_cnt = s_remote_cnt + CASE WHEN l.sw <> p_w THEN 1 ELSE 0 END
          FROM l
         WHERE s_w_id = l.sw AND s_i_id = l.i
        RETURNING l.n, CASE p_d WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03
                                WHEN 4 THEN s_dist_04 WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06
                                WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08 WHEN 9 THEN s_dist_09
                                ELSE s_dist_10 END AS dist
    )
    INSERT INTO bmsql_order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity,
                                  ol_amount, ol_dist_info)
    SELECT v_o_id, p_d, p_w, l.n, l.i, l.sw, l.q, l.q * it.i_price, s.dist
      FROM l JOIN s ON s.n = l.n JOIN bmsql_item it ON it.i_id = l.i
     ORDER BY l.n;
    GET DIAGNOSTICS v_n = ROW_COUNT;
    IF v_n <> p_ol_cnt THEN
        RAISE EXCEPTION 'tpcc: order % of district (%, %): % stock rows of % lines found', v_o_id, p_w, p_d, v_n,
            p_ol_cnt USING ERRCODE = '02000';
    END IF;
    RETURN v_o_id;
END
$$
//
CREATE FUNCTION tpcc_neword_row(p_w integer, p_d integer, p_c_id integer, p_ol_cnt integer, p_all_local integer,
                                p_items text, p_supply_w text, p_qty text) RETURNS integer
LANGUAGE plpgsql AS $$
-- New-Order (2.4.2), row by row: a loop of statements per line, lines in the order given.
DECLARE
    -- a JSON array of integers, '[12, 5004, 77]', is an array literal once rebracketed: '{12, 5004, 77}'
    v_items  integer[] := translate(p_items, '[]', '{}')::integer[];
    v_supply integer[] := translate(p_supply_w, '[]', '{}')::integer[];
    v_qty    integer[] := translate(p_qty, '[]', '{}')::integer[];
    v_discount numeric; v_last text; v_credit text; v_w_tax numeric; v_d_tax numeric;
    v_o_id integer;
    v_price numeric; v_name text; v_data text;
    v_s_qty integer; v_dist text;
BEGIN
    -- 2.4.2.2: warehouse tax, customer discount, last name and credit.
    SELECT c_discount, c_last, c_credit, w_tax INTO v_discount, v_last, v_credit, v_w_tax
      FROM bmsql_customer JOIN bmsql_warehouse ON w_id = c_w_id
     WHERE c_w_id = p_w AND c_d_id = p_d AND c_id = p_c_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tpcc: customer (%, %, %) not found', p_w, p_d, p_c_id USING ERRCODE = '02000';
    END IF;

    -- 2.4.2.2: the district row, locked; its next order id is this order's id, then incremented.
    SELECT d_tax, d_next_o_id INTO v_d_tax, v_o_id
      FROM bmsql_district WHERE d_w_id = p_w AND d_id = p_d FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tpcc: district (%, %) not found', p_w, p_d USING ERRCODE = '02000';
    END IF;
    UPDATE bmsql_district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = p_w AND d_id = p_d;

    -- 2.4.2.2: the ORDER and NEW-ORDER rows.
    INSERT INTO bmsql_oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local)
    VALUES (v_o_id, p_d, p_w, p_c_id, now(), p_ol_cnt, p_all_local);
    INSERT INTO bmsql_new_order (no_o_id, no_d_id, no_w_id) VALUES (v_o_id, p_d, p_w);

    FOR n IN 1 .. p_ol_cnt LOOP
        -- 2.4.2.2: the item; 2.4.2.3: an unused id rolls the whole transaction back.
        SELECT i_price, i_name, i_data INTO v_price, v_name, v_data FROM bmsql_item WHERE i_id = v_items[n];
        IF NOT FOUND THEN
            RAISE EXCEPTION 'tpcc rollback: order % of district (%, %) names unused item %', v_o_id, p_w, p_d,
                v_items[n] USING ERRCODE = '45000';
        END IF;

        -- 2.4.2.2: the stock row of (supply warehouse, item), locked, and the district's S_DIST_xx.
        SELECT s_quantity,
               CASE p_d WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03 WHEN 4 THEN s_dist_04
                        WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06 WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08
                        WHEN 9 THEN s_dist_09 ELSE s_dist_10 END
          INTO v_s_qty, v_dist
          FROM bmsql_stock WHERE s_w_id = v_supply[n] AND s_i_id = v_items[n] FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'tpcc: stock row (%, %) not found', v_supply[n], v_items[n] USING ERRCODE = '02000';
        END IF;

        -- 2.4.2.2: quantity down by the ordered amount, or up by 91 when it would drop below 10.
        UPDATE bmsql_stock
           SET s_quantity = CASE WHEN v_s_qty >= v_qty[n] + 10 THEN v_s_qty - v_qty[n] ELSE v_s_qty - v_qty[n] + 91 END,
               s_ytd = s_ytd + v_qty[n],
               s_order_cnt = s_order_cnt + 1,
               s_remote_cnt = s_remote_cnt + CASE WHEN v_supply[n] <> p_w THEN 1 ELSE 0 END
         WHERE s_w_id = v_supply[n] AND s_i_id = v_items[n];

        -- 2.4.2.2: the ORDER-LINE row, OL_AMOUNT = OL_QUANTITY * I_PRICE, OL_DELIVERY_D null.
        INSERT INTO bmsql_order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity,
                                      ol_amount, ol_dist_info)
        VALUES (v_o_id, p_d, p_w, n, v_items[n], v_supply[n], v_qty[n], v_qty[n] * v_price, v_dist);
    END LOOP;
    RETURN v_o_id;
END
$$
//
CREATE FUNCTION tpcc_payment(p_w integer, p_d integer, p_c_w integer, p_c_d integer, p_c_id integer, p_c_last text,
                             p_cents bigint) RETURNS integer
LANGUAGE plpgsql AS $$
-- Payment (2.5.2): returns the id of the customer paid.
DECLARE
    v_amount numeric := p_cents * 0.01;
    v_w_name text; v_d_name text;
    v_c_id integer;
    v_ids integer[];
    v_c record;
BEGIN
    -- 2.5.2.2: the warehouse's and the district's year-to-date, and their names.
    UPDATE bmsql_warehouse SET w_ytd = w_ytd + v_amount WHERE w_id = p_w RETURNING w_name INTO v_w_name;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tpcc: warehouse % not found', p_w USING ERRCODE = '02000';
    END IF;
    UPDATE bmsql_district SET d_ytd = d_ytd + v_amount WHERE d_w_id = p_w AND d_id = p_d RETURNING d_name INTO v_d_name;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tpcc: district (%, %) not found', p_w, p_d USING ERRCODE = '02000';
    END IF;

    -- 2.5.2.2: the customer, by id, or (c_last not null) by last name: of the customers of (c_w, c_d) with that
    -- C_LAST sorted by C_FIRST, the one at position ceil(n/2); then its row, locked.
    IF p_c_last IS NULL THEN
        v_c_id := p_c_id;
    ELSE
        SELECT array_agg(c_id ORDER BY c_first, c_id) INTO v_ids
          FROM bmsql_customer WHERE c_w_id = p_c_w AND c_d_id = p_c_d AND c_last = p_c_last;
        IF v_ids IS NULL THEN
            RAISE EXCEPTION 'tpcc: no customer named % in warehouse % district %', p_c_last, p_c_w, p_c_d
                USING ERRCODE = '02000';
        END IF;
        v_c_id := v_ids[(cardinality(v_ids) + 1) / 2];  -- position ceil(n/2), 1-based
    END IF;
    SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit,
           c_credit_lim, c_discount, c_balance
      INTO v_c
      FROM bmsql_customer WHERE c_w_id = p_c_w AND c_d_id = p_c_d AND c_id = v_c_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tpcc: customer (%, %, %) not found', p_c_w, p_c_d, v_c_id USING ERRCODE = '02000';
    END IF;

    -- 2.5.2.2: balance down, year-to-date payment up, one more payment; a bad-credit (BC) customer's C_DATA gets
    -- the payment's ids and amount in front and keeps its first 500 characters.
    UPDATE bmsql_customer
       SET c_balance = c_balance - v_amount,
           c_ytd_payment = c_ytd_payment + v_amount,
           c_payment_cnt = c_payment_cnt + 1,
           c_data = CASE WHEN v_c.c_credit = 'BC'
                         THEN left(concat(v_c_id, ' ', p_c_d, ' ', p_c_w, ' ', p_d, ' ', p_w, ' ',
                                          to_char(v_amount, 'FM999999990.00'), ' | ', c_data), 500)
                         ELSE c_data END
     WHERE c_w_id = p_c_w AND c_d_id = p_c_d AND c_id = v_c_id;

    -- 2.5.2.2: the HISTORY row, H_DATA = W_NAME, 4 spaces, D_NAME.
    INSERT INTO bmsql_history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
    VALUES (v_c_id, p_c_d, p_c_w, p_d, p_w, now(), v_amount, v_w_name || '    ' || v_d_name);
    RETURN v_c_id;
END
$$
//
CREATE FUNCTION tpcc_ostat(p_w integer, p_d integer, p_c_id integer, p_c_last text) RETURNS integer
LANGUAGE plpgsql AS $$
-- Order-Status (2.6.2), read-only: returns the id of the customer's last order.
DECLARE
    v_c_id integer;
    v_ids integer[];
    v_first text; v_middle text; v_last text; v_balance numeric;
    v_o_id integer; v_entry timestamp; v_carrier integer;
    v_line record;
    v_lines integer := 0;
BEGIN
    -- 2.6.2.2: the customer, by id, or (c_last not null) by last name: of the customers of (w, d) with that
    -- C_LAST sorted by C_FIRST, the one at position ceil(n/2).
    IF p_c_last IS NULL THEN
        v_c_id := p_c_id;
    ELSE
        SELECT array_agg(c_id ORDER BY c_first, c_id) INTO v_ids
          FROM bmsql_customer WHERE c_w_id = p_w AND c_d_id = p_d AND c_last = p_c_last;
        IF v_ids IS NULL THEN
            RAISE EXCEPTION 'tpcc: no customer named % in warehouse % district %', p_c_last, p_w, p_d
                USING ERRCODE = '02000';
        END IF;
        v_c_id := v_ids[(cardinality(v_ids) + 1) / 2];  -- position ceil(n/2), 1-based
    END IF;
    SELECT c_first, c_middle, c_last, c_balance INTO v_first, v_middle, v_last, v_balance
      FROM bmsql_customer WHERE c_w_id = p_w AND c_d_id = p_d AND c_id = v_c_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tpcc: customer (%, %, %) not found', p_w, p_d, v_c_id USING ERRCODE = '02000';
    END IF;

    -- 2.6.2.2: the customer's order with the highest O_ID.
    SELECT o_id, o_entry_d, o_carrier_id INTO v_o_id, v_entry, v_carrier
      FROM bmsql_oorder WHERE o_w_id = p_w AND o_d_id = p_d AND o_c_id = v_c_id
     ORDER BY o_id DESC LIMIT 1;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tpcc: customer (%, %, %) has no order', p_w, p_d, v_c_id USING ERRCODE = '02000';
    END IF;

    -- 2.6.2.2: its lines, read (the terminal would display them; nothing is returned).
    FOR v_line IN SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d
                    FROM bmsql_order_line WHERE ol_w_id = p_w AND ol_d_id = p_d AND ol_o_id = v_o_id LOOP
        v_lines := v_lines + 1;
    END LOOP;
    RETURN v_o_id;
END
$$
//
CREATE FUNCTION tpcc_delivery(p_w integer, p_carrier integer) RETURNS integer
LANGUAGE plpgsql AS $$
-- Delivery (2.7.4), all ten districts in one transaction: returns how many districts had no undelivered order.
DECLARE
    v_skipped integer := 0;
    v_o_id integer; v_c_id integer; v_total numeric;
BEGIN
    FOR v_d IN 1 .. 10 LOOP
        -- 2.7.4.2: the district's oldest NEW-ORDER row, locked; none: the district is skipped.
        SELECT no_o_id INTO v_o_id FROM bmsql_new_order
         WHERE no_w_id = p_w AND no_d_id = v_d ORDER BY no_o_id LIMIT 1 FOR UPDATE;
        IF NOT FOUND THEN
            v_skipped := v_skipped + 1;
            CONTINUE;
        END IF;
        DELETE FROM bmsql_new_order WHERE no_w_id = p_w AND no_d_id = v_d AND no_o_id = v_o_id;

        -- 2.7.4.2: the ORDER's customer and carrier.
        UPDATE bmsql_oorder SET o_carrier_id = p_carrier
         WHERE o_w_id = p_w AND o_d_id = v_d AND o_id = v_o_id RETURNING o_c_id INTO v_c_id;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'tpcc: order (%, %, %) not found', p_w, v_d, v_o_id USING ERRCODE = '02000';
        END IF;

        -- 2.7.4.2: the lines delivered now, and the sum of their amounts.
        WITH l AS (
            UPDATE bmsql_order_line SET ol_delivery_d = now()
             WHERE ol_w_id = p_w AND ol_d_id = v_d AND ol_o_id = v_o_id RETURNING ol_amount
        )
        SELECT coalesce(sum(ol_amount), 0) INTO v_total FROM l;

        -- 2.7.4.2: the customer's balance up by the sum, one more delivery.
        UPDATE bmsql_customer SET c_balance = c_balance + v_total, c_delivery_cnt = c_delivery_cnt + 1
         WHERE c_w_id = p_w AND c_d_id = v_d AND c_id = v_c_id;
    END LOOP;
    RETURN v_skipped;
END
$$
//
CREATE FUNCTION tpcc_slev(p_w integer, p_d integer, p_threshold integer) RETURNS integer
LANGUAGE plpgsql AS $$
-- Stock-Level (2.8.2), read-only: distinct items of the district's last 20 orders whose stock is below threshold.
DECLARE
    v_next integer;
    v_count integer;
BEGIN
    SELECT d_next_o_id INTO v_next FROM bmsql_district WHERE d_w_id = p_w AND d_id = p_d;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tpcc: district (%, %) not found', p_w, p_d USING ERRCODE = '02000';
    END IF;
    SELECT count(DISTINCT s_i_id) INTO v_count
      FROM bmsql_order_line JOIN bmsql_stock ON s_w_id = ol_w_id AND s_i_id = ol_i_id
     WHERE ol_w_id = p_w AND ol_d_id = p_d AND ol_o_id >= v_next - 20 AND ol_o_id < v_next
       AND s_quantity < p_threshold;
    RETURN v_count;
END
$$
//
