package org.oltpbench.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.config.RunParams;

/**
 * db=auto's mapping from what a server says to its dialect. The version strings and comments are the servers' own, read
 * with {@code SHOW VARIABLES WHERE Variable_name IN ('version', 'version_comment', 'ob_query_timeout')} on the servers of
 * .ci/run (seekdb 1.4, tidb-server 8.4, Debian's MariaDB 10.11, MySQL 8.0.31) and {@code SELECT version()} on
 * Debian's PostgreSQL 15; Klustron's compute node reports PostgreSQL 11.5's string and has mysql_read_timeout.
 */
class DetectionTest {
    private static final String PG15 = "PostgreSQL 15.18 (Debian 15.18-0+deb12u1) on x86_64-pc-linux-gnu, compiled by gcc "
            + "(Debian 12.2.0-14+deb12u1) 12.2.0, 64-bit";

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "5.7.25-OceanBase seekdb-v1.4.0.0|OceanBase 4.3.5.3 seekdb (r1.4.0.0) (Built 1-d0cbdf0e Sep  8 2026)|ob_query_timeout|oceanbase",
        "8.0.11-TiDB-v8.4.0-this-is-a-placeholder|TiDB Server (Apache License 2.0) Community Edition, MySQL 8.0 compatible||tidb",
        "10.11.19-MariaDB-0+deb12u1|Debian 12||mariadb",
        "11.4.5-MariaDB|mariadb.org binary distribution||mariadb",
        "8.0.31|MySQL Community Server - GPL||mysql",
        "8.0.36-28|Percona Server (GPL), Release 28, Revision 47601f19||mysql",
        // an OceanBase behind a proxy that reports MySQL's version: its ob_ variable still says it
        "5.6.25||ob_query_timeout|oceanbase",
        "5.7.25-OceanBase-v4.2.1.2|OceanBase_CE 4.2.1.2 (r102000042023120514-1d6a3e8b) (Built Dec  5 2023)||oceanbase",
    })
    void mysqlProtocolServers(String version, String comment, String marker, String engine) {
        ServerIdentity s = new ServerIdentity(version, comment, marker == null ? Set.of() : Set.of(marker));
        assertEquals(engine, Dialects.engineOf(s, Protocol.MYSQL).name());
    }

    @Test
    void postgresqlProtocolServers() {
        assertEquals("postgres", Dialects.engineOf(new ServerIdentity(PG15, null, Set.of()), Protocol.POSTGRESQL).name());
        String klustron = "PostgreSQL 11.5 on x86_64-pc-linux-gnu, compiled by gcc (GCC) 8.5.0, 64-bit";
        assertEquals("klustron", Dialects.engineOf(new ServerIdentity(klustron, null, Set.of("mysql_read_timeout")),
                Protocol.POSTGRESQL).name());
    }

    /**
     * Front ends of one engine are that engine; of two engines (hosts=127.0.0.1:3307,127.0.0.1:3308: Debian's MariaDB
     * 10.11 and MySQL 8.0.31) a refusal naming each, where the first one's engine was taken for both.
     */
    @Test
    void frontEndsOfDifferentEnginesAreRefused() {
        ServerIdentity maria = new ServerIdentity("10.11.19-MariaDB-0+deb12u1", "Debian 12", Set.of());
        ServerIdentity mysql = new ServerIdentity("8.0.31", "MySQL Community Server - GPL", Set.of());
        java.util.Map<String, ServerIdentity> same = new java.util.LinkedHashMap<>();
        same.put("jdbc:mariadb://a:3307/x", maria);
        same.put("jdbc:mariadb://b:3307/x", maria);
        assertEquals("mariadb", Dialects.engineOf(same, Protocol.MYSQL).name());
        java.util.Map<String, ServerIdentity> mixed = new java.util.LinkedHashMap<>();
        mixed.put("jdbc:mariadb://a:3307/x", maria);
        mixed.put("jdbc:mariadb://a:3308/x", mysql);
        org.oltpbench.config.ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.oltpbench.config.ConfigException.class, () -> Dialects.engineOf(mixed, Protocol.MYSQL));
        assertEquals("the front ends are different engines (jdbc:mariadb://a:3307/x is mariadb, jdbc:mariadb://a:3308/x is "
                + "mysql); list the front ends of one engine in host or conn", e.getMessage());
    }

    /** The identity query asks each protocol for the markers of its own family only. */
    @Test
    void eachProtocolReadsItsFamilysMarkers() {
        assertEquals(List.of("ob_query_timeout"), Dialects.markers(Protocol.MYSQL));
        assertEquals(List.of("mysql_read_timeout"), Dialects.markers(Protocol.POSTGRESQL));
        assertEquals("SHOW VARIABLES WHERE Variable_name IN ('version', 'version_comment', 'ob_query_timeout')",
                Protocol.MYSQL.identityQuery(Dialects.markers(Protocol.MYSQL)));
    }

    /** Which protocol db=auto reads on: a PostgreSQL URL, db=pgsql, or sysbench's pgsql-* names; the MySQL one otherwise. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "host=127.0.0.1|MYSQL",
        "conn=jdbc:postgresql://127.0.0.1:5433/x|POSTGRESQL",
        "conn=jdbc:mariadb://127.0.0.1:2881/x|MYSQL",
        "conn=jdbc:oceanbase://127.0.0.1:2881/x|MYSQL",
        "db=pgsql|POSTGRESQL",
        "pgsql-host=127.0.0.1|POSTGRESQL",
        "pgsql-port=5433|POSTGRESQL",
    })
    void theProtocolDetectionSpeaks(String set, Protocol protocol) {
        assertEquals(protocol, Protocol.toDetect(params(set).target()));
    }

    /** A named engine is not detected, nor is the embedded server, which is MariaDB. */
    @Test
    void aNamedEngineAndTheEmbeddedServerAreNotDetected() {
        assertEquals(null, Protocol.toDetect(params("db=mysql").target()));
        assertEquals(null, Protocol.toDetect(params("pgsql-host=h", "db=postgres").target()));
        assertEquals("mariadb", params("embedded=true").target().db());
    }

    /** The engine found is the db of every later use: the result directory's ${db} and the recorded target. */
    @Test
    void theEngineFoundFillsTheResultDirectory() {
        RunParams undecided = params("resultDirectory=results/${db}-${workload}");
        assertEquals("results/${db}-oltp_read_write", undecided.output().resultDirectory());
        RunParams found = undecided.withEngine("oceanbase");
        assertEquals("results/oceanbase-oltp_read_write", found.output().resultDirectory());
        assertEquals("oceanbase", found.target().db());
        assertEquals(true, found.target().detected());
        assertEquals(false, params("db=tidb").target().detected());
        assertEquals("results/tidb-oltp_read_write", params("db=tidb", "resultDirectory=results/${db}-${workload}")
                .output().resultDirectory());
    }

    private static RunParams params(String... sets) {
        return RunParams.of(ConfigLoader.load(null, List.of(sets), java.util.Map.of()), java.time.ZonedDateTime.now());
    }
}
