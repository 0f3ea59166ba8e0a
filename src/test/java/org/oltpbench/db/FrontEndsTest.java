package org.oltpbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.ConfigException;
import org.oltpbench.dialect.Dialects;

class FrontEndsTest {
    /** result.json's server facts list the front ends as shown: a password in the URL is never written. */
    @Test
    void shownUrlsHideAPassword() {
        FrontEnds f = FrontEnds.ofConn("jdbc:mysql://h1:3306,h2:3306/db?user=sb&password=s3cret");
        assertEquals(List.of("jdbc:mysql://h1:3306/db?user=sb&password=***", "jdbc:mysql://h2:3306/db?user=sb&password=***"),
                f.shownUrls());
    }

    @Test
    void multiHostConnSplitsIntoOneUrlPerHost() {
        FrontEnds f = FrontEnds.ofConn("jdbc:mysql://h1:4000,h2:4000,h3:4000/tpcc?useSSL=false");
        assertEquals(List.of("jdbc:mysql://h1:4000/tpcc?useSSL=false", "jdbc:mysql://h2:4000/tpcc?useSSL=false",
                "jdbc:mysql://h3:4000/tpcc?useSSL=false"), f.urls());
        assertEquals(List.of("jdbc:postgresql://a:5432/db", "jdbc:postgresql://b:5433/db"),
                FrontEnds.ofConn("jdbc:postgresql://a:5432,b:5433/db").urls());
    }

    @Test
    void singleHostsAndDriverModesStayWhole() {
        assertEquals(List.of("jdbc:mariadb://h:3306/x"), FrontEnds.ofConn("jdbc:mariadb://h:3306/x").urls());
        String lb = "jdbc:mysql:loadbalance://h1:3306,h2:3306/x";
        assertEquals(List.of(lb), FrontEnds.ofConn(lb).urls());
        assertThrows(ConfigException.class, () -> FrontEnds.ofConn("jdbc:mysql://h1:3306,,h2/x"));
    }

    @Test
    void hostListTakesPortsOrTheDefault() {
        FrontEnds f = FrontEnds.ofHosts(Dialects.forName("tidb"), "10.0.0.1, 10.0.0.2:4001", 0, "sbtest");
        assertEquals(List.of("jdbc:mariadb://10.0.0.1:4000/sbtest", "jdbc:mariadb://10.0.0.2:4001/sbtest"), f.urls());
        assertThrows(ConfigException.class, () -> FrontEnds.ofHosts(Dialects.forName("mysql"), "h:port", 0, "x"));
    }

    @Test
    void threadsGoRoundRobin() {
        FrontEnds f = FrontEnds.ofConn("jdbc:mysql://a:1,b:2,c:3/x");
        assertEquals("jdbc:mysql://a:1/x", f.urls().get(f.indexFor(0)));
        assertEquals("jdbc:mysql://b:2/x", f.urls().get(f.indexFor(4)));
        assertEquals(Map.of("a:1", 3, "b:2", 2, "c:3", 2), f.spread(7));
        assertEquals(Map.of("a:1", 1, "b:2", 0, "c:3", 0), f.spread(1));
    }

    /** A driver-routed URL is one front end (its driver picks the host); its hosts are read one by one (lag, counters). */
    @Test
    void routedUrlsAreOneFrontEndWithSeveralHosts() {
        FrontEnds my = FrontEnds.ofConn("jdbc:mariadb:replication://p:3306,r1:3307,r2:3308/db?useSsl=false");
        assertEquals(1, my.size());
        assertEquals(List.of("jdbc:mariadb://p:3306/db?useSsl=false", "jdbc:mariadb://r1:3307/db?useSsl=false",
                "jdbc:mariadb://r2:3308/db?useSsl=false"), my.hosts());
        assertEquals("p:3306,r1:3307,r2:3308", FrontEnds.authority(my.urls().get(0)));
        FrontEnds pg = FrontEnds.ofConn("jdbc:postgresql://p:5432,s:5433/db?targetServerType=preferSecondary&ssl=false");
        assertEquals(1, pg.size());
        assertEquals(List.of("jdbc:postgresql://p:5432/db?ssl=false", "jdbc:postgresql://s:5433/db?ssl=false"), pg.hosts());
        FrontEnds lb = FrontEnds.ofConn("jdbc:postgresql://p:5432,s:5433/db?loadBalanceHosts=true");
        assertEquals(List.of("jdbc:postgresql://p:5432/db", "jdbc:postgresql://s:5433/db"), lb.hosts());
        FrontEnds plain = FrontEnds.ofConn("jdbc:mysql://a:4000,b:4000/db");
        assertEquals(2, plain.size(), "a plain host list is round-robin front ends");
        assertEquals(plain.urls(), plain.hosts());
    }
}
