// Whether a drill-down the panel asks for is a part of the answer the extension sent it. The
// panel's messages are checked for their shape, but a webview is a page that shows untrusted
// text: a key it makes up (a line break and `### rule` in it) must not become a rule in the
// user's file. So the extension acts only on keys of the shown distribution, of its histogram
// type; ranges of the shown chart's kind.
import { bucketKey } from '../../../media/drillKeys';
import type { Slice, View } from '../../../media/results/protocol';

export function isShownSlice(slice: Slice, view: View): boolean {
  switch (slice.kind) {
    case 'time':
      return view.kind === 'histogram';
    case 'number':
    case 'key':
      if (view.kind !== 'histogram' || view.histogramType !== slice.histogramType) return false;
      return (
        slice.kind === 'number' ||
        view.result.data.some((bucket) => bucketKey(bucket) === slice.key)
      );
  }
}
