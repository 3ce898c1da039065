// Text that came from documents, the service or files, made safe to print where a terminal shows
// it: ESC starts sequences that move the cursor, recolour, retitle the window or rewrite what was
// printed before; BEL rings; CR overwrites the line; the C1 controls (U+0080–U+009F) are the same
// sequences in one character for the terminals that read them. `mmq` prints every text through
// `printable` (cli/terminal.ts); a line that must stay one line (a tail's text output, the
// output channels of VS Code, a service's message) goes through `oneLine`.

/** C0 controls but tab and line feed, DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Every control character, line breaks and tabs too, and the Unicode line/paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** DEL and the C1 controls, which JSON.stringify leaves as they are (it escapes C0 only). */
const UNESCAPED_IN_JSON = /[\u007f-\u009f]/g;

/** `text` without the control characters a terminal acts on; line feeds and tabs are kept. */
export function printable(text: string): string {
  return text.replace(TERMINAL_CONTROLS, '');
}

/** `text` as one line: controls and line breaks become single spaces, the ends trimmed. */
export function oneLine(text: string): string {
  return text.replace(LINE_CONTROLS, ' ').replace(/ {2,}/g, ' ').trim();
}

/**
 * JSON text with DEL and the C1 controls written as `\u` escapes: the same value for any JSON
 * reader, and nothing a terminal acts on (they only occur inside strings).
 */
export function escapedJson(json: string): string {
  return json.replace(
    UNESCAPED_IN_JSON,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
