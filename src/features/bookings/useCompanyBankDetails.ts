import { useQuery } from '@tanstack/react-query';
import { fetchCompanyBankDetails } from './bank-details.data';

/** The account members pay into (data null: not entered yet). Read once a page; it rarely changes. */
export function useCompanyBankDetails() {
  return useQuery({
    queryKey: ['company-bank-details'],
    queryFn: () => fetchCompanyBankDetails(),
    staleTime: 60 * 60 * 1000,
  });
}
