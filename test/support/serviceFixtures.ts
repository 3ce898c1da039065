// The corpus of the service's published answers (test/fixtures/service/, one file per operation;
// its README says where each shape comes from): loaded and checked for what the tests rely on.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACT, type ContractName } from '../../core/api/contract';

/** The token every request line of the corpus echoes in clear, on purpose. */
export const ECHOED_TOKEN = 'fixture-token-0001';

export interface ServiceExample {
  readonly status: number;
  readonly contentType: string;
  /** A JSON answer. */
  readonly answer?: Record<string, unknown>;
  /** Result chunks, as the service writes them. */
  readonly text?: string;
}

export interface ServiceFixture {
  readonly file: string;
  readonly operation: ContractName;
  readonly source: string;
  readonly request: {
    readonly method: string;
    /** With `{placeholder}` for ids. */
    readonly path: string;
    readonly query?: Readonly<Record<string, string>>;
    readonly body?: unknown;
  };
  readonly examples: readonly ServiceExample[];
}

/**
 * The corpus in `folder` (test/fixtures/service/: SERVICE_FIXTURES of serviceFixturesFolder.ts, or
 * from the extension's path in the in-editor suite, a CommonJS bundle without import.meta).
 */
export function serviceFixtures(folder: string): ServiceFixture[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const fixture = JSON.parse(readFileSync(join(folder, file), 'utf8')) as ServiceFixture;
      if (!(fixture.operation in CONTRACT))
        throw new Error(`${file}: ${fixture.operation} is no operation of the contract`);
      return { ...fixture, file };
    });
}

/** How many result chunks a streamed answer holds (however its chunks are laid out). */
export function resultChunks(text: string): number {
  return text.match(/"chunk_type"\s*:\s*"CT_RESULT"/g)?.length ?? 0;
}
