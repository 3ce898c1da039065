// File annotations (spec/query-language.md §1): `// @stream <id>`, `// @project <id>` in the
// comments before the first rule.
import type { Annotation, Comment, FileIssue } from './ast';

const ANNOTATION = /^\/\/[ \t]*@([A-Za-z_][\w-]*)(?:[ \t]+(\S.*?))?[ \t]*$/;
export const KNOWN_ANNOTATIONS = ['stream', 'project'] as const;

/** The annotation a comment holds, if any, adding its problems to `issues`. */
export function readAnnotation(
  comment: Comment,
  text: string,
  issues: FileIssue[],
): Annotation | null {
  const body = text.slice(comment.span.start, comment.span.end);
  const match = ANNOTATION.exec(body);
  if (!match) return null;
  const [, name = '', value = ''] = match;
  const nameStart = comment.span.start + body.indexOf('@');
  const nameSpan = { start: nameStart, end: nameStart + 1 + name.length };
  const valueStart =
    value === ''
      ? nameSpan.end
      : comment.span.start + body.indexOf(value, nameSpan.end - comment.span.start);
  const annotation = {
    name,
    value,
    span: comment.span,
    nameSpan,
    valueSpan: { start: valueStart, end: valueStart + value.length },
  };
  if (!(KNOWN_ANNOTATIONS as readonly string[]).includes(name)) {
    issues.push({
      code: 'unknown-annotation',
      message: `unknown annotation \`@${name}\`: only \`@stream\` and \`@project\` are known`,
      span: nameSpan,
      rule: null,
    });
  } else if (value === '') {
    issues.push({
      code: 'file-structure',
      message: `\`@${name}\` needs a value, e.g. \`// @${name} my-${name}\``,
      span: nameSpan,
      rule: null,
    });
  }
  return annotation;
}

/** An annotation given twice is a problem at its second place. */
export function reportDuplicateAnnotations(
  annotations: readonly Annotation[],
  issues: FileIssue[],
): void {
  const seen = new Set<string>();
  for (const annotation of annotations) {
    if (seen.has(annotation.name)) {
      issues.push({
        code: 'file-structure',
        message: `\`@${annotation.name}\` is given twice: keep one`,
        span: annotation.nameSpan,
        rule: null,
      });
    }
    seen.add(annotation.name);
  }
}
