// Loaded with `node --import` into a command whose memory the upload benchmark measures
// (test/bench/uploadMemory.ts): at exit it writes one line to stderr, `BENCH memory {json}`, with
// the process's peak resident set (the kernel's own maximum, as `/usr/bin/time -v` reports it),
// the highest V8 heap seen, and the most heap still in use just after a full (major) collection.
// The peak counts garbage not yet collected, which V8 lets grow the longer a process allocates;
// what survives a full collection is what the command keeps, the number that would grow with the
// file if it held what it read. V8 keeps no peak of its heap, so the heap is sampled; the timer
// is unref'd so that it never keeps the command alive, and a sample is taken at exit too.
import { writeSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

const heapUsed = () => getHeapStatistics().used_heap_size;
let peakHeap = 0;
/** Null until a full collection has happened (a short command may need none). */
let keptHeap = null;
const sample = () => {
  peakHeap = Math.max(peakHeap, heapUsed());
};
setInterval(sample, 5).unref();
// Observed entries arrive a little after their collection: close enough, at a batch's scale.
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      keptHeap = Math.max(keptHeap ?? 0, heapUsed());
}).observe({ entryTypes: ['gc'] });

process.on('exit', () => {
  sample();
  const memory = {
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    peakHeapBytes: peakHeap,
    keptHeapBytes: keptHeap,
  };
  // Synchronous: nothing asynchronous runs once `exit` is emitted.
  writeSync(2, `BENCH memory ${JSON.stringify(memory)}\n`);
});
