import { usePaymentOptions } from './usePaymentOptions';

/** The account members pay into (data null: not entered yet), from the page's one read of how to pay. */
export function useCompanyBankDetails() {
  return usePaymentOptions((options) => options.bank);
}
