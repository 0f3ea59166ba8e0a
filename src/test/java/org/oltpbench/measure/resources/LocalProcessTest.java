package org.oltpbench.measure.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server found by its port in a /proc laid out by hand: a postmaster (pid 100) that listens on 5432, two backends
 * under it, a grandchild, and an unrelated process. Figures worked by hand from the stat and status lines below.
 */
class LocalProcessTest {
    @TempDir
    Path proc;

    @Test
    void theServerIsTheListenerAndEveryProcessUnderIt() throws IOException {
        layout();
        LocalProcess p = new LocalProcess(proc, 5432);
        ServerReading r = p.read().get(0);
        // CPU ticks (utime + stime + cutime + cstime): 100: 10+5+200+100; 101: 300+100; 102: 50+50; 103: 7+3; 200 not
        // under it. (315 + 400 + 100 + 10) / 100 = 8.25 s
        assertEquals(8.25, r.cpuSeconds(), 1e-9);
        assertEquals("postgres :5432", r.component());
        // anonymous 1000 + 3000 + 2000 + 500 kB, plus the largest shared (128 MB) and file-backed (20 MB) parts
        assertEquals((6500L + 131072 + 20480) * 1024, r.rssBytes());
        assertEquals(4 * 4096L, r.readBytes());
        assertEquals("0-1", r.cpus());
        assertEquals(2, r.cpu().cores());
    }

    @Test
    void aRestartedServerIsFoundAgainByItsPortUnderTheSameName() throws IOException {
        layout();
        LocalProcess p = new LocalProcess(proc, 5432);
        String before = p.read().get(0).key();
        delete(proc.resolve("100"));
        delete(proc.resolve("101"));
        assertThrows(IOException.class, p::read, "the port's listener is gone");
        process(300, 1, "postgres", 1, 1, 0, 0, 100, 0, 0, "0-1", 555);
        ServerReading r = p.read().get(0);
        assertEquals(before, r.key());
        assertEquals(0.02, r.cpuSeconds(), 1e-9);
    }

    private void layout() throws IOException {
        Files.writeString(proc.resolve("net"), ""); // replaced below
        Files.delete(proc.resolve("net"));
        Files.createDirectories(proc.resolve("net"));
        // 0x1538 = 5432, state 0A, inode 555
        Files.writeString(proc.resolve("net/tcp"), "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
                + "   0: 0100007F:1538 00000000:0000 0A 00000000:00000000 00:00000000 00000000   106        0 555 1 0\n");
        process(100, 1, "postgres", 10, 5, 200, 100, 1000, 131072, 20480, "0-1", 555);
        process(101, 100, "postgres", 300, 100, 0, 0, 3000, 131072, 20480, "0-1", -1);
        process(102, 100, "postgres", 50, 50, 0, 0, 2000, 65536, 20480, "0-1", -1);
        process(103, 102, "sh", 7, 3, 0, 0, 500, 0, 100, "0-1", -1);
        process(200, 1, "other", 999, 999, 0, 0, 9999, 0, 0, "0-1", -1);
    }

    private void process(int pid, int ppid, String name, int utime, int stime, int cutime, int cstime, long anonKb,
                         long shmemKb, long fileKb, String cpus, long socketInode) throws IOException {
        Path d = Files.createDirectories(proc.resolve(Integer.toString(pid)));
        Files.writeString(d.resolve("stat"), pid + " (" + name + ") S " + ppid + " " + pid + " " + pid + " 0 -1 4194560 0 0 0 0 "
                + utime + " " + stime + " " + cutime + " " + cstime + " 20 0 1 0 100 2000000 600 18446744073709551615\n");
        Files.writeString(d.resolve("status"), "Name:\t" + name + "\nVmRSS:\t" + (anonKb + shmemKb + fileKb) + " kB\nRssAnon:\t"
                + anonKb + " kB\nRssFile:\t" + fileKb + " kB\nRssShmem:\t" + shmemKb + " kB\nCpus_allowed_list:\t" + cpus + "\n");
        Files.writeString(d.resolve("io"), "rchar: 1\nread_bytes: 4096\nwrite_bytes: 0\n");
        Path fd = Files.createDirectories(d.resolve("fd"));
        Files.createSymbolicLink(fd.resolve("3"), Path.of(socketInode < 0 ? "/dev/null" : "socket:[" + socketInode + "]"));
    }

    private static void delete(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
