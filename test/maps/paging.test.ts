import { SINGLE_REQUEST_DISCIPLINE, useTestStack, type TestStack } from '../support/gateway';
import { mapsCalls, upstreamData } from './support';

/* eslint-disable @typescript-eslint/no-explicit-any -- upstream JSON is compared field by field */

const SEARCH_PAGE = `query($after: String) { searchPlaces(query: "a", first: 7, after: $after) {
  totalCount edges { cursor node { osmId } } nodes { osmId }
  pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;

/** The search's whole answer, as the maps service gives it in one call (the sandbox caps it at 20). */
async function wholeSearch(stack: TestStack): Promise<string[]> {
  const upstream = await upstreamData(stack, 'search', { query: { q: 'a' } });
  stack.sandbox.controls.clearLog();
  return upstream.map((result: any) => result.osm_id);
}

/** Three pages of seven, each asked with the previous page's `endCursor`. */
async function threePages(stack: TestStack) {
  const pages = [];
  let after: string | null = null;
  for (let page = 0; page < 3; page += 1) {
    const { data, errors } = await stack.query(SEARCH_PAGE, { after });
    expect(errors).toBeUndefined();
    pages.push(data.searchPlaces);
    after = data.searchPlaces.pageInfo.endCursor;
  }
  return pages;
}

describe('searchPlaces and placeCategories are Relay connections over one upstream answer', () => {
  const stack = useTestStack();

  it('pages forward through the search: first page, next pages by endCursor, a last page without a next', async () => {
    const whole = await wholeSearch(stack);
    expect(whole).toHaveLength(20);
    const [first, second, last] = await threePages(stack);
    expect(first.nodes.map((place: any) => place.osmId)).toEqual(whole.slice(0, 7));
    expect(first.edges.map((edge: any) => edge.node)).toEqual(first.nodes);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.pageInfo.startCursor).toBe(first.edges[0].cursor);
    expect(first.pageInfo.endCursor).toBe(first.edges[6].cursor);
    expect(second.nodes.map((place: any) => place.osmId)).toEqual(whole.slice(7, 14));
    expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    expect(last.nodes.map((place: any) => place.osmId)).toEqual(whole.slice(14, 20));
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect([first, second, last].map((page) => page.totalCount)).toEqual([20, 20, 20]);
  });

  it('gives 20 places when first is not given, and every place with first at the maximum of 100', async () => {
    const { data } = await stack.query(
      '{ short: searchPlaces(query: "a") { nodes { osmId } pageInfo { hasNextPage } } all: placeCategories(first: 100) { totalCount nodes { key } pageInfo { hasNextPage } } }',
    );
    expect(data.short.nodes).toHaveLength(20);
    expect(data.short.pageInfo.hasNextPage).toBe(false);
    expect(data.all.nodes.map((category: any) => category.key)).toEqual(
      stack.sandbox.dataset.categories.map(({ key }) => key),
    );
    expect(data.all.pageInfo.hasNextPage).toBe(false);
  });

  it('pages the category taxonomy, 20 by default, the rest after the endCursor', async () => {
    const keys = stack.sandbox.dataset.categories.map(({ key }) => key);
    expect(keys.length).toBeGreaterThan(20);
    const first = (
      await stack.query('{ placeCategories { nodes { key } pageInfo { hasNextPage endCursor } } }')
    ).data.placeCategories;
    expect(first.nodes.map((category: any) => category.key)).toEqual(keys.slice(0, 20));
    expect(first.pageInfo.hasNextPage).toBe(true);
    const { data } = await stack.query(
      'query($after: String) { placeCategories(after: $after) { nodes { key } pageInfo { hasNextPage } } }',
      { after: first.pageInfo.endCursor },
    );
    expect(data.placeCategories.nodes.map((category: any) => category.key)).toEqual(keys.slice(20));
    expect(data.placeCategories.pageInfo.hasNextPage).toBe(false);
  });

  it('answers an empty last page, without cursors, after the last item', async () => {
    const [, , last] = await threePages(stack);
    const { data, errors } = await stack.query(SEARCH_PAGE, { after: last.pageInfo.endCursor });
    expect(errors).toBeUndefined();
    expect(data.searchPlaces).toMatchObject({
      totalCount: 20,
      nodes: [],
      edges: [],
      pageInfo: { hasNextPage: false, startCursor: null, endCursor: null },
    });
  });

  it('asks the service once for several pages in one request', async () => {
    const { data, errors } = await stack.query(
      `{ a: searchPlaces(query: "a", first: 5) { nodes { osmId } pageInfo { endCursor } }
         b: searchPlaces(query: "a", first: 10) { nodes { osmId } }
         c: placeCategories(first: 3) { nodes { key } } d: placeCategories(first: 4) { nodes { key } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.b.nodes.slice(0, 5)).toEqual(data.a.nodes);
    expect(data.d.nodes.slice(0, 3)).toEqual(data.c.nodes);
    expect(stack.sandbox.controls.counts()).toEqual({ 'maps/placeCategories': 1, 'maps/search': 1 });
  });

  it.each([
    ['first: 101', 'first', '"first" must be from 1 to 100'],
    ['first: 0', 'first', '"first" must be from 1 to 100'],
    ['first: -3', 'first', '"first" must be from 1 to 100'],
    ['first: null', 'first', '"first" must be from 1 to 100'],
    ['after: "not a cursor"', 'after', '"after" is not a cursor of this list'],
    ['after: "Y3Vyc29yOi0x"', 'after', '"after" is not a cursor of this list'],
  ])(
    'refuses %s with BAD_USER_INPUT naming the argument, before any call',
    async (argument, name, message) => {
      const result = await stack.query(
        `{ searchPlaces(query: "a", ${argument}) { totalCount } placeCategories(${argument}) { totalCount } }`,
      );
      expect(result.data).toEqual({ searchPlaces: null, placeCategories: null });
      expect(result.errors).toHaveLength(2);
      for (const error of result.errors!) {
        expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: name });
        expect(error.message).toContain(message);
      }
      expect(stack.sandbox.controls.count({ service: 'maps' })).toBe(0);
    },
  );

  it('counts the cost of a page from first: one call, plus what each place of the page may cost', async () => {
    const { response } = await stack.query(
      '{ searchPlaces(query: "a", first: 3) { nodes { loccode { street { name } } } } }',
    );
    // One search, and at most one street resolve per place of the page.
    expect(response.json.extensions.cost).toMatchObject({ requested: 1 + 3 });
    expect(mapsCalls(stack, 'search')).toBe(1);
    expect(mapsCalls(stack, 'resolveLoccode')).toBeLessThanOrEqual(3);
  });
});

describe('pages across requests with the upstream cache on, under a configured PAGE_MAX_SIZE', () => {
  const stack = useTestStack({ ...SINGLE_REQUEST_DISCIPLINE, UPSTREAM_CACHE: 'on', PAGE_MAX_SIZE: '30' });

  it('makes one upstream call for three pages asked in three requests', async () => {
    const pages = await threePages(stack);
    expect(pages.map((page) => page.nodes.length)).toEqual([7, 7, 6]);
    expect(mapsCalls(stack, 'search')).toBe(1);
  });

  it('takes first up to PAGE_MAX_SIZE and refuses one more, naming the setting', async () => {
    const allowed = await stack.query('{ placeCategories(first: 30) { nodes { key } } }');
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data.placeCategories.nodes).toHaveLength(stack.sandbox.dataset.categories.length);
    const refused = await stack.query('{ placeCategories(first: 31) { nodes { key } } }');
    expect(refused.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
    expect(refused.errors![0]!.message).toContain('"first" must be from 1 to 30 (PAGE_MAX_SIZE)');
  });
});
