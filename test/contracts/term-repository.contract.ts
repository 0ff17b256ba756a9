import { TermRepository } from '../../src/modules/terms/application/term-repository';

/** What a contract run needs: a fresh repository and a way to put events (status + term links) next to it. */
export interface TermRepositoryFixture {
  repo: TermRepository;
  linkEvent: (eventId: number, status: string, termIds: number[]) => Promise<void>;
  close: () => Promise<void>;
}

/** The behaviour every TermRepository adapter must show (in-memory, SQLite, MySQL). */
export function describeTermRepositoryContract(name: string, make: () => Promise<TermRepositoryFixture>) {
  describe(`TermRepository contract: ${name}`, () => {
    let f: TermRepositoryFixture;
    beforeEach(async () => {
      f = await make();
    });
    afterEach(async () => f.close());

    const cat = (name: string, slug: string, parent = 0) =>
      f.repo.insert({ taxonomy: 'category', name, slug, description: '', parent });
    const tag = (name: string, slug: string) => f.repo.insert({ taxonomy: 'tag', name, slug, description: 'd', parent: 0 });

    it('shares one increasing id sequence between categories and tags, never reusing ids', async () => {
      const a = await cat('A', 'a');
      const b = await tag('B', 'b');
      expect(b.id).toBeGreaterThan(a.id);
      await f.repo.delete(b);
      const c = await cat('C', 'c');
      expect(c.id).toBeGreaterThan(b.id);
      expect(await f.repo.findById('category', b.id)).toBeNull();
    });

    it('finds by id only within the taxonomy', async () => {
      const t = await tag('Outdoor', 'outdoor');
      expect(await f.repo.findById('tag', t.id)).toEqual(t);
      expect(await f.repo.findById('category', t.id)).toBeNull();
      expect(await f.repo.findById('tag', 0)).toBeNull();
      expect((await f.repo.findByIds(null, [t.id, 999999])).map((x) => x.id)).toEqual([t.id]);
      expect(await f.repo.findByIds('category', [t.id])).toEqual([]);
    });

    it('compares slugs and names ignoring case and accents', async () => {
      const cafe = await cat('Café Concerts', 'cafe-concerts');
      expect((await f.repo.findBySlug('category', 'CAFE-Concerts'))?.id).toBe(cafe.id);
      expect(await f.repo.findBySlug('tag', 'cafe-concerts')).toBeNull();
      expect((await f.repo.findByName('category', 'CAFE CONCERTS'))?.id).toBe(cafe.id);
      expect((await f.repo.findByName('category', 'cafe concerts', 0))?.id).toBe(cafe.id);
      expect(await f.repo.findByName('category', 'cafe concerts', cafe.id)).toBeNull();
    });

    it('updates name, slug, description and parent', async () => {
      const p = await cat('Parent', 'parent');
      const c = await cat('Child', 'child');
      await f.repo.update({ ...c, name: 'Niño', slug: 'nino', description: '<b>x</b>', parent: p.id });
      expect(await f.repo.findById('category', c.id)).toEqual({ ...c, name: 'Niño', slug: 'nino', description: '<b>x</b>', parent: p.id });
      expect((await f.repo.findByName('category', 'nino'))?.id).toBe(c.id);
    });

    it('counts published events only and lists terms of events by name', async () => {
      const jazz = await cat('Jazz', 'jazz');
      const blues = await cat('blues', 'blues');
      const t = await tag('Outdoor', 'outdoor');
      await f.linkEvent(101, 'publish', [jazz.id, t.id, blues.id]);
      await f.linkEvent(102, 'publish', [jazz.id]);
      await f.linkEvent(103, 'draft', [jazz.id, blues.id]);
      expect(await f.repo.counts('category')).toEqual(new Map([[jazz.id, 2], [blues.id, 1]]));
      expect(await f.repo.counts('tag')).toEqual(new Map([[t.id, 1]]));
      expect(await f.repo.countsOf([blues.id, t.id])).toEqual(new Map([[blues.id, 1], [t.id, 1]]));
      const byEvent = await f.repo.termsOfEvents([101, 103, 104]);
      expect(byEvent.get(101)?.map((x) => x.slug)).toEqual(['blues', 'jazz', 'outdoor']);
      expect(byEvent.get(103)?.map((x) => x.slug)).toEqual(['blues', 'jazz']);
      expect(byEvent.get(104)).toEqual([]);
      expect(await f.repo.eventAccessStamp(103)).toMatchObject({ status: 'draft', postPassword: '' });
      expect(await f.repo.eventAccessStamp(104)).toBeNull();
    });

    it('delete removes event links and moves children up to the parent', async () => {
      const root = await cat('Root', 'root');
      const mid = await cat('Mid', 'mid', root.id);
      const leaf = await cat('Leaf', 'leaf', mid.id);
      await f.linkEvent(201, 'publish', [mid.id, leaf.id]);
      await f.repo.delete(mid);
      expect((await f.repo.findById('category', leaf.id))?.parent).toBe(root.id);
      expect((await f.repo.termsOfEvents([201])).get(201)?.map((x) => x.id)).toEqual([leaf.id]);
      expect(await f.repo.countsOf([mid.id])).toEqual(new Map());
      expect((await f.repo.all('category')).map((x) => x.id)).toEqual([root.id, leaf.id]);
    });
  });
}
