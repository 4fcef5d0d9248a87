import { MemberRoot } from '../member/MemberRoot';
import { CompletedEvents } from './CompletedEvents';

export default function CompletedEventsIsland() {
  return (
    <MemberRoot>
      <CompletedEvents />
    </MemberRoot>
  );
}
