import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';

/*
 * Comments say why a thing is so. An issue number sends the reader to a tracker the
 * repository does not carry, and a measured figure is true of one machine on one day: figures
 * belong in the benchmark's results, history in the commits. This test reads every comment of
 * every source file (and the Markdown beside the code) and refuses both.
 */

const ROOT = join(__dirname, '..', '..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Folders never read: dependencies, build output, and what codegen writes. */
const SKIPPED = [
  /(^|\/)node_modules\//,
  /(^|\/)dist\//,
  /(^|\/)coverage\//,
  /^\.[^/]+\//,
  /^src\/graph\/generated\//,
  /^examples\/[^/]+\/src\/gql\//,
];
/** Markdown read for issue numbers; the README and the benchmark's results are read by their own owners. */
const MARKDOWN_SKIPPED = ['README.md', 'BENCHMARKS.md'];

type Finding = { file: string; line: number; rule: string; text: string };

const SCRIPTS = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts,
);
/** A repository path with its extension, not inside a longer path (`dist/src/...` is build output). */
const PATH =
  /(?<![\w./-])((?:src|test|bench|scripts|datasources|resolvers|examples|docs|schema|deploy)\/[\w./-]*\.(?:ts|mts|mjs|js|json|md|graphql|yml))\b/g;

