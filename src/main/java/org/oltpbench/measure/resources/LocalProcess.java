package org.oltpbench.measure.resources;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oltpbench.result.repeat.client.ResourceSource;

/**
 * A server on this host, found from the TCP port it listens on (/proc/net/tcp and tcp6 give the socket's inode; the
 * server is the topmost process with a descriptor on it), read from /proc as the process and every process under it:
 * PostgreSQL and Klustron's compute node run a backend per connection beside the walwriter and checkpointer, all
 * children of the postmaster that listens. CPU is each live process's own time plus the time of the children it
 * reaped (a closed connection's backend), which counts every process of the tree once. The name is the port's, so a
 * server restarted by a fault plan is found again at the next edge and stays the same server.
 * Processes of other users are visible only to root. The cost grows with the processes under the server (one stat
 * file each), not with the terminals of a server that runs threads.
 */
final class LocalProcess implements ServerProbe {
    private final Path proc;
    private final int port;
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
    public boolean cheap() {
        return true;
    }

    @Override
    public List<ServerReading> read() throws IOException {
        if (pid < 0 || !Files.isDirectory(proc.resolve(Long.toString(pid)))) find();
        Path dir = proc.resolve(Long.toString(pid));
        try {
            String status = Files.readString(dir.resolve("status"));
            Tree t = tree();
            // the CPUs it may run on (taskset), as a host of that many cores with no mode figures
            String cpus = ProcFiles.cpuList(status);
            ProcFiles.CpuModes allowed = new ProcFiles.CpuModes(ProcFiles.allowedCpus(status), ProcFiles.CpuModes.UNKNOWN.seconds());
            return List.of(new ServerReading(ResourceSource.PROC, "localhost", name + " :" + port, t.cpu, t.rss(),
                    t.read, t.write, -1, -1, -1, allowed, cpus));
        } catch (java.nio.file.NoSuchFileException e) {
            pid = -1; // it ended between the check and the read: found again at the next edge
            throw new IOException("the server process on port " + port + " ended");
        }
    }

    /** The sums over the server's process and every live process under it. */
    private static final class Tree {
        double cpu;
        long anon, shared, file, read, write;
        boolean ioKnown = true;

        long rss() {
            return anon < 0 ? -1 : anon + shared + file;
        }
    }

    private Tree tree() throws IOException {
        Map<Long, List<Long>> children = new HashMap<>();
        Map<Long, String> stats = new HashMap<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(proc, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : all) {
                try {
                    String stat = Files.readString(p.resolve("stat"));
                    long id = Long.parseLong(p.getFileName().toString());
                    stats.put(id, stat);
                    children.computeIfAbsent(ProcFiles.parentPid(stat), k -> new ArrayList<>()).add(id);
                } catch (IOException | RuntimeException e) {
                    // ended while listed
                }
            }
        }
        if (!stats.containsKey(pid)) throw new java.nio.file.NoSuchFileException(proc.resolve(Long.toString(pid)).toString());
        Tree t = new Tree();
        Deque<Long> todo = new ArrayDeque<>(List.of(pid));
        while (!todo.isEmpty()) {
            long id = todo.pop();
            String stat = stats.get(id);
            if (stat == null) continue;
            t.cpu += ProcFiles.cpuWithReapedChildren(stat);
            add(t, proc.resolve(Long.toString(id)), id == pid);
            todo.addAll(children.getOrDefault(id, List.of()));
        }
        if (!t.ioKnown) t.read = t.write = -1;
        return t;
    }

    /** A process's memory and storage bytes into the tree's sums; one that ended meanwhile adds nothing. */
    private static void add(Tree t, Path dir, boolean top) {
        try {
            long[] m = ProcFiles.rssParts(Files.readString(dir.resolve("status")));
            if (m[0] < 0) { // a kernel before 4.5: VmRSS of the top process only
                if (top) t.anon = ProcFiles.rssBytes(Files.readString(dir.resolve("status")));
            } else {
                t.anon += m[0];
                t.file = Math.max(t.file, m[1]);
                t.shared = Math.max(t.shared, m[2]);
            }
        } catch (IOException | RuntimeException e) {
            return;
        }
        long[] io = readIo(dir);
        if (io[0] < 0) t.ioKnown = false;
        t.read += Math.max(0, io[0]);
        t.write += Math.max(0, io[1]);
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
        Map<Long, Long> holders = new HashMap<>(); // pid -> parent pid
        try (DirectoryStream<Path> all = Files.newDirectoryStream(proc, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : all) {
                try {
                    if (holds(p, inodes)) holders.put(Long.parseLong(p.getFileName().toString()),
                            ProcFiles.parentPid(Files.readString(p.resolve("stat"))));
                } catch (IOException | RuntimeException e) {
                    // ended while listed
                }
            }
        }
        for (var h : holders.entrySet()) {
            if (holders.containsKey(h.getValue())) continue; // a child that inherited the socket
            pid = h.getKey();
            name = ProcFiles.processName(Files.readString(proc.resolve(Long.toString(pid)).resolve("stat")));
            return;
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
