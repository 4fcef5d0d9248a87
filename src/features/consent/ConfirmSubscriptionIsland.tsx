import { IslandRoot } from '../../components/ui/IslandRoot';
import { ConfirmSubscriptionForm } from './ConfirmSubscriptionForm';

/** The island Astro hydrates on /confirm-subscription. */
export default function ConfirmSubscriptionIsland() {
  return (
    <IslandRoot>
      <ConfirmSubscriptionForm />
    </IslandRoot>
  );
}
