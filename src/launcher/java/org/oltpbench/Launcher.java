package org.oltpbench;

import java.io.File;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The jar's entry point, compiled for Java 8 so that any java can start it. On Java 21+ it hands over to
 * the CLI. On an older java it re-runs the jar with a JDK 21+ it finds ($OLTPBENCH_JAVA, $JAVA_HOME,
 * or /usr/lib/jvm/*), or says in one line what to install. Where this jar and that JDK have a start-up cache
 * ({@link AotCache}) it re-runs the jar with it, also from a JDK 21+ (one more JVM start, of this class alone, against
 * the class loading and linking the cache saves); {@code aot ARGS...} makes one.
 *
 * <p>A re-launched run is two processes, and signals are often sent to the first alone: docker stop and Kubernetes
 * (SIGTERM to the container's first process), process managers, CI runners, {@code kill PID}. This process handles
 * SIGINT, SIGTERM and SIGHUP by passing each on to the second, then waits for it and exits with its status. A
 * terminal's Ctrl-C reaches both at once; the second takes a repeat of a signal within {@link #SAME_SIGNAL_MILLIS}
 * as the same one (it is told by OLTPBENCH_RELAUNCHED).
 */
public final class Launcher {
    private static final int NEEDED = 21;
    /** The CLI's window for one signal delivered twice (by the terminal and by this process); the CLI states it too. */
    static final int SAME_SIGNAL_MILLIS = 500;

    private Launcher() {
    }

    public static void main(String[] args) throws Exception {
        int running = feature(System.getProperty("java.specification.version"));
        boolean relaunched = System.getenv("OLTPBENCH_RELAUNCHED") != null;
        if (running >= NEEDED && relaunched) {
            inProcess(args);
            return;
        }
        String java = running >= NEEDED ? new File(System.getProperty("java.home"), "bin/java").getPath() : findJava();
        if (java == null) {
            System.err.println("oltpbench: needs Java " + NEEDED + " or newer, this is Java "
                    + System.getProperty("java.specification.version")
                    + "; install a JDK " + NEEDED + "+ and run it with that java (or set OLTPBENCH_JAVA to its bin/java)");
            System.exit(2);
        }
        File jar = jar();
        File cache = jar.isFile() ? AotCache.file(jar, new File(java).getParentFile().getParentFile()) : null;
        boolean verbose = Arrays.asList(args).contains("--verbose");
        if (args.length > 0 && args[0].equals("aot")) System.exit(train(java, jar, cache, args));
        List<String> opts = new ArrayList<String>();
        if (cache != null && cache.isFile()) {
            if (verbose) System.err.println("oltpbench: start-up cache " + cache);
            opts.add("-XX:AOTCache=" + cache.getPath());
            // a cache the JVM refuses (another JVM build under the same version) is run without, silently unless --verbose
            if (!verbose) opts.add("-Xlog:aot*=off,cds*=off");
        } else if (verbose && cache != null) {
            System.err.println("oltpbench: no start-up cache for this jar and JDK (" + cache.getName() + "): make one with "
                    + "java -jar oltpbench.jar aot ARGS...");
        }
        if (readsFiles(args)) {
            // a second's work on files: C2's compiles and G1's threads cost more than they save (report: 1.5 -> 1.0 s)
            opts.add("-XX:TieredStopAtLevel=1");
            opts.add("-XX:+UseSerialGC");
        }
        // asked only where a re-run is wanted (it loads java.lang.management): the user's own JVM options (-Xmx,
        // -javaagent, -Xlog:gc, a class path) hold in this JVM alone
        String own = running >= NEEDED && !opts.isEmpty() ? ownJvm(jar) : null;
        if (verbose && own != null) System.err.println("oltpbench: no re-run with " + opts + ": " + own);
        if (running >= NEEDED && (opts.isEmpty() || own != null)) {
            inProcess(args);
            return;
        }
        System.exit(relaunch(java, jar, opts, args));
    }

    /** The verbs that read result directories and write files, touching no database: short-lived JVMs. */
    private static final List<String> FILE_VERBS = Arrays.asList("report", "compare", "merge");

    /** Whether the command's verb (its first word that is neither an option nor an option's value) is a file verb. */
    static boolean readsFiles(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-c") || a.equals("--config") || a.equals("--set")) {
                i++;
            } else if (!a.startsWith("-")) {
                return FILE_VERBS.contains(a);
            } else if (!BEFORE_VERB.contains(a) && !a.startsWith("--set=") && !a.startsWith("--config=")) {
                return false; // a peer's option (mysqlslap's --create-schema NAME, ...): its value is no verb
            }
        }
        return false;
    }

    /** The options Main takes before its verb; any other option is a peer's command line, never a file verb's. */
    private static final List<String> BEFORE_VERB = Arrays.asList("--verbose", "-h", "--help", "-V", "--version");

    /**
     * Why this JVM was given options of its own (null when it was not): options on the java command line besides those
     * the environment gives every JVM (JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS, which a re-run JVM reads again), or a class
     * path other than the jar.
     */
    static String ownJvm(File jar) {
        List<String> given = new ArrayList<String>(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
        for (String env : new String[] {"JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS"}) {
            String v = System.getenv(env);
            if (v != null) given.removeAll(Arrays.asList(v.trim().split("\\s+")));
        }
        if (!given.isEmpty()) return "the JVM was given " + given;
        String cp = System.getProperty("java.class.path", "");
        try {
            if (!new File(cp).getCanonicalFile().equals(jar.getCanonicalFile())) return "the class path is " + cp;
        } catch (java.io.IOException e) {
            return "the class path " + cp + " could not be read: " + e.getMessage();
        }
        return null;
    }

    private static void inProcess(String[] args) throws Exception {
        Method m = Class.forName("org.oltpbench.cli.Main").getMethod("main", String[].class);
        m.invoke(null, (Object) args);
    }

    /**
     * {@code aot ARGS...}: runs ARGS once as the training run of a new start-up cache for this jar and JDK, then says
     * where the cache is. The JVM records while it runs and writes the cache when it exits (seconds more).
     */
    private static int train(String java, File jar, File cache, String[] args) throws Exception {
        if (!jar.isFile()) {
            System.err.println("oltpbench: aot makes a cache for the jar: run it as java -jar oltpbench.jar aot ARGS...");
            return 2;
        }
        if (cache == null) {
            System.err.println("oltpbench: aot needs a JDK " + AotCache.NEEDED + "+ (this is " + java + "): run the jar "
                    + "with a JDK " + AotCache.NEEDED + "'s java");
            return 2;
        }
        String[] rest = new String[args.length - 1];
        System.arraycopy(args, 1, rest, 0, rest.length);
        if (rest.length == 0) {
            System.err.println("oltpbench: aot runs a command as its training run: give one, e.g. aot -c job.properties "
                    + "--set time=20 (the job's own workload and driver are what the cache then starts warm)");
            return 2;
        }
        File dir = cache.getParentFile();
        if (!dir.isDirectory() && !dir.mkdirs()) {
            System.err.println("oltpbench: cannot create " + dir + ": set OLTPBENCH_CACHE to a writable directory");
            return 2;
        }
        // a name of this run's own: a training killed while the JVM assembled leaves a part that no later run installs
        File tmp = new File(dir, cache.getName() + "." + Long.toHexString(System.nanoTime()) + ".tmp");
        File config = new File(dir, tmp.getName() + ".config");
        System.err.println("oltpbench: this run trains the start-up cache (its figures are a recording JVM's, not a "
                + "measured run's)");
        List<String> opts = new ArrayList<String>();
        opts.add("-XX:AOTCacheOutput=" + tmp.getPath());
        int code = relaunch(java, jar, opts, rest);
        config.delete();
        if (code != 0 || !tmp.isFile() || !tmp.renameTo(cache)) {
            tmp.delete();
            // a run that failed (a refused login, a wrong key) trained on its error path: no cache from it
            System.err.println("oltpbench: no start-up cache made: the training run " + (code != 0 ? "failed (exit code "
                    + code + ")" : "left no cache") + "; every command still runs without one");
            return code == 0 ? 1 : code;
        }
        System.err.println("oltpbench: start-up cache " + cache + " (" + cache.length() / (1 << 20) + " MB), used by every "
                + "command of this jar on this JDK");
        return code;
    }

    private static File jar() throws Exception {
        return new File(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static int relaunch(String java, File jar, List<String> jvmOptions, String[] args) throws Exception {
        List<String> cmd = new ArrayList<String>();
        cmd.add(java);
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(jar.getPath());
        cmd.add(Launcher.class.getName());
        for (String a : args) cmd.add(a);
        ProcessBuilder b = new ProcessBuilder(cmd).inheritIO();
        b.environment().put("OLTPBENCH_RELAUNCHED", "1");
        final Process p = b.start();
        final String pid = pid(p);
        if (pid != null) for (String sig : new String[] {"INT", "TERM", "HUP"}) forward(sig, pid, p);
        // if a signal ends this process anyway (a JVM that may not handle it), it waits for the child's results
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

    /** The child's pid: Process.pid() from Java 9, the pid field of Java 8's UNIXProcess; null when neither works. */
    private static String pid(Process p) {
        try {
            return String.valueOf(Process.class.getMethod("pid").invoke(p));
        } catch (Exception e) {
            try {
                java.lang.reflect.Field f = p.getClass().getDeclaredField("pid");
                f.setAccessible(true);
                return String.valueOf(f.getInt(p));
            } catch (Exception e2) {
                return null;
            }
        }
    }

    /**
     * Handles {@code sig} here by sending it to {@code pid} with kill(1). sun.misc.Signal is reached by reflection:
     * Java 8's --release API leaves it out, and every JDK from 8 on has it. A JVM that refuses the handler (-Xrs,
     * or the signal was ignored when it started) keeps its default.
     */
    private static void forward(final String sig, final String pid, final Process p) {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handler = Class.forName("sun.misc.SignalHandler");
            Object h = java.lang.reflect.Proxy.newProxyInstance(Launcher.class.getClassLoader(), new Class<?>[] {handler},
                    new java.lang.reflect.InvocationHandler() {
                        @Override
                        public Object invoke(Object proxy, Method m, Object[] args) {
                            if (m.getName().equals("handle")) kill(sig, pid, p);
                            return m.getName().equals("hashCode") ? (Object) System.identityHashCode(proxy)
                                    : m.getName().equals("equals") ? (Object) (proxy == args[0]) : null;
                        }
                    });
            signal.getMethod("handle", signal, handler).invoke(null, signal.getConstructor(String.class).newInstance(sig), h);
        } catch (Exception e) {
            // the default stays: this process ends and its shutdown hook waits for the child
        }
    }

    /** kill(1), or where an image has none, SIGTERM by Process.destroy (INT and TERM both stop a run the same way). */
    private static void kill(String sig, String pid, Process p) {
        try {
            new ProcessBuilder("kill", "-" + sig, pid).inheritIO().start().waitFor();
        } catch (Exception e) {
            if (!sig.equals("HUP")) {
                p.destroy();
                return;
            }
            System.err.println("oltpbench: could not pass SIG" + sig + " on to process " + pid + ": " + e.getMessage());
        }
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
        return feature(AotCache.release(jdkHome).getProperty("JAVA_VERSION", "0").replace("\"", ""));
    }

    private static int feature(String v) {
        return AotCache.feature(v);
    }
}
