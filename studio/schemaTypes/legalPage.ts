import { defineArrayMember, defineField, defineType } from 'sanity';
import { LEGAL_PAGE_SLUGS } from './constants';
import { checkLinkHref } from './rules';
import { checkSlugIsUnique } from './uniqueSlug';

/** Portable Text kept to what the legal pages need: paragraphs, two heading levels, lists and links. */
const legalBlock = defineArrayMember({
  type: 'block',
  styles: [
    { title: 'Normal', value: 'normal' },
    { title: 'Heading', value: 'h2' },
    { title: 'Subheading', value: 'h3' },
  ],
  lists: [
    { title: 'Bullets', value: 'bullet' },
    { title: 'Numbered', value: 'number' },
  ],
  marks: {
    decorators: [
      { title: 'Strong', value: 'strong' },
      { title: 'Emphasis', value: 'em' },
    ],
    annotations: [
      defineArrayMember({
        name: 'link',
        type: 'object',
        fields: [
          defineField({
            name: 'href',
            title: 'URL',
            type: 'url',
            validation: (rule) =>
              rule
                .required()
                .uri({ scheme: ['https', 'mailto', 'tel'], allowRelative: true })
                .custom(checkLinkHref),
          }),
        ],
      }),
    ],
  },
});

/** Terms and privacy, rendered at /terms and /privacy. */
export const legalPage = defineType({
  name: 'legalPage',
  title: 'Legal page',
  type: 'document',
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({
      name: 'slug',
      description: 'Which page this is: terms or privacy.',
      type: 'slug',
      validation: (rule) =>
        rule
          .required()
          .custom((value) =>
            value?.current === undefined || (LEGAL_PAGE_SLUGS as readonly string[]).includes(value.current)
              ? true
              : `Must be one of: ${LEGAL_PAGE_SLUGS.join(', ')}`,
          )
          .custom(checkSlugIsUnique),
    }),
    defineField({
      name: 'description',
      description: 'One sentence for search engines.',
      type: 'string',
      validation: (rule) => rule.required().max(160),
    }),
    defineField({
      name: 'updatedAt',
      title: 'Last updated',
      type: 'date',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'body',
      type: 'array',
      of: [legalBlock],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'slug.current' } },
});
