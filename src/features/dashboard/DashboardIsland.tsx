import { MemberRoot } from '../member/MemberRoot';
import { Dashboard } from './Dashboard';

export default function DashboardIsland() {
  return (
    <MemberRoot>
      <Dashboard />
    </MemberRoot>
  );
}
