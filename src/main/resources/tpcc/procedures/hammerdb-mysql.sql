-- HammerDB TPROC-C's routine names and signatures (HammerDB v5, src/mysql/mysqloltp.tcl, CreateStoredProcs), MySQL
-- family, for tpccSchema=hammerdb with tpccMode=procedures (issue 60). The bodies are oltpbench's: each takes what its
-- signature carries, draws what it does not (New-Order's lines), and calls mysql.sql's tpcc_* procedure quietly
-- (@tpcc_quiet), so that, as HammerDB's own, it returns no result set: HammerDB's driver (mysqltcl) reads none, and one
-- left unread puts its connection out of sync. Errors pass to the caller as they are (SQLSTATE 45000 'tpcc rollback'
-- after 2.4.2.3's rollback, 02000 for a missing customer or order). The inner integer lands where the signature has a
-- slot (NEWORD's no_d_next_o_id: the order id; SLEV's stock_count) and in @tpcc_result (DELIVERY: the districts
-- skipped); the other OUT parameters stay NULL, and the timestamp argument is not read (the inner procedure takes
-- NOW()). HammerDB's driver calls them as it calls its own, e.g. CALL NEWORD(w, max_w, d, c, ol_cnt, @disc, @last,
-- @credit, @dtax, @wtax, @next_o_id, ts). Installed after mysql.sql.

-- 2.4 New-Order. HammerDB's signature carries the order's line count, not its lines: they are drawn here as 2.4.1.5
-- asks: OL_I_ID = NURand(8191, 1, 100000) with the run-time constant C = 4773 (a literal drawn at random once; the same for every
-- terminal, 2.1.6), OL_SUPPLY_W_ID the home warehouse but on 1% of lines another one (uniform over the others) when
-- there are several, OL_QUANTITY 1..10; 1% of orders end on the unused item 100001 (2.4.1.4).
CREATE PROCEDURE NEWORD(no_w_id INTEGER, no_max_w_id INTEGER, no_d_id INTEGER, no_c_id INTEGER, no_o_ol_cnt INTEGER,
                        OUT no_c_discount DECIMAL(4,4), OUT no_c_last VARCHAR(16), OUT no_c_credit VARCHAR(2),
                        OUT no_d_tax DECIMAL(4,4), OUT no_w_tax DECIMAL(4,4), INOUT no_d_next_o_id INTEGER,
                        IN timestamp DATETIME)
BEGIN
  DECLARE v_n, v_a, v_b, v_i, v_sw, v_q INT DEFAULT 0;
  DECLARE v_rbk INT DEFAULT FLOOR(1 + RAND() * 100);
  DECLARE v_all_local INT DEFAULT 1;
  DECLARE v_items, v_supply, v_qty VARCHAR(2000) DEFAULT '';
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN SET @tpcc_quiet = NULL; RESIGNAL; END;
  WHILE v_n < no_o_ol_cnt DO
    IF v_n = no_o_ol_cnt - 1 AND v_rbk = 1 THEN
      SET v_i = 100001;
    ELSE
      SET v_a = FLOOR(RAND() * 8192), v_b = FLOOR(1 + RAND() * 100000);
      SET v_i = MOD((v_a | v_b) + 4773, 100000) + 1;
    END IF;
    SET v_sw = no_w_id;
    IF no_max_w_id > 1 AND FLOOR(1 + RAND() * 100) = 1 THEN
      SET v_sw = FLOOR(1 + RAND() * (no_max_w_id - 1));
      IF v_sw >= no_w_id THEN
        SET v_sw = v_sw + 1;
      END IF;
      SET v_all_local = 0;
    END IF;
    SET v_q = FLOOR(1 + RAND() * 10);
    SET v_items = CONCAT(v_items, IF(v_n = 0, '', ','), v_i),
        v_supply = CONCAT(v_supply, IF(v_n = 0, '', ','), v_sw),
        v_qty = CONCAT(v_qty, IF(v_n = 0, '', ','), v_q),
        v_n = v_n + 1;
  END WHILE;
  SET @tpcc_quiet = 1;
  CALL tpcc_neword(no_w_id, no_d_id, no_c_id, no_o_ol_cnt, v_all_local,
                   CONCAT('[', v_items, ']'), CONCAT('[', v_supply, ']'), CONCAT('[', v_qty, ']'));
  SET @tpcc_quiet = NULL, no_d_next_o_id = @tpcc_result;
END
//

-- 2.7 Delivery of warehouse d_w_id's ten districts with carrier d_o_carrier_id (@tpcc_result: the districts skipped).
CREATE PROCEDURE DELIVERY(d_w_id INTEGER, d_o_carrier_id INTEGER, IN timestamp DATETIME)
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN SET @tpcc_quiet = NULL; RESIGNAL; END;
  SET @tpcc_quiet = 1;
  CALL tpcc_delivery(d_w_id, d_o_carrier_id);
  SET @tpcc_quiet = NULL;
END
//

-- 2.5 Payment: the customer by id (byname = 0: p_c_id) or by last name (p_c_last); p_h_amount in units.
CREATE PROCEDURE PAYMENT(p_w_id INTEGER, p_d_id INTEGER, p_c_w_id INTEGER, p_c_d_id INTEGER, INOUT p_c_id INTEGER,
                         byname INTEGER, p_h_amount DECIMAL(6,2), INOUT p_c_last VARCHAR(16),
                         OUT p_w_street_1 VARCHAR(20), OUT p_w_street_2 VARCHAR(20), OUT p_w_city VARCHAR(20),
                         OUT p_w_state CHAR(2), OUT p_w_zip CHAR(9), OUT p_d_street_1 VARCHAR(20),
                         OUT p_d_street_2 VARCHAR(20), OUT p_d_city VARCHAR(20), OUT p_d_state CHAR(2),
                         OUT p_d_zip CHAR(9), OUT p_c_first VARCHAR(16), OUT p_c_middle CHAR(2),
                         OUT p_c_street_1 VARCHAR(20), OUT p_c_street_2 VARCHAR(20), OUT p_c_city VARCHAR(20),
                         OUT p_c_state CHAR(2), OUT p_c_zip CHAR(9), OUT p_c_phone CHAR(16), OUT p_c_since DATETIME,
                         INOUT p_c_credit CHAR(2), OUT p_c_credit_lim DECIMAL(12,2), OUT p_c_discount DECIMAL(4,4),
                         INOUT p_c_balance DECIMAL(12,2), OUT p_c_data VARCHAR(500), IN timestamp DATETIME)
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN SET @tpcc_quiet = NULL; RESIGNAL; END;
  SET @tpcc_quiet = 1;
  CALL tpcc_payment(p_w_id, p_d_id, p_c_w_id, p_c_d_id, p_c_id, IF(byname <> 0, p_c_last, NULL), ROUND(p_h_amount * 100));
  SET @tpcc_quiet = NULL, p_c_id = @tpcc_result;
END
//

-- 2.6 Order-Status: the customer by id (byname = 0: os_c_id) or by last name (os_c_last).
CREATE PROCEDURE OSTAT(os_w_id INTEGER, os_d_id INTEGER, INOUT os_c_id INTEGER, byname INTEGER,
                       INOUT os_c_last VARCHAR(16), OUT os_c_first VARCHAR(16), OUT os_c_middle CHAR(2),
                       OUT os_c_balance DECIMAL(12,2), OUT os_o_id INTEGER, OUT os_entdate DATETIME,
                       OUT os_o_carrier_id INTEGER)
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN SET @tpcc_quiet = NULL; RESIGNAL; END;
  SET @tpcc_quiet = 1;
  CALL tpcc_ostat(os_w_id, os_d_id, os_c_id, IF(byname <> 0, os_c_last, NULL));
  SET @tpcc_quiet = NULL, os_o_id = @tpcc_result;
END
//

-- 2.8 Stock-Level (stock_count: the count).
CREATE PROCEDURE SLEV(st_w_id INTEGER, st_d_id INTEGER, threshold INTEGER, OUT stock_count INTEGER)
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN SET @tpcc_quiet = NULL; RESIGNAL; END;
  SET @tpcc_quiet = 1;
  CALL tpcc_slev(st_w_id, st_d_id, threshold);
  SET @tpcc_quiet = NULL, stock_count = @tpcc_result;
END
