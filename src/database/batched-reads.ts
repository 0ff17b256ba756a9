import DataLoader from 'dataloader';

/** The most ids one statement asks for. */
const MAX_BATCH = 100;

/** Loads that gather what one turn of the event loop asked for, sent once the loop has read every socket; no cache. */
const PER_TURN = { cache: false, batchScheduleFn: (send: () => void) => setImmediate(send) } as const;

/**
 * Reads by id that arrive together, joined into one statement (issue 18). On MySQL every statement is a round trip
 * whose socket write costs the service more CPU than its rows; requests whose sockets were readable in the same turn of
 * the event loop share one statement, sent once the loop has read them all (`setImmediate`). Nothing is remembered
 * between batches. `load` answers the rows it found by id; an id without a row gets null.
 */
export function batchedById<Row>(load: (ids: number[]) => Promise<Map<number, Row>>): (id: number) => Promise<Row | null> {
  const loader = new DataLoader<number, Row | null>(
    async (ids) => {
      const found = await load([...new Set(ids)]);
      return ids.map((id) => found.get(id) ?? null);
    },
    { ...PER_TURN, maxBatchSize: MAX_BATCH },
  );
  return (id) => loader.load(id);
}

/**
 * A read of one value shared by the requests that ask for it in the same turn of the event loop (issue 18), as
 * `batchedById` shares reads by id: one statement, sent once the loop has read them all, answers all of them. Each
 * request still gets a value read after it asked; nothing is remembered between turns.
 */
export function sharedPerTurn<Value>(load: () => Promise<Value>): () => Promise<Value> {
  const loader = new DataLoader<0, Value>(
    async (keys) => {
      const value = await load();
      return keys.map(() => value);
    },
    { ...PER_TURN, maxBatchSize: Number.MAX_SAFE_INTEGER },
  );
  return () => loader.load(0);
}
