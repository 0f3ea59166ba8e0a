-- Prints how often each value 1..100 is drawn in 100,000 draws of each sysbench 1.0.20 distribution.
-- sysbench --rand-seed=1 --threads=1 --events=1 draws.lua run | grep -E '^(uniform|gaussian|special|pareto) ' > draws-1.0.20.txt
function event()
end

function thread_init()
end

sysbench.hooks.report_cumulative = function() end

function prepare() end

function sysbench.hooks.before_restart_event() end

local function histogram(name, f)
   local h = {}
   for i = 1, 100 do h[i] = 0 end
   for i = 1, 100000 do
      local v = f(1, 100)
      h[v] = h[v] + 1
   end
   local out = {}
   for i = 1, 100 do out[i] = tostring(h[i]) end
   print(name .. " " .. table.concat(out, " "))
end

function thread_run()
   histogram("uniform", sysbench.rand.uniform)
   histogram("gaussian", sysbench.rand.gaussian)
   histogram("special", sysbench.rand.special)
   histogram("pareto", sysbench.rand.pareto)
end
