import { formatDateTime } from '../../../lib/format/dates';
import { useStore } from '@nanostores/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { $user } from '../../../stores/session';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { GrantAdminForm } from './GrantAdminForm';
import { nameOf } from './team-format';
import { fetchTeam, revokeAdmin, TeamError, type TeamMember } from './team.data';

export const TEAM_KEY = ['admin', 'team'] as const;

const CSV_COLUMNS = [
  { header: 'Name', value: (row: TeamMember) => row.full_name },
  { header: 'E-mail', value: (row: TeamMember) => row.email },
  { header: 'Admin since', value: (row: TeamMember) => row.admin_since },
  { header: 'Last signed in', value: (row: TeamMember) => row.last_sign_in_at },
] as const;

/** The admins: who they are, since when, removing one (never oneself) and making a member one. */
export function AdminsSection() {
  const me = useStore($user)?.id;
  const queryClient = useQueryClient();
  const admins = useQuery({ queryKey: [...TEAM_KEY, 'admins'], queryFn: () => fetchTeam() });
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  async function remove(member: TeamMember) {
    try {
      const result = await revokeAdmin(member.id);
      showToast({
        title: result.changed ? 'Admin role removed' : 'Already removed',
        description: `${nameOf(member)} is no longer an admin.`,
        variant: 'success',
      });
      setRemoving(null);
    } catch (error) {
      if (error instanceof TeamError)
        showToast({ title: 'Nothing changed', description: error.message, variant: 'destructive' });
      else showErrorToast();
    } finally {
      await queryClient.invalidateQueries({ queryKey: TEAM_KEY });
    }
  }

  return (
    <section aria-labelledby="team-admins" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="team-admins" className="text-xl font-semibold">
          Admins
        </h3>
        <ExportCsvButton what="admins" columns={CSV_COLUMNS} readAll={() => fetchTeam()} />
      </div>
      <div className="border-border overflow-x-auto rounded-lg border">
        <table className="w-full text-left text-sm" aria-busy={admins.isPending}>
          <caption className="sr-only">Admins</caption>
          <thead className="bg-muted/50">
            <tr>
              {['Name', 'E-mail', 'Admin since', 'Last signed in', 'Role'].map((header) => (
                <th key={header} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {admins.isError ? (
              <tr>
                <td colSpan={5} role="alert" className="text-destructive px-3 py-6 text-center">
                  We could not load the admins. Please refresh the page to try again.
                </td>
              </tr>
            ) : admins.isPending ? (
              <tr>
                <td colSpan={5} className="px-3 py-3">
                  <div className="bg-muted h-4 animate-pulse rounded" />
                </td>
              </tr>
            ) : (
              admins.data.map((admin) => (
                <tr key={admin.id} className="border-border border-t">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {admin.full_name || '(no name)'}
                  </th>
                  <td className="px-3 py-2">{admin.email}</td>
                  <td className="px-3 py-2">
                    {admin.admin_since ? formatDateTime(admin.admin_since) : 'Before the log'}
                  </td>
                  <td className="px-3 py-2">
                    {admin.last_sign_in_at ? formatDateTime(admin.last_sign_in_at) : 'Never'}
                  </td>
                  <td className="px-3 py-2">
                    {admin.id === me ? (
                      <span className="text-muted-foreground">You</span>
                    ) : (
                      <button
                        type="button"
                        className={buttonClass('outline', 'sm')}
                        onClick={() => setRemoving(admin)}
                      >
                        Remove admin<span className="sr-only"> role from {nameOf(admin)}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <p className="text-muted-foreground text-sm">
        Nobody can remove their own admin role; another admin can. So the last admin is always the one signed
        in and can never be removed here, and the database refuses to remove the last admin in any case.
      </p>
      <GrantAdminForm onGranted={() => queryClient.invalidateQueries({ queryKey: TEAM_KEY })} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove the admin role?"
        message={
          removing
            ? `${nameOf(removing)} will no longer open the admin area. Their membership stays as it is.`
            : ''
        }
        confirmLabel="Remove admin role"
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
