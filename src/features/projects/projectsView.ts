// The Projects tree: project → Topics (by group), Filters (by group), Datasets, Custom metrics
// (the project's own, then each dataset template's), Tags. A project whose live results are
// tailed spins and counts, with the tail's actions on it (treeTail.ts).
import { projectName, titleOf } from '../../../core/api/labels';
import * as vscode from 'vscode';
import type { Connection } from '../../shell/connection/connection';
import type { ProjectsModel, ProjectsNode, Section } from './projectsModel';
import { NO_TAIL, type TailLookup } from '../../shell/views/treeTail';
import { topicTooltip } from './topicTooltip';
import { ModelTreeProvider } from '../../shell/views/treeView';

const SECTIONS: Readonly<Record<Section, { label: string; icon: string }>> = {
  topics: { label: 'Topics', icon: 'symbol-namespace' },
  filters: { label: 'Filters', icon: 'filter' },
  datasets: { label: 'Datasets', icon: 'database' },
  metrics: { label: 'Custom metrics', icon: 'symbol-field' },
  tags: { label: 'Tags', icon: 'tag' },
};

/** The view's id in package.json. */
export const PROJECTS_VIEW_ID = 'mediaMonitoring.projects';

export class ProjectsTreeProvider extends ModelTreeProvider<ProjectsNode> {
  constructor(
    model: ProjectsModel,
    connection: Connection,
    viewName: string,
    private readonly tails: TailLookup,
  ) {
    super(model, connection, viewName);
  }

  protected key(node: ProjectsNode | undefined): string {
    if (!node) return 'root';
    switch (node.kind) {
      case 'project':
        return `project:${node.project.id}`;
      case 'section':
        return `section:${node.projectId}:${node.section}`;
      case 'group':
        return `group:${node.projectId}:${node.section}:${node.id}`;
      default:
        return `leaf:${JSON.stringify(node)}`;
    }
  }

  getTreeItem(node: ProjectsNode): vscode.TreeItem {
    const Collapsed = vscode.TreeItemCollapsibleState.Collapsed;
    switch (node.kind) {
      case 'project': {
        const item = new vscode.TreeItem(projectName(node.project), Collapsed);
        item.id = `project:${node.project.id}`;
        const tail = this.tails('project', node.project.id) ?? NO_TAIL;
        item.description = [node.project.id, node.isDefault ? 'default' : '', tail.description]
          .filter(Boolean)
          .join(' · ');
        item.iconPath = new vscode.ThemeIcon(
          tail.spinning ? 'loading~spin' : node.isDefault ? 'star-full' : 'project',
        );
        item.contextValue = `project${tail.context}`;
        item.tooltip = `${projectName(node.project)} (${node.project.id})${node.project.account_name ? ` · ${node.project.account_name}` : ''}${tail.tooltip ? `. Live results: ${tail.tooltip}` : ''}`;
        return item;
      }
      case 'section': {
        const section = SECTIONS[node.section];
        const item = new vscode.TreeItem(section.label, Collapsed);
        item.id = `section:${node.projectId}:${node.section}`;
        item.iconPath = new vscode.ThemeIcon(section.icon);
        return item;
      }
      case 'group': {
        const item = new vscode.TreeItem(node.title, Collapsed);
        item.id = `group:${node.projectId}:${node.section}:${node.id}`;
        item.description = `${node.topics.length}`;
        item.iconPath = new vscode.ThemeIcon('folder');
        item.tooltip = `${node.title} (${node.id})`;
        return item;
      }
      case 'topic': {
        const item = new vscode.TreeItem(titleOf(node.topic), vscode.TreeItemCollapsibleState.None);
        item.id = `topic:${node.projectId}:${node.topic.id}`;
        item.description = node.topic.id;
        item.iconPath = new vscode.ThemeIcon(node.isFilter ? 'filter' : 'symbol-event');
        item.contextValue = node.isFilter ? 'filter' : 'topic';
        item.tooltip = new vscode.MarkdownString(topicTooltip(node.topic));
        item.command = {
          command: 'mediaMonitoring.topic.open',
          title: 'Open as .mmq',
          arguments: [node],
        };
        return item;
      }
      case 'dataset': {
        const item = new vscode.TreeItem(node.title, vscode.TreeItemCollapsibleState.None);
        item.description = node.id;
        item.iconPath = new vscode.ThemeIcon('database');
        item.contextValue = 'dataset';
        return item;
      }
      case 'projectMetrics': {
        const item = new vscode.TreeItem('Project metrics', Collapsed);
        item.id = `projectMetrics:${node.projectId}`;
        item.description = "the project's own";
        item.iconPath = new vscode.ThemeIcon('project');
        item.tooltip = `Custom fields of project ${node.projectId} itself, not of a dataset template`;
        item.contextValue = 'projectMetrics';
        return item;
      }
      case 'template': {
        const item = new vscode.TreeItem(node.id, Collapsed);
        item.id = `template:${node.projectId}:${node.id}`;
        item.description = node.datasets.join(', ');
        item.iconPath = new vscode.ThemeIcon('symbol-structure');
        item.tooltip = `Dataset template ${node.id}: its custom metrics are the custom fields of ${node.datasets.join(', ')}`;
        item.contextValue = 'datasetTemplate';
        return item;
      }
      case 'metric': {
        const { metric } = node;
        const item = new vscode.TreeItem(metric.name, vscode.TreeItemCollapsibleState.None);
        item.id = `metric:${node.projectId}:${node.templateId ?? ''}:${metric.name}`;
        const format = metric.format?.name ?? '';
        item.description = [
          metric.title,
          format.toLowerCase(),
          metric.display_in_ui ? 'shown in UI' : '',
        ]
          .filter(Boolean)
          .join(' · ');
        // The whole of what the description may cut short in a narrow sidebar.
        const whole = `custom.${metric.name}: ${metric.title ?? ''} (${format})`;
        item.tooltip = metric.description ? `${whole}\n${metric.description}` : whole;
        item.iconPath = new vscode.ThemeIcon('symbol-field');
        item.contextValue = 'customMetric';
        return item;
      }
      case 'tag': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.description = node.id;
        item.iconPath = new vscode.ThemeIcon('tag');
        item.contextValue = 'tag';
        item.tooltip = `tag:${node.id}`;
        return item;
      }
      case 'empty':
        return new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
    }
  }
}
