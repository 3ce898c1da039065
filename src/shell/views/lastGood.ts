// How the sidebar's trees meet a failure, without VS Code: a node whose children fail to load
// shows what it showed last, and the user hears of a failure once, not on every node and every
// refresh, until something loads again.

export interface FailureReport {
  readonly message: string;
  /** The failure itself: the caller picks the action that helps from its typed reason. */
  readonly error: unknown;
}

export class LastGoodChildren<Node> {
  private readonly lastGood = new Map<string, Node[]>();
  private lastReported: string | undefined;

  constructor(
    private readonly report: (failure: FailureReport) => void,
    /** Failures not worth a notification (not connected: the welcome view says it already). */
    private readonly quiet: (error: unknown) => boolean = () => false,
  ) {}

  async load(key: string, fetch: () => Promise<Node[]>): Promise<Node[]> {
    try {
      const children = await fetch();
      this.lastGood.set(key, children);
      this.lastReported = undefined;
      return children;
    } catch (error: unknown) {
      this.tell(error);
      return this.lastGood.get(key) ?? [];
    }
  }

  /** Forgets what was shown (another connection: none of it holds any more). */
  clear(): void {
    this.lastGood.clear();
    this.lastReported = undefined;
  }

  private tell(error: unknown): void {
    if (this.quiet(error)) return;
    const message = error instanceof Error ? error.message : String(error);
    if (message === this.lastReported) return;
    this.lastReported = message;
    this.report({ message, error });
  }
}
