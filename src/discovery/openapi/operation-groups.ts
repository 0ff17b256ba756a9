/**
 * The operation groups (OpenAPI tags), with the description the explorer shows beside each name. The names are the
 * controllers' `@ApiTags`; the Spanish document (§12.4) renames them too, since the explorer shows them as headings.
 */
const GROUPS = [
  { name: 'events', spanish: 'eventos', description: 'Events, and their iCalendar feeds.' },
  { name: 'venues', spanish: 'lugares', description: 'Venues of events.' },
  { name: 'organizers', spanish: 'organizadores', description: 'Organizers of events.' },
  { name: 'categories', spanish: 'categorías', description: 'Event categories (hierarchical).' },
  { name: 'tags', spanish: 'etiquetas', description: 'Event tags.' },
  { name: 'discovery', spanish: 'descubrimiento', description: 'The namespace index and this document.' },
];

/** The document's `tags`: every group, named and described in English. */
export const OPERATION_GROUPS = GROUPS.map(({ name, description }) => ({ name, description }));

type Operations = Record<string, Record<string, { tags?: string[] }>>;

/** Gives the groups of an OpenAPI document (its `tags` and each operation's) their Spanish names, in place. */
export function nameGroupsInSpanish(doc: { tags?: Array<{ name: string }>; paths?: unknown }): void {
  const spanish = new Map(GROUPS.map((group) => [group.name, group.spanish]));
  const rename = (name: string) => spanish.get(name) ?? name;
  for (const tag of doc.tags ?? []) tag.name = rename(tag.name);
  for (const item of Object.values((doc.paths ?? {}) as Operations)) {
    for (const operation of Object.values(item)) if (operation.tags) operation.tags = operation.tags.map(rename);
  }
}
