// Checks of one `field:value` clause: unknown fields, values outside closed sets, comparisons
// where none apply, seconds where milliseconds are expected, and values that need quoting.
import type { FieldNode, FieldValue, Span } from '../ast';
import { closest, findValue, lookupField, suggestField, type FieldSpec } from '../fieldTable';
import { NO_FIXES } from '../diagnostic';
import type { Draft } from './draft';

/** Words users write for languages and countries, mapped to the code they meant. */
function codeForName(field: FieldSpec, value: string): string | undefined {
  const lower = value.toLowerCase();
  return field.values?.entries.find((entry) => entry.description?.toLowerCase() === lower)?.value;
}

function quote(text: string): string {
  return `"${text.replace(/(["\\])/g, '\\$1')}"`;
}

function checkName(node: FieldNode): Draft | null {
  if (lookupField(node.name)) return null;
  const suggestion = suggestField(node.name);
  const hint = suggestion
    ? node.name.toLowerCase() === suggestion
      ? `; field names are lower case: \`${suggestion}\``
      : `; did you mean \`${suggestion}\`?`
    : '; see the field list in the completion (Ctrl+Space)';
  return {
    code: 'unknown-field',
    message: `unknown field \`${node.name}\`${hint}`,
    span: node.nameSpan,
    fixes: suggestion
      ? () => [
          {
            title: `Change to \`${suggestion}\``,
            edits: [{ span: node.nameSpan, newText: suggestion }],
            preferred: true,
          },
        ]
      : NO_FIXES,
  };
}

function checkComparison(
  field: FieldSpec,
  node: FieldNode,
  value: Extract<FieldValue, { kind: 'comparison' }>,
): Draft[] {
  if (!field.comparable) {
    return [
      {
        code: 'range-number',
        message: `\`${node.name}\` cannot be compared with \`${value.operator}\`: it is not a number or a date`,
        span: value.span,
      },
    ];
  }
  if (Number.isNaN(value.value)) {
    const what = field.comparable === 'date' ? 'epoch milliseconds' : 'a number';
    return [
      {
        code: 'range-number',
        message: `\`${value.numberText || '(nothing)'}\` is not a number: \`${node.name}:${value.operator}\` needs ${what}`,
        span: value.span,
      },
    ];
  }
  const drafts: Draft[] = [];
  if (
    field.numberRange &&
    (value.value < field.numberRange[0] || value.value > field.numberRange[1])
  ) {
    drafts.push({
      code: 'range-number',
      message: `\`${node.name}\` runs from ${field.numberRange[0]} to ${field.numberRange[1]}`,
      span: value.span,
    });
  }
  if (field.comparable === 'date' && /^\d{1,10}$/.test(value.numberText)) {
    const numberSpan: Span = {
      start: value.span.end - value.numberText.length,
      end: value.span.end,
    };
    const milliseconds = String(value.value * 1000);
    drafts.push({
      code: 'seconds-not-ms',
      message: `\`${value.numberText}\` looks like epoch seconds; \`${node.name}\` takes milliseconds (${milliseconds})`,
      span: numberSpan,
      fixes: () => [
        {
          title: `Convert to milliseconds: ${milliseconds}`,
          edits: [{ span: numberSpan, newText: milliseconds }],
          preferred: true,
        },
      ],
    });
  }
  return drafts;
}

function checkSetValue(field: FieldSpec, node: FieldNode, text: string, span: Span): Draft | null {
  const values = field.values;
  if (!values || findValue(field, text)) return null;
  const wantsCase = values.valueCase;
  if (!values.closed) {
    const prefixOk = !values.prefixes || values.prefixes.some((prefix) => text.startsWith(prefix));
    const caseOk =
      wantsCase === 'any' ||
      text === (wantsCase === 'upper' ? text.toUpperCase() : text.toLowerCase());
    if (prefixOk && caseOk) return null;
  }
  const recased = wantsCase === 'upper' ? text.toUpperCase() : text.toLowerCase();
  const sameButCase = findValue(field, recased)?.value;
  const suggestion =
    sameButCase ??
    codeForName(field, text) ??
    closest(
      text,
      values.entries.map((entry) => entry.value),
    );
  const because = sameButCase
    ? `\`${node.name}\` values are written in ${wantsCase} case`
    : values.prefixes
      ? `\`${node.name}\` takes a group code starting with ${values.prefixes.map((prefix) => `\`${prefix}\``).join(', ')}`
      : values.closed
        ? `it is not one of the ${values.entries.length} \`${node.name}\` values`
        : `\`${node.name}\` values are written in ${wantsCase} case`;
  return {
    code: 'invalid-value',
    message: `\`${text}\` is not a valid \`${node.name}\` value: ${because}${suggestion ? `; did you mean \`${suggestion}\`?` : ''}`,
    span,
    fixes: suggestion
      ? () => [
          {
            title: `Change to \`${suggestion}\``,
            edits: [{ span, newText: suggestion }],
            preferred: true,
          },
        ]
      : NO_FIXES,
  };
}

