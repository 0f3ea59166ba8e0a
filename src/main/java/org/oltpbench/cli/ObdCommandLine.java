package org.oltpbench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oltpbench.config.ConfigException;

/**
 * obd's {@code test sysbench NAME [options]} and {@code test tpcc NAME [options]} (after the word obd), with obd's
 * options and defaults (obdeploy's _cmd.py SysBenchCommand and TPCCCommand; its sysbench and tpcc plugins):
 * <ul>
 * <li>where: {@code --mysql-host}/{@code --mysql-port} when given (oltpbench's, not obd's), else deployment NAME's
 * own file as {@link ObdDeployment} reads it ({@code --component}, {@code --test-server});</li>
 * <li>who: {@code --user}@{@code --tenant} (root@test by obd's defaults; a seekdb deployment's tenant is sys, as obd
 * has it), {@code --password}, {@code --database} (test), which the job creates when absent, as obd does;</li>
 * <li>what: sysbench's {@code --script-name} (oltp_point_select.lua) as the workload, {@code --tables} (30),
 * {@code --table-size} (20,000), {@code --threads} (16; a comma list is a sweep, as obd runs each),
 * {@code --time} (60), {@code --interval} (10), {@code --events}, {@code --rand-type}, {@code --percentile},
 * {@code --skip-trx}, {@code --mysql-ignore-errors} (1062), and the {@code --db-ps-mode=disable} obd adds; tpcc's
 * {@code --warehouses} (10), {@code --run-mins} (10), {@code --terminals}, {@code --load-workers}, {@code --test-only}
 * (run only, no load); obd computes terminals and load workers from the tenant's CPUs and memory when they are not
 * given, oltpbench takes its own defaults;</li>
 * <li>how: {@code -O}/{@code --optimization} 0 as tune=false, 1 (obd's default) and 2 as tune=true (2's server
 * restarts are not done), {@code -v}/{@code --verbose} as obd's: the oltpbench line it runs as (the password
 * masked) and what was read and not needed, never stack traces (those stay behind oltpbench's own --verbose);</li>
 * <li>the paths of obd's programs ({@code --sysbench-bin}, {@code --sysbench-script-dir}, {@code --obclient-bin},
 * {@code --java-bin}, {@code --tmp-dir}, {@code --bmsql-*}) and {@code -S} are read and not needed: said with
 * -v.</li>
 * </ul>
 * Without a verb oltpbench does the whole job: prepare when the tables are absent, then run (obd drops and loads them
 * again each time); the engine is OceanBase, the one engine obd deploys.
 */
final class ObdCommandLine {
    private ObdCommandLine() {
    }

    /** An option of obd test: its long name, its short one ("" for none), whether it takes a value, its default (null for none). */
    private record Option(String name, String shortName, boolean takesValue, String fallback) {
        static Option value(String name, String fallback) {
            return new Option(name, "", true, fallback);
        }
    }

    /** The options both tests take, with obd's defaults; mysql-host and mysql-port are oltpbench's. */
    private static final List<Option> COMMON = List.of(Option.value("component", null), Option.value("test-server", null),
            Option.value("user", "root"), Option.value("password", null), new Option("tenant", "t", true, "test"),
            Option.value("database", "test"), Option.value("obclient-bin", null),
            new Option("optimization", "O", true, "1"), new Option("skip-cluster-status-check", "S", false, null),
            new Option("verbose", "v", false, null), Option.value("mysql-host", null), Option.value("mysql-port", null));

    private static final List<Option> SYSBENCH = List.of(Option.value("sysbench-bin", null),
            Option.value("script-name", "oltp_point_select.lua"), Option.value("sysbench-script-dir", null),
            Option.value("table-size", "20000"), Option.value("tables", "30"), Option.value("threads", "16"),
            Option.value("time", "60"), Option.value("interval", "10"), Option.value("events", null),
            Option.value("rand-type", null), Option.value("percentile", null), Option.value("skip-trx", null),
            Option.value("mysql-ignore-errors", "1062"));

