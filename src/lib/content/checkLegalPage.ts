import { LEGAL_PAGE_SLUGS } from '../../../studio/schemaTypes/constants';
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
  });
  return page;
}
