/** The value of one sample line (`name{labels} value`) of a Prometheus exposition, summed over the samples matching every label given. */
export function sum(exposition: string, name: string, labels: Record<string, string> = {}): number {
  return exposition
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
    .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