/** Each rule: what it refuses, and whether a comment's line breaks it. */
const RULES: Array<[rule: string, breaks: (comment: string, file: string) => boolean]> = [
  // A number after "issue" or a hash; a colour after a hash has three or six hex digits.
  ['issue number', matches(/\bissues?\s*#?\d+|(?<![\w#&/])#\d{1,2}(?![\w-])/i)],
  ['pull request number', matches(/\b(PR|pull request)\s*#?\d+/i)],
  ['a document outside the repository', matches(/\bAPI\.md\b|\.\.\/shared\//)],
  [
    'a script package.json does not have',
    (text) => [...text.matchAll(/\bnpm run ([\w:-]+)/g)].some(([, script = '']) => !SCRIPTS.includes(script)),
  ],
  [
    'a file that does not exist',
    (text, file) => [...text.matchAll(PATH)].some(([, path = '']) => !existsFrom(file, path)),
  ],
  // No setting is written in microseconds: a figure in them was measured.
  ['measured duration', matches(/\d\s*(µs|μs|microseconds?|nanoseconds?)\b/i)],
  [
    'measured figure',
    matches(/\b(measured|took|spent)\b[^.;]{0,60}?\d[\d.,]*\s*(ms|s|seconds?|minutes?|%|MB|GB|KB)(?![\w])/i),
  ],
  [
    'measured comparison',
    matches(
      /\b(faster|slower)\b[^.;]{0,40}?\d[\d.,]*\s*(ms|s|%|×)(?![\w])|\d[\d.,]*\s*(ms|s|%|×)\s[^.;]{0,30}\b(faster|slower)\b/i,
    ),
  ],
  // A figure that became another, or a quantity that went from one figure to another.
  ['before and after', matches(/\d[\d.,]*\s*(ms|s|%|MB|GB)\s+(became|→|->)\s+\d/i)],
  ['before and after', matches(/\b(went|fell|dropped|rose|grew)\s+from\s+\d[\d.,]*\s*\S*\s+to\s+\d/i)],
  ['before and after', fellTo],
  [
    'percentage of the work',
    matches(/\d[\d.]*\s?%[^.;]{0,40}\b(CPU|execution|executing|of a hit|of the time)\b/i),
  ],
  ['percentage of the work', matches(/\b(about|around|roughly|nearly)\s+\d[\d.]*\s?%/i)],
  ['latency percentile', matches(/\b(p50|p90|p95|p99|median)\b\s*(of\s+)?(from\s+)?\d/i)],
];
/** The rules Markdown beside the code is held to: it may quote figures, never an issue or a missing document. */
const MARKDOWN_RULES = RULES.slice(0, 3);

/** `path` from the repository's root, or from the example whose comment names it. */
function existsFrom(file: string, path: string): boolean {
  const example = /^examples\/[^/]+\//.exec(file)?.[0] ?? '';
  return existsSync(join(ROOT, path)) || existsSync(join(ROOT, example, path));
}

function matches(pattern: RegExp): (comment: string) => boolean {
  return (comment) => pattern.test(comment);
}

/** A figure followed by a smaller one in its unit, "to" between them: a before and after, where a range goes up. */
function fellTo(text: string): boolean {
  return [...text.matchAll(/(\d[\d.,]*)\s*(ms|s|µs|%|MB|GB)\s+to\s+(\d[\d.,]*)\s*\2(?![\w])/g)].some(
    ([, before = '', , after = '']) => Number(before.replace(/,/g, '')) > Number(after.replace(/,/g, '')),
  );
}

function findingsIn(file: string, text: string): Finding[] {
  const markdown = file.endsWith('.md');
  const comments = markdown ? markdownLines(text) : commentsOf(file, text);
  return comments.flatMap(({ line, text: comment }) => {
    const broken = (markdown ? MARKDOWN_RULES : RULES).filter(([, breaks]) => breaks(comment, file));
    return [...new Set(broken.map(([rule]) => rule))].map((rule) => ({
      file,
      line,
      rule,
      text: comment.trim(),
    }));
  });
}

/** Each line of each comment in a TypeScript or JavaScript text, and of the Lua embedded in it. */
function commentsOf(file: string, text: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file));
  const ranges = new Map<number, ts.CommentRange>();
  const lua: Array<{ start: number; text: string }> = [];
  const visit = (node: ts.Node): void => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.end) ?? []),
    ])
      ranges.set(range.pos, range);
    if (ts.isNoSubstitutionTemplateLiteral(node) && /redis\.call/.test(node.text))
      lua.push({ start: node.getStart(source), text: node.getText(source) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  const lineOf = (at: number): number => source.getLineAndCharacterOfPosition(at).line + 1;
  const lines = [...ranges.values()].flatMap((range) =>
    text
      .slice(range.pos, range.end)
      .split('\n')
      .map((part, index) => ({ line: lineOf(range.pos) + index, text: part })),
  );
  const luaLines = lua.flatMap(({ start, text: script }) =>
    script.split('\n').flatMap((part, index) => {
      const at = part.indexOf('--');
      return at < 0 ? [] : [{ line: lineOf(start) + index, text: part.slice(at) }];
    }),
  );
  return [...lines, ...luaLines];
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  return /\.(js|mjs|cjs)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

function markdownLines(text: string): Array<{ line: number; text: string }> {
  return text.split('\n').map((part, index) => ({ line: index + 1, text: part }));
}

function repositoryFiles(): string[] {
  return readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(sep).join('/'))
    .filter((file) => !SKIPPED.some((folder) => folder.test(file)))
    .filter((file) => SOURCE.test(file) || (file.endsWith('.md') && !MARKDOWN_SKIPPED.includes(file)));
}

const FIXTURES = join(__dirname, 'comment-fixtures');
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

describe('comments', () => {
  const files = repositoryFiles();
  const findings = files.flatMap((file) => findingsIn(file, readFileSync(join(ROOT, file), 'utf8')));
  const shown = ({ file, line, rule, text }: Finding): string => `${file}:${line} (${rule}): ${text}`;

  it('are read in every part of the repository', () => {
    for (const folder of ['src/server/', 'src/graph/', 'src/sandbox/', 'datasources/', 'resolvers/', 'test/'])
      expect(files.some((file) => file.startsWith(folder))).toBe(true);
    for (const file of ['eslint.config.mjs', 'jest.config.js', 'scripts/print-schema.ts', 'bench/run.ts'])
      expect(files).toContain(file);
    expect(files.filter((file) => file.includes('node_modules/') || file.includes('/generated/'))).toEqual(
      [],
    );
  });

  it('carry no issue numbers and no measured figures', () => {
    expect(findings.map(shown)).toEqual([]);
  });

  it('refuse each planted issue number and measurement, on the line it is on', () => {
    const found = findingsIn('fixture.ts', fixture('refused.ts.txt'));
    const expected = fixture('refused.ts.txt')
      .split('\n')
      .flatMap((text, index) => (/<- refused\b/.test(text) ? [index + 1] : []));
    expect([...new Set(found.map(({ line }) => line))]).toEqual(expected);
  });

  it('let configured values, ranges and colours through', () => {
    expect(findingsIn('fixture.ts', fixture('allowed.ts.txt')).map(shown)).toEqual([]);
  });

  it('refuse an issue number in Markdown beside the code', () => {
    expect(findingsIn('docs/fixture.md', 'Paced per caller (issue #6).\n').map(({ rule }) => rule)).toEqual([
      'issue number',
    ]);
  });
});
