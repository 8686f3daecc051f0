import { Budgets } from '../../src/server/access/budget';
import { FakeClock } from '../support/time';

describe('client budgets: a leaky bucket in cost points (README, Keys, cost and budgets)', () => {
  // 60 points a minute: 1 point a second drains, 60 at most in the bucket.
  const start = () => {
    const clock = new FakeClock(0);
    return { clock, budgets: new Budgets(60, clock) };
  };

  it('takes a query whole or not at all, drains at the budget rate, and says when a refused query would fit', async () => {
    const { clock, budgets } = start();
    expect(budgets.charge('a', 50)).toEqual({ allowed: true, limit: 60, remaining: 10, resetSeconds: 50 });
    expect(budgets.charge('a', 15)).toEqual({
      allowed: false,
      retryAfterSeconds: 5,
      limit: 60,
      remaining: 10,
      resetSeconds: 50,
    });
    await clock.advance(4_000);
    expect(budgets.charge('a', 15)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    await clock.advance(1_000);
    expect(budgets.charge('a', 15)).toEqual({ allowed: true, limit: 60, remaining: 0, resetSeconds: 60 });
    expect(budgets.peek('b')).toEqual({ limit: 60, remaining: 60, resetSeconds: 0 });
    await clock.advance(60_000);
    expect(budgets.peek('a')).toEqual({ limit: 60, remaining: 60, resetSeconds: 0 });
  });

  it('always passes a free query (introspection, `code` alone), even on an empty budget', () => {
    const { budgets } = start();
    budgets.charge('a', 60);
    expect(budgets.charge('a', 0)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('refuses a flood of 3-point queries after 20, each Retry-After the missing points at 1 a second', async () => {
    const { clock, budgets } = start();
    const admitted = [];
    for (let query = 0; query < 20; query += 1) admitted.push((await budgets.charge('flooder', 3)).allowed);
    expect(admitted.every(Boolean)).toBe(true);
    expect(budgets.charge('flooder', 3)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 3,
      remaining: 0,
    });
    await clock.advance(1_000);
    expect(budgets.charge('flooder', 3)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 2,
      remaining: 1,
    });
    await clock.advance(2_000);
    expect(budgets.charge('flooder', 3)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('keeps one bucket per caller: a flooded client leaves its neighbour whole', async () => {
    const { budgets } = start();
    budgets.charge('client:flooder', 60);
    expect((await budgets.charge('client:flooder', 1)).allowed).toBe(false);
    expect(budgets.charge('client:neighbour', 30)).toEqual({
      allowed: true,
      limit: 60,
      remaining: 30,
      resetSeconds: 30,
    });
  });

  it('answers at once without Redis: no promise on the path every request takes', () => {
    const { budgets } = start();
    expect(budgets.charge('a', 1)).not.toBeInstanceOf(Promise);
    expect(budgets.peek('a')).not.toBeInstanceOf(Promise);
  });
});
