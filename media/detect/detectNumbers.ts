// Numbers as the panel writes them.

/** 0.873 → "87%". */
export const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
