// What to call what the service sends without a name: it leaves out or empties titles it has
// nothing for (the ungrouped topic group's title is "", a dataset or tag may come without one),
// and a view must still show something. One place, so every view says the same.

/** Its title, or its id when the title is absent or empty. */
export function titleOf(item: {
  readonly id: string;
  readonly title?: string | undefined;
}): string {
  return item.title?.trim() ? item.title : item.id;
}

/** A tag's label, or its id. */
export function labelOf(tag: { readonly id: string; readonly label?: string | undefined }): string {
  return tag.label?.trim() ? tag.label : tag.id;
}

/** A topic or filter group: the ungrouped ones (ids `default`, `default_filter`) by that name. */
export function groupTitle(group: {
  readonly id: string;
  readonly title?: string | undefined;
}): string {
  if (group.title?.trim()) return group.title;
  if (group.id === 'default') return 'Ungrouped';
  if (group.id === 'default_filter') return 'Ungrouped filters';
  return group.id;
}

/** A project's name, or its id. */
export function projectName(project: {
  readonly id: string;
  readonly name?: string | undefined;
}): string {
  return project.name?.trim() ? project.name : project.id;
}
