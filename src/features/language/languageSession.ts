// The language server's client and what hangs on it: the rules' CodeLens, the answers to the
// server's project-context requests, and the questions other features ask about queries. In the
// language bundle (dist/language.js: vscode-languageclient is most of its weight), made when the
// first .mmq document opens or a feature first asks (languageFeature.ts).
import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { FileRules } from '../../../server/protocol';
import type { Connection } from '../../shell/connection/connection';
import type { LanguagePort, ProjectsPort, RuleSource } from '../../shell/ports';
import { addRule } from './addRule';
import { createLanguageClient } from './client';
import { RuleLenses } from './codeLens';
import { answerProjectContext } from './projectContext';
import { errorsOf, rulesOf } from './ruleRequests';

export interface LanguageDeps {
  readonly extension: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly connection: Connection;
  readonly projects: Pick<ProjectsPort, 'projectContext'>;
}

export class LanguageSession implements LanguagePort, vscode.Disposable {
  readonly lenses: RuleLenses;
  private readonly client: LanguageClient;
  private readonly parts: vscode.Disposable[] = [];

  constructor(deps: LanguageDeps) {
    this.client = createLanguageClient(deps.extension, deps.log);
    this.lenses = new RuleLenses(this.client);
    this.parts.push(
      this.lenses,
      answerProjectContext(this.client, deps.connection, deps.projects, deps.log),
    );
  }

  start(): Promise<void> {
    return this.client.start();
  }

  restart(): Promise<void> {
    return this.client.restart();
  }

  stop(): Promise<void> {
    return this.client.stop();
  }

  rulesOf(document: vscode.TextDocument): Promise<FileRules | undefined> {
    return rulesOf(this.client, document);
  }

  errorsOf(query: string): Promise<string[]> {
    return errorsOf(this.client, query);
  }

  addRule(source: RuleSource | undefined, id: string, query: string): Promise<void> {
    return addRule(this.client, source, id, query);
  }

  dispose(): void {
    for (const part of this.parts.splice(0).reverse()) part.dispose();
    void this.client.dispose();
  }
}
