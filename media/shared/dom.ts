// Building the page from nodes, never from HTML: every string from the API becomes a text node
// or an attribute value, so nothing in it is markup. Attributes that run code (on…) are refused,
// and links get an address only through safeHref (http and https, nothing else).

export type Child = Node | string | number | null | undefined | false;

type Listeners = { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };

export interface Props {
  readonly className?: string;
  /** role, aria-*, tabindex, type, title, …; undefined and false leave an attribute out. */
  readonly attributes?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly listeners?: Listeners;
}

const CODE_ATTRIBUTE = /^on|^(href|src|srcdoc|action|formaction|style)$/i;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  for (const [name, value] of Object.entries(props.attributes ?? {})) {
    if (value === undefined || value === false) continue;
    // Handlers would bypass the CSP's nonce; addresses go through safeHref; styles through CSSOM.
    if (CODE_ATTRIBUTE.test(name)) throw new Error(`el(): attribute ${name} is not allowed`);
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const [type, listener] of Object.entries(props.listeners ?? {}))
    element.addEventListener(type, listener as EventListener);
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(
      typeof child === 'string' || typeof child === 'number'
        ? document.createTextNode(String(child))
        : child,
    );
  }
}

/** Replaces every child of `parent`. */
export function replace(parent: Node, ...children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, ...children);
}

/** The address when it is an http or https URL, else undefined (javascript:, data:, …). */
export function safeHref(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

let nextId = 0;
/** A page-unique id for aria-describedby and label[for]. */
export const uniqueId = (prefix: string) => `${prefix}-${++nextId}`;
