-- CH-benCHmark's 22 analytic queries (Cole et al., DBTest 2011) over BenchmarkSQL's bmsql_* tables and CH's
-- bmsql_supplier, bmsql_nation and bmsql_region. Each query's adaptation is written above it; the same text runs on
-- every engine. Placeholders filled once per level, never on the query path:
--   {since}  a bound before every row: the data's first order entry, less one day (bound as a timestamp parameter);
--   {until}  a bound after every row the run can write: the level's start, plus one year (a timestamp parameter);
--   {cs X}   X compared case-sensitively: MySQL-family collations ignore case in LIKE, PostgreSQL's do not, and the
--            loader's i_data and su_comment mix cases (the dialect's caseSensitive(X)).
-- Adaptations common to all: CH's fixed dates ('2007-01-02' to '2012-01-02' or '2020-01-01') were chosen to cover the
-- whole data set when the paper was written; here they are {since} and {until}, which keep that meaning on data
-- loaded today. ORDER BY gains keys where rows could tie, so that the rows compare in order.

-- Q1: per order-line number, quantities and amounts of delivered lines.
select ol_number, sum(ol_quantity) as sum_qty, sum(ol_amount) as sum_amount, avg(ol_quantity) as avg_qty,
       avg(ol_amount) as avg_amount, count(*) as count_order
from bmsql_order_line
where ol_delivery_d > {since}
group by ol_number
order by ol_number;

-- Q2: per item, the European supplier with the least stock. Adapted: i_data compared case-sensitively.
select su_suppkey, su_name, n_name, i_id, i_name, su_address, su_phone, su_comment
from bmsql_item, bmsql_supplier, bmsql_stock, bmsql_nation, bmsql_region,
     (select s_i_id as m_i_id, min(s_quantity) as m_s_quantity
      from bmsql_stock, bmsql_supplier, bmsql_nation, bmsql_region
      where mod(s_w_id * s_i_id, 10000) = su_suppkey and su_nationkey = n_nationkey and n_regionkey = r_regionkey
        and r_name like 'Europ%'
      group by s_i_id) m
where i_id = s_i_id and mod(s_w_id * s_i_id, 10000) = su_suppkey and su_nationkey = n_nationkey
  and n_regionkey = r_regionkey and {cs i_data} like '%b' and r_name like 'Europ%' and i_id = m_i_id
  and s_quantity = m_s_quantity
order by n_name, su_name, i_id;

-- Q3: revenue of undelivered orders of customers in states beginning with A. c_state is upper case (TPC-C 4.3.2.2
-- draws it from A-Z); go-tpc's 'a%' matches nothing on a case-sensitive collation.
select ol_o_id, ol_w_id, ol_d_id, sum(ol_amount) as revenue, o_entry_d
from bmsql_customer, bmsql_new_order, bmsql_oorder, bmsql_order_line
where c_state like 'A%' and c_id = o_c_id and c_w_id = o_w_id and c_d_id = o_d_id and no_w_id = o_w_id
  and no_d_id = o_d_id and no_o_id = o_id and ol_w_id = o_w_id and ol_d_id = o_d_id and ol_o_id = o_id
  and o_entry_d > {since}
group by ol_o_id, ol_w_id, ol_d_id, o_entry_d
order by revenue desc, o_entry_d, ol_w_id, ol_d_id, ol_o_id;

-- Q4: orders with a line delivered on or after entry, by line count.
select o_ol_cnt, count(*) as order_count
from bmsql_oorder
where o_entry_d >= {since} and o_entry_d < {until}
  and exists (select * from bmsql_order_line
              where o_id = ol_o_id and o_w_id = ol_w_id and o_d_id = ol_d_id and ol_delivery_d >= o_entry_d)
group by o_ol_cnt
order by o_ol_cnt;

