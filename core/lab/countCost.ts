// What a number of count calls costs, from the API's cost table (core/api/costs.ts, read through
// the client's estimates): each count is one histogram call.
import { estimateCredits, type CreditEstimate } from '../api/client/estimate';
import { counted } from '../plural';

export function costOfCounts(calls: number): CreditEstimate {
  const each = estimateCredits({ kind: 'histogram' });
  const credits = calls * each.fixed;
  return {
    fixed: credits,
    atMost: credits,
    note: `${counted(calls, 'histogram call')}, ${each.note}: ${counted(credits, 'credit')}`,
  };
}
