-- TPC-C stored procedures, MySQL family (MySQL 8.0, MariaDB 10.11, OceanBase/seekdb MySQL mode), issue 46.
-- Contract: each procedure is one TPC-C transaction (2.4 New-Order, 2.5 Payment, 2.6 Order-Status, 2.7 Delivery,
-- 2.8 Stock-Level): START TRANSACTION ... COMMIT inside, then ONE result row of one integer. Lists are JSON arrays of
-- integers, money is integer cents. Errors: an unused item id -> SQLSTATE 45000 'tpcc rollback...' (2.4.2.3), no such
-- customer/order -> 02000; any other error (deadlock 1213, lock wait 1205) is rolled back and resignalled as is.
-- Every error path runs exactly one ROLLBACK (45000: the EXIT handler's; 02000, which SQLEXCEPTION does not catch:
-- an explicit one), so the server's Com_rollback counts one per rolled-back transaction.
-- A caller that sets the session variable @tpcc_quiet (HammerDB's routine names, hammerdb-mysql.sql) gets the integer in
-- @tpcc_result instead of the result row. Statements end at a line holding only //.

-- 2.4.2.2 New-Order, row by row: per line (in the order given) the item, the stock row FOR UPDATE, its update and the
-- order line, so a repeated (supply, item) pair sees the quantity the earlier line left.
CREATE PROCEDURE tpcc_neword_row(IN p_w INT, IN p_d INT, IN p_c_id INT, IN p_ol_cnt INT, IN p_all_local INT,
                                 IN p_items VARCHAR(2000), IN p_supply VARCHAR(2000), IN p_qty VARCHAR(2000))
BEGIN
  DECLARE v_discount DECIMAL(4,4);
  DECLARE v_last VARCHAR(16);
  DECLARE v_credit CHAR(2);
  DECLARE v_w_tax, v_d_tax DECIMAL(4,4);
  DECLARE v_o_id, v_n, v_i, v_sw, v_q, v_s_q INT;
  DECLARE v_price DECIMAL(5,2);
  DECLARE v_i_name VARCHAR(24);
  DECLARE v_i_data VARCHAR(50);
  DECLARE v_dist CHAR(24);
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;

  START TRANSACTION;
  -- 2.4.2.2: customer and warehouse
  SELECT c_discount, c_last, c_credit, w_tax INTO v_discount, v_last, v_credit, v_w_tax
    FROM bmsql_customer JOIN bmsql_warehouse ON w_id = c_w_id
   WHERE c_w_id = p_w AND c_d_id = p_d AND c_id = p_c_id;
  -- district: the order number is D_NEXT_O_ID, which goes up by one
  SELECT d_tax, d_next_o_id INTO v_d_tax, v_o_id FROM bmsql_district WHERE d_w_id = p_w AND d_id = p_d FOR UPDATE;
  UPDATE bmsql_district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = p_w AND d_id = p_d;
  INSERT INTO bmsql_oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local)
    VALUES (v_o_id, p_d, p_w, p_c_id, NOW(), p_ol_cnt, p_all_local);
  INSERT INTO bmsql_new_order (no_o_id, no_d_id, no_w_id) VALUES (v_o_id, p_d, p_w);

  SET v_n = 0;
  WHILE v_n < p_ol_cnt DO
    SET v_i = JSON_EXTRACT(p_items, CONCAT('$[', v_n, ']')),
        v_sw = JSON_EXTRACT(p_supply, CONCAT('$[', v_n, ']')),
        v_q = JSON_EXTRACT(p_qty, CONCAT('$[', v_n, ']')),
        v_price = NULL;
    SELECT i_price, i_name, i_data INTO v_price, v_i_name, v_i_data FROM bmsql_item WHERE i_id = v_i;
    IF v_price IS NULL THEN
      -- 2.4.2.3: an unused item id rolls the whole order back (the EXIT handler runs the one ROLLBACK)
      SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'tpcc rollback: unused item id';
    END IF;
    SELECT s_quantity, CASE p_d WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03
                                WHEN 4 THEN s_dist_04 WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06
                                WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08 WHEN 9 THEN s_dist_09
                                ELSE s_dist_10 END
      INTO v_s_q, v_dist FROM bmsql_stock WHERE s_w_id = v_sw AND s_i_id = v_i FOR UPDATE;
    -- 2.4.2.2: S_QUANTITY drops by the quantity, or is topped up by 91 when it would fall below 10
    UPDATE bmsql_stock
       SET s_quantity = IF(v_s_q >= v_q + 10, v_s_q - v_q, v_s_q - v_q + 91),
           s_ytd = s_ytd + v_q, s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + IF(v_sw <> p_w, 1, 0)
     WHERE s_w_id = v_sw AND s_i_id = v_i;
    INSERT INTO bmsql_order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity,
                                  ol_amount, ol_dist_info)
      VALUES (v_o_id, p_d, p_w, v_n + 1, v_i, v_sw, v_q, v_q * v_price, v_dist);
    SET v_n = v_n + 1;
  END WHILE;
  COMMIT;
  IF @tpcc_quiet IS NULL THEN SELECT v_o_id AS o_id; ELSE SET @tpcc_result = v_o_id; END IF;
