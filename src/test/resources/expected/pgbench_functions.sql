-- Issue 43: pgbench 15's own values of its functions (FunctionsTest). Made with:
--   psql -d DB -c "create table h43c_v(name text, v numeric)"
--   pgbench -n -t 1 -f src/test/resources/expected/pgbench_functions.sql DB
--   psql -d DB -tAc "select name, v from h43c_v"
-- gave a|-3251795447530343920 b|-55488592825689361 c|-4555786017548772880 d|6 e|6 f|-6 g|-3 h|-1 i|2.5 j|4
\set a hash(42, 0)
\set b hash_fnv1a(42, 0)
\set c hash_murmur2(-7, 123)
\set d int(5.5)
\set e int(6.5)
\set f int(-5.5)
\set g 7 / -2
\set h -7 % 3
\set i least(3, 2.5)
\set j abs(-4)
INSERT INTO h43c_v VALUES ('a', :a), ('b', :b), ('c', :c), ('d', :d), ('e', :e), ('f', :f), ('g', :g), ('h', :h), ('i', :i), ('j', :j);
