import { isReplicaSafe } from './read-routing-data-source';

describe('isReplicaSafe', () => {
  it.each(['SELECT 1', '  select id FROM events WHERE id = ?', '(SELECT a FROM t) UNION (SELECT b FROM u)', 'SELECT\n  id FROM venues'])(
    'lets a replica answer %j',
    (sql) => expect(isReplicaSafe(sql)).toBe(true),
  );

  it.each([
    'UPDATE events SET status = ?',
    'INSERT INTO users (id) VALUES (?)',
    'DELETE FROM events WHERE id = ?',
    "SELECT id FROM events WHERE status = 'future' FOR UPDATE",
    'SELECT term_id FROM event_terms WHERE event_id IN (?) LOCK IN SHARE MODE',
    'SELECT id FROM events FOR SHARE',
    'EXPLAIN SELECT 1',
    'SET FOREIGN_KEY_CHECKS = 0',
    'WITH x AS (SELECT 1) UPDATE t SET a = 1',
    'SELECTED', // not a statement a replica knows
  ])('keeps %j on the primary', (sql) => expect(isReplicaSafe(sql)).toBe(false));
});
