import { classifyImageInput, presentImage, urlHashOf } from '../../src/modules/media/domain/media-item';
import { isEmail, isOrganizerDuplicate, Organizer } from '../../src/modules/organizers/domain/organizer';
import { computeStateProvince, fieldMatchesAll, isVenueDuplicate, searchFragments, Venue } from '../../src/modules/venues/domain/venue';

const venue = (over: Partial<Venue> = {}): Venue => ({
  id: 1, authorId: 1, status: 'publish', date: '2026-01-01 00:00:00', dateUtc: '2026-01-01 00:00:00',
  modifiedUtc: '2026-01-01 00:00:00', slug: 'v', name: 'A venue', description: '', excerpt: '', address: '', city: '',
  country: '', province: '', state: '', zip: '', phone: '', website: '', stateprovince: '', imageId: null, showMap: true,
  showMapLink: true, geoLat: null, geoLng: null, ...over,
});

const organizer = (over: Partial<Organizer> = {}): Organizer => ({
  id: 1, authorId: 1, status: 'publish', date: '2026-01-01 00:00:00', dateUtc: '2026-01-01 00:00:00',
  modifiedUtc: '2026-01-01 00:00:00', slug: 'o', name: 'Blue Note', description: '', excerpt: '', phone: '', website: '',
  email: '', imageId: null, ...over,
});

describe('stateprovince (§10.3)', () => {
  it('uses state for empty, US or United States countries (any case)', () => {
    expect(computeStateProvince('', 'DC', 'P')).toBe('DC');
    expect(computeStateProvince('us', 'DC', 'P')).toBe('DC');
    expect(computeStateProvince('United STATES', 'DC', '')).toBe('DC');
  });
  it('uses province elsewhere, else ""', () => {
    expect(computeStateProvince('Spain', 'X', 'Madrid')).toBe('Madrid');
    expect(computeStateProvince('Spain', 'X', '')).toBe('');
    expect(computeStateProvince('', '', '')).toBe('');
  });
});

describe('search fragments (§10.6)', () => {
  it('splits into folded runs of letters, digits and -', () => {
    expect(searchFragments('Café, Müller-Straße 12!')).toEqual(['cafe', 'muller-strasse', '12']);
    expect(searchFragments('%_ ')).toEqual([]);
  });
  it('one field must contain all fragments', () => {
    expect(fieldMatchesAll('100, Avenue du Temple', searchFragments('temple avenue'))).toBe(true);
    expect(fieldMatchesAll('100, Avenue du Temple', searchFragments('temple street'))).toBe(false);
    expect(fieldMatchesAll('CAFÉ', searchFragments('café'))).toBe(true);
  });
});

describe('venue duplicate matching (§10.4)', () => {
  it('matches the name ignoring case and accents, and only the sent non-empty fields', () => {
    const v = venue({ name: 'Café Central', description: 'x', city: 'Wien' });
    expect(isVenueDuplicate(v, { name: 'cafe central' })).toBe(true);
    expect(isVenueDuplicate(v, { name: 'cafe central', city: 'WIEN', zip: '' })).toBe(true);
    expect(isVenueDuplicate(v, { name: 'cafe central', city: 'Graz' })).toBe(false);
    expect(isVenueDuplicate(v, { name: 'other' })).toBe(false);
  });
  it('matches the address by word fragments', () => {
    const v = venue({ address: '100, Avenue du Temple' });
    expect(isVenueDuplicate(v, { name: 'A venue', address: 'temple avenue' })).toBe(true);
    expect(isVenueDuplicate(v, { name: 'A venue', address: 'rue du temple' })).toBe(false);
  });
  it('never matches a trashed venue', () => {
    expect(isVenueDuplicate(venue({ status: 'trash' }), { name: 'A venue' })).toBe(false);
  });
});

describe('organizer duplicate matching (§10.4)', () => {
  it('compares name, description, phone, email and website for equality', () => {
    const o = organizer({ email: 'Hello@BN.example', website: 'https://bn.example' });
    expect(isOrganizerDuplicate(o, { name: 'BLUE NOTE', email: 'hello@bn.example' })).toBe(true);
    expect(isOrganizerDuplicate(o, { name: 'Blue Note', website: 'https://other.example' })).toBe(false);
    expect(isOrganizerDuplicate(organizer({ status: 'trash' }), { name: 'Blue Note' })).toBe(false);
  });
  it('validates e-mail addresses', () => {
    expect(isEmail('a@b.example')).toBe(true);
    expect(isEmail('nope')).toBe(false);
  });
});

describe('image input (§9.8)', () => {
  it('classifies values', () => {
    expect(classifyImageInput(undefined)).toEqual({ kind: 'unchanged' });
    for (const v of ['', 0, '0', false, null]) expect(classifyImageInput(v)).toEqual({ kind: 'remove' });
    expect(classifyImageInput('42')).toEqual({ kind: 'id', id: 42 });
    expect(classifyImageInput(42)).toEqual({ kind: 'id', id: 42 });
    expect(classifyImageInput('https://x.example/a/B.JPEG?x=1')).toEqual({ kind: 'url', url: 'https://x.example/a/B.JPEG?x=1', extension: 'jpeg' });
    for (const v of ['https://x.example/a.txt', 'ftp://x.example/a.png', 'hello', -1, 1.5, {}, []]) {
      expect(classifyImageInput(v)).toEqual({ kind: 'invalid' });
    }
  });
  it('presents images and hashes URLs', () => {
    expect(presentImage(undefined)).toBe(false);
    expect(presentImage({ url: 'u', id: 3, extension: 'png' })).toEqual({ url: 'u', id: 3, extension: 'png' });
    expect(urlHashOf('a')).toHaveLength(64);
  });
});
