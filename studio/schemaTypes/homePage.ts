import { defineArrayMember, defineField, defineType } from 'sanity';
import { FEATURE_CARD_KEYS } from './constants';
import { checkUniqueBy } from './rules';

/** Singleton (`_id: "homePage"`): the landing page copy that is not about one trip. */
export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  fields: [
    defineField({
      name: 'heroTitle',
      title: 'Hero title',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'heroText',
      title: 'Invitation text',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(400),
    }),
    defineField({
      name: 'heroImage',
      title: 'Hero image',
      description: 'Behind the hero title; keep it dark and quiet where the text sits (the top and middle).',
      type: 'imageWithAlt',
    }),
    defineField({
      name: 'featureCards',
      title: 'Feature cards',
      description: 'Exactly three: History, Paranormal and Travel.',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'featureCard',
          type: 'object',
          fields: [
            defineField({
              name: 'key',
              description: 'Which card this is; it picks the icon.',
              type: 'string',
              options: { list: [...FEATURE_CARD_KEYS], layout: 'radio' },
              validation: (rule) => rule.required(),
            }),
            defineField({ name: 'title', type: 'string', validation: (rule) => rule.required().max(40) }),
            defineField({
              name: 'text',
              type: 'text',
              rows: 3,
              validation: (rule) => rule.required().max(300),
            }),
          ],
          preview: { select: { title: 'title', subtitle: 'key' } },
        }),
      ],
      validation: (rule) =>
        rule
          .required()
          .length(FEATURE_CARD_KEYS.length)
          .custom((cards) => checkUniqueBy(cards, 'key')),
    }),
    defineField({
      name: 'vipDialog',
      title: 'VIP membership dialog',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        defineField({ name: 'title', type: 'string', validation: (rule) => rule.required().max(80) }),
        defineField({
          name: 'intro',
          type: 'text',
          rows: 3,
          validation: (rule) => rule.required().max(400),
        }),
        defineField({
          name: 'benefits',
          type: 'array',
          of: [defineArrayMember({ type: 'string', validation: (rule) => rule.required().max(80) })],
          validation: (rule) => rule.required().min(1).unique(),
        }),
        defineField({
          name: 'ctaLabel',
          title: 'Button label',
          description: 'e.g. "Join Haunted Horizons Community".',
          type: 'string',
          validation: (rule) => rule.required().max(60),
        }),
      ],
    }),
  ],
  preview: { prepare: () => ({ title: 'Home page' }) },
});
