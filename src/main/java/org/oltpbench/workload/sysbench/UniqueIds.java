package org.oltpbench.workload.sysbench;

/**
 * sysbench's unique random sequence (sb_rand_unique, after Preshing's quadratic-residue permutation):
 * a bijection of 32-bit indexes, so distinct indexes give distinct ids in [0, 2^32).
 */
final class UniqueIds {
    private static final long PRIME = 4294967291L;
    private final long start, offset;

    UniqueIds(long seedIndex, long seedOffset) {
        this.start = permute((permute(seedIndex & 0xFFFFFFFFL) + 0x682f0161L) & 0xFFFFFFFFL);
        this.offset = permute((permute(seedOffset & 0xFFFFFFFFL) + 0x46790905L) & 0xFFFFFFFFL);
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
