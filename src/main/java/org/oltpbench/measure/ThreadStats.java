package org.oltpbench.measure;

import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * What one benchmark thread measured. Written only by its owner thread, without locks or allocation:
 * counters are plain increments published with release stores, latencies go to a ring per transaction type
 * (and past it to a single-writer HdrHistogram recorder). A reporter thread reads counters and harvests interval
 * histograms at any time.
 */
public final class ThreadStats {
    /**
     * Counter slots, read outside this package through {@link Snapshot}. Per-type slots follow the global ones:
     * {@code TYPE_BASE + type * PER_TYPE + field}.
     */
    static final int EVENTS = 0, READS = 1, WRITES = 2, OTHER = 3, ERRORS = 4, RECONNECTS = 5, LATENCY_NS = 6,
            COMMITS = 7, AUTOCOMMITS = 8, DUE_NS = 9, PAUSED_NS = 10, PHASE = 11, PHASE_SINCE = 12, SKIPPED = 13,
            LATE = 14, LAG_NS = 15, LAG_MAX_NS = 16;
    static final int COUNT = 0, ROLLBACKS = 1, RETRIES = 2, TYPE_ERRORS = 3, KEYING_NS = 4, THINK_NS = 5;
    static final int TYPE_BASE = 17, PER_TYPE = 6;
    /** The owner's phase ({@link #PHASE}): none (before the level, after its end), a transaction due, a wait by design. */
    private static final long IDLE = 0, DUE = 1, PAUSED = 2;

    /**
     * Latency is recorded in microseconds with 3 significant digits. Histograms auto-resize to the
     * largest value seen, so memory follows the real latency range (a resize allocates once per
     * doubling of the maximum, never per query).
     */
    public static final long MAX_MICROS = org.oltpbench.result.repeat.counted.Histograms.MAX_MICROS;
    public static final int DIGITS = org.oltpbench.result.repeat.counted.Histograms.DIGITS;

    private final AtomicLongArray counters;
    private final SingleWriterRecorder[] recorders;
    /** Per type, service time (from the actual start) of rate-limited transactions; empty when not rate-limited. */
    private final SingleWriterRecorder[] serviceRecorders;
    private final Histogram[] recycledService;
    /** Per type, the wait for a shared connection (connections=N); empty when terminals own their connections. */
    private final SingleWriterRecorder[] queueRecorders;
    private final Histogram[] recycledQueue;
    /**
     * Where the owner is, as the level's stop sees it: {@link #BUSY} (between statements or in one: never interrupted),
     * {@link #WAITING} (an arrival, a keying or think time, a reconnect back-off: the stop may cut it) or
     * {@link #STOPPED} (the stop cut its wait: what it waited for is never submitted). The owner moves BUSY to
     * WAITING with a plain store and back with one compare-and-set; the stop moves WAITING to STOPPED with another,
     * so exactly one of them wins and a statement is never interrupted.
     */
    private final java.util.concurrent.atomic.AtomicInteger state = new java.util.concurrent.atomic.AtomicInteger(BUSY);
    public static final int BUSY = 0, WAITING = 1, STOPPED = 2;
    /** The wait for a connection of the transaction in flight; -1 when it did not wait for one. */
    private long pendingQueueNanos = -1;
    /** Statements of the transaction in flight (READS, WRITES, OTHER), published with its outcome. */
    private final java.util.concurrent.atomic.AtomicLong version = new java.util.concurrent.atomic.AtomicLong();
    private long pendingReads, pendingWrites, pendingOther, pendingCommits, pendingAutocommits;
    /** Time the transaction in flight spent waiting by design (TPC-C keying time), not counted as latency. */
    private long pendingIdleNanos;

