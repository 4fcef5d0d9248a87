import { AdminPage } from '../ui/AdminPage';
import { AdminsSection } from './AdminsSection';
import { AuditLogSection } from './AuditLogSection';

/** /admin/management: the team and the audit log. */
export function ManagementPage() {
  return (
    <AdminPage
      title="Team and audit log"
      description="Who can open the admin area, and every change an admin has made."
    >
      <AdminsSection />
      <AuditLogSection />
    </AdminPage>
  );
}
