// The lab's credits against a service, per window: counts are asked as the user types, so an
// unbounded lab could spend a month's credits in an afternoon. Once the budget is spent the lab
// stops counting on its own (a click, confirmed first, still counts) and the status bar says so.
export class LabBudget {
  private spentCredits = 0;

  constructor(private limit: number) {}

  get spent(): number {
    return this.spentCredits;
  }

  get budget(): number {
    return this.limit;
  }

  /** The budget setting changed: what was spent stays spent. */
  setLimit(limit: number): void {
    this.limit = Math.max(0, limit);
  }

  /** Whether a call of `credits` stays within the budget. */
  allows(credits: number): boolean {
    return this.spentCredits + credits <= this.limit;
  }

  /** Whether the budget no longer allows a call of `credits`: the lab has stopped. */
  exhausted(credits: number): boolean {
    return !this.allows(credits);
  }

  spend(credits: number): void {
    this.spentCredits += credits;
  }
}
