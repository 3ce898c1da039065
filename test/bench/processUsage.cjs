// Loaded with `node --require` into a command whose start-up the CLI benchmark measures
// (test/bench/cliStart.ts): at exit it writes one line to stderr, `BENCH usage {json}`, with the
// process's CPU time (user and system, since it started) and its peak resident set, as the kernel
// counts them. A CommonJS preload, so that it loads nothing the command itself would not: an ES
// module preload would start Node's ES module loader in every process, the floor's included.
'use strict';
const { writeSync } = require('node:fs');

process.on('exit', () => {
  const { userCPUTime, systemCPUTime, maxRSS } = process.resourceUsage();
  const usage = { cpuMs: (userCPUTime + systemCPUTime) / 1000, maxRssBytes: maxRSS * 1024 };
  writeSync(2, `BENCH usage ${JSON.stringify(usage)}\n`);
});
