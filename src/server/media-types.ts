/**
 * GraphQL over HTTP (https://graphql.github.io/graphql-over-http/draft/) checks made before Apollo
 * runs anything: Apollo decides an `Accept` header is unacceptable only after executing the
 * operation (upstream calls included), and answers its own refusals in the negotiated type.
 */

import contentType from 'content-type';

export const APPLICATION_JSON = 'application/json; charset=utf-8';
export const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json; charset=utf-8';

/** What a single response can be sent as, in Apollo's order (the first wins a tie). */
const RESPONSE_TYPES = [
  { mediaType: APPLICATION_JSON, type: 'application', subtype: 'json' },
  { mediaType: GRAPHQL_RESPONSE_JSON, type: 'application', subtype: 'graphql-response+json' },
];

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
  /** Parameters other than `q`; a range with any but `charset=utf-8` matches neither type. */
  parameters: string[];
  order: number;
}

interface Match {
  mediaType: string;
  q: number;
  /** 0 for the any-type range, 1 for any `application` subtype, 2 for the exact type. */
  specificity: number;
  order: number;
  index: number;
}

function mediaRanges(accept: string): MediaRange[] {
  return accept.split(',').map((entry, order) => {
    const [range = '', ...rest] = entry.split(';').map((part) => part.trim().toLowerCase());
    const [type = '', subtype = ''] = range.split('/');
    const q = rest.find((parameter) => /^q\s*=/.test(parameter));
    const quality = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    const parameters = rest.filter((parameter) => parameter !== q).map((p) => p.replace(/\s/g, ''));
    return { type, subtype, q: Number.isFinite(quality) ? quality : 0, parameters, order };
  });
}

/** The most specific range of `accept` that covers `candidate`, as content negotiation picks it. */
function bestMatch(
  ranges: MediaRange[],
  candidate: (typeof RESPONSE_TYPES)[number],
  index: number,
): Match | undefined {
  let best: Match | undefined;
  for (const range of ranges) {
    if (range.parameters.some((parameter) => parameter !== 'charset=utf-8')) continue;
    const specificity =
      range.type === candidate.type && range.subtype === candidate.subtype
        ? 2
        : range.type === candidate.type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1;
    if (specificity < 0) continue;
    const better =
      !best ||
      specificity > best.specificity ||
      (specificity === best.specificity &&
        (range.q > best.q || (range.q === best.q && range.order < best.order)));
    if (better) best = { mediaType: candidate.mediaType, q: range.q, specificity, order: range.order, index };
  }
  return best;
}

/**
 * The content type a GraphQL response is sent as: `application/json` when `Accept` is absent (spec
 * section 6.4.1), else the type the header prefers; undefined when it allows neither (HTTP 406).
 */
export function responseMediaType(accept: string | undefined): string | undefined {
  if (!accept?.trim()) return APPLICATION_JSON;
  const ranges = mediaRanges(accept);
  const matches = RESPONSE_TYPES.map((candidate, index) => bestMatch(ranges, candidate, index)).filter(
    (match): match is Match => match !== undefined && match.q > 0,
  );
  matches.sort(
    (a, b) => b.q - a.q || b.specificity - a.specificity || a.order - b.order || a.index - b.index,
  );
  return matches[0]?.mediaType;
}

/**
 * Whether a request's `content-type` is `application/json`, the one POST encoding served
 * (spec 5.2), in UTF-8: JSON is UTF-8 (RFC 8259), so a `charset` parameter may only say so.
 * Read by the content-type package, so a header that breaks RFC 7231's grammar is not JSON.
 */
export function isJsonRequest(header: string | undefined): boolean {
  if (header === undefined) return false;
  let parsed: contentType.ParsedMediaType;
  try {
    parsed = contentType.parse(header);
  } catch {
    return false;
  }
  const charset = parsed.parameters.charset?.toLowerCase();
  return parsed.type === 'application/json' && (charset === undefined || UTF8.has(charset));
}

const UTF8 = new Set(['utf-8', 'utf8']);
