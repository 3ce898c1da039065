// Edit distance that counts a swap of two neighbouring characters as one edit (optimal string
// alignment): `lnag` is one edit from `lang`. Used for suggestions and for fuzzy terms (`roam~1`).
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (twoBack[j - 2] ?? 0) + 1);
      current.push(best);
      rowMinimum = Math.min(rowMinimum, best);
    }
    if (rowMinimum > limit) return limit + 1;
    twoBack = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}
