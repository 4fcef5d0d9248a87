import { defineArrayMember, defineField, defineType } from 'sanity';
import { SOCIAL_PLATFORMS } from './constants';
import { checkAbn, checkContactPhone, checkEmail, checkHttpsUrl, checkUniqueBy } from './rules';

/** Singleton (`_id: "siteSettings"`): brand and contact details shown in the chrome of every page. */
export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  fields: [
    defineField({
      name: 'brandName',
      title: 'Brand name',
      type: 'string',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'tagline',
      title: 'Tagline',
      description: 'One sentence used as the default page description for search engines.',
      type: 'string',
      validation: (rule) => rule.required().min(20).max(160),
    }),
    defineField({
      name: 'blurb',
      title: 'Footer blurb',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(300),
    }),
    defineField({
      name: 'contactEmail',
      title: 'Contact e-mail',
      type: 'string',
      validation: (rule) => rule.required().custom(checkEmail),
    }),
    defineField({
      name: 'contactPhone',
      title: 'Contact phone',
      description: 'An Australian number, e.g. 0491 570 156 or 1300 975 707.',
      type: 'string',
      validation: (rule) => rule.required().custom(checkContactPhone),
    }),
    defineField({
      name: 'socialLinks',
      title: 'Social links',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'socialLink',
          type: 'object',
          fields: [
            defineField({
              name: 'platform',
              type: 'string',
              options: { list: [...SOCIAL_PLATFORMS], layout: 'radio' },
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'label',
              description: 'Accessible name of the link, e.g. "Haunted Horizons on Instagram".',
              type: 'string',
              validation: (rule) => rule.required().max(80),
            }),
            defineField({
              name: 'url',
              title: 'URL',
              type: 'url',
              validation: (rule) =>
                rule
                  .required()
                  .uri({ scheme: ['https'] })
                  .custom(checkHttpsUrl),
            }),
          ],
          preview: { select: { title: 'label', subtitle: 'url' } },
        }),
      ],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .max(SOCIAL_PLATFORMS.length)
          .custom((links) => checkUniqueBy(links, 'platform')),
    }),
    defineField({
      name: 'bannerText',
      title: 'Banner text',
      description: 'Shown across the top of the home page, e.g. "Website Under Construction".',
      type: 'string',
      validation: (rule) => rule.max(120),
    }),
    defineField({
      name: 'business',
      title: 'Business details',
      description: 'The company as its tax invoices name it: legal name, ABN and address.',
      type: 'object',
      fields: [
        defineField({
          name: 'legalName',
          title: 'Legal name',
          description: 'As registered, e.g. "Haunted Horizons Pty Ltd".',
          type: 'string',
          validation: (rule) => rule.required().max(120),
        }),
        defineField({
          name: 'abn',
          title: 'ABN',
          description: 'The Australian Business Number, e.g. 51 824 753 556.',
          type: 'string',
          validation: (rule) => rule.required().custom(checkAbn),
        }),
        defineField({
          name: 'address',
          title: 'Address',
          description: 'The business address, one line per line of the address.',
          type: 'text',
          rows: 3,
          validation: (rule) => rule.required().max(300),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'copyrightYear',
      title: 'Copyright year',
      type: 'number',
      validation: (rule) => rule.required().integer().min(2000).max(2100),
    }),
  ],
  preview: { prepare: () => ({ title: 'Site settings' }) },
});
