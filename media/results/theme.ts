// Colours from VS Code's theme: every colour the charts draw is read from the CSS variables
// VS Code sets on the page (--vscode-charts-*, --vscode-editor-*), at draw time, and the charts
// are drawn again when the theme changes (VS Code swaps the body's class and the root's style).

export interface ChartTheme {
  readonly foreground: string;
  readonly muted: string;
  readonly lines: string;
  readonly background: string;
  readonly font: string;
  readonly highContrast: boolean;
  /** Colours for series, in order. */
  readonly series: readonly string[];
}

/** VS Code's chart colours; the fallbacks are its Dark Modern values (a page outside VS Code). */
const SERIES = [
  ['--vscode-charts-blue', '#3794ff'],
  ['--vscode-charts-orange', '#d18616'],
  ['--vscode-charts-green', '#89d185'],
  ['--vscode-charts-purple', '#b180d7'],
  ['--vscode-charts-red', '#f14c4c'],
  ['--vscode-charts-yellow', '#cca700'],
] as const;

export function cssVariable(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

export function isHighContrast(): boolean {
  const classes = document.body.classList;
  return classes.contains('vscode-high-contrast') || classes.contains('vscode-high-contrast-light');
}

export function chartTheme(): ChartTheme {
  const foreground = cssVariable(
    '--vscode-charts-foreground',
    cssVariable('--vscode-editor-foreground', '#cccccc'),
  );
  return {
    foreground,
    muted: cssVariable('--vscode-descriptionForeground', foreground),
    lines: cssVariable('--vscode-charts-lines', 'rgba(128, 128, 128, 0.5)'),
    background: cssVariable('--vscode-editor-background', '#1e1e1e'),
    font: cssVariable('--vscode-font-family', 'sans-serif'),
    highContrast: isHighContrast(),
    series: SERIES.map(([name, fallback]) => cssVariable(name, fallback)),
  };
}

/** Sentiment keeps its meaning in every theme: positive green, neutral blue, negative red. */
export function sentimentColour(key: string, theme: ChartTheme): string | undefined {
  const [blue, , green, , red] = theme.series;
  return { POSITIVE: green, NEUTRAL: blue, NEGATIVE: red }[key.toUpperCase()];
}

/** `colour` at `alpha` opacity, for bands; hex and rgb() colours (what VS Code's themes use). */
export function withAlpha(colour: string, alpha: number): string {
  const hex = /^#([\da-f]{3,8})$/i.exec(colour)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const [r, g, b] = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  const rgb = /^rgba?\(([^,]+),([^,]+),([^,)]+)/i.exec(colour);
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`;
  return colour;
}

/** Calls `redraw` once per theme change (body class or root style), after VS Code applied it. */
export function watchTheme(redraw: () => void): () => void {
  let scheduled = false;
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      redraw();
    });
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
  return () => observer.disconnect();
}