    private static final List<Option> TPCC = List.of(Option.value("java-bin", null), Option.value("tmp-dir", null),
            Option.value("bmsql-dir", null), Option.value("bmsql-jar", null), Option.value("bmsql-libs", null),
            Option.value("bmsql-sql-dir", null), Option.value("warehouses", "10"), Option.value("load-workers", null),
            Option.value("terminals", null), Option.value("run-mins", "10"), new Option("test-only", "", false, null));

    /** Options read and not needed: the paths of the programs obd runs, and its cluster status check. */
    private static final List<String> NOT_NEEDED = List.of("sysbench-bin", "sysbench-script-dir", "obclient-bin",
            "java-bin", "tmp-dir", "bmsql-dir", "bmsql-jar", "bmsql-libs", "bmsql-sql-dir", "skip-cluster-status-check");

    /** {@code args} after the word obd; {@code obdHome} holds .obd; a verbose line's notes go to {@code notes}. */
    static String[] translate(String[] args, Path obdHome, PrintStream notes) {
        if (args.length < 2 || !args[0].equals("test") || !List.of("sysbench", "tpcc").contains(args[1])) {
            String word = args.length == 0 ? "" : args[0].equals("test") && args.length > 1 ? args[1] : args[0];
            throw new ConfigException("obd's command line: oltpbench runs 'obd test sysbench NAME ...' and 'obd test "
                    + "tpcc NAME ...'" + Nearest.hint(word, List.of("test", "sysbench", "tpcc"), ""));
        }
        boolean sysbench = args[1].equals("sysbench");
        List<Option> options = new ArrayList<>(COMMON);
        options.addAll(sysbench ? SYSBENCH : TPCC);
        Parsed p = parse(args, options, "obd test " + args[1]);
        List<String> out = new ArrayList<>(List.of("--set", "db=oceanbase"));
        where(p, obdHome, out);
        set(out, "database", p.get("database"));
        if (sysbench) sysbench(p, out);
        else tpcc(p, out);
        set(out, "tune", tune(p.get("optimization")));
        out.addAll(p.ours());
        if (p.has("verbose")) { // obd's verbose output: what it runs, step by step; stack traces stay behind --verbose
            for (String n : NOT_NEEDED) {
                if (p.has(n)) notes.println("obd test " + args[1] + ": --" + n + " read, not needed: oltpbench runs the test itself");
            }
            notes.println("obd test " + args[1] + " runs as: oltpbench " + String.join(" ", out.stream()
                    .map(a -> a.startsWith("password=") ? "password=***" : a).toList()));
        }
        return out.toArray(String[]::new);
    }

    /** The host, port and user@tenant; the password when there is one. */
    private static void where(Parsed p, Path obdHome, List<String> out) {
        ObdDeployment.Endpoint at = p.has("mysql-host")
                ? new ObdDeployment.Endpoint(p.get("component"), p.get("mysql-host"), port(p.get("mysql-port")))
                : ObdDeployment.endpoint(obdHome, p.deployName(), p.get("component"), p.get("test-server"));
        String tenant = "seekdb".equals(at.component()) ? "sys" : p.get("tenant");
        set(out, "host", at.host());
        set(out, "port", String.valueOf(at.port()));
        set(out, "user", p.get("user") + "@" + tenant);
        if (p.has("password") && !p.get("password").isEmpty()) set(out, "password", p.get("password"));
    }

    /** sysbench's test: the script as the workload, and the options obd passes on to sysbench. */
    private static void sysbench(Parsed p, List<String> out) {
        String script = p.get("script-name");
        if (script.contains(",")) {
            throw new ConfigException("obd test sysbench --script-name=" + script + ": oltpbench runs one script a line; "
                    + "give each its own line (or props files with -c, run interleaved)");
        }
        String test = PeerCommandLine.testName(script);
        if (test == null) {
            throw new ConfigException("obd test sysbench --script-name=" + script + " is not one of sysbench's tests"
                    + Nearest.hint(script.replaceFirst("\\.lua$", ""), org.oltpbench.workload.sysbench.Preset.BUILT_IN, ""));
        }
        set(out, "workload", test);
        for (String[] optionKey : new String[][] {{"tables", "tables"}, {"table-size", "tableSize"}, {"threads", "threads"},
                {"time", "time"}, {"interval", "reportIntervalSecs"}, {"events", "events"}, {"rand-type", "randType"},
                {"mysql-ignore-errors", "ignoreErrors"}}) {
            set(out, optionKey[1], p.get(optionKey[0]));
        }
        if (p.has("percentile") && !p.get("percentile").equals("0")) set(out, "percentile", p.get("percentile"));
        if (p.has("skip-trx")) set(out, "skipTrx", String.valueOf(p.get("skip-trx").equalsIgnoreCase("on")));
        set(out, "dbPsMode", "disable"); // obd's run adds --db-ps-mode=disable
    }

