// The documents a sandbox serves, indexed for search: the synthetic corpus, live arrivals and
// uploads all go through add().
import type { AnalyticsDocument } from './analytics/documentFields';
import { QueryIndex } from './search/queryIndex';

export class DocumentStore {
  readonly index = new QueryIndex<AnalyticsDocument>();
  private readonly clusters = new Map<string, number>();

  add(document: AnalyticsDocument): void {
    this.index.add(document);
    if (document.cluster_id)
      this.clusters.set(document.cluster_id, (this.clusters.get(document.cluster_id) ?? 0) + 1);
  }

  get clusterSizes(): ReadonlyMap<string, number> {
    return this.clusters;
  }
}