function checkFormat(
  field: FieldSpec,
  node: FieldNode,
  value: Exclude<FieldValue, { kind: 'comparison' }>,
): Draft | null {
  const text = value.text;
  const quoteFix = (title: string) => () => [
    { title, edits: [{ span: value.span, newText: quote(value.raw) }], preferred: true },
  ];
  switch (field.format) {
    case 'network-id':
    case 'type-path': {
      const shape = field.format === 'network-id' ? '"<network>:<id>"' : '"Type:Path"';
      const wellFormed = /^[^:\s]+:\S.*$/.test(text);
      if (value.kind === 'phrase' && wellFormed) return null;
      return {
        code: 'invalid-value',
        message: `\`${node.name}\` takes a quoted ${shape}, e.g. \`${field.example}\``,
        span: value.span,
        ...(value.kind === 'term' && wellFormed ? { fixes: quoteFix('Quote the value') } : {}),
      };
    }
    case 'mention':
      return text.startsWith('@')
        ? null
        : {
            code: 'invalid-value',
            message: `a mention starts with \`@\`: \`mention:@${text}\``,
            span: value.span,
            fixes: () => [
              {
                title: `Change to \`@${text}\``,
                edits: [{ span: value.span, newText: `@${text}` }],
                preferred: true,
              },
            ],
          };
    case 'hashtag':
      return text.startsWith('#')
        ? null
        : {
            code: 'invalid-value',
            message: `a hashtag starts with \`#\`: \`hashtag:#${text}\``,
            span: value.span,
            fixes: () => [
              {
                title: `Change to \`#${text}\``,
                edits: [{ span: value.span, newText: `#${text}` }],
                preferred: true,
              },
            ],
          };
    case 'url':
      // An unquoted `:` in an address is read as part of the term, but the service's syntax
      // wants it quoted (spec: "quote it when it holds `:`").
      return value.kind === 'term' && text.includes(':')
        ? {
            code: 'invalid-value',
            message: `quote an address that holds \`:\`: \`${node.name}:${quote(value.raw)}\``,
            span: value.span,
            fixes: quoteFix('Quote the address'),
          }
        : null;
    default:
      return null;
  }
}

export function checkFieldClause(node: FieldNode): Draft[] {
  const unknown = checkName(node);
  if (unknown) return [unknown];
  const field = lookupField(node.name);
  if (!field) return [];
  const value = node.value;
  if (!value) {
    return [
      {
        code: 'syntax',
        message: `\`${node.name}:\` needs a value, e.g. \`${field.example}\`; no blank may follow the \`:\``,
        span: node.span,
      },
    ];
  }
  if (value.kind === 'comparison') return checkComparison(field, node, value);
  if (
    field.comparable === 'number' &&
    !field.text &&
    value.kind === 'term' &&
    !/^-?\d+(\.\d+)?$/.test(value.text)
  ) {
    return [
      {
        code: 'range-number',
        message: `\`${value.raw}\` is not a number: write \`${node.name}:>N\` or \`${node.name}:N\``,
        span: value.span,
      },
    ];
  }
  if (field.comparable === 'date' && value.kind === 'term' && !/^\d+$/.test(value.text)) {
    return [
      {
        code: 'range-number',
        message: `\`${value.raw}\` is not epoch milliseconds: write e.g. \`${field.example}\``,
        span: value.span,
      },
    ];
  }
  if (field.values && value.kind === 'term' && value.shape.form === 'word') {
    const problem = checkSetValue(field, node, value.text, value.span);
    return problem ? [problem] : [];
  }
  const format = checkFormat(field, node, value);
  return format ? [format] : [];
}
