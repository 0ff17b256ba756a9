/** What a record id names (CONTRACT §1.6): events, venues, organizers and media items share one sequence. */
export type RecordKind = 'event' | 'venue' | 'organizer' | 'media';

/** PORT: hands out record ids and tells which kind an id was given to. */
export abstract class RecordIds {
  abstract next(kind: RecordKind): Promise<number>;
  abstract kindOf(id: number): Promise<RecordKind | null>;
}

export class InMemoryRecordIds extends RecordIds {
  private last = 0;
  private readonly kinds = new Map<number, RecordKind>();
  async next(kind: RecordKind): Promise<number> {
    this.last += 1;
    this.kinds.set(this.last, kind);
    return this.last;
  }
  async kindOf(id: number): Promise<RecordKind | null> {
    return this.kinds.get(id) ?? null;
  }
}
