package org.oltpbench.workload.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Issue 60: what each HammerDB call binds is what its statement's placeholders ask, position by position, on both
 * families: HammerDB's PAYMENT and OSTAT take the customer's id and last name in different places (the MySQL family's as
 * INOUT session variables set first, PostgreSQL's as arguments).
 */
class HammerDbCallsTest {
    /** A statement that records each parameter it is given: index to value. */
    private static PreparedStatement recording(Map<Integer, Object> into) {
        return (PreparedStatement) Proxy.newProxyInstance(HammerDbCallsTest.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class}, (proxy, m, args) -> {
                    if (m.getName().startsWith("set") && args != null && args.length >= 2 && args[0] instanceof Integer i) {
                        into.put(i, m.getName().equals("setNull") ? "NULL" : args[1]);
                    }
                    return null;
                });
    }

    private static int placeholders(String sql) {
        return sql == null ? 0 : (int) sql.chars().filter(ch -> ch == '?').count();
    }

    @Test
    void paymentAndOrderStatusBindEveryPlaceholderOnce() throws Exception {
        CustomerLookup.Named byName = new CustomerLookup.Named("BARBARBAR", 0), byId = new CustomerLookup.Named(null, 12);
        Map<String, String> expected = Map.of(
                "MYSQL payment byName", "before {1=0, 2=BARBARBAR} call {1=1, 2=4, 3=2, 4=5, 5=1, 6=2500}",
                "MYSQL payment byId", "before {1=12, 2=NULL} call {1=1, 2=4, 3=2, 4=5, 5=0, 6=2500}",
                "MYSQL ostat byName", "before {1=0, 2=BARBARBAR} call {1=1, 2=4, 3=1}",
                "MYSQL ostat byId", "before {1=12, 2=NULL} call {1=1, 2=4, 3=0}",
                "PLPGSQL payment byName", "before {} call {1=1, 2=4, 3=2, 4=5, 5=0, 6=1, 7=2500, 8=BARBARBAR}",
                "PLPGSQL payment byId", "before {} call {1=1, 2=4, 3=2, 4=5, 5=12, 6=0, 7=2500, 8=}",
                "PLPGSQL ostat byName", "before {} call {1=1, 2=4, 3=0, 4=1, 5=BARBARBAR}",
                "PLPGSQL ostat byId", "before {} call {1=1, 2=4, 3=12, 4=0, 5=}");
        for (HammerDbCalls calls : HammerDbCalls.values()) {
            for (CustomerLookup.Named c : new CustomerLookup.Named[] {byName, byId}) {
                String who = c.byName() ? "byName" : "byId";
                Map<Integer, Object> before = new TreeMap<>(), call = new TreeMap<>();
                calls.payment(recording(before), recording(call), 1, 4, 2, 5, c, 2500);
                check(expected.get(calls + " payment " + who), before, call,
                        calls.before(TpccProcedures.Routine.PAYMENT), calls.call(TpccProcedures.Routine.PAYMENT));
                before.clear();
                call.clear();
                calls.orderStatus(recording(before), recording(call), 1, 4, c);
                check(expected.get(calls + " ostat " + who), before, call,
                        calls.before(TpccProcedures.Routine.OSTAT), calls.call(TpccProcedures.Routine.OSTAT));
            }
        }
    }

    private static void check(String expected, Map<Integer, Object> before, Map<Integer, Object> call, String beforeSql,
                              String callSql) {
        assertEquals(expected, "before " + before + " call " + call);
        assertEquals(placeholders(beforeSql), before.size(), beforeSql);
        assertEquals(placeholders(callSql), call.size(), callSql);
    }

    /** New-Order, Delivery and Stock-Level: no statement before, and as many placeholders as their Txn binds. */
    @Test
    void theOtherCallsTakeTheirInputsInOrder() {
        for (HammerDbCalls calls : HammerDbCalls.values()) {
            assertEquals(5, placeholders(calls.call(TpccProcedures.Routine.NEWORD)), "w, max_w, d, c, ol_cnt");
            assertEquals(2, placeholders(calls.call(TpccProcedures.Routine.DELIVERY)), "w, carrier");
            assertEquals(3, placeholders(calls.call(TpccProcedures.Routine.SLEV)), "w, d, threshold");
            for (TpccProcedures.Routine r : new TpccProcedures.Routine[] {TpccProcedures.Routine.NEWORD,
                    TpccProcedures.Routine.DELIVERY, TpccProcedures.Routine.SLEV}) {
                assertNull(calls.before(r));
            }
        }
    }
}
