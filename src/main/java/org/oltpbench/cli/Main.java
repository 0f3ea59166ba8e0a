package org.oltpbench.cli;

import org.oltpbench.run.Version;
import org.oltpbench.run.Job;
import org.oltpbench.util.Text;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.RunParams;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.result.file.MergeRefused;
import org.oltpbench.result.repeat.counted.ResultFormatException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;

/**
 * {@code oltpbench [-c FILE] [--set key=value]... [--verbose] [prepare|run|check|cleanup]}.
 * With a props file and no verb it does the whole job: prepare when the tables are absent, run, summarize.
 * Only {@link #main} exits; every verb returns its exit code.
 */
@Command(name = "oltpbench", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT, versionProvider = Main.VersionProvider.class,
        description = "sysbench- and BenchmarkSQL-compatible OLTP benchmark.")
public final class Main implements Callable<Integer> {

    /** The options every verb takes, before or after the verb's name. */
    static final class Common {
        @Option(names = {"-c", "--config"}, paramLabel = "FILE",
                description = "props file (BenchmarkSQL keys and sysbench option names); give several to run them "
                        + "interleaved, level by level and repeat by repeat (A B A B), and compare them")
        List<Path> configs = new ArrayList<>();

        @Option(names = "--set", paramLabel = "key=value", description = "override a key of the props file; repeatable")
        List<String> sets = new ArrayList<>();

        @Option(names = "--verbose", description = "print stack traces with errors")
        boolean verbose;
    }

    @Mixin
    Common common = new Common();

    private final StopSignal stop = new StopSignal();
    private final PrintStream out;
    private final PrintStream err;

    Main(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(execute(args, System.out, System.err, true));
    }

