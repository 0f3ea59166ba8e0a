package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C on the real jar: the level stops, results gathered so far are written, exit status 130 (SIGINT). */
class CtrlCIT {
    @TempDir
    Path dir;

    @Test
    void sigintWritesResultsSoFar() throws Exception {
        Path jar = Path.of("target/oltpbench.jar");
        assertTrue(Files.exists(jar), "run through mvn verify: the jar is built in package");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(List.of(java, "-jar", jar.toString(), "--set", "db=mariadb", "--set", "embedded=true",
                "--set", "tables=1", "--set", "table_size=2000", "--set", "threads=2", "--set", "time=120",
                "--set", "report-interval=1", "--set", "resultDirectory=" + dir.resolve("r")))
                .redirectErrorStream(true).start();
        StringBuilder out = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                out.append(line).append('\n');
                if (line.startsWith("[ 2s ]")) {
                    new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).start().waitFor();
                }
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "did not exit after SIGINT");
        assertEquals(130, p.exitValue(), out.toString());
        assertTrue(!out.toString().contains("Exception"), out.toString());
        assertTrue(out.toString().contains("level aborted: interrupted (Ctrl-C)"), out.toString());
        JsonNode json = new ObjectMapper().readTree(dir.resolve("r/result.json").toFile());
        JsonNode level = json.get("levels").get(0);
        assertEquals("interrupted (Ctrl-C)", level.get("aborted").asText());
        assertTrue(level.get("tps").asDouble() > 0);
    }
}
