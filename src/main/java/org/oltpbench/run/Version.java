package org.oltpbench.run;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The version Maven stamped into oltpbench-version.properties. */
public final class Version {
    private Version() {
    }

    public static String get() {
        try (InputStream in = Version.class.getResourceAsStream("/oltpbench-version.properties")) {
            Properties p = new Properties();
            if (in != null) p.load(in);
            return p.getProperty("version", "dev");
        } catch (IOException e) {
            return "dev";
        }
    }
}
