package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.db.Database;
import org.oltpbench.db.load.RowSink;
import org.oltpbench.db.load.Sinks;
import org.oltpbench.dialect.Dialects;

/** Both load paths write text exactly, quotes and backslashes included (generated rows have none; the fast path skips escaping). */
class RowSinkIT {
    private static final List<String> VALUES = List.of("0123-4567", "it's", "back\\slash", "tab\there", "'\\'", "");

    @Test
    void textRoundTripsThroughEveryLoadMethod() throws Exception {
        try (Database db = SharedMariaDb.open(SharedMariaDb.database(RowSinkIT.class, "sink"))) {
            String url = db.url().replace("jdbc:mariadb:", "jdbc:mysql:");
            try (Database viaMysql = Database.open(Params.target(ConfigLoader.load(null, List.of("db=mariadb", "conn=" + url, "user=root"), Map.of())),
                    Dialects.forName("mariadb"))) {
                roundTrip(db, "batch");
                roundTrip(viaMysql, "csv");
            }
        }
    }

    private static void roundTrip(Database db, String method) throws Exception {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE sinkprobe (id INTEGER PRIMARY KEY, v VARCHAR(40))");
            try {
                try (RowSink sink = Sinks.open(db.dialect(), c, "sinkprobe", List.of("id", "v"), method)) {
                    for (int i = 0; i < VALUES.size(); i++) {
                        sink.integer(i);
                        sink.text(VALUES.get(i).toCharArray());
                        sink.endRow();
                    }
                }
                List<String> back = new ArrayList<>();
                try (ResultSet rs = st.executeQuery("SELECT v FROM sinkprobe ORDER BY id")) {
                    while (rs.next()) back.add(rs.getString(1));
                }
                assertEquals(VALUES, back, method);
            } finally {
                st.execute("DROP TABLE sinkprobe");
            }
        }
    }
}
