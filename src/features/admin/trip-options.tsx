import { createContext, useContext } from 'react';

/** A trip of the marketing site (Sanity) that an event can belong to: its page's slug and its title. */
export interface TripOption {
  slug: string;
  title: string;
}

/** The trips known when the site was built, given to the admin island by its page (src/pages/admin). */
export const TripOptionsContext = createContext<readonly TripOption[]>([]);

export const useTripOptions = (): readonly TripOption[] => useContext(TripOptionsContext);
