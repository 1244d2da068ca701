/** Runs one statement for many inputs and answers each input, in order. */
export type BatchRunner<Input, Output> = (inputs: readonly Input[]) => Promise<readonly Output[]>;

export interface StatementBatcherOptions<Input> {
  /** The most inputs one statement takes. */
  maxSize: number;
  /** How many statements may run at once; later calls wait and go together in the next one. */
  maxInFlight: number;
  /**
   * Inputs with the same key are never in two running statements at once (a statement that locks a
   * learner's rows then never waits for another one that holds them: no deadlock between the two).
   */
  keyOf?: (input: Input) => string;
}

interface Call<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

/**
 * Coalesces concurrent calls of one statement (ADR 011). Calls are collected until the end of the
 * current turn of the event loop, then run together while fewer than `maxInFlight` statements run;
 * calls made meanwhile wait for a statement to finish and go together in the next one. An idle
 * server runs each call on its own at once (there is no timer), while under load many requests
 * share one round trip, one plan execution and one commit.
 *
 * When a statement for several inputs fails, each of its inputs is run again alone, so one bad input
 * (or a deadlock with another server process) fails only its own call.
 */
export function createStatementBatcher<Input, Output>(
  run: BatchRunner<Input, Output>,
  { maxSize, maxInFlight, keyOf }: StatementBatcherOptions<Input>,
): (input: Input) => Promise<Output> {
  let waiting: Call<Input, Output>[] = [];
  const busyKeys = new Set<string>();
  let inFlight = 0;
  let scheduled = false;

  async function runAlone(call: Call<Input, Output>): Promise<void> {
    try {
      const [output] = await run([call.input]);
      call.resolve(output as Output);
    } catch (error) {
      call.reject(error);
    }
  }

  async function execute(batch: Call<Input, Output>[]): Promise<void> {
    if (batch.length === 1) return runAlone(batch[0] as Call<Input, Output>);
    let outputs: readonly Output[];
    try {
      outputs = await run(batch.map((call) => call.input));
    } catch {
      for (const call of batch) await runAlone(call);
      return;
    }
    for (const [index, call] of batch.entries()) call.resolve(outputs[index] as Output);
  }

  /** The next statement's calls: the oldest waiting ones whose keys no running statement holds. */
  function takeBatch(): Call<Input, Output>[] {
    if (!keyOf) return waiting.splice(0, maxSize);
    const batch: Call<Input, Output>[] = [];
    const rest: Call<Input, Output>[] = [];
    for (const call of waiting) {
      if (batch.length < maxSize && !busyKeys.has(keyOf(call.input))) batch.push(call);
      else rest.push(call);
    }
    waiting = rest;
    return batch;
  }

  function pump(): void {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = takeBatch();
      if (batch.length === 0) return;
      const keys = keyOf ? new Set(batch.map((call) => keyOf(call.input))) : undefined;
      for (const key of keys ?? []) busyKeys.add(key);
      inFlight += 1;
      void execute(batch).finally(() => {
        for (const key of keys ?? []) busyKeys.delete(key);
        inFlight -= 1;
        pump();
      });
    }
  }

  // Requests that arrived together (on PGlite, which blocks the loop while a statement runs, all
  // of them) reach this point in the same turn of the event loop and go in one statement.
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  }

  return (input) =>
    new Promise<Output>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      schedule();
    });
}