END
//

-- 2.4.2.2 New-Order, set-based: the lines are a JSON_TABLE; one statement checks the items, one updates all stock
-- rows, one inserts all order lines. An order that repeats a (supply, item) pair takes the row-by-row path.
-- The lines are one JSON_TABLE of the items WITH ORDINALITY, line n's supply warehouse and quantity taken from the
-- other lists by position: on MySQL 8.0 this ran 2,000 calls in ~3.8 s where joining three JSON_TABLEs took ~5.3 s.
CREATE PROCEDURE tpcc_neword(IN p_w INT, IN p_d INT, IN p_c_id INT, IN p_ol_cnt INT, IN p_all_local INT,
                             IN p_items VARCHAR(2000), IN p_supply VARCHAR(2000), IN p_qty VARCHAR(2000))
proc: BEGIN
  DECLARE v_discount DECIMAL(4,4);
  DECLARE v_last VARCHAR(16);
  DECLARE v_credit CHAR(2);
  DECLARE v_w_tax, v_d_tax DECIMAL(4,4);
  DECLARE v_o_id, v_pairs, v_found INT;

  SELECT COUNT(DISTINCT CONCAT(JSON_EXTRACT(p_supply, CONCAT('$[', a.n - 1, ']')), ':', a.i)) INTO v_pairs
    FROM JSON_TABLE(p_items, '$[*]' COLUMNS (n FOR ORDINALITY, i INT PATH '$')) a;
  IF v_pairs < p_ol_cnt THEN
    -- a repeated pair: the second line must see the first line's quantity (processing in order)
    CALL tpcc_neword_row(p_w, p_d, p_c_id, p_ol_cnt, p_all_local, p_items, p_supply, p_qty);
    LEAVE proc;
  END IF;

  trx: BEGIN
  -- the handler covers this block only: a rollback in the row-by-row path above is not run twice
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  SELECT c_discount, c_last, c_credit, w_tax INTO v_discount, v_last, v_credit, v_w_tax
    FROM bmsql_customer JOIN bmsql_warehouse ON w_id = c_w_id
   WHERE c_w_id = p_w AND c_d_id = p_d AND c_id = p_c_id;
  SELECT d_tax, d_next_o_id INTO v_d_tax, v_o_id FROM bmsql_district WHERE d_w_id = p_w AND d_id = p_d FOR UPDATE;
  UPDATE bmsql_district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = p_w AND d_id = p_d;
  INSERT INTO bmsql_oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local)
    VALUES (v_o_id, p_d, p_w, p_c_id, NOW(), p_ol_cnt, p_all_local);
  INSERT INTO bmsql_new_order (no_o_id, no_d_id, no_w_id) VALUES (v_o_id, p_d, p_w);

  -- 2.4.2.3: every line's item must exist, else the whole order rolls back
  SELECT COUNT(*) INTO v_found
    FROM JSON_TABLE(p_items, '$[*]' COLUMNS (i INT PATH '$')) a JOIN bmsql_item ON i_id = a.i;
  IF v_found < p_ol_cnt THEN
    -- the EXIT handler runs the one ROLLBACK and resignals 45000 to the client
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'tpcc rollback: unused item id';
  END IF;

  -- 2.4.2.2: all stock rows in one update (pairs are distinct here), locking them before they are read below
  UPDATE bmsql_stock
    JOIN (SELECT a.n, a.i, CAST(JSON_EXTRACT(p_supply, CONCAT('$[', a.n - 1, ']')) AS SIGNED) AS sw,
                 CAST(JSON_EXTRACT(p_qty, CONCAT('$[', a.n - 1, ']')) AS SIGNED) AS q
            FROM JSON_TABLE(p_items, '$[*]' COLUMNS (n FOR ORDINALITY, i INT PATH '$')) a) l
      ON s_w_id = l.sw AND s_i_id = l.i
     SET s_quantity = IF(s_quantity >= l.q + 10, s_quantity - l.q, s_quantity - l.q + 91),
         s_ytd = s_ytd + l.q, s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + IF(l.sw <> p_w, 1, 0);

  -- all order lines in one insert: OL_AMOUNT = quantity * I_PRICE, OL_DIST_INFO = S_DIST_xx of the district
  INSERT INTO bmsql_order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity,
                                ol_amount, ol_dist_info)
  SELECT v_o_id, p_d, p_w, l.n, l.i, l.sw, l.q, l.q * i_price,
         CASE p_d WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03 WHEN 4 THEN s_dist_04
                  WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06 WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08
                  WHEN 9 THEN s_dist_09 ELSE s_dist_10 END
    FROM (SELECT a.n, a.i, CAST(JSON_EXTRACT(p_supply, CONCAT('$[', a.n - 1, ']')) AS SIGNED) AS sw,
                 CAST(JSON_EXTRACT(p_qty, CONCAT('$[', a.n - 1, ']')) AS SIGNED) AS q
            FROM JSON_TABLE(p_items, '$[*]' COLUMNS (n FOR ORDINALITY, i INT PATH '$')) a) l
    JOIN bmsql_item ON i_id = l.i
    JOIN bmsql_stock ON s_w_id = l.sw AND s_i_id = l.i;
  COMMIT;
  END trx;
  IF @tpcc_quiet IS NULL THEN SELECT v_o_id AS o_id; ELSE SET @tpcc_result = v_o_id; END IF;
