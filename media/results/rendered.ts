// What a view renderer hands back: its element, how to picture it for Export PNG, and how to
// let go of what it holds (a chart's observers).

export interface Rendered {
  readonly element: HTMLElement;
  /** A PNG data URL of what is shown, for views that have a picture. */
  readonly png?: () => string;
  readonly destroy?: () => void;
}

/** Labelled values, the picture of a table (Export PNG draws them as bars). */
export interface BarPicture {
  readonly title: string;
  readonly rows: readonly {
    readonly label: string;
    readonly value: number;
    readonly text: string;
  }[];
}
