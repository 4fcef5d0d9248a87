import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { cn } from '../../lib/utils';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export type AuthTab = 'login' | 'register';
const TABS: readonly { key: AuthTab; label: string }[] = [
  { key: 'login', label: 'Login' },
  { key: 'register', label: 'Register' },
];

export interface AuthTabsProps {
  idPrefix: string;
  initialTab: AuthTab;
  /** Honour `?tab=register` in the page's address (the /login page). */
  tabFromUrl?: boolean;
  vipDialogId: string;
  onSignedIn?: (() => void) | undefined;
}

/** The address does not change while the card is open (the tabs do not write it). */
const noChanges = () => () => {};

/** The tab named in the address, if any. */
export function tabFromSearch(search: string): AuthTab | null {
  const tab = new URLSearchParams(search).get('tab');
  return tab === 'login' || tab === 'register' ? tab : null;
}

/**
 * The auth card's Login and Register tabs: WAI-ARIA tabs (arrow keys, Home and End move between them and
 * select; only the selected tab is in the Tab order). Only the selected panel holds its form, so the dialog's
 * first field is the one the visitor sees (focus on open). Anything outside with `data-auth-tab="register"`
 * (the VIP dialog's call to action) selects a tab.
 */
export function AuthTabs({
  idPrefix,
  initialTab,
  tabFromUrl = false,
  vipDialogId,
  onSignedIn,
}: AuthTabsProps) {
  // The address's tab is read after hydration (null on the server), so the server's markup and the first
  // render agree; a tab the visitor picks wins over both.
  const fromUrl = useSyncExternalStore(
    noChanges,
    () => (tabFromUrl ? tabFromSearch(window.location.search) : null),
    () => null,
  );
  const [picked, setSelected] = useState<AuthTab | null>(null);
  const selected = picked ?? fromUrl ?? initialTab;
  const tabs = useRef<Partial<Record<AuthTab, HTMLButtonElement | null>>>({});
  const id = (part: string, tab: AuthTab) => `${idPrefix}-${part}-${tab}`;

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest('[data-auth-tab]') : null;
      const tab = target?.getAttribute('data-auth-tab');
      if (tab === 'login' || tab === 'register') setSelected(tab);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void {
    const index = TABS.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = TABS[(to + TABS.length) % TABS.length];
    if (!next) return;
    setSelected(next.key);
    tabs.current[next.key]?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label="Login or register"
        className="bg-muted grid grid-cols-2 gap-1 rounded-lg p-1"
      >
        {TABS.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              tabs.current[tab.key] = element;
            }}
            type="button"
            role="tab"
            id={id('tab', tab.key)}
            aria-selected={selected === tab.key}
            aria-controls={id('panel', tab.key)}
            tabIndex={selected === tab.key ? 0 : -1}
            onClick={() => setSelected(tab.key)}
            onKeyDown={onKeyDown}
            className={cn(
              'h-10 rounded-md text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2',
              selected === tab.key
                ? 'bg-background text-foreground shadow'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={id('panel', 'login')}
        aria-labelledby={id('tab', 'login')}
        hidden={selected !== 'login'}
        className="mt-6"
      >
        {selected === 'login' ? <LoginForm idPrefix={`${idPrefix}-login`} onSignedIn={onSignedIn} /> : null}
      </div>
      <div
        role="tabpanel"
        id={id('panel', 'register')}
        aria-labelledby={id('tab', 'register')}
        hidden={selected !== 'register'}
        className="mt-6"
      >
        {selected === 'register' ? (
          <RegisterForm idPrefix={`${idPrefix}-register`} vipDialogId={vipDialogId} />
        ) : null}
      </div>
    </div>
  );
}
