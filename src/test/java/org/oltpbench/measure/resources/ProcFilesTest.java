package org.oltpbench.measure.resources;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.client.Resources.HostCpu;

/** proc(5)'s formats, with values worked by hand. */
class ProcFilesTest {

    @Test
    void processCpuCountsFieldsAfterANameWithSpacesAndParentheses() {
        // fields 14 and 15 (utime, stime) = 1234 and 567 ticks of 1/100 s
        String stat = "4242 (my (odd) server) S 1 4242 4242 0 -1 4194560 5000 0 0 0 1234 567 0 0 20 0 31 0 100 "
                + "2000000000 60000 18446744073709551615";
        assertArrayEquals(new double[] {12.34, 5.67}, ProcFiles.processCpu(stat), 1e-12);
        assertEquals("my (odd) server", ProcFiles.processName(stat));
    }

    @Test
    void cpuWithReapedChildrenParentAndMemoryParts() {
        // fields 14-17 (utime, stime, cutime, cstime) = 1234 + 567 + 100 + 99 ticks = 20.00 s; field 4 (ppid) = 1
        String stat = "4242 (postgres) S 1 4242 4242 0 -1 4194560 5000 0 0 0 1234 567 100 99 20 0 31 0 100 "
                + "2000000000 60000 18446744073709551615";
        assertEquals(20.00, ProcFiles.cpuWithReapedChildren(stat), 1e-12);
        assertEquals(1, ProcFiles.parentPid(stat));
        assertArrayEquals(new long[] {2048, 4096, 131072L * 1024}, ProcFiles.rssParts(
                "VmRSS:\t 1 kB\nRssAnon:\t 2 kB\nRssFile:\t 4 kB\nRssShmem:\t 131072 kB\n"));
        assertArrayEquals(new long[] {-1, -1, -1}, ProcFiles.rssParts("VmRSS:\t 1 kB\n"));
        assertEquals("0-3,6", ProcFiles.cpuList("Cpus_allowed:\t4f\nCpus_allowed_list:\t0-3,6\n"));
        assertEquals("", ProcFiles.cpuList("Name:\tx\n"));
    }

    @Test
    void cpuSetsUnite() {
        var a = org.oltpbench.result.repeat.client.CpuSet.parse("0");
        var b = org.oltpbench.result.repeat.client.CpuSet.parse("1,3-4");
        assertEquals(1, a.size());
        assertEquals(4, a.union(b).size());
        assertEquals(4, a.union(b).union(org.oltpbench.result.repeat.client.CpuSet.parse("3")).size());
        assertEquals(0, org.oltpbench.result.repeat.client.CpuSet.parse("").size());
        assertEquals(0, org.oltpbench.result.repeat.client.CpuSet.parse("x-").size());
    }

    @Test
    void rssAndIo() {
        assertEquals(239_404L * 1024, ProcFiles.rssBytes("Name:\tmariadbd\nVmPeak:\t 1 kB\nVmRSS:\t  239404 kB\nThreads:\t31\n"));
        assertEquals(-1, ProcFiles.rssBytes("Name:\tzombie\n"));
        assertEquals(5, ProcFiles.allowedCpus("Name:\tx\nCpus_allowed:\t4f\nCpus_allowed_list:\t0-3,6\n"));
        assertEquals(1, ProcFiles.allowedCpus("Cpus_allowed_list:\t1\n"));
        assertEquals(0, ProcFiles.allowedCpus("Name:\tx\n"));
        assertArrayEquals(new long[] {4096, 6328320}, ProcFiles.ioBytes("rchar: 1\nwchar: 2\nsyscr: 3\nsyscw: 4\n"
                + "read_bytes: 4096\nwrite_bytes: 6328320\ncancelled_write_bytes: 0\n"));
    }

    @Test
    void hostCpuByModeAndCores() {
        var c = ProcFiles.hostCpu("cpu  100 5 50 1000 20 1 4 0 0 0\ncpu0 50 5 25 500 10 1 2 0 0 0\ncpu1 50 0 25 500 10 0 2 0 0 0\n"
                + "intr 1 2 3\n");
        assertEquals(2, c.cores());
        assertArrayEquals(new double[] {1.00, 0.05, 0.50, 10.00, 0.20, 0.01, 0.04, 0}, c.seconds(), 1e-12);
        var later = ProcFiles.hostCpu("cpu  300 5 150 1100 20 1 4 0 0 0\ncpu0 1\ncpu1 1\n");
        HostCpu d = later.minus(c);
        assertEquals(new HostCpu(2, 2.0, 0, 1.0, 1.0, 0, 0, 0, 0), d);
        assertEquals(3.0, d.busy(), 1e-12); // user + system; idle is not busy
        assertEquals(HostCpu.UNKNOWN, later.minus(ProcFiles.CpuModes.UNKNOWN));
    }

