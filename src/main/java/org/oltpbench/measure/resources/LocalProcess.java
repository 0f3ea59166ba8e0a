package org.oltpbench.measure.resources;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.oltpbench.result.ResourceSource;

/**
 * A server process on this host, found from the TCP port it listens on (/proc/net/tcp and tcp6 give the socket's
 * inode; the process is the one with a descriptor on it). Reads its CPU, memory and storage bytes from /proc/PID.
 * A restarted server is found again by its port. Processes of other users are visible only to root.
 */
final class LocalProcess implements ServerProbe {
    private final Path proc;
    private final int port;
    private final ProcFiles.CpuModes unknown = ProcFiles.CpuModes.UNKNOWN;
    private long pid = -1;
    private String name = "";

    LocalProcess(Path proc, int port) {
        this.proc = proc;
        this.port = port;
    }

    @Override
    public String describe() {
        return "the server process listening on port " + port + " of this host";
    }

    @Override
    public List<ServerReading> read() throws IOException {
        if (pid < 0 || !Files.isDirectory(proc.resolve(Long.toString(pid)))) find();
        Path dir = proc.resolve(Long.toString(pid));
        try {
            String stat = Files.readString(dir.resolve("stat"));
            double[] cpu = ProcFiles.processCpu(stat);
            String status = Files.readString(dir.resolve("status"));
            long rss = ProcFiles.rssBytes(status);
            // the CPUs it may run on (taskset), as a host of that many cores with no mode figures
            ProcFiles.CpuModes allowed = new ProcFiles.CpuModes(ProcFiles.allowedCpus(status), unknown.seconds());
            long[] io = readIo(dir);
            return List.of(new ServerReading(ResourceSource.PROC, "localhost", name + " " + pid, cpu[0] + cpu[1], rss,
                    io[0], io[1], -1, -1, -1, allowed));
        } catch (java.nio.file.NoSuchFileException e) {
            pid = -1; // it ended between the check and the read: found again at the next edge
            throw new IOException("the server process on port " + port + " ended");
        }
    }

    private static long[] readIo(Path dir) {
        try {
            return ProcFiles.ioBytes(Files.readString(dir.resolve("io")));
        } catch (IOException | RuntimeException e) {
            return new long[] {-1, -1};
        }
    }

    private void find() throws IOException {
        Set<Long> inodes = new java.util.HashSet<>();
        for (String f : List.of("net/tcp", "net/tcp6")) {
            Path p = proc.resolve(f);
            if (Files.isReadable(p)) inodes.addAll(ProcFiles.listeningInodes(Files.readString(p), port));
        }
        if (inodes.isEmpty()) throw new IOException("no socket on this host listens on port " + port);
        try (DirectoryStream<Path> all = Files.newDirectoryStream(proc, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : all) {
                if (holds(p, inodes)) {
                    pid = Long.parseLong(p.getFileName().toString());
                    name = ProcFiles.processName(Files.readString(p.resolve("stat")));
                    return;
                }
            }
        }
        throw new IOException("port " + port + " listens, but its process is not visible (another user's; run as root "
                + "or set serverMetrics= to a node_exporter)");
    }

    private static boolean holds(Path process, Set<Long> inodes) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(process.resolve("fd"))) {
            for (Path fd : fds) {
                try {
                    if (inodes.contains(ProcFiles.socketInode(Files.readSymbolicLink(fd).toString()))) return true;
                } catch (IOException e) {
                    // closed while listed
                }
            }
        } catch (IOException | SecurityException e) {
            return false; // another user's process, or gone
        }
        return false;
    }
}
