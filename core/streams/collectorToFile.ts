// Everything a collector holds, written to a file ("Read everything to a file"): a read
// from `earliest` that stops after the last stored document, each result written as it arrives
// (resultFile.ts). The read resumes by itself after a dropped connection (streamReader.ts), so the
// file holds each buffered document once. Shared by the extension and scripts; no VS Code here.
import type { MediaMonitoringClient } from '../api/client/client';
import { ResultFile, type ResultFileFormat } from './resultFile';

export interface CollectorToFile {
  readonly collectorId: string;
  readonly path: string;
  readonly format: ResultFileFormat;
  readonly signal?: AbortSignal;
  /** Told the count now and then (every 100 results), for progress. */
  readonly onProgress?: (count: number) => void;
  /** Told when the read reconnects, with why. */
  readonly onReconnect?: (reason: string) => void;
}

/** Results written; `complete` false when the signal ended the read first. */
export interface CollectorFileWritten {
  readonly count: number;
  readonly complete: boolean;
}

const PROGRESS_EVERY = 100;

export async function collectorToFile(
  client: Pick<MediaMonitoringClient, 'collectors'>,
  options: CollectorToFile,
): Promise<CollectorFileWritten> {
  const file = await ResultFile.open(options.path, options.format);
  try {
    const events = client.collectors.read(options.collectorId, {
      resumeOffset: 'earliest',
      endBehaviour: 'stop',
      ...(options.signal ? { signal: options.signal } : {}),
    });
    for await (const event of events) {
      if (event.kind === 'result') {
        await file.write(event.result);
        if (file.count % PROGRESS_EVERY === 0) options.onProgress?.(file.count);
      } else if (event.kind === 'error') {
        if (event.fatal) throw event.error;
      } else if (event.kind === 'reconnect') options.onReconnect?.(event.reason);
    }
    options.onProgress?.(file.count);
    return { count: file.count, complete: !options.signal?.aborted };
  } finally {
    await file.close();
  }
}
