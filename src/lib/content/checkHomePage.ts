import { FEATURE_CARD_KEYS } from '../../../studio/schemaTypes/constants';
import { checkImage } from './checkImage';
import { FieldChecker } from './fieldChecker';
import type { HomePage } from './types';

export function checkHomePage(home: HomePage): HomePage {
  const check = new FieldChecker(home);
  check.text('heroTitle', home.heroTitle);
  check.text('heroText', home.heroText);
  if (home.heroImage !== null) checkImage(check, 'heroImage', home.heroImage);
  const count = FEATURE_CARD_KEYS.length;
  const cards = check.list('featureCards', home.featureCards, { min: count, max: count });
  const seenKeys = new Set<string>();
  cards.forEach((item, index) => {
    const path = `featureCards[${index}]`;
    const card = check.object(path, item);
    const key = check.oneOf(`${path}.key`, card['key'], FEATURE_CARD_KEYS);
    if (seenKeys.has(key)) check.fail(`${path}.key`, `repeats "${key}"; each card must be different`);
    seenKeys.add(key);
    check.text(`${path}.title`, card['title']);
    check.text(`${path}.text`, card['text']);
  });
  const dialog = check.object('vipDialog', home.vipDialog);
  check.text('vipDialog.title', dialog['title']);
  check.text('vipDialog.intro', dialog['intro']);
  check.textList('vipDialog.benefits', dialog['benefits'], { min: 1 });
  check.text('vipDialog.ctaLabel', dialog['ctaLabel']);
  return home;
}
