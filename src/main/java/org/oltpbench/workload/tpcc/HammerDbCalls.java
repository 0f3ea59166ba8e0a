package org.oltpbench.workload.tpcc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import org.oltpbench.dialect.ProcedureLanguage;

/**
 * tpccSchema=hammerdb with tpccMode=procedures: the statements that call HammerDB's routine names with its signatures
 * ({@code /tpcc/procedures/hammerdb-<language>.sql}), written as HammerDB's driver writes them (v5
 * src/mysql/mysqloltp.tcl and src/postgresql/pgoltp.tcl, the unprepared calls), and what each transaction binds.
 * New-Order passes (w, max_w, d, c, ol_cnt): the routine draws the lines. Payment and Order-Status pass the customer by
 * id or by last name with a {@code byname} flag; on the MySQL family these are INOUT parameters, so a SET of the
 * session variables goes first, as HammerDB's driver sends it. Delivery and Stock-Level bind as oltpbench's own
 * routines do.
 */
enum HammerDbCalls {
    MYSQL {
        @Override
        String call(TpccProcedures.Routine r) {
            return switch (r) {
                case NEWORD, NEWORD_ROW -> "CALL NEWORD(?, ?, ?, ?, ?, @disc, @last, @credit, @dtax, @wtax, @next_o_id, NOW())";
                case PAYMENT -> "CALL PAYMENT(?, ?, ?, ?, @p_c_id, ?, ? * 0.01, @p_c_last, @p_w_street_1, @p_w_street_2, "
                        + "@p_w_city, @p_w_state, @p_w_zip, @p_d_street_1, @p_d_street_2, @p_d_city, @p_d_state, @p_d_zip, "
                        + "@p_c_first, @p_c_middle, @p_c_street_1, @p_c_street_2, @p_c_city, @p_c_state, @p_c_zip, @p_c_phone, "
                        + "@p_c_since, @p_c_credit, @p_c_credit_lim, @p_c_discount, @p_c_balance, @p_c_data, NOW())";
                case OSTAT -> "CALL OSTAT(?, ?, @os_c_id, ?, @os_c_last, @os_c_first, @os_c_middle, @os_c_balance, @os_o_id, "
                        + "@os_entdate, @os_o_carrier_id)";
                case DELIVERY -> "CALL DELIVERY(?, ?, NOW())";
                case SLEV -> "CALL SLEV(?, ?, ?, @stock_count)";
            };
        }

        @Override
        String before(TpccProcedures.Routine r) {
            return switch (r) {
                case PAYMENT -> "SET @p_c_id = ?, @p_c_last = ?";
                case OSTAT -> "SET @os_c_id = ?, @os_c_last = ?";
                default -> null;
            };
        }

        /** HammerDB's procedures return no result set (its driver reads none). */
        @Override
        boolean returnsRow() {
            return false;
        }

        /** DELIVERY's signature has no slot for the districts it skipped: the routine leaves them in @tpcc_result. */
        @Override
        String after(TpccProcedures.Routine r) {
            return r == TpccProcedures.Routine.DELIVERY ? "SELECT @tpcc_result" : null;
        }

        @Override
        void payment(PreparedStatement before, PreparedStatement call, int w, int d, int cw, int cd, CustomerLookup.Named c,
                     long cents)
                throws SQLException {
            customer(before, c);
            Txn.bind(call, w, d, cw, cd);
            call.setInt(5, c.byName() ? 1 : 0);
            call.setLong(6, cents);
        }

        @Override
        void orderStatus(PreparedStatement before, PreparedStatement call, int w, int d, CustomerLookup.Named c)
                throws SQLException {
            customer(before, c);
            Txn.bind(call, w, d, c.byName() ? 1 : 0);
        }

        private static void customer(PreparedStatement before, CustomerLookup.Named c) throws SQLException {
            before.setInt(1, c.id());
            if (c.byName()) before.setString(2, c.last());
            else before.setNull(2, Types.VARCHAR);
        }
    },
    PLPGSQL {
        /** OSTAT's rows, as HammerDB's driver declares them. */
        private static final String OSTAT_ROW = "(ol_i_id INTEGER, ol_supply_w_id INTEGER, ol_quantity SMALLINT, "
                + "ol_amount NUMERIC, ol_delivery_d TIMESTAMP WITH TIME ZONE, out_os_c_id INTEGER, "
                + "out_os_c_last CHARACTER VARYING, os_c_first CHARACTER VARYING, os_c_middle CHARACTER VARYING, "
                + "os_c_balance NUMERIC, os_o_id INTEGER, os_entdate TIMESTAMP, os_o_carrier_id INTEGER)";

        @Override
        String call(TpccProcedures.Routine r) {
            return switch (r) {
                case NEWORD, NEWORD_ROW -> "SELECT neword(?, ?, ?, ?, ?, 0)";
                case PAYMENT -> "SELECT payment(?, ?, ?, ?, ?, ?, ? * 0.01, ?, '0', 0)";
                case OSTAT -> "SELECT * FROM ostat(?, ?, ?, ?, ?) AS " + OSTAT_ROW;
                case DELIVERY -> "SELECT delivery(?, ?)";
                case SLEV -> "SELECT slev(?, ?, ?)";
            };
        }

        @Override
        String before(TpccProcedures.Routine r) {
            return null;
        }

        @Override
        boolean returnsRow() {
            return true;
        }

        @Override
        String after(TpccProcedures.Routine r) {
            return null;
        }

        @Override
        void payment(PreparedStatement before, PreparedStatement call, int w, int d, int cw, int cd, CustomerLookup.Named c,
                     long cents)
                throws SQLException {
            Txn.bind(call, w, d, cw, cd);
            Txn.bindFrom(call, 5, c.id(), c.byName() ? 1 : 0);
            call.setLong(7, cents);
            call.setString(8, c.byName() ? c.last() : "");
        }

        @Override
        void orderStatus(PreparedStatement before, PreparedStatement call, int w, int d, CustomerLookup.Named c)
                throws SQLException {
            Txn.bind(call, w, d, c.id(), c.byName() ? 1 : 0);
            call.setString(5, c.byName() ? c.last() : "");
        }
    };

    /** The routine set of {@code language}; refused before this is asked where the engine has none. */
    static HammerDbCalls of(ProcedureLanguage language) {
        return language == ProcedureLanguage.PLPGSQL ? PLPGSQL : MYSQL;
    }

    /** HammerDB's routine names, as dropped before oltpbench's of those names are created. */
    static final String[] NAMES = {"NEWORD", "DELIVERY", "PAYMENT", "OSTAT", "SLEV"};

    /** The statement that calls {@code r}'s HammerDB routine. */
    abstract String call(TpccProcedures.Routine r);

    /** The statement that must run before the call (the MySQL family's INOUT variables); null when none. */
    abstract String before(TpccProcedures.Routine r);

    /** Whether the call returns a row holding its integer (PostgreSQL's functions) or no result set (MySQL's procedures). */
    abstract boolean returnsRow();

    /** Where a call that returns no row leaves its integer: the statement that reads it; null when it is not read. */
    abstract String after(TpccProcedures.Routine r);

    /**
     * Binds Payment: warehouse, district, the customer's warehouse and district, the customer by id or
     * last name, the amount in cents.
     */
    abstract void payment(PreparedStatement before, PreparedStatement call, int w, int d, int cw, int cd,
                          CustomerLookup.Named c, long cents) throws SQLException;

    /** Binds Order-Status: warehouse, district, the customer by id or last name. */
    abstract void orderStatus(PreparedStatement before, PreparedStatement call, int w, int d, CustomerLookup.Named c)
            throws SQLException;
}
