package org.oltpbench;

import java.io.File;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * The jar's entry point, compiled for Java 8 so that any java can start it. On Java 21+ it hands over to
 * the CLI. On an older java it re-runs the jar with a JDK 21+ it finds ($OLTPBENCH_JAVA, $JAVA_HOME,
 * or /usr/lib/jvm/*), or says in one line what to install.
 */
public final class Launcher {
    private static final int NEEDED = 21;

    private Launcher() {
    }

    public static void main(String[] args) throws Exception {
        if (feature(System.getProperty("java.specification.version")) >= NEEDED) {
            Method m = Class.forName("org.oltpbench.cli.Main").getMethod("main", String[].class);
            m.invoke(null, (Object) args);
            return;
        }
        String java = findJava();
        if (java == null) {
            System.err.println("oltpbench: needs Java " + NEEDED + " or newer, this is Java "
                    + System.getProperty("java.specification.version")
                    + "; install a JDK " + NEEDED + "+ and run it with that java (or set OLTPBENCH_JAVA to its bin/java)");
            System.exit(2);
        }
        System.exit(relaunch(java, args));
    }

    private static int relaunch(String java, String[] args) throws Exception {
        String jar = new File(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath();
        List<String> cmd = new ArrayList<String>();
        cmd.add(java);
        cmd.add("-cp");
        cmd.add(jar);
        cmd.add(Launcher.class.getName());
        for (String a : args) cmd.add(a);
        final Process p = new ProcessBuilder(cmd).inheritIO().start();
        // Ctrl-C reaches both processes; this one waits for the child to write its results.
        Runtime.getRuntime().addShutdownHook(new Thread() {
            @Override
            public void run() {
                try {
                    p.waitFor();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        return p.waitFor();
    }

    private static String findJava() {
        List<String> candidates = new ArrayList<String>();
        String env = System.getenv("OLTPBENCH_JAVA");
        if (env != null) candidates.add(env);
        String home = System.getenv("JAVA_HOME");
        if (home != null) candidates.add(home + "/bin/java");
        File[] jvms = new File("/usr/lib/jvm").listFiles();
        if (jvms != null) {
            java.util.Arrays.sort(jvms);
            for (int i = jvms.length - 1; i >= 0; i--) candidates.add(jvms[i].getPath() + "/bin/java");
        }
        for (String c : candidates) {
            File f = new File(c);
            if (f.canExecute() && releaseVersion(f.getParentFile().getParentFile()) >= NEEDED) return c;
        }
        return null;
    }

    /** JAVA_VERSION from the JDK's release file, as a feature number; 0 when unknown. */
    private static int releaseVersion(File jdkHome) {
        File release = new File(jdkHome, "release");
        if (!release.isFile()) return 0;
        try {
            java.util.Properties p = new java.util.Properties();
            java.io.FileInputStream in = new java.io.FileInputStream(release);
            try {
                p.load(in);
            } finally {
                in.close();
            }
            String v = p.getProperty("JAVA_VERSION", "\"0\"").replace("\"", "");
            return feature(v);
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    private static int feature(String v) {
        if (v.startsWith("1.")) v = v.substring(2);
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) end++;
        return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
    }
}
