import { SOCIAL_PLATFORMS } from '../../../studio/schemaTypes/constants';
import { isAustralianPhone } from '../../../studio/schemaTypes/rules';
import { FieldChecker } from './fieldChecker';
import type { SiteSettings } from './types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkSiteSettings(settings: SiteSettings): SiteSettings {
  const check = new FieldChecker(settings);
  check.text('brandName', settings.brandName);
  check.text('tagline', settings.tagline);
  check.text('blurb', settings.blurb);
  check.matching('contactEmail', settings.contactEmail, EMAIL, 'an e-mail address');
  if (!isAustralianPhone(check.text('contactPhone', settings.contactPhone))) {
    check.fail('contactPhone', 'must be an Australian phone number');
  }
  const links = check.list('socialLinks', settings.socialLinks, { min: 1, max: SOCIAL_PLATFORMS.length });
  links.forEach((item, index) => {
    const path = `socialLinks[${index}]`;
    const link = check.object(path, item);
    check.oneOf(`${path}.platform`, link['platform'], SOCIAL_PLATFORMS);
    check.text(`${path}.label`, link['label']);
    check.matching(`${path}.url`, link['url'], /^https:\/\/\S+$/, 'an https:// address');
  });
  check.optionalText('bannerText', settings.bannerText);
  check.wholeNumber('copyrightYear', settings.copyrightYear, 2000, 2100);
  return settings;
}
