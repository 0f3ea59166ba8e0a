package org.oltpbench.result.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.oltpbench.result.repeat.counted.ResultFormatException;
import org.oltpbench.result.run.RunResult;

/**
 * result.json: {@link RunResult} written and read by Jackson. Writes are atomic (a temporary file moved over the
 * old one), so a run killed at any moment leaves the last complete file. Readers accept every minor version of
 * their major {@link RunResult#SCHEMA_VERSION} (unknown fields are skipped), read 2.x files as 3.0 (their config
 * map resolved into parameters), and refuse any other major. A search's answer is read back as written where the
 * file's schema computes spreads as this one; an older file's is dropped, and a run without one is
 * {@link RunResult#unanswered}: its reader replays the decisions (driver/search's SearchReplay).
 */
public final class ResultFiles {
    public static final String FILE = "result.json";
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ResultFiles() {
    }

    /**
     * The file's text. A run that searched is written with its answer: one without it ({@link RunResult#unanswered})
     * was built by a caller that did not replay the decisions (driver/search's SearchReplay), a defect.
     */
    public static String toJson(RunResult r) {
        if (r.unanswered()) throw new IllegalStateException("a run that searched has no search answer: replay it before writing");
        try {
            return MAPPER.writeValueAsString(r) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("result.json could not be written: " + e.getMessage(), e);
        }
    }

    /** Writes {@code dir/result.json} atomically and returns its path. */
    public static Path write(Path dir, RunResult r) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE), tmp = dir.resolve(FILE + ".tmp");
        Files.writeString(tmp, toJson(r));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }

    /** Reads a result.json, or the one inside a result directory. */
    public static RunResult read(Path path) throws IOException {
        Path file = Files.isDirectory(path) ? path.resolve(FILE) : path;
        try {
            return fromJson(Files.readString(file), file.toString());
        } catch (NoSuchFileException e) {
            throw new ResultFormatException(file + ": no such file; give a result directory or its result.json");
        }
    }

    public static RunResult fromJson(String json, String source) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new ResultFormatException(source + " is not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) throw new ResultFormatException(source + " is not a result file (no JSON object)");
        JsonNode version = root.get("schemaVersion");
        if (version == null) {
            throw new ResultFormatException(source + " has no schemaVersion: it was written by oltpbench 0.1, whose "
                    + "result.json holds no histograms or intervals and cannot be read; run the benchmark again");
        }
        String mine = major(RunResult.SCHEMA_VERSION), theirs = major(version.asText());
        if (theirs.equals("2")) root = Schema2.upgrade((ObjectNode) root, MAPPER, source);
        else if (!mine.equals(theirs)) {
            throw new ResultFormatException(source + " has schemaVersion " + version.asText() + "; this oltpbench reads "
                    + mine + ".x and 2.x; use the oltpbench version that wrote it");
        }
        unnamedBefore315((ObjectNode) root);
        // a search's answer decided on the spreads an older schema held is not this version's: left for a replay
        if (!RunResult.sameSpreads(root.path("schemaVersion").asText())) ((ObjectNode) root).remove("search");
        try {
            return MAPPER.treeToValue(root, RunResult.class);
        } catch (JsonProcessingException e) {
            throw new ResultFormatException(source + " is damaged: " + e.getOriginalMessage());
        }
    }

    /**
     * Before 3.15, CLIENT_TEXT on pgjdbc (dbPsMode=disable, pgbench -M simple and extended) sent unnamed extended
     * statements (prepareThreshold=0); from 3.15 it is the simple query protocol and those runs are EXTENDED_UNNAMED, as
     * compare must see them beside a new run.
     */
    private static void unnamedBefore315(ObjectNode root) {
        String[] v = root.path("schemaVersion").asText().split("\\.");
        boolean before = v.length < 2 || !v[0].equals("3") || Integer.parseInt(v[1].replaceAll("\\D.*", "0")) < 15;
        JsonNode terms = root.path("terms");
        if (before && terms.isObject() && terms.path("protocol").asText().equals("CLIENT_TEXT")
                && terms.path("driver").asText().startsWith("PostgreSQL JDBC")) {
            ((ObjectNode) terms).put("protocol", "EXTENDED_UNNAMED");
        }
    }

    private static String major(String v) {
        int dot = v.indexOf('.');
        return dot < 0 ? v : v.substring(0, dot);
    }
}
