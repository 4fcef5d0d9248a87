import { MemberRoot } from '../member/MemberRoot';
import { Settings } from './Settings';

export default function SettingsIsland() {
  return (
    <MemberRoot>
      <Settings />
    </MemberRoot>
  );
}