    /**
     * The interval's latencies (issue 30): per type, a ring of transactions' values (latency, then service and queue
     * time where kept: {@code width} longs each) that the owner writes inside its publication and the reporter copies
     * out, instead of walking a histogram per thread and type at every report. Slots run from {@code ringRead[type]}
     * (the reporter's cursor) to {@code ringEnd[type]} (the owner's). A ring starts at {@link #RING} slots per type
     * and doubles, inside a publication, when the owner finds it full, up to {@code maxRing} (so a thread that runs
     * many transactions per interval, or a level reported once, keeps its values in the ring: a handful of
     * allocations per thread over a level, never one per transaction). Past {@code maxRing} the value goes to the
     * type's recorder instead and {@code overflows[type]} grows, which tells the reporter to walk that recorder too.
     * Each value is harvested exactly once either way.
     */
    static final int RING = 8;
    /** The most slots per type a ring may grow to; {@link #maxRing(int, int, int)} lowers it for wide levels. */
    public static final int MAX_RING = 4096;
    /** The longs all the rings of a level may hold together at most (64 MiB), which bounds {@code maxRing}. */
    static final long RING_BUDGET = 8L << 20;
    private final int maxRing;
    /** Written by the owner inside a publication only; its length gives the slots per type. */
    private long[] ring;
    private final int width;
    /** Where in a ring entry the service and queue times are; -1 where they are not kept. */
    private final int serviceSlot, queueSlot;
    private final long[] ringEnd;
    private final java.util.concurrent.atomic.AtomicLongArray ringRead;
    /** Reporter only: each type's ring slots copied in the harvest's current attempt. */
    private final long[] harvestFrom, harvestTo;
    private final long[] overflows;
    /** Reporter only: the overflow count each type's recorder was last harvested at. */
    private final long[] overflowsHarvested;

    /** Per-type outcome counters (retries, errors) of the transaction in flight, published with it. */
    private final long[] pendingType;
    /** Where errors are logged by code (the level's shared log; written on the error path only). */
    private ErrorLog.Terminal errorLog = ErrorLog.NONE.terminal(0);
    /** The type of the transaction in flight, for errors the loop meets outside the terminal; 0 until a terminal says. */
    private int current;

    /** Statistics without service times (no rate). */
    public ThreadStats(int types) {
        this(types, false);
    }

    /** @param serviceTimes keep service times beside latencies: only rate-limited runs have both */
    public ThreadStats(int types, boolean serviceTimes) {
        this(types, serviceTimes, false);
    }

    /** @param queueTimes keep each transaction's wait for a shared connection (connections=N) beside its latency */
    public ThreadStats(int types, boolean serviceTimes, boolean queueTimes) {
        this(types, serviceTimes, queueTimes, 0);
    }

    /** @param tallies counters the workload keeps of the inputs it generates ({@link #tally}), after the per-type ones */
    public ThreadStats(int types, boolean serviceTimes, boolean queueTimes, int tallies) {
        this(types, serviceTimes, queueTimes, tallies, MAX_RING);
    }

    /**
     * @param maxRing the slots per type this thread's ring may grow to (a power of two, at least {@link #RING}); a level
     *                gives every thread {@link #maxRing(int, int, int)}
     */
    public ThreadStats(int types, boolean serviceTimes, boolean queueTimes, int tallies, int maxRing) {
        if (maxRing < RING || Integer.bitCount(maxRing) != 1) throw new IllegalArgumentException("maxRing " + maxRing);
        this.maxRing = maxRing;
        counters = new AtomicLongArray(TYPE_BASE + types * PER_TYPE + tallies);
        pendingType = new long[types * PER_TYPE + tallies];
        recorders = new SingleWriterRecorder[types];
        serviceRecorders = new SingleWriterRecorder[types];
        recycledService = new Histogram[types];
        queueRecorders = new SingleWriterRecorder[queueTimes ? types : 0];
        recycledQueue = new Histogram[queueRecorders.length];
        width = width(serviceTimes, queueTimes);
        serviceSlot = serviceTimes ? 1 : -1;
        queueSlot = queueTimes ? width - 1 : -1;
        ring = new long[types * RING * width];
        ringEnd = new long[types];
        ringRead = new java.util.concurrent.atomic.AtomicLongArray(types);
        harvestFrom = new long[types];
        harvestTo = new long[types];
        overflows = new long[types];
        overflowsHarvested = new long[types];
        for (int i = 0; i < types; i++) {
            recorders[i] = new SingleWriterRecorder(DIGITS, true); // packed: memory follows the values seen, not the range
            if (serviceTimes) serviceRecorders[i] = new SingleWriterRecorder(DIGITS, true);
            if (queueTimes) queueRecorders[i] = new SingleWriterRecorder(DIGITS, true);
        }
    }

    public int types() {
        return recorders.length;
    }

