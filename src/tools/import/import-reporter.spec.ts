import type { ImportSummary, KindTally } from '../../modules/imports/application/import.service';
import { summaryLines } from './import-reporter';

const tally = (slugChanges: KindTally['slugChanges'] = []): KindTally => ({
  created: 1, updated: 0, unchanged: 0, skipped: 0, failed: 0, adopted: 0, protected: 0, withoutContent: 0, slugChanges,
});

describe('the import summary', () => {
  it('says why a slug changed: taken here (suffixed), or rewritten by the slug rules (WordPress keeps encoded slugs)', () => {
    const summary: ImportSummary = {
      tallies: {
        category: tally(), tag: tally([{ sourceId: 7, from: '%e6%97%a5%e6%9c%ac', to: 'e6-97-a5-e6-9c-ac' }]), venue: tally(), organizer: tally(),
        event: tally([{ sourceId: 102, from: 'summer-concert', to: 'summer-concert-2' }]),
      },
      passwordUsed: false,
      interrupted: false,
    };
    const lines = summaryLines(summary, { dryRun: false });
    expect(lines).toContain('import: slug rewritten by the slug rules: tag 7 "%e6%97%a5%e6%9c%ac" is now "e6-97-a5-e6-9c-ac"');
    expect(lines).toContain('import: slug taken here: event 102 "summer-concert" is now "summer-concert-2"');
  });
});
