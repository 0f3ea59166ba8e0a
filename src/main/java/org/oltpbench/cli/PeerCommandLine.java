package org.oltpbench.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.Keys;
import org.oltpbench.workload.sysbench.Preset;

/**
 * The peers' own command lines, turned into oltpbench's before the verbs are parsed, so that users' scripts run
 * unchanged (host, user and path aside):
 * <ul>
 * <li>sysbench 1.0's {@code [options] TESTNAME [prepare|run|cleanup|help]}, TESTNAME a built-in test name or the path
 * of its script ({@code /opt/sysbench/share/sysbench/oltp_read_only.lua}); each {@code --name=value} is the key of
 * that name ({@code --table-size} is tableSize), {@code --db-driver=pgsql} is db=pgsql (the PostgreSQL family, the
 * engine read from the server), an empty value
 * ({@code --mysql-host=''}) leaves the key at its default as sysbench does, and an option oltpbench has no key for is
 * refused by name;</li>
 * <li>go-tpc's {@code tpcc [prepare|run|check|cleanup]} with its flags ({@code --warehouses}, {@code -T}, {@code --time
 * 10m}, {@code -H -P -U -p -D -d}, {@code --isolation N}, {@code --ignore-error}, {@code --interval}, {@code --count},
 * {@code --wait}, {@code --output plain});</li>
 * <li>mysqlslap's (optionally after the word {@code mysqlslap}): {@code --query} (a file or the SQL), {@code
 * --concurrency} (the levels), {@code --number-of-queries} (each level's events), {@code --iterations} (repeats),
 * {@code --create-schema}, {@code --create}, {@code --engine}, {@code -h -u -p -P} (and their long forms): the custom
 * SQL workload, bounded by the query count as mysqlslap's run is.</li>
 * </ul>
 * Each runs with its program's word left in, as pasted, a path before the word allowed ({@code /opt/sysbench/bin/sysbench},
 * {@code ./bin/go-tpc}): {@link #programs} names the translator of each word; sysbench's, go-tpc's and mysqlslap's
 * lines are also recognized without it, as before. {@code obd test sysbench|tpcc} is {@link ObdCommandLine}. A
 * mistyped option, test or verb is refused with the nearest name ({@link Nearest}). Any other command line is
 * returned as it is.
 */
final class PeerCommandLine {
    private PeerCommandLine() {
    }

    /** sysbench's verbs, and go-tpc's. */
    private static final List<String> SYSBENCH_VERBS = List.of("prepare", "run", "cleanup", "help");
    private static final List<String> GO_TPC_VERBS = List.of("prepare", "run", "check", "cleanup");

    /** A peer's translator: the arguments after its program's word in, oltpbench's command line out. */
    interface Translator {
        String[] translate(String[] afterTheWord);
    }

    /** The peers' programs by their word, each with its translator; {@code notes} hears what a verbose line reports. */
    private static Map<String, Translator> programs(PrintStream notes) {
        return Map.of("sysbench", PeerCommandLine::sysbench,
                "go-tpc", PeerCommandLine::goTpcProgram,
                "mysqlslap", PeerCommandLine::mysqlslap,
                "obd", a -> ObdCommandLine.translate(a, ObdDeployment.home(), notes),
                "pgbench", PgbenchCommandLine::translate);
    }

    /** As {@link #translate(String[], PrintStream)}, the notes dropped. */
    static String[] translate(String[] args) {
        return translate(args, new PrintStream(OutputStream.nullOutputStream()));
    }

    /** {@code args} as oltpbench's command line; a verbose peer line's notes (what it read and left aside) go to {@code notes}. */
    static String[] translate(String[] args, PrintStream notes) {
        Translator program = args.length == 0 ? null : programs(notes).get(args[0].substring(args[0].lastIndexOf('/') + 1));
        if (program != null) return program.translate(Arrays.copyOfRange(args, 1, args.length));
        if (args.length > 0 && (args[0].equals("tpcc") || args[0].equals("ch"))) return goTpc(args);
        for (String a : args) if (a.startsWith("--concurrency") || a.startsWith("--number-of-queries")) return mysqlslap(args);
        for (String a : args) {
            String test = a.startsWith("--test=") ? a.substring(7) : a.startsWith("-") ? "" : a;
            if (testName(test) != null || test.endsWith(".lua")) return sysbench(args);
        }
        return args;
    }