    @Test
    void interfaceBytesReceivedAndSent() {
        String dev = """
                Inter-|   Receive                                                |  Transmit
                 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
                    lo: 181835049456 232852678    0    0    0     0          0         0 181835049457 232852678    0    0    0     0       0          0
                  eth0:    1000       10    0    0    0     0          0         0     2000      20    0    0    0     0       0          0
                """;
        assertArrayEquals(new long[] {181835049456L, 181835049457L}, ProcFiles.interfaceBytes(dev, "lo"));
        assertArrayEquals(new long[] {1000, 2000}, ProcFiles.interfaceBytes(dev, "eth0"));
        assertNull(ProcFiles.interfaceBytes(dev, "eth1"));
    }

    @Test
    void listeningSocketsOfAPort() {
        // 0x0CEA = 3306; state 0A = LISTEN; 01 = ESTABLISHED (its inode is not the listener's)
        String tcp = """
                  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
                   0: 0100007F:0CEA 00000000:0000 0A 00000000:00000000 00:00000000 00000000   106        0 55501 1 0
                   1: 0100007F:0CEA 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000   106        0 55777 1 0
                   2: 0100007F:0CEB 00000000:0000 0A 00000000:00000000 00:00000000 00000000   106        0 55502 1 0
                """;
        assertEquals(Set.of(55501L), ProcFiles.listeningInodes(tcp, 3306));
        assertEquals(55501L, ProcFiles.socketInode("socket:[55501]"));
        assertEquals(-1L, ProcFiles.socketInode("/dev/null"));
    }

    @Test
    void exposition() {
        String text = """
                # HELP node_cpu_seconds_total Seconds the CPUs spent in each mode.
                # TYPE node_cpu_seconds_total counter
                node_cpu_seconds_total{cpu="0",mode="idle"} 100.5
                node_cpu_seconds_total{cpu="0",mode="user"} 20
                node_cpu_seconds_total{cpu="1",mode="idle"} 99.5
                node_cpu_seconds_total{cpu="1",mode="user"} 10
                node_cpu_seconds_total{cpu="1",mode="iowait"} 3
                node_cpu_seconds_total{cpu="1",mode="system"} 5e0
                node_memory_MemTotal_bytes 8.0e+09
                node_memory_MemAvailable_bytes 6.0e+09
                node_disk_read_bytes_total{device="sda"} 1000
                node_disk_read_bytes_total{device="sda1"} 1000
                node_disk_read_bytes_total{device="dm-0"} 1000
                node_disk_written_bytes_total{device="nvme0n1"} 4000
                node_disk_reads_completed_total{device="sda"} 7
                node_disk_writes_completed_total{device="nvme0n1"} 3
                node_network_receive_bytes_total{device="lo"} 99999
                node_network_receive_bytes_total{device="eth0"} 500
                node_network_transmit_bytes_total{device="eth0"} 600
                node_filesystem_size_bytes{device="a\\"b",mountpoint="/"} 1
                """;
        var samples = Exposition.parse(text, Set.of("node_filesystem_size_bytes"));
        assertEquals(List.of(new Exposition.Sample("node_filesystem_size_bytes", Map.of("device", "a\"b", "mountpoint", "/"), 1)),
                samples);
        ServerReading r = NodeExporter.reading("db1:9100", text);
        assertEquals(2, r.cpu().cores());
        assertEquals(35.0, r.cpuSeconds(), 1e-12); // user 20 + 10, system 5; idle and iowait are not busy
        assertEquals(2_000_000_000L, r.rssBytes());
        assertEquals(1000, r.readBytes()); // sda only: sda1 and dm-0 hold the same bytes
        assertEquals(4000, r.writeBytes());
        assertEquals(10, r.diskOps());
        assertEquals(500, r.netInBytes()); // loopback left out
        assertEquals(600, r.netOutBytes());
    }

    @Test
    void runQueueDelayAndCpuPressure() {
        // schedstat: on the CPU 1,125,120 ns, waiting on a run queue 14,358,148 ns, 34 timeslices
        assertEquals(14_358_148L, ProcFiles.runQueueNanos("1125120 14358148 34\n"));
        assertEquals(802_025_536L, ProcFiles.pressureSomeMicros("some avg10=98.23 avg60=99.01 avg300=92.11 total=802025536\n"
                + "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"));
        assertEquals(-1L, ProcFiles.pressureSomeMicros("full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"));
    }
}