    /**
     * The slots per type each of {@code threads} threads' rings may grow to: as many as {@link #RING_BUDGET} longs
     * allow over all of them (a power of two between {@link #RING} and {@link #MAX_RING}), so that a wide level's
     * rings stay within 64 MiB however long its intervals.
     */
    public static int maxRing(int threads, int types, int width) {
        long fit = RING_BUDGET / Math.max(1L, (long) threads * types * width);
        if (fit < RING) return RING;
        return (int) Math.min(MAX_RING, Long.highestOneBit(fit));
    }

    /** The longs one ring entry takes: the latency, and the service and queue times where kept. */
    public static int width(boolean serviceTimes, boolean queueTimes) {
        return 1 + (serviceTimes ? 1 : 0) + (queueTimes ? 1 : 0);
    }

    /** The level's time, and its deadline as the level knows it (it only moves earlier); none until a level sets them. */
    private org.oltpbench.util.Clock clock = org.oltpbench.util.Clock.SYSTEM;
    private java.util.function.LongSupplier deadline = () -> Long.MAX_VALUE;

    /** Before the level starts: its clock and deadline, which waits by design ({@link #pause}) are bounded by. */
    public void timing(org.oltpbench.util.Clock clock, java.util.function.LongSupplier deadline) {
        this.clock = clock;
        this.deadline = deadline;
    }

