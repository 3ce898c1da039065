// The part of autocannon's programmatic API the load benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Percentiles {
    readonly average: number;
    readonly p50: number;
    readonly p99: number;
  }

  export interface Options {
    readonly url: string;
    readonly connections: number;
    /** Seconds. */
    readonly duration: number;
    /** Called with each response's body; a falsy answer counts the response in `mismatches`. */
    readonly verifyBody?: (body: string) => boolean;
  }

  export interface Result {
    /** Milliseconds. */
    readonly latency: Percentiles;
    readonly requests: Percentiles & { readonly total: number };
    /** Seconds. */
    readonly duration: number;
    readonly errors: number;
    readonly timeouts: number;
    readonly mismatches: number;
    readonly non2xx: number;
    readonly '2xx': number;
    readonly statusCodeStats?: Readonly<Record<string, { readonly count: number }>>;
  }

  export default function autocannon(options: Options): Promise<Result>;
}
