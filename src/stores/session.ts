import { atom } from 'nanostores';

/** What the chrome needs to know about the signed-in member. The accounts issue fills this store. */
export interface SessionUser {
  id: string;
  email: string;
  fullName: string | null;
  isAdmin: boolean;
}

/** The signed-in member, or null when signed out (always null until accounts exist). */
export const $session = atom<SessionUser | null>(null);

/** The user menu trigger shows the full name, else the e-mail. */
export function sessionDisplayName(user: SessionUser): string {
  const name = user.fullName?.trim();
  return name ? name : user.email;
}
