import { defineArrayMember, defineField, defineType } from 'sanity';
import { checkSlugIsUnique } from './uniqueSlug';

/** A membership level described to visitors (VIP Member, Next Room Member). */
export const membershipTier = defineType({
  name: 'membershipTier',
  title: 'Membership tier',
  type: 'document',
  fields: [
    defineField({ name: 'name', type: 'string', validation: (rule) => rule.required().max(60) }),
    defineField({
      name: 'slug',
      type: 'slug',
      options: { source: 'name', maxLength: 60 },
      validation: (rule) => rule.required().custom(checkSlugIsUnique),
    }),
    defineField({
      name: 'order',
      description: 'Position in lists, lowest first.',
      type: 'number',
      validation: (rule) => rule.required().integer().min(1),
    }),
    defineField({
      name: 'summary',
      description: 'How a member reaches this tier.',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required().max(300),
    }),
    defineField({
      name: 'benefits',
      type: 'array',
      of: [defineArrayMember({ type: 'string', validation: (rule) => rule.required().max(120) })],
      validation: (rule) => rule.required().min(1).unique(),
    }),
  ],
  orderings: [{ title: 'Order', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: { select: { title: 'name', subtitle: 'summary' } },
});
