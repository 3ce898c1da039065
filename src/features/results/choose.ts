// The quick picks of the run commands: which histogram or distribution, over which range, and
// the choice remembered per rule. VS Code's quick picks; the choices themselves are data.
import * as vscode from 'vscode';
import {
  DISTRIBUTION_TYPES,
  NUMERIC_TYPES,
  TIME_TYPES,
  TOP_N_TYPES,
  type HistogramType,
} from '../../../core/api/parameterValues';
import type { HistogramParameters } from '../../../media/results/protocol';

export type Family = 'histogram' | 'distribution';

/** What a histogram's type is called in a quick pick. */
const TYPE_LABELS: Partial<Record<HistogramType, string>> = {
  published: 'Published over time',
  search_indexed: 'Indexed over time',
  reach: 'Reach',
  engagement: 'Engagement',
  comment_count: 'Comments',
  cluster_size: 'Cluster size',
  language: 'Languages',
  country: 'Countries',
  source_region: 'Regions',
  source_city: 'Cities',
  gender: 'Gender',
  hashtag: 'Hashtags',
  emoji: 'Emoji',
  theme_cloud: 'Themes',
  interest: 'Interests',
  occupation: 'Occupations',
  age: 'Age',
  unique_author: 'Unique authors',
  sentiment: 'Sentiment',
};

const TYPES: Readonly<Record<Family, readonly HistogramType[]>> = {
  histogram: [...TIME_TYPES, ...NUMERIC_TYPES],
  distribution: [...TOP_N_TYPES, ...DISTRIBUTION_TYPES],
};

/** Time ranges offered for a time histogram, with an interval that stays under 400 bins. */
const RANGES: readonly { label: string; parameters: HistogramParameters }[] = [
  { label: 'Last 24 hours, by hour', parameters: { time_range: '1d', interval: 'hour' } },
  { label: 'Last 7 days, by day', parameters: { time_range: '7d', interval: 'day' } },
  { label: 'Last 7 days, by hour', parameters: { time_range: '7d', interval: 'hour' } },
  { label: 'Last 30 days, by day', parameters: { time_range: '30d', interval: 'day' } },
];

/** What a run of a rule starts with when nothing was chosen before. */
export const DEFAULT_CHOICE: Readonly<Record<Family, Choice>> = {
  histogram: { histogramType: 'published', parameters: { time_range: '7d', interval: 'day' } },
  distribution: { histogramType: 'language', parameters: {} },
};

export interface Choice {
  readonly histogramType: HistogramType;
  readonly parameters: HistogramParameters;
}

const isTime = (type: HistogramType) => (TIME_TYPES as readonly string[]).includes(type);

/** Asks for the type (and for a time type, the range), starting at the last choice. */
export async function chooseHistogram(
  family: Family,
  last: Choice | undefined,
): Promise<Choice | undefined> {
  const picked = await vscode.window.showQuickPick(
    TYPES[family].map((type) => ({
      label: TYPE_LABELS[type] ?? type,
      description: type,
      type,
      picked: type === last?.histogramType,
    })),
    {
      title: family === 'histogram' ? 'Histogram of the rule' : 'Distribution of the rule',
      placeHolder: last ? `Last time: ${last.histogramType}` : 'Which one?',
    },
  );
  if (!picked) return undefined;
  if (!isTime(picked.type)) return { histogramType: picked.type, parameters: {} };
  const range = await vscode.window.showQuickPick(
    RANGES.map((entry) => ({
      ...entry,
      picked: entry.parameters.time_range === last?.parameters.time_range,
    })),
    { title: 'Over which time?', placeHolder: 'The panel changes it, and the interval, later' },
  );
  return range ? { histogramType: picked.type, parameters: range.parameters } : undefined;
}

/** The remembered choice for a rule (workspace state), per family. */
export class Choices {
  constructor(private readonly memory: vscode.Memento) {}

  private key(family: Family, rule: string): string {
    return `results.choice.${family}.${rule}`;
  }

  get(family: Family, rule: string): Choice | undefined {
    return this.memory.get<Choice>(this.key(family, rule));
  }

  async set(family: Family, rule: string, choice: Choice): Promise<void> {
    await this.memory.update(this.key(family, rule), choice);
  }
}
