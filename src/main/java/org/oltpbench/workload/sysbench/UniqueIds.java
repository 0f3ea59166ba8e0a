package org.oltpbench.workload.sysbench;

/**
 * sysbench's unique random sequence (sb_rand_unique, after Preshing's quadratic-residue permutation):
 * a bijection of 32-bit indexes, so distinct indexes give distinct ids in [0, 2^32).
 */
final class UniqueIds {
    private static final long PRIME = 4294967291L;
    /** Indexes handed to terminals in blocks, so each n is drawn once per run across threads, levels and repeats. */
    static final int BLOCK = 1024;
    private final long start, offset;
    private final java.util.concurrent.atomic.AtomicLong claimed = new java.util.concurrent.atomic.AtomicLong();

    UniqueIds(long seedIndex, long seedOffset) {
        this.start = permute((permute(seedIndex & 0xFFFFFFFFL) + 0x682f0161L) & 0xFFFFFFFFL);
        this.offset = permute((permute(seedOffset & 0xFFFFFFFFL) + 0x46790905L) & 0xFFFFFFFFL);
    }

    /** The first of {@link #BLOCK} indexes no other caller of this instance gets. */
    long claimBlock() {
        return claimed.getAndAdd(BLOCK);
    }

    /** The id for the n-th draw. */
    long id(long n) {
        long index = (start + n) & 0xFFFFFFFFL;
        return permute(((permute(index) + offset) & 0xFFFFFFFFL) ^ 0x5bf03635L);
    }

    static long permute(long x) {
        if (x >= PRIME) return x;
        long residue = Long.remainderUnsigned(x * x, PRIME); // x < 2^32, so x * x fits 64 unsigned bits
        return x <= PRIME / 2 ? residue : PRIME - residue;
    }
}