END
//

-- 2.5.2.2 Payment: warehouse and district YTD, the customer (by id, or by last name at position ceil(n/2) in
-- C_FIRST order), its balance, BC customers' C_DATA, one HISTORY row.
CREATE PROCEDURE tpcc_payment(IN p_w INT, IN p_d INT, IN p_c_w INT, IN p_c_d INT, IN p_c_id INT,
                              IN p_c_last VARCHAR(16), IN p_cents BIGINT)
BEGIN
  DECLARE v_amount DECIMAL(12,2) DEFAULT p_cents * 0.01;
  DECLARE v_w_name, v_d_name VARCHAR(10);
  DECLARE v_c_id, v_n, v_off INT;
  DECLARE v_credit CHAR(2);
  DECLARE v_data VARCHAR(500);
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;

  START TRANSACTION;
  UPDATE bmsql_warehouse SET w_ytd = w_ytd + v_amount WHERE w_id = p_w;
  SELECT w_name INTO v_w_name FROM bmsql_warehouse WHERE w_id = p_w;
  UPDATE bmsql_district SET d_ytd = d_ytd + v_amount WHERE d_w_id = p_w AND d_id = p_d;
  SELECT d_name INTO v_d_name FROM bmsql_district WHERE d_w_id = p_w AND d_id = p_d;
  IF p_c_last IS NULL THEN
    SET v_c_id = p_c_id;
  ELSE
    -- 2.5.2.2: by last name, the row at position ceil(n/2) of those sorted by C_FIRST
    SELECT COUNT(*) INTO v_n FROM bmsql_customer WHERE c_w_id = p_c_w AND c_d_id = p_c_d AND c_last = p_c_last;
    IF v_n = 0 THEN
      ROLLBACK;
      SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'tpcc: no customer of that last name';
    END IF;
    SET v_off = (v_n - 1) DIV 2;
    SELECT c_id INTO v_c_id FROM bmsql_customer WHERE c_w_id = p_c_w AND c_d_id = p_c_d AND c_last = p_c_last
     ORDER BY c_first, c_id LIMIT v_off, 1;
  END IF;
  SELECT c_credit, c_data INTO v_credit, v_data FROM bmsql_customer
   WHERE c_w_id = p_c_w AND c_d_id = p_c_d AND c_id = v_c_id FOR UPDATE;
  IF v_credit = 'BC' THEN
    -- 2.5.2.2: the payment's ids and amount go in front of C_DATA, which keeps its first 500 characters
    UPDATE bmsql_customer
       SET c_balance = c_balance - v_amount, c_ytd_payment = c_ytd_payment + v_amount, c_payment_cnt = c_payment_cnt + 1,
           c_data = LEFT(CONCAT(v_c_id, ' ', p_c_d, ' ', p_c_w, ' ', p_d, ' ', p_w, ' ',
                                p_cents DIV 100, '.', LPAD(p_cents MOD 100, 2, '0'), ' | ', IFNULL(v_data, '')), 500)
     WHERE c_w_id = p_c_w AND c_d_id = p_c_d AND c_id = v_c_id;
  ELSE
    UPDATE bmsql_customer
       SET c_balance = c_balance - v_amount, c_ytd_payment = c_ytd_payment + v_amount, c_payment_cnt = c_payment_cnt + 1
     WHERE c_w_id = p_c_w AND c_d_id = p_c_d AND c_id = v_c_id;
  END IF;
  -- H_DATA: W_NAME and D_NAME separated by 4 spaces
  INSERT INTO bmsql_history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
    VALUES (v_c_id, p_c_d, p_c_w, p_d, p_w, NOW(), v_amount, CONCAT(v_w_name, '    ', v_d_name));
  COMMIT;
  IF @tpcc_quiet IS NULL THEN SELECT v_c_id AS c_id; ELSE SET @tpcc_result = v_c_id; END IF;
