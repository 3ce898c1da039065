// Bytes a task allocates, garbage included, from V8's sampling heap profiler (over the inspector,
// in this process). Not time: allocation does not depend on how busy the machine is, so tests can
// compare sizes of input without being flaky on a shared machine. Sampling every 8 KB makes
// the count an estimate, within a few percent at the megabytes compared here.
import { Session } from 'node:inspector';

interface ProfileNode {
  readonly selfSize: number;
  readonly children: readonly ProfileNode[];
}

let session: Session | undefined;

function post<T>(method: string, params?: object): T {
  if (!session) {
    session = new Session();
    session.connect();
  }
  const outcome: { error: Error | null; result?: T } = { error: null };
  // A session in the same thread answers synchronously.
  session.post(method, params, (error, answer) => {
    outcome.error = error;
    outcome.result = answer as T;
  });
  if (outcome.error) throw outcome.error;
  return outcome.result as T;
}

function totalSize(head: ProfileNode): number {
  let total = 0;
  const stack = [head];
  for (let node = stack.pop(); node; node = stack.pop()) {
    total += node.selfSize;
    for (const child of node.children) stack.push(child);
  }
  return total;
}

/** What `task` allocates, in bytes: collected garbage counts too. */
export function allocatedBytes(task: () => unknown): number {
  post('HeapProfiler.enable');
  post('HeapProfiler.startSampling', {
    samplingInterval: 8192,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  let head: ProfileNode | undefined;
  try {
    task();
  } finally {
    head = post<{ profile: { head: ProfileNode } }>('HeapProfiler.stopSampling').profile.head;
  }
  return totalSize(head);
}
