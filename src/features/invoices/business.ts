import { getSiteSettings } from '@/lib/content';
import type { Business } from './Invoice';

/** The company as its tax invoices name it (bookings' and store orders'): site settings, read at build. */
export async function invoiceBusiness(): Promise<Business> {
  const settings = await getSiteSettings();
  return {
    brandName: settings.brandName,
    legalName: settings.business.legalName,
    abn: settings.business.abn,
    address: settings.business.address,
    contactEmail: settings.contactEmail,
    contactPhone: settings.contactPhone,
  };
}