    /** TPC-C: BenchmarkSQL's keys from obd's options; --test-only runs without loading. */
    private static void tpcc(Parsed p, List<String> out) {
        set(out, "workload", "tpcc");
        for (String[] optionKey : new String[][] {{"warehouses", "warehouses"}, {"run-mins", "runMins"},
                {"terminals", "terminals"}, {"load-workers", "loadWorkers"}}) {
            set(out, optionKey[1], p.get(optionKey[0]));
        }
        if (p.has("test-only")) out.add("run");
    }

    /** --mysql-port's value; absent, obd's observer port 2881. */
    private static int port(String value) {
        if (value == null) return 2881;
        if (!value.matches("\\d{1,5}")) throw new ConfigException("--mysql-port=" + value + " is not a port number");
        return Integer.parseInt(value);
    }

    /** obd's optimization level as the tune key: 0 none; 1 the settings that need no restart, 2 also those that do. */
    private static String tune(String level) {
        return switch (level) {
            case "0" -> "false";
            case "1", "2" -> "true";
            default -> throw new ConfigException("obd's -O " + level + " is not a level; use 0 (no tuning), 1 or 2 (tune=true)");
        };
    }

    static void set(List<String> out, String key, String value) {
        if (value != null) out.addAll(List.of("--set", key + "=" + value));
    }

    /**
     * obd's options as given, defaults filled in; the deployment's name is the word after the test's; {@code ours}
     * are oltpbench's own {@code --set} and {@code -c} given beside them.
     */
    record Parsed(String deployName, Map<String, String> values, List<String> ours) {
        String get(String name) {
            return values.get(name);
        }

        boolean has(String name) {
            return values.get(name) != null;
        }
    }

    /**
     * {@code --name=value}, {@code --name value}, {@code -X value} and {@code -Xvalue} as optparse takes them, in any
     * order around the deployment's name; an unknown option is refused with the nearest one.
     */
    private static Parsed parse(String[] args, List<Option> options, String tool) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Option o : options) values.put(o.name(), o.fallback());
        String name = null;
        List<String> ours = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            String a = args[i];
            if ((a.equals("--set") || a.equals("-c")) && i + 1 < args.length) { // oltpbench's own beside obd's
                ours.addAll(List.of(a, args[++i]));
                continue;
            }
            if (!a.startsWith("-")) {
                if (name != null) throw new ConfigException(tool + ": '" + a + "' is a second deployment name; give one");
                name = a;
                continue;
            }
            boolean isLong = a.startsWith("--");
            String flag = isLong ? a.substring(2).replaceFirst("=.*", "") : a.substring(1, Math.min(2, a.length()));
            Option o = options.stream().filter(x -> isLong ? x.name().equals(flag) : x.shortName().equals(flag))
                    .findFirst().orElseThrow(() -> PeerCommandLine.notAnOption(tool, a.replaceFirst("=.*", ""),
                            near(flag, options)));
            String value;
            if (!o.takesValue()) value = "true";
            else if (isLong && a.contains("=")) value = a.substring(a.indexOf('=') + 1);
            else if (!isLong && a.length() > 2) value = a.substring(2);
            else if (i + 1 < args.length) value = args[++i];
            else throw new ConfigException(tool + "'s " + a + " needs a value");
            values.put(o.name(), PeerCommandLine.unquote(value));
        }
        if (name == null) throw new ConfigException(tool + ": name the deployment (obd cluster list shows them)");
        return new Parsed(name, values, ours);
    }

    private static String near(String flag, List<Option> options) {
        String n = Nearest.of(flag, options.stream().map(Option::name).toList());
        return n == null ? null : "--" + n;
    }

}
