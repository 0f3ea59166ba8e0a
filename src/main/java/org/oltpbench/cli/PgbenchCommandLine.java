package org.oltpbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.Keys;

/**
 * pgbench's command line (PostgreSQL 15), the words after {@code pgbench}, as oltpbench's verb and keys:
 * {@code -i [-s N] [-F N] [--partitions N] [--partition-method range|hash] [dbname]} is prepare; any other line is run
 * ({@code -c} clients = threads, {@code -T} seconds or {@code -t} transactions per client, 10 per client with neither,
 * {@code -S}, {@code -N}, {@code -b NAME[@W]}, {@code -f FILE[@W]}, {@code -M}, {@code -R}, {@code -L}, {@code -P},
 * {@code -r}, {@code -n}, {@code -v}, {@code --random-seed}). {@code -h -p -U} and the trailing dbname say where to
 * connect, defaulting as libpq does to PGHOST, PGPORT, PGUSER (else the login name) and PGDATABASE (else the user);
 * PGPASSWORD is the password. {@code -j} (pgbench's threads) is recorded: every client is a thread of its own here.
 * Without {@code -M} the protocol is pgbench's default, simple.
 * Options pgbench has and oltpbench does not are refused by name, in one line.
 */
public final class PgbenchCommandLine {
    /** Options with a value, long and short, and the key each sets ("": handled by {@link Line#option}). */
    private static final Map<String, String> KEYS = Map.ofEntries(Map.entry("scale", "scale"), Map.entry("s", "scale"),
            Map.entry("fillfactor", "fillFactor"), Map.entry("F", "fillFactor"), Map.entry("partitions", "partitions"),
            Map.entry("partition-method", "partitionMethod"), Map.entry("client", "threads"), Map.entry("c", "threads"),
            Map.entry("jobs", "jobs"), Map.entry("j", "jobs"), Map.entry("time", "time"), Map.entry("T", "time"),
            Map.entry("transactions", "runTxnsPerTerminal"), Map.entry("t", "runTxnsPerTerminal"),
            Map.entry("progress", "reportIntervalSecs"), Map.entry("P", "reportIntervalSecs"), Map.entry("rate", "rate"),
            Map.entry("R", "rate"), Map.entry("latency-limit", "latencyLimitMs"), Map.entry("L", "latencyLimitMs"),
            Map.entry("host", "host"), Map.entry("h", "host"), Map.entry("port", "port"), Map.entry("p", "port"),
            Map.entry("username", "user"), Map.entry("U", "user"), Map.entry("builtin", ""), Map.entry("b", ""),
            Map.entry("file", ""), Map.entry("f", ""), Map.entry("protocol", ""), Map.entry("M", ""),
            Map.entry("random-seed", ""), Map.entry("I", ""), Map.entry("init-steps", ""));
    /** pgbench -i's default initialization steps: drop, create tables, generate (client-side), vacuum, primary keys. */
    private static final String DEFAULT_STEPS = "dtgvp";
    /** Options without a value. */
    private static final Map<String, String> FLAGS = Map.ofEntries(Map.entry("initialize", "i"), Map.entry("i", "i"),
            Map.entry("select-only", "S"), Map.entry("S", "S"), Map.entry("skip-some-updates", "N"), Map.entry("N", "N"),
            Map.entry("report-per-command", "r"), Map.entry("report-latencies", "r"), Map.entry("r", "r"),
            Map.entry("no-vacuum", "n"), Map.entry("n", "n"), Map.entry("vacuum-all", "v"), Map.entry("v", "v"),
            Map.entry("quiet", "q"), Map.entry("q", "q"), Map.entry("help", "?"), Map.entry("?", "?"),
            Map.entry("version", "V"), Map.entry("V", "V"));
    /** pgbench's options oltpbench does not run, each with why. */
    private static final Map<String, String> REFUSED = Map.ofEntries(
            Map.entry("foreign-keys", "no foreign keys are made"), Map.entry("unlogged-tables", "tables are logged"),
            Map.entry("tablespace", "tables go to the default tablespace"),
            Map.entry("index-tablespace", "indexes go to the default tablespace"),
            Map.entry("C", "each client keeps its connection"), Map.entry("connect", "each client keeps its connection"),
            Map.entry("D", "scripts see :scale and :client_id only"), Map.entry("define", "scripts see :scale and :client_id only"),
            Map.entry("l", "intervals.csv and the .hlog files keep the latencies"),
            Map.entry("log", "intervals.csv and the .hlog files keep the latencies"),
            Map.entry("log-prefix", "no transaction log is written"), Map.entry("sampling-rate", "no transaction log is written"),
            Map.entry("aggregate-interval", "intervalSecs sets the recorded intervals"),
            Map.entry("max-tries", "ignoreErrors restarts the transactions it names"),
            Map.entry("failures-detailed", "errors are counted by code in result.json"),
            Map.entry("verbose-errors", "errors are counted by code in result.json"),
            Map.entry("progress-timestamp", "progress lines show the elapsed time"),
            Map.entry("show-script", "the built-in scripts are in README.md"), Map.entry("d", "no debug output"),
            Map.entry("debug", "no debug output"));

