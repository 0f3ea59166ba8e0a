package org.oltpbench.acid;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.oltpbench.db.EmbeddedMariaDb;

/**
 * How the durability test (3.5) crashes the server mid-run and starts it again: the embedded server's own SIGKILL and
 * restart, or the user's commands (acidCrash, acidRestart: e.g. {@code kill -9 $(pidof mariadbd)} and a systemctl or
 * pg_ctl start). {@link #NONE} where neither is given: the test is not run, and says how to run it.
 */
public interface ServerCrash {
    /** Kills the server as a crash does (no shutdown) and starts it again; returns when the restart command ended. */
    void crashAndRestart() throws IOException;

    /** What crashed it, for the evidence. */
    String how();

    ServerCrash NONE = new ServerCrash() {
        @Override
        public void crashAndRestart() {
            throw new IllegalStateException("no way to crash the server was given");
        }

        @Override
        public String how() {
            return null;
        }
    };

    /** The embedded server, killed with SIGKILL and started again on its data. */
    static ServerCrash embedded(EmbeddedMariaDb server) {
        return new ServerCrash() {
            @Override
            public void crashAndRestart() throws IOException {
                try {
                    server.crashAndRestart();
                } catch (ch.vorburger.exec.ManagedProcessException e) {
                    throw new IOException("the embedded server did not come back: " + e.getMessage(), e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while the embedded server restarted", e);
                }
            }

            @Override
            public String how() {
                return "the embedded server killed with SIGKILL and started again";
            }
        };
    }

    /** The user's two shell commands, each given up to 5 minutes. */
    static ServerCrash commands(String crash, String restart) {
        return new ServerCrash() {
            @Override
            public void crashAndRestart() throws IOException {
                run("acidCrash", crash);
                run("acidRestart", restart);
            }

            @Override
            public String how() {
                return "acidCrash '" + crash + "', then acidRestart '" + restart + "'";
            }
        };
    }

    private static void run(String key, String command) throws IOException {
        Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(key + " '" + command + "' did not end within 5 minutes");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + key + " ran", e);
        }
        if (p.exitValue() != 0) throw new IOException(key + " '" + command + "' exited with " + p.exitValue());
    }
}
