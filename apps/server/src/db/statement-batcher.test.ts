import { describe, expect, it } from 'vitest';
import { createStatementBatcher } from './statement-batcher';

/** A statement that records each batch it is given and finishes when the test says so. */
function fakeStatement(answer: (input: string) => string = (input) => input.toUpperCase()) {
  const batches: string[][] = [];
  const pending: (() => void)[] = [];
  const run = (inputs: readonly string[]) => {
    batches.push([...inputs]);
    return new Promise<string[]>((resolve, reject) => {
      pending.push(() => {
        try {
          resolve(inputs.map(answer));
        } catch (error) {
          reject(error);
        }
      });
    });
  };
  /** Lets the oldest running statement finish, then lets the batcher react. */
  async function finishOne(): Promise<void> {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { run, batches, finishOne, running: () => pending.length };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createStatementBatcher', () => {
  it('runs a lone call on its own and answers it', async () => {
    const statement = fakeStatement();
    const call = createStatementBatcher(statement.run, { maxSize: 10, maxInFlight: 1 });
    const answer = call('a');
    await turn();
    expect(statement.batches).toEqual([['a']]);
    await statement.finishOne();
    await expect(answer).resolves.toBe('A');
  });

  it('runs the calls of one turn together and answers each with its own output', async () => {
    const statement = fakeStatement();
    const call = createStatementBatcher(statement.run, { maxSize: 10, maxInFlight: 1 });
    const answers = Promise.all(['a', 'b', 'c'].map(call));
    await turn();
    expect(statement.batches).toEqual([['a', 'b', 'c']]);
    await statement.finishOne();
    await expect(answers).resolves.toEqual(['A', 'B', 'C']);
  });

  it('holds later calls while the statements allowed at once run, then runs them together', async () => {
    const statement = fakeStatement();
    const call = createStatementBatcher(statement.run, { maxSize: 10, maxInFlight: 1 });
    const first = call('a');
    await turn();
    const later = Promise.all([call('b'), call('c')]);
    await turn();
    const last = call('d');
    await turn();
    expect(statement.batches).toEqual([['a']]);

    await statement.finishOne();
    await expect(first).resolves.toBe('A');
    expect(statement.batches).toEqual([['a'], ['b', 'c', 'd']]);
    await statement.finishOne();
    await expect(later).resolves.toEqual(['B', 'C']);
    await expect(last).resolves.toBe('D');
  });

  it('never puts more than maxSize inputs in one statement', async () => {
    const statement = fakeStatement();
    const call = createStatementBatcher(statement.run, { maxSize: 2, maxInFlight: 2 });
    const answers = Promise.all(['a', 'b', 'c', 'd', 'e'].map(call));
    await turn();
    expect(statement.batches).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    await statement.finishOne();
    expect(statement.batches.at(-1)).toEqual(['e']);
    await statement.finishOne();
    await statement.finishOne();
    await expect(answers).resolves.toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('runs each input of a failed statement again alone, so only the bad one fails', async () => {
    const statement = fakeStatement((input) => {
      if (input === 'bad') throw new Error('bad input');
      return input.toUpperCase();
    });
    const call = createStatementBatcher(statement.run, { maxSize: 10, maxInFlight: 1 });
    const good = call('a');
    const bad = call('bad');
    const alsoGood = call('b');
    const failure = expect(bad).rejects.toThrow('bad input');
    await turn();
    for (let step = 0; step < 4; step += 1) await statement.finishOne();
    await expect(good).resolves.toBe('A');
    await failure;
    await expect(alsoGood).resolves.toBe('B');
    expect(statement.batches).toEqual([['a', 'bad', 'b'], ['a'], ['bad'], ['b']]);
  });

  it('keeps a key out of a second running statement until the first one has finished', async () => {
    const statement = fakeStatement();
    const call = createStatementBatcher(statement.run, {
      maxSize: 10,
      maxInFlight: 2,
      keyOf: (input) => input.slice(0, 1),
    });
    const first = call('a1');
    await turn();
    // Learner "a" is being written: a2 waits; b1 runs beside the first statement.
    const second = call('a2');
    const other = call('b1');
    await turn();
    expect(statement.batches).toEqual([['a1'], ['b1']]);

    await statement.finishOne();
    await expect(first).resolves.toBe('A1');
    expect(statement.batches).toEqual([['a1'], ['b1'], ['a2']]);
    await statement.finishOne();
    await statement.finishOne();
    await expect(other).resolves.toBe('B1');
    await expect(second).resolves.toBe('A2');
  });
});
