import { LEGAL_PAGE_SLUGS } from '../../../studio/schemaTypes/constants';
import { checkLinkHref } from '../../../studio/schemaTypes/rules';
import { FieldChecker } from './fieldChecker';
import type { LegalPage } from './types';

export function checkLegalPage(page: LegalPage): LegalPage {
  const check = new FieldChecker(page);
  check.text('title', page.title);
  check.oneOf('slug', page.slug, LEGAL_PAGE_SLUGS);
  check.text('description', page.description);
  check.isoDate('updatedAt', page.updatedAt);
  check.list('body', page.body, { min: 1 }).forEach((item, index) => {
    const block = check.object(`body[${index}]`, item);
    if (block['_type'] !== 'block') check.fail(`body[${index}]._type`, 'must be "block"');
    check.list(`body[${index}].children`, block['children'], { min: 1 });
    // The Studio refuses other link targets; content that bypassed it fails here instead of losing links.
    const markDefs = Array.isArray(block['markDefs']) ? (block['markDefs'] as unknown[]) : [];
    markDefs.forEach((definition, markIndex) => {
      const mark = check.object(`body[${index}].markDefs[${markIndex}]`, definition);
      if (mark['_type'] !== 'link') return;
      const verdict = checkLinkHref(check.text(`body[${index}].markDefs[${markIndex}].href`, mark['href']));
      if (verdict !== true)
        check.fail(
          `body[${index}].markDefs[${markIndex}].href`,
          verdict.charAt(0).toLowerCase() + verdict.slice(1),
        );
    });
  });
  return page;
}
