import { MemberRoot } from '../member/MemberRoot';
import { PersonalDetails } from './PersonalDetails';

export default function PersonalDetailsIsland() {
  return (
    <MemberRoot>
      <PersonalDetails />
    </MemberRoot>
  );
}
