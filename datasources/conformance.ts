import type { ServiceName } from '../src/kernel/services';
import { FALLBACK_ROWS, type ConformanceRow, type ConformanceTable } from '../src/upstream/conformance';
import type { EndpointSpec } from '../src/upstream/endpoints';
import { ADDRESS } from './address/endpoints';
import { AGRICULTURE } from './agriculture/endpoints';
import { HEALTHCARE } from './healthcare/endpoints';
import { MAP_HOST, MAPS } from './maps/endpoints';
import { LENIENT_MEMBERS, READING_DECISIONS } from './reading';

/** One upstream's conformance table with the operations it covers. */
export interface ServiceConformance {
  service: ServiceName;
  table: ConformanceTable;
  operations: Readonly<Record<string, EndpointSpec>>;
}

/** Every upstream's table, in the order of the docs (docs/CONFORMANCE.md). */
export const CONFORMANCE: readonly ServiceConformance[] = [
  { service: 'agriculture', table: AGRICULTURE.conformance, operations: AGRICULTURE.endpoints },
  { service: 'maps', table: MAPS.conformance, operations: MAPS.endpoints },
  { service: 'maps', table: MAP_HOST.conformance, operations: MAP_HOST.endpoints },
  { service: 'healthcare', table: HEALTHCARE.conformance, operations: HEALTHCARE.endpoints },
  { service: 'address', table: ADDRESS.conformance, operations: ADDRESS.endpoints },
];

const THEN: Record<ConformanceRow['then'], string> = {
  wait: 'retried after `Retry-After` when it fits the deadline; `retryAfterSeconds`',
  retry: 'retried at once unless billed; `retryAfterSeconds` when the service sent one',
  report: 'final: not retried, not cached',
  remember: 'final; remembered as not found for 30 s',
};

/** docs/CONFORMANCE.md: the tables as the client meets them. */
export function conformanceDocument(): string {
  const lines = [
    '# Upstream conformance',
    '',
    'Generated from `datasources/*/conformance.ts` by `npm run schema:print`; do not edit by hand.',
    'For every status and error code each spec lists: when it happens, the code a client gets in',
    '`errors[].extensions.code`, the message, and what the gateway does next. Retries: a billed call',
    '(maps search, reverse geocode, point details, route, optimize, style loads) is sent again only',
    'after a rate-limit refusal, which bills nothing. `{name}` in a message is the value the client',
    "sent; the upstream's own text is never passed on. `{capitals:name}` is, when the loccode sent as",
    '`name` holds lower-case letters, the one sentence every service gives for it: loccodes are issued',
    'in capitals and the service matches them exactly, with the upper-case form to try.',
  ];
  for (const { table, operations } of CONFORMANCE) {
    lines.push('', `## ${table.title}`, '', ...(table.notes ?? []).flatMap((note) => [note, '']));
    lines.push(...rowsTable(table.rows, Object.keys(operations)));
    const billed = Object.entries(operations)
      .filter(([, spec]) => spec.billed)
      .map(([name]) => `\`${name}\``);
    lines.push('', `Billed operations: ${billed.length > 0 ? billed.join(', ') : 'none'}.`);
  }
  lines.push('', '## Any service, any status not listed above', '', ...rowsTable(FALLBACK_ROWS, []));
  lines.push('', ...readingSection(), '');
  return lines.join('\n');
}

/** How a 2xx body is read: the rule for what the specs leave open, and the decisions where they pin. */
function readingSection(): string[] {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    '## Reading what the services send',
    '',
    'A 2xx body is read member by member. Unknown members are ignored (the maps spec asks for it;',
    'the others are read the same way), and a member that is absent is `null` where the graph allows it. Where a spec gives no',
    'type, format or closed set, what comes is read leniently: ISO 8601 date-times with or without',
    "an offset (a time without one is taken to be Nigeria's time, West Africa Time, UTC+01:00),",
    'numbers written as text where the type is not shown, text as sent where the value set is not shown.',
    'A member that still cannot be read is `null`, with an error at its own path in `errors[].path`',
    '(`extensions.code` `UPSTREAM_BAD_RESPONSE`, `extensions.service` the service), and every other',
    'member and list element is answered. The message names the member as the service spells it and what was',
    'expected, never the value. Such an answer is not stored by the response cache (it has errors);',
    'the upstream cache keeps the body as the service sent it, so an answer from it carries the same error.',
    '',
    '### Members a spec leaves open',
    '',
    '| Service | Member | Read as |',
    '|---|---|---|',
    ...LENIENT_MEMBERS.map(
      ({ service, member, reading }) => `| ${service} | ${cell(member)} | ${cell(reading)} |`,
    ),
    '',
    '### Members a spec pins down',
    '',
    'A closed set is read in any letter case (folding case is unambiguous). A value it still cannot',
    'read voids the member (null with its error) where the graph answers the member as nullable, or the',
    'answer (`UPSTREAM_BAD_RESPONSE` at the field that asked for it) where the member carries the',
    'answer: a required list, object or envelope, or a typed member the graph answers as non-null.',
    '',
    '| Service | Member | Pinned | Also read | A violation voids |',
    '|---|---|---|---|---|',
    ...READING_DECISIONS.map(
      ({ service, member, pinned, alsoRead, voids }) =>
        `| ${service} | ${cell(member)} | ${cell(pinned)} | ${cell(alsoRead)} | the ${voids} |`,
    ),
  ];
}

function rowsTable(rows: readonly ConformanceRow[], all: string[]): string[] {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    '| Status | Upstream code | Operations | When | Code | Message | Then |',
    '|---|---|---|---|---|---|---|',
    ...rows
      .map((row) =>
        [
          String(row.status),
          row.upstreamCode === undefined ? 'any' : `\`${row.upstreamCode}\``,
          row.operations ? row.operations.join(', ') : all.length > 0 ? 'all' : 'any',
          cell(row.when),
          `\`${row.code}\``,
          cell(row.message),
          THEN[row.then],
        ].join(' | '),
      )
      .map((line) => `| ${line} |`),
  ];
}
