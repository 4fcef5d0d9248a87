import { useQuery } from '@tanstack/react-query';
import { fetchPaymentOptions, type PaymentOptions } from './payment-options.data';

/** Bank details, cards on and the surcharge: read once a page, shared by every part that needs one of them. */
export function usePaymentOptions<T>(select: (options: PaymentOptions) => T) {
  return useQuery({
    queryKey: ['payment-options'],
    queryFn: () => fetchPaymentOptions(),
    staleTime: 5 * 60 * 1000,
    select,
  });
}
