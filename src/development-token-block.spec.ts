import { developmentTokenBlock } from './development-token-block';

describe('developmentTokenBlock', () => {
  it('shows the token once and a curl that uses it, in a few short lines', () => {
    const block = developmentTokenBlock('eyJ.token.sig', 'http://localhost:3100/wp-json/calendar/events/v1', 'http://localhost:3100/docs', 'data/development-secret');
    expect(block).toContain('  export TOKEN=eyJ.token.sig\n');
    expect(block).toContain('  curl -X POST http://localhost:3100/wp-json/calendar/events/v1/events \\\n');
    expect(block).toContain('-H "Authorization: Bearer $TOKEN"');
    expect(block.split('eyJ.token.sig')).toHaveLength(2);
    expect(block).toContain('Explorer: http://localhost:3100/docs');
    expect(block).toContain('data/development-secret');
    expect(block.split('\n').length).toBeLessThanOrEqual(13);
    expect(block.trim().startsWith('{')).toBe(false);
  });
});
