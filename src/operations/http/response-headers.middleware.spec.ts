import { discoveryLinkFor } from './response-headers.middleware';

describe('discovery Link header (CONTRACT §7.1)', () => {
  const config = { publicUrl: 'https://cal.example/base', apiPrefix: '/api', locales: ['en', 'es'] as Array<'en' | 'es'> };

  it('points at the English API root, or the Spanish one for the /es base address', () => {
    const link = discoveryLinkFor(config);
    expect(link('/api/calendar/events/v1/events')).toBe('<https://cal.example/base/api/>; rel="https://api.w.org/"');
    expect(link('/health/live')).toBe('<https://cal.example/base/api/>; rel="https://api.w.org/"');
    expect(link('/essay')).toBe('<https://cal.example/base/api/>; rel="https://api.w.org/"');
    for (const url of ['/es', '/es/api/', '/es?x=1', '/es/api/calendar/events/v1/events?page=2']) {
      expect(link(url)).toBe('<https://cal.example/base/es/api/>; rel="https://api.w.org/"');
    }
  });

  it('never names a Spanish root that is not served (LOCALES=en)', () => {
    expect(discoveryLinkFor({ ...config, locales: ['en'] })('/es/api/')).toBe('<https://cal.example/base/api/>; rel="https://api.w.org/"');
  });
});
