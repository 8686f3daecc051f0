import { operationLoader, type HeldAnswers } from '../../src/upstream/loader';
import { atOnce, isPromise, type PromiseOrValue } from '../../src/upstream/promise-or-value';

/** What the fake's calls throw, asked through `held`, for a key it does not hold (discipline.ts has its own). */
const NOT_HELD = Symbol('not held');

/**
 * A client as loader.ts expects one (client.ts `held`): a question asked through `held` is
 * answered at once for a key it holds, and starts nothing for one it does not.
 */
function upstream() {
  const holding = new Map<string, string>();
  const sent: string[] = [];
  let heldOnly = false;
  const client: HeldAnswers & { answer(key: string): PromiseOrValue<string> } = {
    held(ask) {
      heldOnly = true;
      try {
        return atOnce(ask, (thrown) => thrown === NOT_HELD);
      } finally {
        heldOnly = false;
      }
    },
    answer(key) {
      const known = holding.get(key);
      if (heldOnly) {
        if (known === undefined) throw NOT_HELD;
        if (known === 'refused') throw new Error(`${key} refused`);
        return known;
      }
      sent.push(key);
      return Promise.resolve(known ?? `${key} from upstream`);
    },
  };
  /** Keys exact, as agriculture's loccodes are. */
  const loader = operationLoader(
    (key: string) => client.answer(key),
    (key) => key,
    client,
  );
  return { client, holding, sent, loader };
}

describe('operationLoader: an answer held in memory at once, any other through DataLoader', () => {
  it('answers a held key at once, without a promise, and sends nothing', () => {
    const { holding, sent, loader } = upstream();
    holding.set('KN3A 7QP', 'Kano');
    expect(loader.load('KN3A 7QP')).toBe('Kano');
    expect(sent).toEqual([]);
  });

  it('keeps what it answered for the rest of the request, even once the answer is no longer held', async () => {
    const { holding, sent, loader } = upstream();
    holding.set('KN3A 7QP', 'Kano');
    expect(loader.load('KN3A 7QP')).toBe('Kano');
    holding.clear();
    await expect(loader.load('KN3A 7QP')).resolves.toBe('Kano');
    expect(sent).toEqual([]);
  });

  it('sends a key that is not held once, however often it is asked in the request', async () => {
    const { client, sent } = upstream();
    const loader = operationLoader(
      (key: string) => client.answer(key),
      (key) => key.toUpperCase(),
      client,
    );
    const first = loader.load('kn3a 7qp');
    const second = loader.load('KN3A 7QP');
    expect(isPromise(first)).toBe(true);
    await expect(first).resolves.toBe('kn3a 7qp from upstream');
    await expect(second).resolves.toBe('kn3a 7qp from upstream');
    expect(sent).toEqual(['kn3a 7qp']);
  });

  it('answers a held answer that fails with its failure, and asks no more for it', async () => {
    const { holding, sent, loader } = upstream();
    holding.set('ZZ9Z 9ZZ', 'refused');
    await expect(loader.load('ZZ9Z 9ZZ')).rejects.toThrow('ZZ9Z 9ZZ refused');
    holding.clear();
    await expect(loader.load('ZZ9Z 9ZZ')).rejects.toThrow('ZZ9Z 9ZZ refused');
    expect(sent).toEqual([]);
  });

  it('rejects with an Error for a key whose question fails, as DataLoader does', async () => {
    const loader = operationLoader(
      (key: string): PromiseOrValue<string> => Promise.reject(`no ${key}`),
      (key) => key,
      upstream().client,
    );
    await expect(loader.load('ZZ9Z 9ZZ')).rejects.toThrow(new Error('no ZZ9Z 9ZZ'));
  });

  it('without a client, answers through DataLoader only: a promise even for a value that is there', async () => {
    const loader = operationLoader(
      (key: string) => key.length,
      (key) => key,
    );
    const answer = loader.load('KN3A 7QP');
    expect(isPromise(answer)).toBe(true);
    await expect(answer).resolves.toBe(8);
  });
});
