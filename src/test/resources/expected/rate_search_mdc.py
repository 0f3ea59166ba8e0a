# The expected p99 of SweepSearchTest.aRateSearchFindsTheRateWhereTheQueueBreaksTheLimit, simulated apart from oltpbench:
# python3 src/test/resources/expected/rate_search_mdc.py
# M/D/4 FIFO queue: Poisson arrivals at rate r, 4 servers of 1 ms each; response = wait + 1 ms.
# p99 of the response over an 8-s window, over 40 windows per rate (each started empty, as a probe starts).
import heapq, random, statistics
def p99(rate, secs=8.0, slots=4, service=0.001, seed=1):
    rnd = random.Random(seed); free = [0.0] * slots; t = 0.0; resp = []
    while True:
        t += rnd.expovariate(rate)
        if t >= secs: break
        f = heapq.heappop(free); begin = max(t, f); heapq.heappush(free, begin + service); resp.append(begin + service - t)
    resp.sort(); return 1000 * resp[int(0.99 * len(resp))]
for rate in (500, 1000, 2000, 3000, 3250, 3500, 3750, 4000):
    xs = [p99(rate, seed=s) for s in range(40)]
    print(rate, "median p99 %.2f ms, 5%%-95%% %.2f-%.2f" % (statistics.median(xs), sorted(xs)[2], sorted(xs)[37]))
