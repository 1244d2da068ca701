const SCALE = { K: 1e3, M: 1e6, B: 1e9 } as const;

/**
 * The number behind a short-scale figure such as the content bank's speaker counts ("500M",
 * "1.1B"), for choosing a plural form. NaN for anything else, which plural rules read as "other".
 */
export function numberFromShortScale(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([KMB])$/.exec(text);
  if (!match) return Number.NaN;
  const [, digits = '', unit = 'K'] = match;
  return Math.round(Number(digits) * SCALE[unit as keyof typeof SCALE]);
}
