import { defineArrayMember, defineField, defineType } from 'sanity';
import { MAX_GALLERY_IMAGES, MAX_NIGHTS, MIN_NIGHTS, TRIP_STATUSES } from './constants';
import { checkDatesNote } from './rules';
import { checkSlugIsUnique } from './uniqueSlug';

const hauntedSite = defineArrayMember({
  name: 'hauntedSite',
  title: 'Haunted site',
  type: 'object',
  fields: [
    defineField({ name: 'name', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({ name: 'city', type: 'string', validation: (rule) => rule.required().max(60) }),
    defineField({
      name: 'state',
      description: 'State or region, e.g. "Pennsylvania".',
      type: 'string',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'description',
      description: 'One line on why it is haunted.',
      type: 'string',
      validation: (rule) => rule.required().max(200),
    }),
  ],
  preview: { select: { title: 'name', subtitle: 'city' } },
});

const textLines = (maxLength: number) =>
  defineArrayMember({ type: 'string', validation: (rule) => rule.required().max(maxLength) });

/** A group trip as marketed on the home page and on its own page under /tours/{slug}. */
export const trip = defineType({
  name: 'trip',
  title: 'Trip',
  type: 'document',
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({
      name: 'slug',
      description: 'The page address: /tours/{slug}.',
      type: 'slug',
      options: { source: 'title', maxLength: 80 },
      validation: (rule) => rule.required().custom(checkSlugIsUnique),
    }),
    defineField({
      name: 'order',
      description: 'Position on the home page, lowest first.',
      type: 'number',
      validation: (rule) => rule.required().integer().min(1),
    }),
    defineField({
      name: 'location',
      description: 'Shown as the location badge, e.g. "Tasmania, Australia".',
      type: 'string',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'summary',
      description: 'One or two sentences for cards and search engines.',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required().max(300),
    }),
    defineField({
      name: 'heroImage',
      title: 'Hero image',
      description:
        'The big picture at the top of the trip page and on its card. Set the hotspot on what matters.',
      type: 'imageWithAlt',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'gallery',
      description: `Up to ${MAX_GALLERY_IMAGES} more pictures, shown below on the trip page.`,
      type: 'array',
      of: [defineArrayMember({ type: 'imageWithAlt' })],
      validation: (rule) => rule.max(MAX_GALLERY_IMAGES),
    }),
    defineField({
      name: 'datesNote',
      title: 'Dates note',
      description:
        'Words for while no departure is on sale, e.g. "October 2027, dates to be confirmed". Exact dates and prices come from the departures in the admin area, never from here.',
      type: 'string',
      validation: (rule) => rule.max(80).custom((value) => checkDatesNote(value)),
    }),
    defineField({
      name: 'nights',
      description: "The trip's usual length; each departure shows its own dates.",
      type: 'number',
      validation: (rule) => rule.required().integer().min(MIN_NIGHTS).max(MAX_NIGHTS),
    }),
    defineField({
      name: 'status',
      description: 'Picks the badge: "Coming Soon" or "Planning Phase".',
      type: 'string',
      options: { list: [...TRIP_STATUSES], layout: 'radio' },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'highlights',
      type: 'array',
      of: [textLines(120)],
      validation: (rule) => rule.required().min(1).unique(),
    }),
    defineField({
      name: 'inclusions',
      description: 'What the price includes, when known.',
      type: 'array',
      of: [textLines(120)],
      validation: (rule) => rule.unique(),
    }),
    defineField({
      name: 'itineraryNote',
      description: 'e.g. "Day-by-day itinerary with the booking confirmation".',
      type: 'string',
      validation: (rule) => rule.max(120),
    }),
    defineField({
      name: 'learnMore',
      title: 'Learn More text',
      description: 'The text of the Learn More dialog.',
      type: 'text',
      rows: 4,
      validation: (rule) => rule.required().max(800),
    }),
    defineField({
      name: 'hauntedSites',
      title: 'Haunted sites',
      description: 'Listed in the View Locations dialog.',
      type: 'array',
      of: [hauntedSite],
    }),
    defineField({
      name: 'waitlistOpen',
      title: 'Waitlist open',
      type: 'boolean',
      initialValue: true,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'interestOpen',
      title: 'Interest form open',
      type: 'boolean',
      initialValue: false,
      validation: (rule) => rule.required(),
    }),
  ],
  orderings: [{ title: 'Order', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: { select: { title: 'title', subtitle: 'location' } },
});
