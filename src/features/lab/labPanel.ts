// The query lab's panel beside the rule (dist/media/lab.js): Explain Rule's table (each part with
// what it matches, what only it brings or what it removes, as bars, and the lab's flags; a click
// on a part selects it in the editor), or a comparison (labCompare.ts). One panel, showing the
// last of them; it is not restored after a reload (it is of a text that may have changed since).
import * as vscode from 'vscode';
import type { RuleExplanation } from '../../../core/lab/explanation';
import {
  type Comparison,
  type Counting,
  readFromLabPanel,
  type FromLabPanel,
  type PartRow,
  type PartsTable,
  type ToLabPanel,
} from '../../../media/lab/protocol';
import type { PanelHost } from '../../shell/webviews/panelHost';
import { SinglePanel } from '../../shell/webviews/singlePanel';

const LAB_VIEW_TYPE = 'mediaMonitoring.queryLab';

export interface PartsShown {
  readonly document: vscode.TextDocument;
  readonly ruleId: string;
  readonly target: string;
  readonly days: number;
  readonly sandbox: boolean;
  readonly explanation: RuleExplanation;
}

let tables = 0;

/** The table as the panel shows it: operands, then required parts, then exclusions. */
export function partsTable(shown: Omit<PartsShown, 'document'>): PartsTable {
  const { explanation } = shown;
  const rows: PartRow[] = [
    ...explanation.operands.map((row) => ({
      kind: 'operand' as const,
      text: row.part.text,
      count: row.count,
      share: Math.max(0, row.only),
      flags: [...row.flags],
      start: row.part.span.start,
      end: row.part.span.end,
    })),
    ...explanation.required.map((part) => ({
      kind: 'required' as const,
      text: part.text,
      flags: [],
      start: part.span.start,
      end: part.span.end,
    })),
    ...explanation.exclusions.map((row) => ({
      kind: 'exclusion' as const,
      text: row.part.text,
      share: Math.max(0, row.removed),
      flags: [...row.flags],
      start: row.part.span.start,
      end: row.part.span.end,
    })),
  ];
  return {
    id: `parts-${++tables}`,
    ruleId: shown.ruleId,
    target: shown.target,
    days: shown.days,
    total: explanation.total,
    sandbox: shown.sandbox,
    rows,
  };
}

export class LabPanel implements vscode.Disposable {
  private readonly panel: SinglePanel<ToLabPanel, FromLabPanel>;
  private shown:
    | { table: PartsTable; document: vscode.TextDocument; version: number }
    | { comparison: Comparison }
    | { counting: Counting }
    | undefined;
  /** The last table or comparison the panel's page said it drew (for the tests). */
  lastDrawn:
    | { readonly kind: 'parts' | 'compare'; readonly ruleId: string; readonly rows: number }
    | undefined;

  constructor(
    extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.panel = new SinglePanel(
      extensionUri,
      {
        viewType: LAB_VIEW_TYPE,
        bundle: 'lab',
        title: 'Query lab',
        read: readFromLabPanel,
        isReady: (message) => message.type === 'ready',
        log,
      },
      (host, message) => this.answer(host, message),
    );
  }

  /**
   * Opens the panel while a rule's counts are under way: its page loads meanwhile, and says
   * what is being counted.
   */
  async counting(counting: Counting): Promise<void> {
    this.shown = { counting };
    const host = this.panel.open();
    host.panel.title = `Parts of ${counting.ruleId}`;
    host.panel.reveal(undefined, true);
    await host.post({ type: 'counting', counting });
  }

  async show(shown: PartsShown): Promise<PartsTable> {
    const table = partsTable(shown);
    this.shown = { table, document: shown.document, version: shown.document.version };
    const host = this.panel.open();
    host.panel.title = `Parts of ${shown.ruleId}`;
    host.panel.reveal(undefined, true);
    await host.post({ type: 'show', table });
    return table;
  }

  /** Shows a rule compared with an earlier text of it (labCompare.ts). */
  async compare(comparison: Comparison): Promise<void> {
    this.shown = { comparison };
    const host = this.panel.open();
    host.panel.title = `${comparison.ruleId}: ${comparison.before.label} → now`;
    host.panel.reveal(undefined, true);
    await host.post({ type: 'compare', comparison });
  }

  dispose(): void {
    this.panel.dispose();
  }

  private answer(host: PanelHost<ToLabPanel, FromLabPanel>, message: FromLabPanel): void {
    const shown = this.shown;
    if (!shown) return;
    if (message.type === 'ready') {
      // The page (re)loaded: VS Code reloads a hidden panel when it shows it again.
      const again: ToLabPanel =
        'table' in shown
          ? { type: 'show', table: shown.table }
          : 'counting' in shown
            ? { type: 'counting', counting: shown.counting }
            : { type: 'compare', comparison: shown.comparison };
      host.post(again).catch((error: unknown) => {
        this.log.warn(`query lab panel: ${error instanceof Error ? error.message : String(error)}`);
      });
      return;
    }
    if (message.type === 'openUrl') {
      // The page sends only http and https addresses; checked again here, where it is opened.
      const uri = vscode.Uri.parse(message.url, true);
      if (uri.scheme === 'http' || uri.scheme === 'https') void vscode.env.openExternal(uri);
      return;
    }
    // Nothing is drawn or clicked while the counts are under way.
    if ('counting' in shown) return;
    if ('comparison' in shown) {
      if (message.type === 'drawn' && message.id === shown.comparison.id)
        this.lastDrawn = { kind: 'compare', ruleId: shown.comparison.ruleId, rows: message.rows };
      return;
    }
    if (message.id !== shown.table.id) return;
    if (message.type === 'drawn') {
      this.lastDrawn = { kind: 'parts', ruleId: shown.table.ruleId, rows: message.rows };
      return;
    }
    const part = shown.table.rows[message.row];
    if (!part) return;
    if (shown.document.isClosed || shown.document.version !== shown.version) {
      void vscode.window.showInformationMessage(
        'Media Monitoring: the rule changed since it was explained: explain it again.',
      );
      return;
    }
    const range = new vscode.Range(
      shown.document.positionAt(part.start),
      shown.document.positionAt(part.end),
    );
    void vscode.window.showTextDocument(shown.document, {
      selection: range,
      viewColumn: vscode.ViewColumn.One,
    });
  }
}
