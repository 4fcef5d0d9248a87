import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { $user } from '../../stores/session';
import { fetchOwnProfile, ownProfileKey } from './account.data';
import { ConsentSetting } from './ConsentSetting';
import { DataDownload } from './DataDownload';
import { DeleteAccount } from './DeleteAccount';
import { PasswordChange } from './PasswordChange';
import { Notice, Section } from './Section';
import { SignOutEverywhere } from './SignOutEverywhere';
import { ThemeSetting } from './ThemeSetting';

/** /settings: theme, password, trip news, sessions, and the member's data (download, delete). */
export function Settings() {
  const user = useStore($user);
  const profile = useQuery({
    queryKey: ownProfileKey(user?.id ?? ''),
    queryFn: () => fetchOwnProfile(user?.id ?? ''),
    enabled: Boolean(user),
  });
  if (!user) return null;
  return (
    <div className="space-y-6">
      <Section title="Theme" description="How the site looks on this device.">
        <ThemeSetting />
      </Section>
      <Section title="Password" description="Changing it signs you out on your other devices.">
        <PasswordChange />
      </Section>
      <Section title="Trip news" description="Marketing e-mail, only with your consent.">
        {profile.data ? (
          <ConsentSetting profile={profile.data} />
        ) : profile.error ? (
          <Notice tone="error">We could not load your choice: {profile.error.message}</Notice>
        ) : (
          <p role="status">Loading…</p>
        )}
      </Section>
      <Section
        title="Devices"
        description="Signed in somewhere you no longer use? End every session at once."
      >
        <SignOutEverywhere />
      </Section>
      <Section
        title="Your data"
        description="Download everything we hold about you as a JSON file, or delete your account."
      >
        <div className="flex flex-wrap gap-3">
          <DataDownload />
          <DeleteAccount email={user.email ?? ''} />
        </div>
      </Section>
    </div>
  );
}
