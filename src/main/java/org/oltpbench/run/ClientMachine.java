package org.oltpbench.run;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import org.oltpbench.db.Database;
import org.oltpbench.result.run.ClientInfo;

/** What result.json records about the client machine and its JDBC driver. */
final class ClientMachine {
    private ClientMachine() {
    }

    static ClientInfo describe(Database db) throws SQLException {
        String driver, version;
        try (Connection c = db.connect()) {
            DatabaseMetaData md = c.getMetaData();
            driver = md.getDriverName();
            version = md.getDriverVersion();
        }
        var os = ManagementFactory.getOperatingSystemMXBean();
        long memory = os instanceof com.sun.management.OperatingSystemMXBean s ? s.getTotalMemorySize() : -1;
        return new ClientInfo(hostName(), Runtime.getRuntime().availableProcessors(), memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"), driver, version);
    }

    private static String hostName() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) return env;
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
