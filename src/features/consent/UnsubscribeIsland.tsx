import { IslandRoot } from '../../components/ui/IslandRoot';
import { UnsubscribeForm } from './UnsubscribeForm';

/** The island Astro hydrates on /unsubscribe. */
export default function UnsubscribeIsland() {
  return (
    <IslandRoot>
      <UnsubscribeForm />
    </IslandRoot>
  );
}
