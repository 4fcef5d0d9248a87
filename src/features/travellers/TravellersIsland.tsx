import { MemberRoot } from '../member/MemberRoot';
import { Travellers } from './Travellers';

export default function TravellersIsland() {
  return (
    <MemberRoot>
      <Travellers />
    </MemberRoot>
  );
}
