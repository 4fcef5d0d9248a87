import type { SlugValue, ValidationContext } from 'sanity';

// Sanity's own uniqueness check only warns; a duplicate slug would give two pages one address, so it is an error.
const SLUG_TAKEN_QUERY =
  'defined(*[_type == $type && !(_id in [$id, "drafts." + $id]) && slug.current == $slug][0]._id)';

export async function checkSlugIsUnique(
  value: SlugValue | undefined,
  context: ValidationContext,
): Promise<true | string> {
  const slug = value?.current;
  const document = context.document;
  if (slug === undefined || document === undefined) return true;
  const id = document._id.replace(/^drafts\./, '');
  const taken = await context
    .getClient({ apiVersion: '2025-02-19' })
    .fetch<boolean>(SLUG_TAKEN_QUERY, { type: document._type, id, slug });
  return taken ? `Another ${document._type} already uses the slug "${slug}"` : true;
}
