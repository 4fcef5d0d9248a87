import { MemberRoot } from '../member/MemberRoot';
import { EventUpdates } from './EventUpdates';

export default function EventUpdatesIsland() {
  return (
    <MemberRoot>
      <EventUpdates />
    </MemberRoot>
  );
}
