import { atom } from 'nanostores';

/** How many items are in the cart. A placeholder of 0 until the store issue builds the cart. */
export const $cartCount = atom(0);
