import { MemberRoot } from '../member/MemberRoot';
import { PublicProfile } from './PublicProfile';

export default function PublicProfileIsland() {
  return (
    <MemberRoot>
      <PublicProfile />
    </MemberRoot>
  );
}
