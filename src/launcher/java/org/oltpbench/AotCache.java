package org.oltpbench;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.util.Properties;

/**
 * JDK 25's ahead-of-time cache of this jar's classes, linked, with method profiles (JEPs 483, 514, 515): one file per
 * jar and JDK, in ~/.cache/oltpbench/aot (or $OLTPBENCH_CACHE/aot, $XDG_CACHE_HOME/oltpbench/aot). Its name holds what
 * makes a cache valid (the jar's path, size and modification time; the JDK's home and runtime version), so a cache of
 * another jar or JDK is never used: a rebuilt jar or an upgraded JDK looks for a name that is not there. The JVM checks
 * the same again and runs without a cache it refuses.
 *
 * <p>Made by {@code java -jar oltpbench.jar aot ARGS...}: that command runs ARGS once as the training run, and the JVM
 * writes the cache when it exits.
 */
final class AotCache {
    /** The JDK feature release whose JVM takes -XX:AOTCacheOutput (JEP 514). */
    static final int NEEDED = 25;

    private AotCache() {
    }

    /** The cache file for {@code jar} run by the JDK at {@code javaHome}; null when that JDK has no AOT cache. */
    static File file(File jar, File javaHome) {
        Properties release = release(javaHome);
        String version = release.getProperty("JAVA_RUNTIME_VERSION", release.getProperty("JAVA_VERSION", "")).replace("\"", "");
        if (feature(version) < NEEDED) return null;
        String key = jar.getAbsolutePath() + "|" + jar.length() + "|" + jar.lastModified() + "|" + javaHome.getAbsolutePath()
                + "|" + version;
        String name = "oltpbench-" + Long.toHexString(jar.lastModified()) + "-" + Integer.toHexString(key.hashCode())
                + "-jdk" + version.replaceAll("[^0-9A-Za-z.+-]", "_") + ".aot";
        return new File(dir(), name);
    }

    static File dir() {
        String own = System.getenv("OLTPBENCH_CACHE");
        String xdg = System.getenv("XDG_CACHE_HOME");
        File base = own != null && !own.isEmpty() ? new File(own)
                : new File(xdg != null && !xdg.isEmpty() ? xdg : System.getProperty("user.home") + "/.cache", "oltpbench");
        return new File(base, "aot");
    }

    /** The JDK's release file (JAVA_VERSION, JAVA_RUNTIME_VERSION); empty when it has none. */
    static Properties release(File jdkHome) {
        Properties p = new Properties();
        File f = new File(jdkHome, "release");
        if (!f.isFile()) return p;
        try {
            FileInputStream in = new FileInputStream(f);
            try {
                p.load(in);
            } finally {
                in.close();
            }
        } catch (IOException e) {
            // no release file read: the JDK's version is unknown
        }
        return p;
    }

    /** The feature release of a version string ("1.8.0_402" is 8, "25.0.1+8-LTS" is 25); 0 when unknown. */
    static int feature(String v) {
        if (v.startsWith("1.")) v = v.substring(2);
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) end++;
        return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
    }
}
