import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { loginPathFor } from '../../lib/auth/next-path';
import { $isAdmin, $loading, $user } from '../../stores/session';

export interface MemberGateProps {
  children: ReactNode;
  /** Only admins may see the page (/admin and everything under it). */
  adminsOnly?: boolean;
}

/**
 * Comfort, not security: a visitor is sent to /login and back afterwards, a member is turned away from an
 * admin page with a message. What anyone may read or change is decided by row-level security.
 */
export function MemberGate({ children, adminsOnly = false }: MemberGateProps) {
  const user = useStore($user);
  const loading = useStore($loading);
  const isAdmin = useStore($isAdmin);
  const signedOut = !loading && !user;

  useEffect(() => {
    if (signedOut) window.location.replace(loginPathFor(window.location));
  }, [signedOut]);

  if (loading || signedOut) {
    return (
      <p role="status" className="text-muted-foreground py-16 text-center">
        {signedOut ? 'Taking you to the login page…' : 'Loading your account…'}
      </p>
    );
  }
  if (adminsOnly && !isAdmin) {
    return (
      <div role="alert" className="mx-auto max-w-xl py-16 text-center">
        <h2 className="text-2xl font-semibold">Admins only</h2>
        <p className="text-muted-foreground mt-3">
          This area is for the company&apos;s staff. Your member account does not have access to it.
        </p>
        <a href="/dashboard" className="text-primary mt-6 inline-block underline">
          Go to your dashboard
        </a>
      </div>
    );
  }
  return children;
}
