-- Prints wrk's totals as one JSON line when a run ends (bench/lib/load.ts reads it).
-- Only done() is defined: a response() hook would make wrk copy every body
-- into Lua, which cut a 690 KB page's throughput by two thirds here.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"bytes":%d,"durationUs":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latencyUs":{"p50":%d,"p99":%d}}\n',
    summary.requests, summary.bytes, summary.duration,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
