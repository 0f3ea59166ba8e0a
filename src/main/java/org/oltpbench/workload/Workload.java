package org.oltpbench.workload;

import java.sql.Connection;
import java.sql.SQLException;
import org.oltpbench.result.run.LoadResult;
import org.oltpbench.result.workload.WorkloadInfo;
import org.oltpbench.db.Database;
import org.oltpbench.db.SharedConnections;

/** A benchmark: its data set's lifecycle and a factory of terminals. The CLI verbs mirror it. */
public interface Workload {

    /** Its name, family, transaction table (in the order terminals report the types) and scale. */
    WorkloadInfo info();

    /**
     * Whether every transaction only reads: its connections are then marked read-only ({@code Connection.setReadOnly}),
     * which the drivers' replication and load-balancing URLs route to replicas, and a read-only server is no refusal.
     */
    default boolean readsOnly() {
        return false;
    }

    default String name() {
        return info().name();
    }

    /** True when the data set is present, so a whole job can skip prepare. */
    boolean isPrepared(Database db) throws SQLException;

    /** One line the run prints under its header, saying what its figures are not; empty for none. */
    default String disclaimer() {
        return "";
    }

    /** Why {@link #isPrepared} said no, as one line naming the fix, for the verbs that do not prepare. */
    default String unprepared(Database db) throws SQLException {
        return "the tables of " + name() + " are missing; run prepare first";
    }

    /**
     * Creates and loads the data set; returns what it loaded, per table ({@link LoadResult#NONE} when nothing). A
     * {@code stop} ends the load between batches with {@link org.oltpbench.db.load.LoadStopped}, which says the complete
     * units (TPC-C's warehouses, sysbench's tables) that a prepare again keeps; it reloads the others.
     */
    LoadResult prepare(Database db, org.oltpbench.db.load.LoadStop stop) throws SQLException;

    /** {@link #prepare(Database, org.oltpbench.db.load.LoadStop)} that nothing stops. */
    default LoadResult prepare(Database db) throws SQLException {
        return prepare(db, org.oltpbench.db.load.LoadStop.NEVER);
    }

    /** Checks before the run what the server must accept (a custom script's SQL); throws a one-line ConfigException. */
    default void validate(Database db) throws SQLException {
    }

    /** Verifies the data set; the report says which checks failed. */
    CheckReport check(Database db) throws SQLException;

    /** Drops the data set. */
    void cleanup(Database db) throws SQLException;

    /**
     * A terminal for thread {@code index} of {@code threads}, on a connection it keeps.
     *
     * @param seed seed of the terminal's random generators
     */
    Terminal terminal(Connection connection, int index, int threads, long seed) throws SQLException;

    /**
     * What runs beside one repeat's terminals, measured apart ({@link SideLoad#NONE} for every workload but CH's
     * analytic streams).
     *
     * @param clock the level's clock
     * @param seed  the repeat's seed
     */
    default SideLoad sideLoad(Database db, org.oltpbench.util.Clock clock, long seed) {
        return SideLoad.NONE;
    }

    /**
     * This workload with its terminals on warehouses 1..{@code warehouses} of the loaded data set (warehouses=search's
     * probe); only TPC-C has warehouses, and the resolver lets no other workload search them.
     */
    default Workload onWarehouses(int warehouses) {
        throw new UnsupportedOperationException(name() + " has no warehouses");
    }

    /** The count its data keeps of its work, read at the window's edges; {@link DataCounter#NONE} by default. */
    default DataCounter dataCounter() {
        return DataCounter.NONE;
    }

    /** Whether its terminals can share fewer connections than there are terminals (connections=N). */
    default boolean sharesConnections() {
        return false;
    }

    /**
     * A terminal for thread {@code index} of {@code threads} that borrows a connection of {@code shared} for each
     * transaction and hands it back after; only called when {@link #sharesConnections()}.
     */
    default Terminal sharedTerminal(SharedConnections shared, int index, int threads, long seed) throws SQLException {
        throw new UnsupportedOperationException(name() + " terminals each own a connection");
    }
}
