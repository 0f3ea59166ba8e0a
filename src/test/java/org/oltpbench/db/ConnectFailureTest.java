package org.oltpbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.Dialects;

/** Connect failures become one line naming the cause and the fix, never the password. */
class ConnectFailureTest {
    private static String msg(SQLException e) {
        return msg(e, "mysql");
    }

    private static String msg(SQLException e, String db) {
        String m = ConnectFailure.describe(e, "jdbc:mariadb://h:3306/db", "sb", Dialects.forName(db)).getMessage();
        assertTrue(m.lines().count() == 1, m);
        return m;
    }

    /**
     * jdbc:postgresql: at a MySQL-protocol server (go-tpc's -d postgres without -P reaches TiDB's 4000): pgjdbc 42.7
     * says "An error occurred while setting up the SSL connection.", state 08P01, no cause (read at MariaDB 3307, TiDB
     * 4000 and seekdb 2881); it was told as a TLS problem ("set ssl=off ...").
     */
    @Test
    void aMysqlProtocolServerAtAPostgresqlUrl() {
        String m = msg(new SQLException("An error occurred while setting up the SSL connection.", "08P01"), "postgres");
        assertEquals("cannot connect to jdbc:mariadb://h:3306/db: the server there does not speak PostgreSQL's protocol; "
                + "check the port, or for a MySQL-protocol server use jdbc:mysql: (sysbench's --mysql-host and --mysql-port, "
                + "go-tpc's -d mysql)", m);
        // a handshake that fails beneath is still TLS's
        SQLException tls = new SQLException("An error occurred while setting up the SSL connection.", "08P01",
                new javax.net.ssl.SSLHandshakeException("PKIX path building failed"));
        assertTrue(msg(tls, "postgres").contains("with the TLS asked for"), msg(tls, "postgres"));
    }

    /** A password in the URL (conn=...?password=...) never reaches the line. */
    @Test
    void aPasswordInTheUrlIsNotPrinted() {
        String m = ConnectFailure.describe(new SQLException("Access denied for user 'sb'@'h' (using password: YES)", "28000", 1045),
                "jdbc:mysql://h:3306/db?user=sb&password=s3cret", "sb", Dialects.forName("mysql")).getMessage();
        assertTrue(!m.contains("s3cret") && m.contains("password=***"), m);
    }

    @Test
    void wrongPassword() {
        assertTrue(msg(new SQLException("Access denied for user 'sb'@'h' (using password: YES)", "28000", 1045))
                .contains("access denied for user 'sb'"));
        assertTrue(msg(new SQLException("password authentication failed", "28P01"), "postgres").contains("check user and password"));
    }

    @Test
    void oceanBaseNamesItsUserForm() {
        String m = ConnectFailure.describe(new SQLException("Access denied", "28000", 1045), "jdbc:mariadb://h:2881/db", "root",
                Dialects.forName("oceanbase")).getMessage();
        assertTrue(m.contains("user@tenant") && m.lines().count() == 1, m);
    }

    @Test
    void unknownDatabase() {
        assertTrue(msg(new SQLException("Unknown database 'db'", "42000", 1049)).contains("does not exist"));
        assertTrue(msg(new SQLException("database \"db\" does not exist", "3D000"), "postgres").contains("does not exist"));
    }

    /** Vendor codes belong to their engine: MySQL's 1049 means nothing on PostgreSQL. */
    @Test
    void vendorCodesAreTheDialectsOwn() {
        SQLException mysqlCode = new SQLException("odd", "42000", 1049);
        assertTrue(msg(mysqlCode, "mysql").contains("does not exist"));
        assertTrue(msg(mysqlCode, "postgres").contains("cannot connect to jdbc:mariadb://h:3306/db: odd"), msg(mysqlCode, "postgres"));
    }

    @Test
    void unreachable() {
        SQLException e = new SQLNonTransientConnectionException("Socket fail to connect", "08000", -1,
                new ConnectException("Connection refused"));
        String m = msg(e);
        assertTrue(m.contains("cannot connect to jdbc:mariadb://h:3306/db") && m.contains("Connection refused")
                && m.contains("server is running"), m);
    }
}
