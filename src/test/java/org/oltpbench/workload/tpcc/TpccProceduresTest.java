package org.oltpbench.workload.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.ConfigException;
import org.oltpbench.dialect.MariaDbDialect;
import org.oltpbench.dialect.MySqlDialect;
import org.oltpbench.dialect.OceanBaseDialect;
import org.oltpbench.dialect.PostgresDialect;
import org.oltpbench.dialect.ProcedureLanguage;
import org.oltpbench.dialect.TiDbDialect;

class TpccProceduresTest {

    @Test
    void tidbIsRefusedInOneLineThatSaysWhyAndWhatToUse() {
        ConfigException e = assertThrows(ConfigException.class, () -> TpccProcedures.of(new TiDbDialect()));
        assertEquals("tpccMode=procedures: tidb has no stored procedures (CREATE PROCEDURE fails with error 8108, unsupported); use tpccMode=client",
                e.getMessage());
    }

    @Test
    void theCallsAreOneStatementPerRoutineInEachLanguage() {
        TpccProcedures my = TpccProcedures.of(new MySqlDialect()), pg = TpccProcedures.of(new PostgresDialect());
        assertEquals("CALL tpcc_neword(?, ?, ?, ?, ?, ?, ?, ?)", my.call(TpccProcedures.Routine.NEWORD));
        assertEquals("SELECT tpcc_delivery(?, ?)", pg.call(TpccProcedures.Routine.DELIVERY));
        assertEquals("SELECT tpcc_version()", ProcedureLanguage.PLPGSQL.call(TpccProcedures.VERSION_FUNCTION, 0));
        assertTrue(my.commitsItself());
        assertFalse(pg.commitsItself());
        assertEquals(ProcedureLanguage.MYSQL, new MariaDbDialect().procedureLanguage());
        assertEquals(ProcedureLanguage.MYSQL, new OceanBaseDialect().procedureLanguage());
    }

    /** Every routine the Java calls is created by each language's file, and nothing else but them. */
    @Test
    void eachFileCreatesEveryRoutineOnce() {
        for (TpccProcedures p : List.of(TpccProcedures.of(new MySqlDialect()), TpccProcedures.of(new PostgresDialect()))) {
            List<String> creates = p.creates();
            assertEquals(TpccProcedures.Routine.values().length, creates.size(), p.version());
            for (TpccProcedures.Routine r : TpccProcedures.Routine.values()) {
                assertEquals(1, creates.stream().filter(s -> s.matches("(?s).*CREATE (OR REPLACE )?(PROCEDURE|FUNCTION) " + r.name + "\\s*\\(.*")).count(),
                        r.name);
            }
            assertTrue(p.version().matches("oltpbench-[0-9a-f]{16}"), p.version());
        }
    }

    @Test
    void statementsAreSplitOnSlashLinesAndCommentOnlyPartsDropped() {
        assertEquals(List.of("CREATE A;\nBEGIN x; END", "CREATE B"),
                TpccProcedures.statements("-- header\n//\nCREATE A;\nBEGIN x; END\n  //  \n\nCREATE B\n//\n-- trailer\n"));
    }

    /** 2.4.2.3's rollback is SQLSTATE 45000 with the routine's words, also when the driver wraps it. */
    @Test
    void onlyTheRoutinesSignalIsARollback() {
        assertTrue(TpccProcedures.rolledBack(new SQLException("tpcc rollback: unused item 100001", "45000", 1644)));
        assertTrue(TpccProcedures.rolledBack(new SQLException("ERROR: tpcc rollback: order names an unused item\n  Where: PL/pgSQL", "45000")));
        assertTrue(TpccProcedures.rolledBack(new SQLException("wrapped", "HY000", new SQLException("tpcc rollback", "45000"))));
        assertFalse(TpccProcedures.rolledBack(new SQLException("Deadlock found", "40001", 1213)));
        assertFalse(TpccProcedures.rolledBack(new SQLException("some other user signal", "45000")));
    }
}