END
//

-- 2.6.2.2 Order-Status (read-only): the customer (by id or by name as in Payment), its last order and that order's
-- lines. The lines are read into variables: a procedure has no one to hand them to but the caller's one result.
CREATE PROCEDURE tpcc_ostat(IN p_w INT, IN p_d INT, IN p_c_id INT, IN p_c_last VARCHAR(16))
BEGIN
  DECLARE v_c_id, v_n, v_off, v_o_id, v_carrier, v_lines INT;
  DECLARE v_first VARCHAR(16);
  DECLARE v_middle CHAR(2);
  DECLARE v_last VARCHAR(16);
  DECLARE v_balance, v_sum DECIMAL(12,2);
  DECLARE v_entry, v_delivered TIMESTAMP;
  DECLARE v_items, v_supply, v_qty BIGINT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;

  START TRANSACTION;
  IF p_c_last IS NULL THEN
    SET v_c_id = p_c_id;
  ELSE
    SELECT COUNT(*) INTO v_n FROM bmsql_customer WHERE c_w_id = p_w AND c_d_id = p_d AND c_last = p_c_last;
    IF v_n = 0 THEN
      ROLLBACK;
      SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'tpcc: no customer of that last name';
    END IF;
    SET v_off = (v_n - 1) DIV 2;
    SELECT c_id INTO v_c_id FROM bmsql_customer WHERE c_w_id = p_w AND c_d_id = p_d AND c_last = p_c_last
     ORDER BY c_first, c_id LIMIT v_off, 1;
  END IF;
  SELECT c_first, c_middle, c_last, c_balance INTO v_first, v_middle, v_last, v_balance
    FROM bmsql_customer WHERE c_w_id = p_w AND c_d_id = p_d AND c_id = v_c_id;
  -- the customer's last order: the largest O_ID
  SELECT o_id, o_entry_d, o_carrier_id INTO v_o_id, v_entry, v_carrier FROM bmsql_oorder
   WHERE o_w_id = p_w AND o_d_id = p_d AND o_c_id = v_c_id ORDER BY o_id DESC LIMIT 1;
  IF v_o_id IS NULL THEN
    ROLLBACK;
    SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'tpcc: the customer has no order';
  END IF;
  -- its lines: OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT, OL_DELIVERY_D of each
  SELECT COUNT(*), SUM(ol_i_id), SUM(ol_supply_w_id), SUM(ol_quantity), SUM(ol_amount), MAX(ol_delivery_d)
    INTO v_lines, v_items, v_supply, v_qty, v_sum, v_delivered
    FROM bmsql_order_line WHERE ol_w_id = p_w AND ol_d_id = p_d AND ol_o_id = v_o_id;
  COMMIT;
  IF @tpcc_quiet IS NULL THEN SELECT v_o_id AS o_id; ELSE SET @tpcc_result = v_o_id; END IF;
