import { SOCIAL_PLATFORMS } from '../../../studio/schemaTypes/constants';
import { checkAbn, checkContactPhone, checkEmail, checkHttpsUrl } from '../../../studio/schemaTypes/rules';
import { FieldChecker } from './fieldChecker';
import type { SiteSettings } from './types';

/** Fails the field with the Studio's message when one of the Studio's own checks refuses it. */
function studioCheck(check: FieldChecker, path: string, verdict: true | string): void {
  if (verdict !== true) check.fail(path, verdict.charAt(0).toLowerCase() + verdict.slice(1));
}

export function checkSiteSettings(settings: SiteSettings): SiteSettings {
  const check = new FieldChecker(settings);
  check.text('brandName', settings.brandName);
  check.text('tagline', settings.tagline);
  check.text('blurb', settings.blurb);
  studioCheck(check, 'contactEmail', checkEmail(check.text('contactEmail', settings.contactEmail)));
  studioCheck(check, 'contactPhone', checkContactPhone(check.text('contactPhone', settings.contactPhone)));
  const links = check.list('socialLinks', settings.socialLinks, { min: 1, max: SOCIAL_PLATFORMS.length });
  links.forEach((item, index) => {
    const path = `socialLinks[${index}]`;
    const link = check.object(path, item);
    check.oneOf(`${path}.platform`, link['platform'], SOCIAL_PLATFORMS);
    check.text(`${path}.label`, link['label']);
    studioCheck(check, `${path}.url`, checkHttpsUrl(check.text(`${path}.url`, link['url'])));
  });
  check.optionalText('bannerText', settings.bannerText);
  const business = check.object('business', settings.business);
  check.text('business.legalName', business['legalName']);
  studioCheck(check, 'business.abn', checkAbn(check.text('business.abn', business['abn'])));
  check.text('business.address', business['address']);
  check.wholeNumber('copyrightYear', settings.copyrightYear, 2000, 2100);
  return settings;
}
