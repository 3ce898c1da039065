// What features offer one another, as interfaces: a feature never imports another feature's
// files. src/extension.ts makes each feature and hands it the ports of the others it needs, so a
// feature can be read, tested and loaded (its own bundle) on its own.
import type * as vscode from 'vscode';
import type { Project } from '../../core/api/schemas/projects';
import type { ResultFileFormat } from '../../core/streams/resultFile';
import type { TailKind } from '../../core/streams/tailSource';
import type { FileRules } from '../../server/protocol';
import type { TailParts } from './views/treeTail';

/** Where a rule came from: its file and id (a results panel adds a drilled-down rule beside it). */
export interface RuleSource {
  readonly uri: string;
  readonly ruleId: string;
}

/** The language server, as other features ask it about queries (features/language). */
export interface LanguagePort {
  /** A file's rules as the server reads them; undefined when it cannot say. */
  rulesOf(document: vscode.TextDocument): Promise<FileRules | undefined>;
  /** The error messages of a query on its own (none when it is valid). */
  errorsOf(query: string): Promise<string[]>;
  /** Adds a rule after the one `source` names, or to a new file. */
  addRule(source: RuleSource | undefined, id: string, query: string): Promise<void>;
}

/** An item of a project's section, for a quick pick. */
export interface SectionItem {
  readonly id: string;
  readonly label: string;
  /** A topic's group. */
  readonly detail?: string;
}

/** The account's projects as the Projects view has read them (features/projects). */
export interface ProjectsPort {
  /** The projects of the account (cached until a refresh). */
  list(): Promise<readonly Project[]>;
  /** A project's topics or filters (with their group), or its datasets. */
  section(projectId: string, section: 'topics' | 'filters' | 'datasets'): Promise<SectionItem[]>;
  /** The tags and topics of a project, for completion in the language server. */
  projectContext(projectId: string): Promise<{
    tags: { id: string; label: string }[];
    topics: { id: string; title: string }[];
  }>;
  /** Asks which project; undefined when the user chose none. */
  pick(placeHolder: string): Promise<string | undefined>;
  /** A project's name, or its id when it cannot be read. */
  name(projectId: string): Promise<string>;
  /** The view reads its projects again (a custom metric was added, …). */
  refresh(): void;
}

/** The tails of this window, as the trees show them (features/tails). */
export interface TailsPort {
  /** A source's tail as its tree item shows it, if this window has had one (loads nothing). */
  parts(kind: TailKind, id: string): TailParts | undefined;
  /** A tail changed state or received something. */
  readonly onDidChange: vscode.Event<void>;
}

/** The Streams & Collectors view and what it knows of collectors (features/streams). */
export interface StreamsPort {
  /** The view reads its streams and collectors again. */
  refresh(): void;
  /** A collector was read from this machine now (the view warns about unread ones). */
  noteCollectorRead(collectorId: string): Promise<void>;
  /** A collector was deleted: a new one of the same id starts its reads afresh. */
  forgetCollector(collectorId: string): Promise<void>;
}

/** The Export Tasks view (features/exports). */
export interface TasksPort {
  refresh(): void;
  /** A task was started here: the view counts what it spends from its start. */
  started(taskId: string): void;
}

/** The status bar's credits (features/connection). */
export interface CreditsPort {
  /** Credits may have been spent (a known amount, when known): the status bar follows. */
  spent(credits?: number): void;
  /** Reads the credits again now. */
  refresh(): Promise<void>;
}

/** Collectors, as an export into one reads it afterwards (features/collectors). */
export interface CollectorsPort {
  /**
   * Reads a collector into a file (asks where); resolves with the count written, or undefined
   * when the user left or it failed (shown). `expected` says what and how many should arrive.
   */
  readToFile(
    collectorId: string,
    format: ResultFileFormat,
    expected: { readonly what: string; readonly count: number },
  ): Promise<number | undefined>;
}
