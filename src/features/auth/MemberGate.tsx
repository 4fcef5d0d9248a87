import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { loginPathFor } from '../../lib/auth/next-path';
import { $isAdmin, $linkError, $loading, $needsPassword, $user, passwordChosen } from '../../stores/session';

// Needed once per account (right after confirming), so its form code loads only then.
const ChoosePassword = lazy(() =>
  import('./ChoosePassword').then((module) => ({ default: module.ChoosePassword })),
);

export interface MemberGateProps {
  children: ReactNode;
  /** Only admins may see the page (/admin and everything under it). */
  adminsOnly?: boolean;
}

const noChanges = () => () => {};

function Waiting({ text }: { text: string }) {
  return (
    <p role="status" className="text-muted-foreground py-16 text-center">
      {text}
    </p>
  );
}

/**
 * Comfort, not security: a visitor is sent to /login and back afterwards (or told why an e-mail link did
 * not sign them in), a member without a password chooses one first (decision 0016), a member is turned away
 * from an admin page with a message. What anyone may read or change is decided by row-level security.
 */
export function MemberGate({ children, adminsOnly = false }: MemberGateProps) {
  const user = useStore($user);
  const loading = useStore($loading);
  const isAdmin = useStore($isAdmin);
  const linkError = useStore($linkError);
  // Rendered on the server (client:load) it cannot know the session: the first client render matches that.
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const signedOut = hydrated && !loading && !user;
  const needsPassword = useStore($needsPassword);

  useEffect(() => {
    if (signedOut && !linkError) window.location.replace(loginPathFor(window.location));
  }, [signedOut, linkError]);

  if (signedOut && linkError) {
    return (
      <div role="alert" className="mx-auto max-w-xl py-16 text-center">
        <h2 className="text-2xl font-semibold">This link did not sign you in</h2>
        <p className="text-muted-foreground mt-3">{linkError}</p>
        <a href={loginPathFor(window.location)} className="text-primary mt-6 inline-block underline">
          Go to the login page
        </a>
      </div>
    );
  }
  if (!hydrated || loading || signedOut)
    return <Waiting text={signedOut ? 'Taking you to the login page…' : 'Loading your account…'} />;
  if (needsPassword)
    return (
      <Suspense fallback={<Waiting text="Loading your account…" />}>
        <ChoosePassword onDone={passwordChosen} />
      </Suspense>
    );
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
