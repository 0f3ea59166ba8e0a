package org.oltpbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's choices that need no JVM to be started: which verb reads files, which cache file a jar and JDK get. */
class LauncherTest {

    @Test
    void theFileVerbsAreFoundPastTheOptionsAndTheirValues() {
        assertTrue(Launcher.readsFiles(new String[] {"report", "results"}));
        assertTrue(Launcher.readsFiles(new String[] {"--verbose", "compare", "a", "b"}));
        // an option's value is not the verb, even when it is spelled like one
        assertFalse(Launcher.readsFiles(new String[] {"-c", "report", "run"}));
        assertFalse(Launcher.readsFiles(new String[] {"--set", "resultDirectory=merge", "run"}));
        assertTrue(Launcher.readsFiles(new String[] {"-c", "job.properties", "merge", "a", "b", "--out", "m"}));
        assertFalse(Launcher.readsFiles(new String[] {"-c", "job.properties"})); // the whole job
        assertFalse(Launcher.readsFiles(new String[] {"sysbench", "oltp_read_only", "run"}));
        assertFalse(Launcher.readsFiles(new String[] {}));
        // a peer's option before any verb: its value is not one (mysqlslap's schema named "report")
        assertFalse(Launcher.readsFiles(new String[] {"--create-schema", "report", "--concurrency=8"}));
        assertTrue(Launcher.readsFiles(new String[] {"--set=db=mariadb", "report", "r"}));
    }

    @Test
    void aCacheIsNamedByTheJarAndTheJdkSoAnotherOfEitherIsNeverUsed(@TempDir Path tmp) throws Exception {
        Path jar = Files.write(tmp.resolve("oltpbench.jar"), new byte[] {1, 2, 3});
        File jdk25 = jdk(tmp.resolve("jdk25"), "25.0.3", "25.0.3+9-LTS");
        File name = AotCache.file(jar.toFile(), jdk25);
        assertTrue(name.getName().endsWith("-jdk25.0.3+9-LTS.aot"), name.getName());
        assertEquals(name, AotCache.file(jar.toFile(), jdk25), "the same jar and JDK: the same file");
        assertNotEquals(name, AotCache.file(jar.toFile(), jdk(tmp.resolve("jdk25b"), "25.0.4", "25.0.4+7-LTS")), "an upgraded JDK");
        assertNotEquals(name, AotCache.file(jar.toFile(), jdk(tmp.resolve("other"), "25.0.3", "25.0.3+9-LTS")), "another JDK home");
        Files.write(jar, new byte[] {1, 2, 3, 4}); // rebuilt: another size
        assertNotEquals(name, AotCache.file(jar.toFile(), jdk25), "a rebuilt jar");
        File same = AotCache.file(jar.toFile(), jdk25);
        assertTrue(jar.toFile().setLastModified(jar.toFile().lastModified() - 60_000)); // the same size, another time
        assertNotEquals(same, AotCache.file(jar.toFile(), jdk25), "a jar of the same size built at another time");
    }

    @Test
    void aJdkBefore25HasNoCache(@TempDir Path tmp) throws Exception {
        Path jar = Files.write(tmp.resolve("oltpbench.jar"), new byte[] {1});
        assertNull(AotCache.file(jar.toFile(), jdk(tmp.resolve("jdk21"), "21.0.5", "21.0.5+11-LTS")));
        assertNull(AotCache.file(jar.toFile(), tmp.resolve("no-release-file").toFile()));
        assertEquals(8, AotCache.feature("1.8.0_402"));
        assertEquals(25, AotCache.feature("25.0.1+8-LTS"));
        assertEquals(0, AotCache.feature(""));
    }

    /** A JDK home as far as its release file goes. */
    private static File jdk(Path home, String version, String runtime) throws Exception {
        Files.createDirectories(home);
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\nJAVA_RUNTIME_VERSION=\"" + runtime + "\"\n");
        return home.toFile();
    }
}
