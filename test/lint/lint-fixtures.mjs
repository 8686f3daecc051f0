// Lints fixtures with the project's own ESLint configuration, outside jest (whose VM cannot
// load an ESM config): reads [{ file, code }] as JSON on stdin, prints the rule ids per fixture.
import { join } from 'node:path';
import process from 'node:process';
import { text } from 'node:stream/consumers';
import { ESLint } from 'eslint';

const root = join(import.meta.dirname, '..', '..');
const fixtures = JSON.parse(await text(process.stdin));
const eslint = new ESLint({ cwd: root });
const rules = [];
for (const { file, code } of fixtures) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  rules.push(result.messages.map((message) => message.ruleId ?? message.message));
}
process.stdout.write(JSON.stringify(rules));