    /** The built-in test a sysbench TESTNAME names (its script's path allowed), or null. */
    static String testName(String arg) {
        String name = arg.substring(arg.lastIndexOf('/') + 1);
        if (name.endsWith(".lua")) name = name.substring(0, name.length() - 4);
        return Preset.BUILT_IN.contains(name) ? name : null;
    }

    private static String[] sysbench(String[] args) {
        List<String> out = new ArrayList<>();
        String verb = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-c") || a.equals("--set")) { // oltpbench's own options may sit beside sysbench's
                out.add(a);
                if (i + 1 < args.length) out.add(args[++i]);
            } else if (a.startsWith("--test=") && testName(a.substring(7)) != null) {
                // sysbench 1.0 still takes its older --test=TESTNAME (with a deprecation warning)
                out.addAll(List.of("--set", "workload=" + testName(a.substring(7))));
            } else if (a.startsWith("--")) {
                option(a.substring(2), "sysbench", out);
            } else if (testName(a) != null) {
                out.addAll(List.of("--set", "workload=" + testName(a)));
            } else if (SYSBENCH_VERBS.contains(a) && verb == null) {
                verb = a;
            } else if (SYSBENCH_VERBS.contains(a)) {
                throw new ConfigException("sysbench command line: two commands, '" + verb + "' and '" + a
                        + "'; sysbench takes one: run them as two lines");
            } else {
                String word = a.substring(a.lastIndexOf('/') + 1).replaceFirst("\\.lua$", "");
                List<String> words = new ArrayList<>(SYSBENCH_VERBS);
                words.addAll(Preset.BUILT_IN);
                throw new ConfigException("sysbench command line: '" + a + "' is neither a test, a verb (prepare, run, "
                        + "cleanup, help) nor an --option=value" + Nearest.hint(word, words, ""));
            }
        }
        if ("help".equals(verb)) out.add("--help");
        else if (verb != null) out.add(verb);
        return out.toArray(String[]::new);
    }

    /** {@code name=value} (or a bare {@code name}: on) as the key of that name, refused by name when there is none. */
    private static void option(String nameValue, String tool, List<String> out) {
        int eq = nameValue.indexOf('=');
        String name = eq < 0 ? nameValue : nameValue.substring(0, eq);
        String value = eq < 0 ? "on" : unquote(nameValue.substring(eq + 1));
        if (name.equals("db-driver")) { // the driver names the protocol; the engine is read from the server
            name = "db";
            value = value.equals("pgsql") ? Keys.DB_PGSQL : value.equals("mysql") ? Keys.DB_AUTO : value;
        }
        if (value.isEmpty()) return; // sysbench's empty value is its default
        if (Keys.lookup(name) == null) {
            String near = Nearest.of(name, optionNames());
            throw notAnOption(tool, "--" + name, near == null ? null : "--" + near + " (" + Keys.lookup(near).name() + ")");
        }
        out.addAll(List.of("--set", name + "=" + value));
    }

    /**
     * One line for an option of {@code tool} that oltpbench has no key for: the nearest one it has when one is near
     * ({@code near}, null for none), else where to look.
     */
    static ConfigException notAnOption(String tool, String option, String near) {
        return new ConfigException(tool + "'s " + option + " is not an option oltpbench has; " + (near == null
                ? "leave it out, or see the key table in README.md for what replaces it" : "did you mean " + near + "?"));
    }

    /** Every key as an option: its aliases as written ({@code mysql-db}) and its name in sysbench's dashed form ({@code table-size}). */
    private static List<String> optionNames() {
        List<String> names = new ArrayList<>();
        for (var k : Keys.all()) {
            names.addAll(k.aliases());
            names.add(k.name().replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT));
        }
        return names;
    }

    /** A value the shell left quoted, as {@code --mysql-host=''} pasted into an argument array. */
    static String unquote(String v) {
        if (v.length() >= 2 && (v.startsWith("'") && v.endsWith("'") || v.startsWith("\"") && v.endsWith("\""))) {
            return v.substring(1, v.length() - 1);
        }
        return v;
    }

    /** go-tpc's flags with a value, by their long and short names, and the key each sets. */
    private static final Map<String, String> GO_TPC_KEYS = Map.ofEntries(Map.entry("warehouses", "warehouses"),
            Map.entry("threads", "threads"), Map.entry("T", "threads"), Map.entry("host", "host"), Map.entry("H", "host"),
            Map.entry("port", "port"), Map.entry("P", "port"), Map.entry("user", "user"), Map.entry("U", "user"),
            Map.entry("password", "password"), Map.entry("p", "password"), Map.entry("db", "database"),
            Map.entry("D", "database"), Map.entry("driver", "db"), Map.entry("d", "db"), Map.entry("time", "time"),
            Map.entry("isolation", "isolation"), Map.entry("interval", "reportIntervalSecs"), Map.entry("count", "events"),
            Map.entry("parts", "partitions"), Map.entry("output", "output"), Map.entry("acThreads", "analyticStreams"),
            Map.entry("t", "analyticStreams"));

    /** go-tpc's long flags, those with a value and the switches, for a mistyped one's nearest name. */
    private static final List<String> GO_TPC_FLAGS = longNames(java.util.stream.Stream.concat(GO_TPC_KEYS.keySet().stream(),
            java.util.stream.Stream.of("ignore-error", "wait", "no-check", "analyze")));

    /** The long ones of some flags' names, sorted: a mistyped flag's candidates. */
    private static List<String> longNames(java.util.stream.Stream<String> flags) {
        return flags.filter(f -> f.length() > 1).sorted().toList();
    }

    /** go-tpc's workloads that oltpbench runs. */
    private static final List<String> GO_TPC_WORKLOADS = List.of("tpcc", "ch");

    /**
     * A line after the word go-tpc: its workload's word (tpcc or ch) wherever it stands, global flags before it
     * allowed ({@code go-tpc -H db1 tpcc prepare}), a flag's value never taken for it.
     */
    private static String[] goTpcProgram(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String before = i == 0 ? "" : args[i - 1];
            boolean isValue = before.startsWith("-") && !before.contains("=")
                    && GO_TPC_KEYS.containsKey(before.replaceFirst("^--?", ""));
            if (GO_TPC_WORKLOADS.contains(args[i]) && !isValue) {
                List<String> moved = new ArrayList<>(Arrays.asList(args));
                moved.add(0, moved.remove(i));
                return goTpc(moved.toArray(String[]::new));
            }
        }
        String word = Arrays.stream(args).filter(a -> !a.startsWith("-")).findFirst().orElse("");
        throw new ConfigException("go-tpc command line: name the workload, tpcc or ch (oltpbench runs those of go-tpc's)"
                + (word.isEmpty() ? "" : "; '" + word + "' is not one") + Nearest.hint(word, GO_TPC_WORKLOADS, ""));
    }

    /**
     * go-tpc's tpcc and ch forms, its defaults first (127.0.0.1:4000, TiDB's port, when -P is absent; user root,
     * database test, as go-tpc has them; ch's one OLAP worker), the verb wherever it stands (run when none). The engine
     * is read from the server, on the protocol -d names.
     */
    private static String[] goTpc(String[] args) {
        List<String> out = new ArrayList<>(List.of("--set", "workload=" + args[0], "--set", "port=4000", "--set", "database=test",
                "--set", "user=root"));
        // go-tpc's tables (issue 60): its tpcc's nine, and for its ch go-tpc ch's region, nation and supplier beside them
        out.addAll(List.of("--set", "tpccSchema=go-tpc"));
        String verb = null;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (GO_TPC_VERBS.contains(a) && verb == null) {
                verb = a;
                continue;
            }
            if (a.equals("-c") || a.equals("--set")) {
                out.add(a);
                if (i + 1 < args.length) out.add(args[++i]);
                continue;
            }
            if (!a.startsWith("-")) {
                throw new ConfigException("go-tpc command line: '" + a + "' is neither a verb (prepare, run, check, "
                        + "cleanup) nor a flag" + Nearest.hint(a, GO_TPC_VERBS, ""));
            }
            Flag f = Flag.of(a, false);
            String flag = f.name(), value = f.value();
            switch (flag) {
                case "ignore-error" -> out.addAll(List.of("--set", "ignoreErrors=all"));
                case "wait" -> out.addAll(List.of("--set", "keyingTime=true", "--set", "thinkTime=true"));
                case "no-check" -> out.addAll(List.of("--set", "checkAfterLoad=false"));
                case "analyze" -> {
                    // ch prepare: oltpbench's CH prepare always gathers statistics
                }
                default -> {
                    String key = GO_TPC_KEYS.get(flag);
                    if (key == null) {
                        String near = Nearest.of(flag, GO_TPC_FLAGS);
                        throw notAnOption("go-tpc", a, near == null ? null : "--" + near);
                    }
                    if (value == null) value = next(args, i++, "go-tpc", a);
                    goTpcValue(key, value, out);
                }
            }
        }
        if (verb == null) verb = "run";
        if (verb.equals("prepare")) { // go-tpc's -T loads with that many threads
            out.replaceAll(a -> a.startsWith("threads=") ? "loadWorkers=" + a.substring(8) : a);
        }
        out.add(verb);
        return out.toArray(String[]::new);
    }

    private static void goTpcValue(String key, String value, List<String> out) {
        String v = switch (key) {
            case "time", "reportIntervalSecs" -> String.valueOf(goSeconds(value));
            case "isolation" -> isolation(value);
            case "db" -> value.equals("postgres") ? Keys.DB_PGSQL : value.equals("mysql") ? Keys.DB_AUTO : value;
            case "output" -> {
                if (!value.equals("plain")) {
                    throw new ConfigException("go-tpc's --output " + value + " is not offered: oltpbench prints go-tpc's "
                            + "plain lines and writes result.json and summary.csv; leave it out");
                }
                yield null;
            }
            default -> value;
        };
        if (v != null) out.addAll(List.of("--set", key + "=" + v));
    }

    /** mysqlslap's options with a value, by their long and short names, and the key each sets. */
    private static final Map<String, String> MYSQLSLAP_KEYS = Map.ofEntries(Map.entry("query", "query"),
            Map.entry("q", "query"), Map.entry("concurrency", "threads"), Map.entry("c", "threads"),
            Map.entry("number-of-queries", "events"), Map.entry("iterations", "repeat"), Map.entry("i", "repeat"),
            Map.entry("create-schema", "database"), Map.entry("create", "create"), Map.entry("engine", "mysqlStorageEngine"),
            Map.entry("e", "mysqlStorageEngine"), Map.entry("host", "host"), Map.entry("h", "host"), Map.entry("user", "user"),
            Map.entry("u", "user"), Map.entry("password", "password"), Map.entry("p", "password"), Map.entry("port", "port"),
            Map.entry("P", "port"));

    private static String[] mysqlslap(String[] args) {
        List<String> out = new ArrayList<>(List.of("--set", "workload=sql", "--set", "time=0", "--set", "peerSummary=mysqlslap"));
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-c") && i + 1 < args.length && args[i + 1].endsWith(".properties") || a.equals("--set")) {
                out.add(a);
                out.add(args[++i]);
                continue;
            }
            if (!a.startsWith("-")) throw new ConfigException("mysqlslap command line: '" + a + "' is not an option");
            Flag f = Flag.of(a, true);
            String flag = f.name(), value = f.value();
            if (flag.equals("delimiter") && ";".equals(unquote(value == null ? "" : value))) continue;
            String key = MYSQLSLAP_KEYS.get(flag);
            if (key == null) {
                String near = Nearest.of(flag, longNames(MYSQLSLAP_KEYS.keySet().stream()));
                throw notAnOption("mysqlslap", a.replaceFirst("=.*", ""), near == null ? null : "--" + near);
            }
            if (value == null && key.equals("password")) {
                value = prompted(a); // as mysqlslap: -p and --password without a value ask on the terminal
            } else if (value == null) {
                value = next(args, i++, "mysqlslap", a);
            }
            out.addAll(List.of("--set", key + "=" + unquote(value)));
        }
        // no verb: the whole job, which creates what --create names when it is absent, as mysqlslap creates its schema
        return out.toArray(String[]::new);
    }

    /** Asks for a password on the terminal with a prompt; null where there is no terminal (tests replace it). */
    static java.util.function.Function<String, char[]> terminal = prompt -> {
        java.io.Console c = System.console();
        return c == null ? null : c.readPassword("%s", prompt);
    };

    /**
     * mysqlslap's -p (or --password) with no value: the password read from the terminal, never echoed, as mysqlslap
     * reads it; without a terminal (a script, a pipe) one line says how to give it.
     */
    private static String prompted(String flag) {
        char[] typed = terminal.apply("Enter password: ");
        if (typed == null) {
            throw new ConfigException("mysqlslap's " + flag + " with no value asks for the password on a terminal, and there is "
                    + "none here: write -pPASSWORD or --password=PASSWORD, or password= in a props file");
        }
        return new String(typed);
    }

    /**
     * A flag as go-tpc and mysqlslap write it: {@code --name=value}, {@code --name} or {@code -n} (value in the next
     * argument: null here), and with {@code attachedShort} mysqlslap's {@code -hHOST}.
     */
    private record Flag(String name, String value) {
        static Flag of(String arg, boolean attachedShort) {
            boolean isLong = arg.startsWith("--");
            String flag = arg.substring(isLong ? 2 : 1);
            int eq = flag.indexOf('=');
            if (eq >= 0) return new Flag(flag.substring(0, eq), flag.substring(eq + 1));
            if (attachedShort && !isLong && flag.length() > 1) return new Flag(flag.substring(0, 1), flag.substring(1));
            return new Flag(flag, null);
        }
    }

    /** The argument after {@code args[i]}: the value of the flag {@code arg} of {@code tool}. */
    private static String next(String[] args, int i, String tool, String arg) {
        if (i + 1 >= args.length) throw new ConfigException(tool + "'s " + arg + " needs a value");
        return args[i + 1];
    }

    /** A Go duration ("10m", "1h30m", "90s", "2m30s") in whole seconds. */
    static long goSeconds(String d) {
        var m = java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?)(h|ms|m|s)").matcher(d);
        double secs = 0;
        int end = 0;
        while (m.find()) {
            if (m.start() != end) break;
            double n = Double.parseDouble(m.group(1));
            secs += switch (m.group(2)) {
                case "h" -> n * 3600;
                case "m" -> n * 60;
                case "ms" -> n / 1000;
                default -> n;
            };
            end = m.end();
        }
        if (end != d.length() || d.isEmpty()) {
            throw new ConfigException("go-tpc duration '" + d + "' is not one of the forms 10m, 1h30m, 90s");
        }
        return Math.round(secs);
    }

    /** go-tpc's --isolation (Go's sql.IsolationLevel numbers) as the isolation key's words. */
    private static String isolation(String n) {
        return switch (n) {
            case "0" -> "server";
            case "2" -> "read-committed";
            case "4" -> "repeatable-read";
            case "6" -> "serializable";
            default -> throw new ConfigException("go-tpc's --isolation " + n.toLowerCase(Locale.ROOT) + " is not offered; "
                    + "use 0 (the server's), 2 (read committed), 4 (repeatable read) or 6 (serializable)");
        };
    }
}