END
//

-- 2.7.4.1 Delivery: for each of the 10 districts its oldest NEW-ORDER row is deleted, the order gets the carrier,
-- its lines the delivery date, the customer the lines' sum; a district without one is skipped (2.7.4.2).
-- One transaction for all ten districts. Returns how many districts were skipped.
CREATE PROCEDURE tpcc_delivery(IN p_w INT, IN p_carrier INT)
BEGIN
  DECLARE v_d, v_o_id, v_c_id, v_skipped INT DEFAULT 0;
  DECLARE v_sum DECIMAL(12,2);
  DECLARE v_now TIMESTAMP;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;

  START TRANSACTION;
  SET v_now = NOW(), v_d = 1;
  WHILE v_d <= 10 DO
    SET v_o_id = NULL;
    SELECT no_o_id INTO v_o_id FROM bmsql_new_order WHERE no_w_id = p_w AND no_d_id = v_d
     ORDER BY no_o_id LIMIT 1 FOR UPDATE;
    IF v_o_id IS NULL THEN
      SET v_skipped = v_skipped + 1;
    ELSE
      DELETE FROM bmsql_new_order WHERE no_w_id = p_w AND no_d_id = v_d AND no_o_id = v_o_id;
      SELECT o_c_id INTO v_c_id FROM bmsql_oorder WHERE o_w_id = p_w AND o_d_id = v_d AND o_id = v_o_id;
      UPDATE bmsql_oorder SET o_carrier_id = p_carrier WHERE o_w_id = p_w AND o_d_id = v_d AND o_id = v_o_id;
      UPDATE bmsql_order_line SET ol_delivery_d = v_now WHERE ol_w_id = p_w AND ol_d_id = v_d AND ol_o_id = v_o_id;
      SELECT SUM(ol_amount) INTO v_sum FROM bmsql_order_line WHERE ol_w_id = p_w AND ol_d_id = v_d AND ol_o_id = v_o_id;
      UPDATE bmsql_customer SET c_balance = c_balance + v_sum, c_delivery_cnt = c_delivery_cnt + 1
       WHERE c_w_id = p_w AND c_d_id = v_d AND c_id = v_c_id;
    END IF;
    SET v_d = v_d + 1;
  END WHILE;
  COMMIT;
  IF @tpcc_quiet IS NULL THEN SELECT v_skipped AS skipped; ELSE SET @tpcc_result = v_skipped; END IF;
END
//

-- 2.8.2.2 Stock-Level (read-only): distinct items of the district's last 20 orders whose stock (in warehouse w) is
-- below the threshold.
CREATE PROCEDURE tpcc_slev(IN p_w INT, IN p_d INT, IN p_threshold INT)
BEGIN
  DECLARE v_next, v_count INT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;

  START TRANSACTION;
  SELECT d_next_o_id INTO v_next FROM bmsql_district WHERE d_w_id = p_w AND d_id = p_d;
  SELECT COUNT(DISTINCT s_i_id) INTO v_count
    FROM bmsql_order_line JOIN bmsql_stock ON s_w_id = ol_w_id AND s_i_id = ol_i_id
   WHERE ol_w_id = p_w AND ol_d_id = p_d AND ol_o_id >= v_next - 20 AND ol_o_id < v_next AND s_quantity < p_threshold;
  COMMIT;
  IF @tpcc_quiet IS NULL THEN SELECT v_count AS stock_count; ELSE SET @tpcc_result = v_count; END IF;
END
//
