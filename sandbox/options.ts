// How a sandbox is started: `mmq sandbox` flags and startSandbox() options share these defaults.
export interface SandboxOptions {
  readonly host: string;
  /** 0 lets the OS choose a free port; the real one is reported. */
  readonly port: number;
  readonly seed: number;
  /** Documents in the synthetic corpus (30 days back from now). */
  readonly docs: number;
  /** New documents per second arriving live (streams and collectors see them). */
  readonly rate: number;
  /** The read-write token. */
  readonly token: string;
  /** An optional read-only token: write endpoints answer 403 / 13 to it. */
  readonly readOnlyToken?: string;
  /**
   * An optional read-write token no call limit applies to, for load tests: with the limits, a
   * load test measures refusals (code 8) instead of the endpoint.
   */
  readonly unlimitedToken?: string;
  /** Monthly credits. */
  readonly credits: number;
  /** Where uploads, streams, collectors, tasks and credits persist; in memory when absent. */
  readonly dataDir?: string;
  /**
   * Where the generated corpus is kept between starts (sandbox/snapshot): a later start with the
   * same seed and size reads it instead of generating it again. Nothing is kept when absent.
   */
  readonly snapshotDir?: string;
  /**
   * Told one line per answered request (token masked), and how the corpus was made (kept or not);
   * nothing is logged without it.
   */
  readonly log?: (line: string) => void;
  /** The wall clock, injectable for tests; the virtual clock runs ahead of it by /_sandbox/clock. */
  readonly now?: () => number;
}

export const DEFAULT_OPTIONS: SandboxOptions = {
  host: '127.0.0.1',
  port: 0,
  seed: 42,
  docs: 50_000,
  rate: 2,
  token: 'sandbox',
  credits: 100_000,
};
