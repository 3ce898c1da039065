// Which answered calls spent credits (api.md credits: histograms, searches, exports), so the
// credits display can refresh after them.
const SPENDING = [/\/histogram\//, /\/results$/, /\/export$/];

export function spendsCredits(path: string): boolean {
  return SPENDING.some((pattern) => pattern.test(path));
}
