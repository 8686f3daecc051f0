/** Code-unit order, not locale order, so every machine sorts alike and answers stay byte-identical. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
