import { toHTML } from '@portabletext/to-html';

type Blocks = Parameters<typeof toHTML>[0];

/**
 * Legal text to HTML at build time. Text is escaped by the renderer; links are limited to http(s) and
 * mailto so content cannot smuggle in javascript: URLs.
 */
export function legalBodyToHtml(blocks: Blocks): string {
  return toHTML(blocks, {
    components: {
      marks: {
        link: ({ children, value }) => {
          const href = typeof value?.href === 'string' ? value.href : '';
          return /^(https?:|mailto:|\/)/i.test(href)
            ? `<a href="${escapeAttribute(href)}">${children}</a>`
            : children;
        },
      },
    },
  });
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
