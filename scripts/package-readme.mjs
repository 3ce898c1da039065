// The README inside the .vsix: the user's part of README.md. VS Code shows it on the extension's
// page, where a link or an image must work without this repository: the "From source" section
// (a developer's) is left out, links to the repository's other documents become their text, and
// screenshots stay relative to files the package holds (.vscodeignore lets docs/images/ in).
// Writes out/package/README.md and prints its path; `npm run package` passes it to vsce.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'out/package');

/** The markdown without the level-2 section titled `title` (up to the next level-2 heading). */
function withoutSection(markdown, title) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## ${title}`));
  if (start < 0) throw new Error(`README.md has no section "## ${title}"`);
  const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return [...lines.slice(0, start), ...(next < 0 ? [] : lines.slice(next))].join('\n');
}

/** `[text](relative.md)` links (not images, not web addresses, not anchors) as their text. */
function repositoryLinksAsText(markdown) {
  return markdown.replace(/(?<!!)\[([^\]]+)\]\((?!https?:|#)[^)]+\)/g, (_link, text) => text);
}

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
mkdirSync(OUT, { recursive: true });
const file = join(OUT, 'README.md');
writeFileSync(file, repositoryLinksAsText(withoutSection(readme, 'From source')));
console.log(file);
