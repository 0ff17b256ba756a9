/**
 * `global_id` of a record (CONTRACT §6.2): `{host}{path}?id={id}` from PUBLIC_URL without scheme and port, e.g.
 * `calendar.example.com?id=42` — the same rule for events, venues and organizers.
 */
export function globalIdOf(publicUrl: string, id: number): string {
  const u = new URL(publicUrl);
  return `${u.hostname}${u.pathname.replace(/\/+$/, '')}?id=${id}`;
}
