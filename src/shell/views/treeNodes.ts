// The nodes of the sidebar's trees: what a tree item stands for, and what a command run from its
// menu receives. Commands of several features act on the same items (a tail on a stream, a
// custom metric on a project), so the nodes are the shell's vocabulary, not one feature's.
import type { CustomMetric } from '../../../core/api/schemas/customMetrics';
import type { Project, TopicDefinition } from '../../../core/api/schemas/projects';
import type { CollectorState, StreamRule } from '../../../core/api/schemas/streams';

export type Section = 'topics' | 'filters' | 'datasets' | 'metrics' | 'tags';

export type ProjectsNode =
  | { readonly kind: 'project'; readonly project: Project; readonly isDefault: boolean }
  | { readonly kind: 'section'; readonly projectId: string; readonly section: Section }
  | {
      readonly kind: 'group';
      readonly projectId: string;
      readonly section: 'topics' | 'filters';
      readonly id: string;
      readonly title: string;
      readonly topics: readonly TopicDefinition[];
    }
  | {
      readonly kind: 'topic';
      readonly projectId: string;
      readonly isFilter: boolean;
      readonly topic: TopicDefinition;
    }
  | {
      readonly kind: 'dataset';
      readonly projectId: string;
      readonly id: string;
      readonly title: string;
    }
  /** The project's own custom metrics, under no dataset template. */
  | { readonly kind: 'projectMetrics'; readonly projectId: string }
  /** A dataset template (customer-intelligence projects): its datasets share its custom metrics. */
  | {
      readonly kind: 'template';
      readonly projectId: string;
      readonly id: string;
      readonly datasets: readonly string[];
    }
  | {
      readonly kind: 'metric';
      readonly projectId: string;
      /** The dataset template the metric is of; undefined for the project's own. */
      readonly templateId: string | undefined;
      readonly metric: CustomMetric;
    }
  | {
      readonly kind: 'tag';
      readonly projectId: string;
      readonly id: string;
      readonly label: string;
    }
  | { readonly kind: 'empty'; readonly text: string };

export interface WorkspaceRule {
  readonly ruleId: string;
  readonly query: string;
  /** Where the rule's header is: the file and its zero-based line. */
  readonly uri: string;
  readonly line: number;
}

/** How a rule compares with the other side, in words ("not pushed"); empty when the same. */
type Note = { readonly note: string };

/** A rule of a workspace file that names the stream: local, not read from the service. */
export type LocalRuleNode = {
  readonly kind: 'rule';
  readonly streamId: string;
  readonly rule: WorkspaceRule;
} & Note;

export type StreamsNode =
  | { readonly kind: 'streams' | 'collectors'; readonly count: number }
  | { readonly kind: 'stream'; readonly id: string; readonly enabled: boolean }
  /** A rule of the stream as the service holds it, with all of them (to open as a document). */
  | ({
      readonly kind: 'serviceRule';
      readonly streamId: string;
      readonly rule: StreamRule;
      readonly rules: readonly StreamRule[];
    } & Note)
  /** A workspace file that names the stream (`// @stream id`), with its rules: local. */
  | ({
      readonly kind: 'localFile';
      readonly streamId: string;
      readonly uri: string;
      readonly rules: readonly LocalRuleNode[];
    } & Note)
  | LocalRuleNode
  | { readonly kind: 'collector'; readonly id: string; readonly state: CollectorState }
  | { readonly kind: 'empty'; readonly text: string };
