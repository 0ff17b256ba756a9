import { listLinks, pageRequest } from './list-response';

describe('list machinery (CONTRACT §7)', () => {
  const base = 'https://cal.example.com/wp-json/calendar/events/v1/events/';

  it('clamps per_page and defaults page', () => {
    expect(pageRequest({}, 50)).toEqual({ page: 1, perPage: 10 });
    expect(pageRequest({ page: 3, per_page: 500 }, 50)).toEqual({ page: 3, perPage: 50 });
  });

  it('builds the §7.3 example links, encoding values and joining lists with literal commas', () => {
    const params: Array<[string, string | string[]]> = [
      ['start_date', '2026-11-21 00:00:00'],
      ['end_date', '2028-11-22 23:59:59'],
      ['search', 'late show'],
      ['categories', ['jazz', 'blues']],
    ];
    const links = listLinks(base, { page: 2, perPage: 3 }, 4, params);
    const tail = 'start_date=2026-11-21%2000%3A00%3A00&end_date=2028-11-22%2023%3A59%3A59&search=late%20show&categories=jazz,blues';
    expect(links).toEqual({
      rest_url: `${base}?page=2&per_page=3&${tail}`,
      next_rest_url: `${base}?page=3&per_page=3&${tail}`,
      previous_rest_url: `${base}?per_page=3&${tail}`,
    });
  });

  it('has next exactly when page < total_pages and previous exactly when page > 1', () => {
    expect(listLinks(base, { page: 1, perPage: 10 }, 0, [])).toEqual({ rest_url: `${base}?page=1&per_page=10` });
    expect(Object.keys(listLinks(base, { page: 1, perPage: 10 }, 2, []))).toEqual(['rest_url', 'next_rest_url']);
    expect(Object.keys(listLinks(base, { page: 3, perPage: 10 }, 3, []))).toEqual(['rest_url', 'previous_rest_url']);
    expect(listLinks(base, { page: 4, perPage: 10 }, 3, []).previous_rest_url).toBe(`${base}?page=3&per_page=10`);
  });

  it('writes booleans as 1/0', () => {
    expect(listLinks(base, { page: 1, perPage: 10 }, 1, [['featured', true], ['ticketed', false]]).rest_url).toBe(
      `${base}?page=1&per_page=10&featured=1&ticketed=0`,
    );
  });
});
