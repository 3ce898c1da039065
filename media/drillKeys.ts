// The key each row of a distribution drills down to, for the panel that shows the rows
// (results/distribution.ts) and the extension that acts on the drill-down it asks for: the
// extension accepts only keys the shown answer holds (src/features/results/shownSlice.ts).
import type { Bucket } from './results/protocol';

export function bucketKey(bucket: Bucket): string {
  return bucket.ks ?? bucket.key?.short_id ?? '';
}
