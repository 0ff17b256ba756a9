import { progressReporter } from './progress';

describe('seed progress without a terminal', () => {
  it('writes plain lines: the first update, then the end once, however often it is stopped', () => {
    const lines: string[] = [];
    const stream = { isTTY: false, write: (text: string) => lines.push(text) } as unknown as NodeJS.WriteStream;
    const progress = progressReporter(200, stream);
    progress.update(50);
    progress.update(120); // within 5 s of the last line: not written
    progress.stop(); // a slow phase starts
    progress.stop(); // the end
    expect(lines.map((l) => l.replace(/, [\d.]+ s, \d+\/s\n$/, ''))).toEqual(['seed: 50/200 events (25%)', 'seed: 120/200 events (60%)']);
  });
});
