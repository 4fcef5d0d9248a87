import { defineField, defineType } from 'sanity';
import { MAX_ALT_LENGTH, MAX_CAPTION_LENGTH } from './constants';

/**
 * Every picture on the site: a Sanity image with its hotspot and crop (the site's image URLs and the local
 * build honour both), alt text that a screen reader reads instead, and an optional caption (shown under
 * gallery pictures).
 */
export const imageWithAlt = defineType({
  name: 'imageWithAlt',
  title: 'Image',
  type: 'image',
  options: { hotspot: true },
  fields: [
    defineField({
      name: 'alt',
      title: 'Alt text',
      description:
        'What the picture shows, for people who cannot see it, e.g. "Illustration: the penitentiary ruin at ' +
        'Port Arthur under a full moon". Not "image of…".',
      type: 'string',
      validation: (rule) => rule.required().max(MAX_ALT_LENGTH),
    }),
    defineField({
      name: 'caption',
      description: 'Optional, shown under the picture in a gallery.',
      type: 'string',
      validation: (rule) => rule.max(MAX_CAPTION_LENGTH),
    }),
  ],
  // Where the picture is required is the field's decision; a picture without its file never is allowed.
  validation: (rule) => rule.assetRequired(),
  preview: { select: { title: 'alt', media: 'asset' } },
});