    /** Runs the command line and returns the exit code; {@code hook} installs the Ctrl-C handler. */
    public static int execute(String[] given, PrintStream out, PrintStream err, boolean hook) {
        String[] args;
        try {
            args = PeerCommandLine.translate(given, err);
        } catch (org.oltpbench.config.ConfigException e) {
            err.println("oltpbench: " + e.getMessage());
            return Job.BAD_INPUT;
        }
        Main main = new Main(out, err);
        if (hook) {
            Runtime.getRuntime().addShutdownHook(new Thread(main::onShutdown, "oltpbench-shutdown"));
            CtrlC.install(main.stop, err);
        }
        CommandLine cl = new CommandLine(main);
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("oltpbench: " + badInput(ex, cl.getSubcommands().keySet()) + " (see --help)");
            return Job.BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> main.fail(ex));
        try {
            return cl.execute(args);
        } finally {
            main.stop.finished();
        }
    }

    /**
     * The one line for a command line picocli refused: a word that is not a verb, with the nearest verb when it is a
     * near miss ("runn": did you mean 'run'?); otherwise picocli's own message.
     */
    static String badInput(CommandLine.ParameterException ex, java.util.Set<String> verbs) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) return ex.getMessage();
        String word = u.getUnmatched().get(0);
        if (word.startsWith("-")) return ex.getMessage();
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String v : verbs) {
            int d = org.oltpbench.config.ConfigLoader.distance(word.toLowerCase(java.util.Locale.ROOT), v);
            if (d < bestDistance) {
                bestDistance = d;
                best = v;
            }
        }
        return "'" + word + "' is not a verb" + (bestDistance <= 2 ? "; did you mean '" + best + "'?" : "")
                + " (verbs: " + String.join(", ", verbs) + ")";
    }

    /** SIGTERM, or Ctrl-C outside a measured level: stop the level and wait (bounded) until the results so far are written. */
    private void onShutdown() {
        stop.raise();
        try {
            stop.awaitFinished(60);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private int fail(Exception ex) {
        if (ex instanceof ConfigException || ex instanceof ResultFormatException || ex instanceof MergeRefused) {
            err.println("oltpbench: " + ex.getMessage());
            if (common.verbose) ex.printStackTrace(err);
            return Job.BAD_INPUT;
        }
        err.println("oltpbench: " + ex.getClass().getSimpleName() + ": " + Text.firstLine(ex.getMessage())
                + (common.verbose ? "" : " (rerun with --verbose for details)"));
        if (common.verbose) ex.printStackTrace(err);
        return Job.FAILED;
    }


    /** The jobs of a verb, one per -c (or one without): its own -c wins over those before the verb; --set values apply in order given. */
    List<Job> jobs(Common verb) {
        List<Path> configs = !verb.configs.isEmpty() ? verb.configs : common.configs;
        List<String> sets = new ArrayList<>(common.sets);
        sets.addAll(verb.sets);
        common.verbose |= verb.verbose;
        List<Job> jobs = new ArrayList<>();
        for (Path config : configs.isEmpty() ? java.util.Collections.<Path>singletonList(null) : configs) {
            jobs.add(new Job(RunParams.load(config, sets, System.getenv()), out, stop));
        }
        return jobs;
    }

    /** The configs' labels: each file's name without its extension, numbered when two are alike. */
    static List<String> labels(List<Path> configs) {
        List<String> out = new ArrayList<>();
        for (Path p : configs) {
            String name = p.getFileName().toString().replaceFirst("\\.[^.]*$", "");
            String label = name;
            for (int n = 2; out.contains(label); n++) label = name + "-" + n;
            out.add(label);
        }
        return out;
    }

    /** One job as it always ran, or several interleaved and then compared. */
    private int sweep(Common verb, boolean prepareIfAbsent) throws Exception {
        List<Job> jobs = jobs(verb);
        List<Integer> streams = jobs.size() == 1 ? streamSweep(jobs.get(0)) : List.of();
        if (streams.size() > 1) return Interleave.run(byStreams(verb, streams), streamLabels(streams), prepareIfAbsent, out);
        if (jobs.size() == 1) return jobs.get(0).run(prepareIfAbsent);
        List<Path> configs = !verb.configs.isEmpty() ? verb.configs : common.configs;
        return Interleave.run(jobs, labels(configs), prepareIfAbsent, out);
    }

    /** CH's analyticStreams list, or none: each value becomes a job of its own, interleaved with the others. */
    private static List<Integer> streamSweep(Job job) {
        return job.params().workload() instanceof org.oltpbench.config.TpccParams t && t.ch() ? t.analytic().sweep() : List.of();
    }

    private List<Job> byStreams(Common verb, List<Integer> streams) {
        List<Job> out = new ArrayList<>();
        for (int n : streams) {
            Common one = new Common();
            one.configs.addAll(!verb.configs.isEmpty() ? verb.configs : common.configs);
            one.sets.addAll(verb.sets);
            one.sets.add(org.oltpbench.config.Keys.ANALYTIC_STREAMS.name() + "=" + n);
            out.add(jobs(one).get(0));
        }
        return out;
    }

    static List<String> streamLabels(List<Integer> streams) {
        return streams.stream().map(n -> n + "streams").toList();
    }

    /** The whole job. */
    @Override
    public Integer call() throws Exception {
        if (common.configs.isEmpty() && common.sets.isEmpty()) {
            new CommandLine(this).usage(out);
            return Job.BAD_INPUT;
        }
        return sweep(new Common(), true);
    }

    /** A verb on every job in turn; the worst exit code. */
    private int each(Common verb, JobVerb v) throws Exception {
        int code = Job.OK;
        for (Job j : jobs(verb)) code = Math.max(code, v.apply(j));
        return code;
    }

    @FunctionalInterface
    interface JobVerb {
        int apply(Job j) throws Exception;
    }

    @Command(name = "prepare", description = "create and load the tables")
    int prepare(@Mixin Common verb) throws Exception {
        return each(verb, Job::prepare);
    }

    @Command(name = "run", description = "run the thread sweep on prepared tables")
    int run(@Mixin Common verb) throws Exception {
        return sweep(verb, false);
    }

    @Command(name = "check", description = "verify the data set; exit 1 when a check fails")
    int check(@Mixin Common verb) throws Exception {
        return each(verb, Job::check);
    }

    @Command(name = "acid", description = "TPC-C's ACID tests (clause 3) on a loaded TPC-C database: consistency, atomicity, "
            + "the isolation tests at acidIsolation's levels; writes acid.json; exit 1 when atomicity, consistency or durability failed, or atomicity or consistency could not be shown")
    int acid(@Mixin Common verb) throws Exception {
        List<Path> configs = !verb.configs.isEmpty() ? verb.configs : common.configs;
        List<String> sets = new ArrayList<>(common.sets);
        sets.addAll(verb.sets);
        List<Job> jobs = jobs(verb);
        int code = Job.OK;
        for (int i = 0; i < jobs.size(); i++) {
            Path config = configs.isEmpty() ? null : configs.get(i);
            var acid = org.oltpbench.config.AcidParams.of(org.oltpbench.config.ConfigLoader.load(config, sets, System.getenv()));
            code = Math.max(code, jobs.get(i).acid(acid));
        }
        return code;
    }

    @Command(name = "conform", description = "the same seeded TPC-C transactions on two targets (-c a -c b: engines, dialects, "
            + "tpccMode, newOrderStyle or isolation), every table's written columns digested; exit 1 naming the first block that differs")
    int conform(@Mixin Common verb) throws Exception {
        List<Path> configs = !verb.configs.isEmpty() ? verb.configs : common.configs;
        if (configs.size() != 2) {
            throw new org.oltpbench.config.ConfigException("conform compares two targets: give two props files, -c a.properties -c b.properties");
        }
        List<String> sets = new ArrayList<>(common.sets);
        sets.addAll(verb.sets);
        var cfg = org.oltpbench.config.ConfigLoader.load(configs.get(0), sets, System.getenv());
        int n = cfg.get(org.oltpbench.config.Keys.CONFORM_TRANSACTIONS), every = cfg.get(org.oltpbench.config.Keys.CONFORM_CHECK_EVERY);
        long seed = cfg.get(org.oltpbench.config.Keys.RAND_SEED) != 0 ? cfg.get(org.oltpbench.config.Keys.RAND_SEED) : 1;
        List<Job> jobs = jobs(verb);
        List<String> names = labels(configs);
        try (var a = jobs.get(0).conformSide(names.get(0)); var b = jobs.get(1).conformSide(names.get(1))) {
            return org.oltpbench.conform.Conform.run(a, b, n, every, seed, out);
        }
    }

    @Command(name = "cleanup", description = "drop the tables")
    int cleanup(@Mixin Common verb) throws Exception {
        return each(verb, Job::cleanup);
    }

    @Command(name = "report", description = "regenerate summary.csv, the charts and report.html of a result directory from its result.json")
    int report(@CommandLine.Parameters(paramLabel = "DIR", description = "a result directory (or its result.json)") Path dir,
               @Option(names = "--verbose", description = "print stack traces with errors") boolean verbose) throws Exception {
        common.verbose |= verbose;
        return OutputVerbs.report(dir, out);
    }

    @Command(name = "compare", description = "runs side by side, as published engine comparisons print them: a table per level, ratio rows and trend charts")
    int compare(@CommandLine.Parameters(paramLabel = "DIR", arity = "0..*", description = "result directories, in column order") List<Path> dirs,
                @Option(names = "--label", paramLabel = "NAME=DIR", description = "name a run's column; repeatable") List<String> labels,
                @Option(names = "--baseline", paramLabel = "NAME", description = "the run ratios divide by; default the first") String baseline,
                @Option(names = "--out", paramLabel = "DIR", description = "where compare.md/.csv/.html and the charts go") Path outDir,
                @Option(names = "--force", description = "compare runs of different workloads or scales") boolean force,
                @Option(names = "--gate", paramLabel = "FIGURE:LOSS%", description = "fail (exit 1) when a run is worse than the "
                        + "baseline by more than LOSS beyond noise, e.g. tps:-2.5%% or p95:+10%%; repeatable") List<String> gates,
                @Option(names = "--junit", paramLabel = "FILE", description = "write the gates' verdicts as JUnit XML") Path junit,
                @Option(names = "--verbose", description = "print stack traces with errors") boolean verbose) throws Exception {
        common.verbose |= verbose;
        return OutputVerbs.compare(dirs == null ? List.of() : dirs, OutputVerbs.parseLabels(labels == null ? List.of() : labels),
                baseline, force, outDir, out, new OutputVerbs.Gating(gates == null ? List.of() : gates, junit));
    }

    @Command(name = "merge", description = "join the results several client machines took at the same time (clientCount/clientIndex)")
    int merge(@CommandLine.Parameters(paramLabel = "DIR", arity = "2..*", description = "the clients' result directories") List<Path> dirs,
              @Option(names = "--out", paramLabel = "DIR", required = true, description = "where the merged result goes") Path outDir,
              @Option(names = "--verbose", description = "print stack traces with errors") boolean verbose) throws Exception {
        common.verbose |= verbose;
        return OutputVerbs.merge(dirs, outDir, out);
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"oltpbench " + Version.get()};
        }
    }
}