    private PgbenchCommandLine() {
    }

    /** The words after {@code pgbench}, with the environment of this process. */
    public static String[] translate(String[] argsAfterTheWord) {
        return translate(argsAfterTheWord, System.getenv());
    }

    static String[] translate(String[] args, Map<String, String> env) {
        Line line = new Line();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--set") && i + 1 < args.length) { // oltpbench's own keys may sit beside pgbench's options
                line.sets.add(args[++i]);
            } else if (a.startsWith("--")) {
                int eq = a.indexOf('=');
                String name = eq < 0 ? a.substring(2) : a.substring(2, eq);
                String value = eq < 0 ? null : a.substring(eq + 1);
                if (KEYS.containsKey(name) && value == null) value = value(args, ++i, a);
                line.option(name, value, a);
            } else if (a.startsWith("-") && a.length() > 1) {
                i = shortOptions(args, i, line);
            } else if (line.dbname == null) {
                line.dbname = a;
            } else {
                throw new ConfigException("pgbench command line: '" + a + "' is a second database name (the first was '"
                        + line.dbname + "'); give one");
            }
        }
        return line.args(env);
    }

    /** {@code -cN}, {@code -c N} and clusters of flags ({@code -iq}); returns the index of the last word used. */
    private static int shortOptions(String[] args, int i, Line line) {
        String a = args[i];
        for (int k = 1; k < a.length(); k++) {
            String name = String.valueOf(a.charAt(k));
            if (KEYS.containsKey(name)) {
                String value = k + 1 < a.length() ? a.substring(k + 1) : value(args, ++i, "-" + name);
                line.option(name, value, "-" + name);
                return i;
            }
            line.option(name, null, "-" + name);
        }
        return i;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) throw new ConfigException("pgbench's " + option + " needs a value");
        return args[i];
    }

    /** What the line said, gathered before it becomes keys (the verb and the defaults depend on all of it). */
    private static final class Line {
        final List<String> sets = new ArrayList<>();
        final List<String> scripts = new ArrayList<>();
        String dbname, host, port, user, mode;
        boolean initialize, timed, counted, help, version, progress;

        void option(String name, String value, String as) {
            String flag = FLAGS.get(name);
            if (flag != null) {
                flag(flag);
                return;
            }
            if (REFUSED.containsKey(name)) {
                throw new ConfigException("pgbench's " + as + " is not offered (" + REFUSED.get(name) + "); leave it out");
            }
            if (!KEYS.containsKey(name)) {
                throw new ConfigException("pgbench's " + as + " is not an option pgbench 15 has; " + nearest(name, as));
            }
            String key = KEYS.get(name);
            switch (name) {
                case "b", "builtin" -> scripts.add(value);
                case "f", "file" -> scripts.add(value);
                case "M", "protocol" -> mode = value;
                case "I", "init-steps" -> {
                    // pgbench's default steps, as prepare runs them, may be named; other steps are not offered
                    if (!value.equals(DEFAULT_STEPS)) {
                        throw new ConfigException("pgbench's " + as + " " + value + " is not offered: prepare runs pgbench's "
                                + "default steps (" + DEFAULT_STEPS + "); leave it out or give " + DEFAULT_STEPS);
                    }
                }
                case "random-seed" -> sets.add("randSeed=" + (value.matches("\\d+") ? value : "0")); // time, rand: the clock
                case "h", "host" -> host = value;
                case "p", "port" -> port = value;
                case "U", "username" -> user = value;
                default -> {
                    timed |= key.equals("time");
                    counted |= key.equals("runTxnsPerTerminal");
                    progress |= key.equals("reportIntervalSecs");
                    sets.add(key + "=" + value);
                }
            }
        }

        /** "did you mean --client?" for a mistyped long option (--clinet), else where to look. */
        private static String nearest(String name, String as) {
            List<String> longNames = java.util.stream.Stream.of(KEYS, FLAGS, REFUSED).flatMap(m -> m.keySet().stream())
                    .filter(n -> n.length() > 1).toList();
            String near = as.startsWith("--") ? Nearest.of(name, longNames) : null;
            return near == null ? "see pgbench --help" : "did you mean --" + near + "?";
        }

        private void flag(String flag) {
            switch (flag) {
                case "i" -> initialize = true;
                case "S" -> scripts.add("select-only");
                case "N" -> scripts.add("simple-update");
                case "r" -> sets.add("reportPerCommand=true");
                case "n" -> sets.add("vacuum=none");
                case "v" -> sets.add("vacuum=all");
                case "?" -> help = true;
                case "V" -> version = true;
                default -> {
                    // -q: pgbench's quiet load; oltpbench's load prints a line every few seconds already
                }
            }
        }

        /** oltpbench's arguments: pgbench's defaults first, then what the line set, then the verb. */
        String[] args(Map<String, String> env) {
            if (help) return new String[] {"--help"};
            if (timed && counted) { // pgbench refuses the pair too
                throw new ConfigException("pgbench command line: -t and -T both; give a number of transactions (-t) or a "
                        + "duration (-T), not both");
            }
            if (version) return new String[] {"--version"};
            String login = first(user, env.get("PGUSER"), System.getProperty("user.name"));
            String hostValue = first(host, env.get("PGHOST"), "127.0.0.1");
            List<String> out = new ArrayList<>();
            // pgbench speaks only PostgreSQL's protocol; which engine of it (postgres, klustron) the server says
            add(out, "db=" + Keys.DB_PGSQL);
            add(out, "workload=pgbench");
            add(out, "host=" + (hostValue.startsWith("/") ? "127.0.0.1" : hostValue)); // a socket directory: JDBC has TCP
            add(out, "port=" + first(port, env.get("PGPORT"), "5432"));
            add(out, "user=" + login);
            add(out, "database=" + first(dbname, env.get("PGDATABASE"), login));
            if (env.get("PGPASSWORD") != null) add(out, "password=" + env.get("PGPASSWORD"));
            if (initialize) {
                add(out, "loadMethod=auto"); // COPY, as pgbench's client-side generation
            } else {
                add(out, "scripts=" + String.join(",", scripts.isEmpty() ? List.of("tpcb-like") : scripts));
                if (!timed && !counted) add(out, "runTxnsPerTerminal=10"); // pgbench's default
                if (!progress) add(out, "reportIntervalSecs=0"); // pgbench prints progress only with -P
                // -M, else pgbench's default (simple) unless a --set dbPsMode names the protocol itself
                boolean ownProtocol = mode == null && sets.stream().anyMatch(s -> s.matches("(?i)(dbPsMode|db[-_]ps[-_]mode)=.*"));
                String m = mode == null ? "simple" : mode;
                protocol(m);
                if (!ownProtocol) add(out, "queryMode=" + m); // the protocol too (dbPsMode)
            }
            for (String s : sets) add(out, s);
            out.add(initialize ? "prepare" : "run");
            return out.toArray(String[]::new);
        }

        private static void add(List<String> out, String keyValue) {
            out.add("--set");
            out.add(keyValue);
        }
    }

    /** Refuses a -M that is not one of pgbench's three protocols, in pgbench's words. */
    static void protocol(String mode) {
        if (!List.of("simple", "extended", "prepared").contains(mode)) {
            throw new ConfigException("pgbench's -M " + mode + " is not a protocol; use simple, extended or prepared");
        }
    }

    private static String first(String... values) {
        for (String v : values) if (v != null && !v.isEmpty()) return v;
        return "";
    }
}