    /**
     * Owner thread only: a wait by design (TPC-C keying or think time) of {@code nanos}, ended early by the level's
     * deadline or cut by its stop (then the owner's interrupt flag is set). Returns how long it waited; after it,
     * {@link #cutOff()} says whether what follows may still be submitted.
     */
    public long pause(long nanos) {
        long t0 = clock.nanoTime();
        paused(t0);
        enterWait();
        try {
            clock.parkUntil(Math.min(t0 + nanos, deadline.getAsLong()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!leaveWait()) Thread.currentThread().interrupt();
        long end = clock.nanoTime();
        due(end);
        return end - t0;
    }

    /**
     * Owner thread only: from {@code at} (on the level's clock) this terminal has a transaction due: it is in one, about
     * to start one, reconnecting for one, or (with a rate) its arrival is due. What the server was asked in an interval
     * is the terminals' due time in it ({@link Snapshot#dueNanos()}).
     */
    public void due(long at) {
        phase(DUE, at);
    }

    /** Owner thread only: from {@code at} this terminal waits by design: TPC-C's keying or think time, an arrival not yet due. */
    public void paused(long at) {
        phase(PAUSED, at);
    }

    /** Owner thread only: from {@code at} this terminal runs nothing more in the level. */
    public void done(long at) {
        phase(IDLE, at);
    }

    /** Closes the phase in progress into its sum and opens {@code next}, in one publication (a harvest sees both or neither). */
    private void phase(long next, long at) {
        long was = counters.getPlain(PHASE), since = counters.getPlain(PHASE_SINCE);
        if (was == next) return;
        beginPublish();
        if (was == DUE) add(DUE_NS, Math.max(0, at - since));
        else if (was == PAUSED) add(PAUSED_NS, Math.max(0, at - since));
        counters.lazySet(PHASE, next);
        counters.lazySet(PHASE_SINCE, at);
        endPublish();
    }

    /**
     * A reader's copy of the counters with the phase in progress counted up to {@code now}, so that the due and paused
     * sums are cumulative times at the read's instant; the phase slots themselves read 0 (they are not amounts).
     */
    private long[] withPhaseUntil(long[] out, long now) {
        long p = out[PHASE], since = out[PHASE_SINCE];
        if (p == DUE) out[DUE_NS] += Math.max(0, now - since);
        else if (p == PAUSED) out[PAUSED_NS] += Math.max(0, now - since);
        out[PHASE] = out[PHASE_SINCE] = 0;
        return out;
    }

    /** Latencies above this count as late (latencyLimitMs, pgbench's -L); Long.MAX_VALUE: no limit. */
    private long lateAboveNanos = Long.MAX_VALUE;

    /** Before the level starts: transactions whose latency exceeds {@code nanos} count as late; 0 = no limit. */
    public void latencyLimit(long nanos) {
        lateAboveNanos = nanos > 0 ? nanos : Long.MAX_VALUE;
    }

    /**
     * Owner thread only: an arrival of the rate's schedule was skipped, not sent: it was already more than the latency
     * limit behind when this terminal became free (pgbench's -R with -L).
     */
    public void skipped() {
        beginPublish();
        add(SKIPPED, 1);
        endPublish();
    }

    /** Owner thread only: whether the level has ended for this thread (its deadline passed, or its stop cut a wait). */
    public boolean cutOff() {
        return Thread.currentThread().isInterrupted() || clock.nanoTime() >= deadline.getAsLong();
    }

    /** Before the level starts: the log this thread's errors go to. */
    public void log(ErrorLog log) {
        this.errorLog = log.terminal(recorders.length);
    }

    /** Owner thread only: the transaction in flight is of {@code type} (a terminal that deals types says so). */
    public void current(int type) {
        current = type;
    }

    /**
     * Owner thread only: an error of {@code kind} on the transaction in flight, logged by code. Called before the
     * error is counted ({@link #ignoredError}, or the retry's publication), so that the log's window holds exactly the
     * counted errors.
     */
    public void error(org.oltpbench.result.repeat.counted.ErrorCount.Kind kind, java.sql.SQLException e) {
        errorLog.record(kind, current, e);
    }

    /** Owner thread only: an error on the ignore list; the transaction is restarted. */
    public void ignoredError() {
        add(ERRORS, 1);
    }

    /** Owner thread only: the connection was lost and opened again. */
    public void reconnect() {
        add(RECONNECTS, 1);
    }

    /** Owner thread only: transaction type {@code type} is re-run after a retryable error (published with it). */
    public void retry(int type) {
        pendingType[type * PER_TYPE + RETRIES]++;
    }

    /**
     * Owner thread only: adds {@code n} to tally {@code k} (an index into the workload's tallies) for the transaction in
     * flight; published with its outcome, dropped with it when it is cut off.
     */
    public void tally(int k, long n) {
        pendingType[pendingType.length - tallies() + k] += n;
    }

    /** Owner thread only: tally {@code k} of the transaction in flight, not yet published. */
    public long pendingTally(int k) {
        return pendingType[pendingType.length - tallies() + k];
    }

    private int tallies() {
        return pendingType.length - recorders.length * PER_TYPE;
    }

    /** Owner thread only: transaction type {@code type} failed after its retries (published with it). */
    public void failed(int type) {
        pendingType[type * PER_TYPE + TYPE_ERRORS]++;
    }

    private void add(int slot, long n) {
        counters.lazySet(slot, counters.getPlain(slot) + n);
    }

    /**
     * Owner thread only: statements the transaction in flight issued. They become visible together with
     * the transaction's outcome ({@link #event} or {@link #abandon}), so a snapshot taken at any instant
     * counts whole transactions: qps is exactly statements-per-transaction x tps.
     */
    public void reads(int n) {
        pendingReads += n;
    }

    public void writes(int n) {
        pendingWrites += n;
    }

    public void other(int n) {
        pendingOther += n;
    }

    /**
     * One DML statement classified as sysbench 1.0.20 does (drv_mysql.c, drv_pgsql.c): a write when it changed
     * at least one row, "other" when it changed none.
     */
    public void dml(int rowsChanged) {
        if (rowsChanged > 0) pendingWrites++;
        else pendingOther++;
    }

    /** Explicit COMMITs the transaction in flight sent; compared with the server's counter after each repeat. */
    public void commits(int n) {
        pendingCommits += n;
    }

    /** Statements that ran in autocommit mode, each its own transaction on the server. */
    public void autocommits(int n) {
        pendingAutocommits += n;
    }

    /** Owner thread only: the statements the transaction in flight issued so far (reads, writes and other). */
    public long pendingStatements() {
        return pendingReads + pendingWrites + pendingOther;
    }

    /**
     * Owner thread only: makes pending statements visible without a finished transaction: after a failed
     * transaction (the statements it did issue still count) or a final flush.
     */
    public void publishStatements() {
        pendingQueueNanos = -1; // the failed transaction's wait: it is not timed
        beginPublish();
        addStatements();
        endPublish();
    }

    private void addStatements() {
        pendingIdleNanos = 0;
        if (pendingReads != 0) add(READS, pendingReads);
        if (pendingWrites != 0) add(WRITES, pendingWrites);
        if (pendingOther != 0) add(OTHER, pendingOther);
        if (pendingCommits != 0) add(COMMITS, pendingCommits);
        if (pendingAutocommits != 0) add(AUTOCOMMITS, pendingAutocommits);
        for (int i = 0; i < pendingType.length; i++) {
            if (pendingType[i] != 0) {
                add(TYPE_BASE + i, pendingType[i]);
                pendingType[i] = 0;
            }
        }
        pendingReads = pendingWrites = pendingOther = pendingCommits = pendingAutocommits = 0;
    }

    /** Owner thread only: one committed transaction of {@code type} that took {@code nanos}. */
    public void event(int type, long nanos) {
        finish(type, COUNT, nanos, -1);
    }

    /**
     * Owner thread only, rate-limited runs: {@code nanos} from the intended start (free of coordinated omission) and
     * {@code serviceNanos} from the moment the transaction actually began, on statistics made with serviceTimes;
     * a negative {@code serviceNanos} records no service time (as {@link #event(int, long)}).
     */
    public void event(int type, long nanos, long serviceNanos) {
        finish(type, COUNT, nanos, serviceNanos);
    }

    /** Owner thread only: a transaction that ended in an expected rollback: an event, but not a committed one. */
    public void rollback(int type, long nanos) {
        finish(type, ROLLBACKS, nanos, -1);
    }

    /** As {@link #rollback(int, long)}, with the service time of a rate-limited run. */
    public void rollback(int type, long nanos, long serviceNanos) {
        finish(type, ROLLBACKS, nanos, serviceNanos);
    }

    /**
     * Publishes the transaction: its statements, the event, its outcome counter and its latency (idle time
     * excluded). The latency is recorded inside the publication, so {@link #harvest(Histogram[], Histogram[])} sees
     * a histogram and counters that hold exactly the same transactions.
     */
    private void finish(int type, int outcome, long nanos, long serviceNanos) {
        long idle = takeIdle();
        nanos -= idle;
        beginPublish();
        addStatements();
        add(EVENTS, 1);
        add(LATENCY_NS, nanos);
        if (nanos > lateAboveNanos) add(LATE, 1); // pgbench: late when strictly above the limit
        if (serviceNanos >= 0) lag(nanos + idle - serviceNanos);
        add(typeSlot(type, outcome), 1);
        long service = serviceNanos >= 0 ? micros(serviceNanos - idle) : -1;
        long queue = pendingQueueNanos >= 0 && queueRecorders.length > 0 ? micros(pendingQueueNanos) : -1;
        long end = ringEnd[type], unread = end - ringRead.get(type); // the reporter only lowers it meanwhile
        int slots = slots(ring);
        if (unread >= slots && slots < maxRing) slots = grow(slots);
        if (unread < slots) {
            int at = at(type, end, slots);
            ring[at] = micros(nanos);
            if (serviceSlot > 0) ring[at + serviceSlot] = service;
            if (queueSlot > 0) ring[at + queueSlot] = queue;
            ringEnd[type] = end + 1;
        } else {
            recorders[type].recordValue(micros(nanos));
            if (service >= 0 && serviceRecorders[type] != null) serviceRecorders[type].recordValue(service);
            if (queue >= 0) queueRecorders[type].recordValue(queue);
            overflows[type]++;
        }
        pendingQueueNanos = -1;
        endPublish();
    }

    /** Inside a publication: the schedule lag of a rate-limited transaction (its actual start minus its intended one). */
    private void lag(long nanos) {
        add(LAG_NS, nanos);
        if (nanos > counters.getPlain(LAG_MAX_NS)) counters.lazySet(LAG_MAX_NS, nanos);
    }

    /**
     * Owner thread only, inside a publication (so a harvest that overlaps it is repeated): doubles every type's ring,
     * carrying over the slots the reporter has not taken yet. Returns the new slots per type.
     */
    private int grow(int slots) {
        int wider = slots * 2, types = recorders.length;
        long[] next = new long[types * wider * width];
        for (int k = 0; k < types; k++) {
            for (long i = ringRead.get(k); i < ringEnd[k]; i++) {
                System.arraycopy(ring, at(k, i, slots), next, at(k, i, wider), width);
            }
        }
        ring = next;
        return wider;
    }

    /** Slots per type of ring {@code r}. */
    private int slots(long[] r) {
        return r.length / (recorders.length * width);
    }

    /** Where transaction {@code i} of type {@code k} sits in a ring (or its copy) of {@code slots} slots per type. */
    private int at(int k, long i, int slots) {
        return (k * slots + (int) (i & (slots - 1))) * width;
    }

    private static long micros(long nanos) {
        long micros = nanos / 1000;
        return micros < 1 ? 1 : Math.min(micros, MAX_MICROS);
    }

    private long takeIdle() {
        long idle = pendingIdleNanos;
        pendingIdleNanos = 0;
        return idle;
    }

    /**
     * Owner thread only: the transaction in flight waited {@code nanos} for a shared connection (connections=N). The
     * wait is inside its latency, as TPC-C's response time (5.3) runs from the end of the keying time, when the input is
     * submitted, to the end of the output (the think time follows the response and is never part of it); it is also recorded
     * on its own, on statistics made with queueTimes. Retries do not wait again.
     */
    public void queued(long nanos) {
        pendingQueueNanos = nanos;
    }

    /** Owner thread only: a wait the level's stop may cut begins. */
    public void enterWait() {
        if (state.getPlain() != STOPPED) state.set(WAITING);
    }

    /** Owner thread only: the wait ended; false when the level's stop took it (then nothing may be submitted). */
    public boolean leaveWait() {
        return state.compareAndSet(WAITING, BUSY) || state.get() == BUSY;
    }

    /** Any thread (the level's stop): true when the owner was waiting and now is stopped; the caller interrupts it. */
    public boolean stopIfWaiting() {
        return state.compareAndSet(WAITING, STOPPED);
    }


    /** Owner thread only: time inside the current event that is not latency (TPC-C keying time). */
    public void idle(long nanos) {
        pendingIdleNanos += nanos;
    }

    /** Owner thread only: TPC-C keying time before the transaction in flight of {@code type}: idle, and summed per type. */
    public void keying(int type, long nanos) {
        idle(nanos);
        pendingType[type * PER_TYPE + KEYING_NS] += nanos;
    }

    /** Owner thread only: TPC-C think time after the transaction in flight of {@code type}: idle, and summed per type. */
    public void thinking(int type, long nanos) {
        idle(nanos);
        pendingType[type * PER_TYPE + THINK_NS] += nanos;
    }

    private static int typeSlot(int type, int field) {
        return TYPE_BASE + type * PER_TYPE + field;
    }

    /**
     * Owner thread only: forgets the transaction in flight (its statements, idle time and outcome counters). For a
     * transaction cut off by the end of the level (its thread interrupted while it waited on the server): it is
     * not a result of the benchmark, so it is neither counted nor timed.
     */
    public void discardPending() {
        pendingReads = pendingWrites = pendingOther = pendingCommits = pendingAutocommits = pendingIdleNanos = 0;
        pendingQueueNanos = -1;
        java.util.Arrays.fill(pendingType, 0);
    }

    /**
     * Seqlock around multi-counter publications: odd while the owner writes. Every store is a release store
     * (lazySet), so the odd mark is visible before the counters it guards and the even mark after them.
     */
    private void beginPublish() {
        version.lazySet(version.getPlain() + 1);
        java.lang.invoke.VarHandle.storeStoreFence(); // the ring's plain stores stay after the odd mark
    }

    private void endPublish() {
        version.lazySet(version.getPlain() + 1);
    }

    /**
     * Any thread: every counter as of one instant between two publications, so statements and events always
     * describe whole transactions (qps = statements per transaction x tps, exactly).
     */
    public Snapshot snapshot() {
        long[] out = new long[counters.length()];
        while (true) {
            long before = version.get();
            if ((before & 1) == 0) {
                for (int i = 0; i < out.length; i++) out[i] = counters.get(i);
                if (version.get() == before) return new Snapshot(withPhaseUntil(out, clock.nanoTime()));
            }
            Thread.onSpinWait();
        }
    }

    /**
     * Reporter thread only: adds the latencies recorded since the last call to {@code into} (per type) and returns
     * every counter as of the same instant, so counters and histograms describe the same transactions. Harvesting
     * is repeated until no publication overlapped it; each harvest's values are kept, so nothing is lost. It needs a
     * gap of a few microseconds between two of the owner's publications: every round trip to a server gives one
     * (bulk_insert, whose events are buffer appends, gives one at each flush).
     *
     * @param recycled per type, the histogram handed back to the recorder (replaced in place)
     */
    public Snapshot harvest(Histogram[] recycled, Histogram[] into) {
        return harvest(recycled, into, new Histogram[0]);
    }

    /** As {@link #harvest(Histogram[], Histogram[])}, adding service times to {@code intoService} (empty: none). */
    public Snapshot harvest(Histogram[] recycled, Histogram[] into, Histogram[] intoService) {
        return harvest(recycled, into, intoService, new Histogram[0]);
    }

    /** As {@link #harvest(Histogram[], Histogram[], Histogram[])}, adding queue times to {@code intoQueue} (empty: none). */
    public Snapshot harvest(Histogram[] recycled, Histogram[] into, Histogram[] intoService, Histogram[] intoQueue) {
        return harvest(recycled, into, intoService, intoQueue, new Scratch());
    }

    /**
     * The reporter's room for copying a ring out, grown to the largest ring it met (the reporter keeps one for all its
     * threads, and allocates only when a thread's ring has grown past it).
     */
    public static final class Scratch {
        private long[] longs = new long[0];

        long[] atLeast(int n) {
            if (longs.length < n) longs = new long[n];
            return longs;
        }
    }

    /**
     * As {@link #harvest(Histogram[], Histogram[], Histogram[], Histogram[])}, copying the ring through {@code room}.
     * A type's recorder is walked only when the owner overflowed its largest ring since its last harvest, so a harvest
     * costs a few reads per type plus one histogram record per transaction of the interval, whatever the number of
     * threads.
     */
    public Snapshot harvest(Histogram[] recycled, Histogram[] into, Histogram[] intoService, Histogram[] intoQueue,
                            Scratch room) {
        return harvest(recycled, into, intoService, intoQueue, room, clock.nanoTime());
    }

    /** As {@link #harvest(Histogram[], Histogram[], Histogram[], Histogram[], Scratch)}, the phase in progress counted up to {@code now}. */
    public Snapshot harvest(Histogram[] recycled, Histogram[] into, Histogram[] intoService, Histogram[] intoQueue,
                            Scratch room, long now) {
        long[] out = new long[counters.length()];
        int types = recorders.length;
        long[] from = harvestFrom, to = harvestTo;
        while (true) {
            long before = version.get();
            if ((before & 1) == 0) {
                long[] r = ring; // replaced only inside a publication, which the version check below detects
                int slots = slots(r);
                long[] scratch = room.atLeast(r.length);
                for (int k = 0; k < types; k++) {
                    long over = overflows[k];
                    if (over != overflowsHarvested[k]) {
                        // swapped values are added at once: a retry takes only what came after them
                        drainRecorders(k, recycled, into, intoService, intoQueue);
                        overflowsHarvested[k] = over;
                    }
                    from[k] = ringRead.get(k);
                    to[k] = ringEnd[k];
                    for (long i = from[k]; i < to[k]; i++) {
                        int at = at(k, i, slots);
                        System.arraycopy(r, at, scratch, at, width);
                    }
                }
                for (int i = 0; i < out.length; i++) out[i] = counters.get(i);
                java.lang.invoke.VarHandle.loadLoadFence(); // the ring's plain loads stay before the check
                if (version.get() == before) {
                    for (int k = 0; k < types; k++) {
                        for (long i = from[k]; i < to[k]; i++) {
                            int at = at(k, i, slots);
                            into[k].recordValue(scratch[at]);
                            if (serviceSlot > 0 && k < intoService.length && scratch[at + serviceSlot] >= 0) {
                                intoService[k].recordValue(scratch[at + serviceSlot]);
                            }
                            if (queueSlot > 0 && k < intoQueue.length && scratch[at + queueSlot] >= 0) {
                                intoQueue[k].recordValue(scratch[at + queueSlot]);
                            }
                        }
                        // a release store: the owner may reuse these slots only after they were copied out
                        if (to[k] != from[k]) ringRead.lazySet(k, to[k]);
                    }
                    return new Snapshot(withPhaseUntil(out, now));
                }
            }
            Thread.onSpinWait();
        }
    }

    private void drainRecorders(int k, Histogram[] recycled, Histogram[] into, Histogram[] intoService, Histogram[] intoQueue) {
        Histogram h = recorders[k].getIntervalHistogram(recycled[k]);
        recycled[k] = h;
        into[k].add(h);
        if (k < intoService.length && serviceRecorders[k] != null) {
            Histogram sh = serviceRecorders[k].getIntervalHistogram(recycledService[k]);
            recycledService[k] = sh;
            intoService[k].add(sh);
        }
        if (k < intoQueue.length) {
            Histogram qh = queueRecorders[k].getIntervalHistogram(recycledQueue[k]);
            recycledQueue[k] = qh;
            intoQueue[k].add(qh);
        }
    }

    public static Histogram newHistogram() {
        return new Histogram(DIGITS);
    }
}