-- Q5: European revenue where customer and supplier share a nation (a customer's nation is the first letter of c_state).
select n_name, sum(ol_amount) as revenue
from bmsql_customer, bmsql_oorder, bmsql_order_line, bmsql_stock, bmsql_supplier, bmsql_nation, bmsql_region
where c_id = o_c_id and c_w_id = o_w_id and c_d_id = o_d_id and ol_o_id = o_id and ol_w_id = o_w_id
  and ol_d_id = o_d_id and ol_w_id = s_w_id and ol_i_id = s_i_id and mod(s_w_id * s_i_id, 10000) = su_suppkey
  and ascii(substr(c_state, 1, 1)) = su_nationkey and su_nationkey = n_nationkey and n_regionkey = r_regionkey
  and r_name = 'Europe' and o_entry_d >= {since}
group by n_name
order by revenue desc, n_name;

-- Q6: revenue of delivered lines. Adapted: CH's upper bound '2020-01-01' is {until}.
select sum(ol_amount) as revenue
from bmsql_order_line
where ol_delivery_d >= {since} and ol_delivery_d < {until} and ol_quantity between 1 and 100000;

-- Q7: trade between Germany and Cambodia by year.
select su_nationkey as supp_nation, substr(c_state, 1, 1) as cust_nation, extract(year from o_entry_d) as l_year,
       sum(ol_amount) as revenue
from bmsql_supplier, bmsql_stock, bmsql_order_line, bmsql_oorder, bmsql_customer, bmsql_nation n1, bmsql_nation n2
where ol_supply_w_id = s_w_id and ol_i_id = s_i_id and mod(s_w_id * s_i_id, 10000) = su_suppkey
  and ol_w_id = o_w_id and ol_d_id = o_d_id and ol_o_id = o_id and c_id = o_c_id and c_w_id = o_w_id
  and c_d_id = o_d_id and su_nationkey = n1.n_nationkey and ascii(substr(c_state, 1, 1)) = n2.n_nationkey
  and ((n1.n_name = 'Germany' and n2.n_name = 'Cambodia') or (n1.n_name = 'Cambodia' and n2.n_name = 'Germany'))
  and ol_delivery_d between {since} and {until}
group by su_nationkey, substr(c_state, 1, 1), extract(year from o_entry_d)
order by su_nationkey, cust_nation, l_year;

-- Q8: Germany's share of European customers' revenue by year. Adapted: i_data compared case-sensitively; the share
-- divides by nullif(sum, 0), since PostgreSQL refuses a division by zero where MySQL returns NULL.
select extract(year from o_entry_d) as l_year,
       sum(case when n2.n_name = 'Germany' then ol_amount else 0 end) / nullif(sum(ol_amount), 0) as mkt_share
from bmsql_item, bmsql_supplier, bmsql_stock, bmsql_order_line, bmsql_oorder, bmsql_customer, bmsql_nation n1,
     bmsql_nation n2, bmsql_region
where i_id = s_i_id and ol_i_id = s_i_id and ol_supply_w_id = s_w_id and mod(s_w_id * s_i_id, 10000) = su_suppkey
  and ol_w_id = o_w_id and ol_d_id = o_d_id and ol_o_id = o_id and c_id = o_c_id and c_w_id = o_w_id
  and c_d_id = o_d_id and n1.n_nationkey = ascii(substr(c_state, 1, 1)) and n1.n_regionkey = r_regionkey
  and ol_i_id < 1000 and r_name = 'Europe' and su_nationkey = n2.n_nationkey
  and o_entry_d between {since} and {until} and {cs i_data} like '%b' and i_id = ol_i_id
group by extract(year from o_entry_d)
order by l_year;

-- Q9: amount by supplier nation and year for items whose data ends in BB. Adapted: i_data compared case-sensitively.
select n_name, extract(year from o_entry_d) as l_year, sum(ol_amount) as sum_profit
from bmsql_item, bmsql_stock, bmsql_supplier, bmsql_order_line, bmsql_oorder, bmsql_nation
where ol_i_id = s_i_id and ol_supply_w_id = s_w_id and mod(s_w_id * s_i_id, 10000) = su_suppkey
  and ol_w_id = o_w_id and ol_d_id = o_d_id and ol_o_id = o_id and ol_i_id = i_id and su_nationkey = n_nationkey
  and {cs i_data} like '%BB'
group by n_name, extract(year from o_entry_d)
order by n_name, l_year desc;

-- Q10: customers by revenue of lines delivered on or after entry.
select c_id, c_last, sum(ol_amount) as revenue, c_city, c_phone, n_name
from bmsql_customer, bmsql_oorder, bmsql_order_line, bmsql_nation
where c_id = o_c_id and c_w_id = o_w_id and c_d_id = o_d_id and ol_w_id = o_w_id and ol_d_id = o_d_id
  and ol_o_id = o_id and o_entry_d >= {since} and o_entry_d <= ol_delivery_d
  and n_nationkey = ascii(substr(c_state, 1, 1))
group by c_id, c_last, c_city, c_phone, n_name
order by revenue desc, c_id, c_last, c_city, c_phone;

-- Q11: German suppliers' items ordered most. Empty on a freshly loaded data set: TPC-C 4.3.3.1 loads every
-- s_order_cnt as 0, so no item exceeds 0.5% of a zero total; New-Order raises the counts.
select s_i_id, sum(s_order_cnt) as ordercount
from bmsql_stock, bmsql_supplier, bmsql_nation
where mod(s_w_id * s_i_id, 10000) = su_suppkey and su_nationkey = n_nationkey and n_name = 'Germany'
group by s_i_id
having sum(s_order_cnt) > (select sum(s_order_cnt) * .005
                           from bmsql_stock, bmsql_supplier, bmsql_nation
                           where mod(s_w_id * s_i_id, 10000) = su_suppkey and su_nationkey = n_nationkey
                             and n_name = 'Germany')
order by ordercount desc, s_i_id;

-- Q12: delivered lines by carrier priority and line count. Adapted: CH's upper bound '2020-01-01' is {until}.
select o_ol_cnt,
       sum(case when o_carrier_id = 1 or o_carrier_id = 2 then 1 else 0 end) as high_line_count,
       sum(case when o_carrier_id <> 1 and o_carrier_id <> 2 then 1 else 0 end) as low_line_count
from bmsql_oorder, bmsql_order_line
where ol_w_id = o_w_id and ol_d_id = o_d_id and ol_o_id = o_id and o_entry_d <= ol_delivery_d
  and ol_delivery_d < {until}
group by o_ol_cnt
order by o_ol_cnt;

-- Q13: how many customers have how many orders of carrier 9 or 10.
select c_count, count(*) as custdist
from (select c_id, count(o_id) as c_count
      from bmsql_customer left outer join bmsql_oorder
        on (c_w_id = o_w_id and c_d_id = o_d_id and c_id = o_c_id and o_carrier_id > 8)
      group by c_id) c_orders
group by c_count
order by custdist desc, c_count desc;

-- Q14: promotion revenue share. Adapted: i_data compared case-sensitively; CH's upper bound '2020-01-02' is {until}.
select 100.00 * sum(case when {cs i_data} like 'PR%' then ol_amount else 0 end) / (1 + sum(ol_amount)) as promo_revenue
from bmsql_order_line, bmsql_item
where ol_i_id = i_id and ol_delivery_d >= {since} and ol_delivery_d < {until};

-- Q15: the suppliers with the highest revenue. Adapted: CH's view revenue0 is a common table expression, so that no
-- object outside the data set is needed (BenchBase's CH names a view it may not have created: its issue #318).
with revenue0 (supplier_no, total_revenue) as (
  select mod(s_w_id * s_i_id, 10000) as supplier_no, sum(ol_amount) as total_revenue
  from bmsql_order_line, bmsql_stock
  where ol_i_id = s_i_id and ol_supply_w_id = s_w_id and ol_delivery_d >= {since}
  group by mod(s_w_id * s_i_id, 10000))
select su_suppkey, su_name, su_address, su_phone, total_revenue
from bmsql_supplier, revenue0
where su_suppkey = supplier_no and total_revenue = (select max(total_revenue) from revenue0)
order by su_suppkey;

-- Q16: suppliers per item brand and price, leaving out suppliers with complaints. Adapted: i_data and su_comment
-- compared case-sensitively.
select i_name, substr(i_data, 1, 3) as brand, i_price, count(distinct mod(s_w_id * s_i_id, 10000)) as supplier_cnt
from bmsql_stock, bmsql_item
where i_id = s_i_id and {cs i_data} not like 'zz%'
  and mod(s_w_id * s_i_id, 10000) not in (select su_suppkey from bmsql_supplier where {cs su_comment} like '%bad%')
group by i_name, substr(i_data, 1, 3), i_price
order by supplier_cnt desc, i_name, brand, i_price;

-- Q17: yearly amount of small orders of items whose data ends in b. One row of NULL on a freshly loaded data set:
-- TPC-C 4.3.3.1 loads every ol_quantity as 5, so none is below its item's average; New-Order draws 1 to 10.
-- Adapted: i_data compared case-sensitively.
select sum(ol_amount) / 2.0 as avg_yearly
from bmsql_order_line,
     (select i_id, avg(ol_quantity) as a
      from bmsql_item, bmsql_order_line
      where {cs i_data} like '%b' and ol_i_id = i_id
      group by i_id) t
where ol_i_id = t.i_id and ol_quantity < t.a;

-- Q18: large orders.
select c_last, c_id, o_id, o_entry_d, o_ol_cnt, sum(ol_amount) as amount_sum
from bmsql_customer, bmsql_oorder, bmsql_order_line
where c_id = o_c_id and c_w_id = o_w_id and c_d_id = o_d_id and ol_w_id = o_w_id and ol_d_id = o_d_id
  and ol_o_id = o_id
group by o_id, o_w_id, o_d_id, c_id, c_last, o_entry_d, o_ol_cnt
having sum(ol_amount) > 200
order by amount_sum desc, o_entry_d, o_w_id, o_d_id, o_id;

-- Q19: revenue of three item and warehouse groups. Adapted: i_data compared case-sensitively.
select sum(ol_amount) as revenue
from bmsql_order_line, bmsql_item
where (ol_i_id = i_id and {cs i_data} like '%a' and ol_quantity >= 1 and ol_quantity <= 10
       and i_price between 1 and 400000 and ol_w_id in (1, 2, 3))
   or (ol_i_id = i_id and {cs i_data} like '%b' and ol_quantity >= 1 and ol_quantity <= 10
       and i_price between 1 and 400000 and ol_w_id in (1, 2, 4))
   or (ol_i_id = i_id and {cs i_data} like '%c' and ol_quantity >= 1 and ol_quantity <= 10
       and i_price between 1 and 400000 and ol_w_id in (1, 5, 3));

-- Q20: German suppliers of stock that sold more than half of it. Adapted: i_data compared case-sensitively; CH's
-- '2010-05-23 12:00:00' (a recent delivery when CH was written) is {since}, every delivery. Sparse: 'co%' matches one
-- item in 3,844 (26 of 100,000) and one supplier in 62 is German, so a warehouse adds 0.4 rows on average; at one
-- warehouse it is often empty (randSeed 1 and 11 give none).
select su_name, su_address
from bmsql_supplier, bmsql_nation
where su_suppkey in (select mod(s_i_id * s_w_id, 10000)
                     from bmsql_stock, bmsql_order_line
                     where s_i_id in (select i_id from bmsql_item where {cs i_data} like 'co%')
                       and ol_i_id = s_i_id and ol_delivery_d > {since}
                     group by s_i_id, s_w_id, s_quantity
                     having 2 * s_quantity > sum(ol_quantity))
  and su_nationkey = n_nationkey and n_name = 'Germany'
order by su_name, su_address;

-- Q21: German suppliers who kept orders waiting. Empty on a freshly loaded data set: TPC-C 4.3.3.1 sets every
-- delivered line's ol_delivery_d to its order's o_entry_d, so none is later; Delivery stamps its own time.
select su_name, count(*) as numwait
from bmsql_supplier, bmsql_order_line l1, bmsql_oorder, bmsql_stock, bmsql_nation
where ol_o_id = o_id and ol_w_id = o_w_id and ol_d_id = o_d_id and ol_w_id = s_w_id and ol_i_id = s_i_id
  and mod(s_w_id * s_i_id, 10000) = su_suppkey and l1.ol_delivery_d > o_entry_d
  and not exists (select * from bmsql_order_line l2
                  where l2.ol_o_id = l1.ol_o_id and l2.ol_w_id = l1.ol_w_id and l2.ol_d_id = l1.ol_d_id
                    and l2.ol_delivery_d > l1.ol_delivery_d)
  and su_nationkey = n_nationkey and n_name = 'Germany'
group by su_name
order by numwait desc, su_name;

-- Q22: customers without orders, by country. Always empty on TPC-C data, published as is: every customer is loaded
-- with an order (4.3.3.1) and no transaction deletes one.
select substr(c_state, 1, 1) as country, count(*) as numcust, sum(c_balance) as totacctbal
from bmsql_customer
where substr(c_phone, 1, 1) in ('1', '2', '3', '4', '5', '6', '7')
  and c_balance > (select avg(c_balance) from bmsql_customer
                   where c_balance > 0.00 and substr(c_phone, 1, 1) in ('1', '2', '3', '4', '5', '6', '7'))
  and not exists (select * from bmsql_oorder where o_c_id = c_id and o_w_id = c_w_id and o_d_id = c_d_id)
group by substr(c_state, 1, 1)
order by substr(c_state, 1, 1);
